"""Shared test setup: the toy game plug-in under tests/plugins/ is put on ``sys.path`` so
that its ``hotellab.games`` entry point (tests/plugins/hotellab_toy_porter-0.1.dist-info)
registers it the way an installed plug-in registers; the contract test then covers it with
the bundled games. Done at import time, so every xdist worker collects the same tests.
"""

import sys
from pathlib import Path

PLUGINS = Path(__file__).resolve().parent / "plugins"
if str(PLUGINS) not in sys.path:
    sys.path.insert(0, str(PLUGINS))
# the browser tests' helper modules (offline_browser, lab_server): `import lab_server as lab`
if str(Path(__file__).parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).parent))

from hotellab.core.game import reload_plugins  # noqa: E402

reload_plugins()

BUNDLED = ("hotellab.games.",)


def is_bundled(game_id: str) -> bool:
    """True for a game shipped in the hotellab package (not a test plug-in)."""
    from hotellab.core.game import game_class

    return game_class(game_id).__module__.startswith(BUNDLED)
