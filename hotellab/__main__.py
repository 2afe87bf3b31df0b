"""``python -m hotellab`` is the ``hotellab`` command."""

from hotellab.cli import app

app(prog_name="hotellab")
