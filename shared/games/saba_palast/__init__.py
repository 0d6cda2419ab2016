"""Saba – Palast der Königin (Christian Fiore & Knut Happel, Goldsieber 2007) — 2 to 4 players.

Players take materials from the harbour, build the queen's palace part by part from the cards on
three building fields, and put their figures on its balconies; a higher level on a garden field
sends the figure there home, and its owner gets a serail marker. City quarters give materials or
swaps, the vizier blocks one of them, and treasury cards put the leader's figure into the
treasury for good. Every figure on a balcony or in the treasury is a point.

The `Game` lives in `game` (the state and the moves described there), the rules it follows in
rooms by job beside it (see `game`), the card data (much of it reconstructed) in `data`.
"""

from shared.games.saba_palast.game import GAME, SabaPalast

__all__ = ["GAME", "SabaPalast"]
