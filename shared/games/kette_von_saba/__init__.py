"""Die Kette von Saba (The Sabine Necklace), by Martin Ebel — 3 to 7 players.

Stage 1 auctions the pieces of a lost necklace; a buyer may keep his piece or lay it at once for a
double reward. Once the deck is gone, stage 2 rebuilds the necklace card by card, each laid card
paying for the lines of cards it touches; cards that fit nowhere are forgeries. The richest wins.

`board` holds the geometry (`SPACES`, `neighbours`, `reward`), `necklace` the cards and the 960
complete layouts that decide where a card may go, `game` the rules as a `Game`: its state and
setup, handing each move to `auction` (stage 1) or `reconstruction` (stage 2); `moves` lists the
legal moves, `cards` lays and passes cards, `bank` holds the money and its book, `result` scores
the end and `view` says what a seat may see.
"""

from shared.games.kette_von_saba.board import SPACES, neighbours, reward
from shared.games.kette_von_saba.game import KetteVonSaba
from shared.games.kette_von_saba.necklace import LAYOUTS, PIECES

__all__ = ["GAME", "LAYOUTS", "PIECES", "SPACES", "KetteVonSaba", "neighbours", "reward"]

GAME = KetteVonSaba()
