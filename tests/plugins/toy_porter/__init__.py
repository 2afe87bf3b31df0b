"""Night Porter: a toy game that shows how a hotellab game is one package (docs/dev/new_game.md).

Rules (the toy's whole "rulebook"):
- **Setup.** Roll the die: the key board holds 6 keys plus the roll. Shuffle the six tip cards
  (1-6) and deal each porter one tip card face down; the rest stay in the deck.
- **Turn.** In seat order, a porter takes 1 or 2 keys from the key board (never more than
  are left).
- **End.** The porter who takes the last key scores the tip card in front of them; the
  others score 0. The most points wins.
"""

from .game import ToyPorterGame

__all__ = ["ToyPorterGame"]
