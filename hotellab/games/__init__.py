"""One package per game: components data, state (the rules), view, render.

Games are loaded by id through :func:`hotellab.load_game`; importing this package imports
no game.
"""
