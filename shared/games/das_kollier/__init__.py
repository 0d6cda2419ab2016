"""Das Kollier (André Frobel), game id `das-kollier`: gems, necklace arithmetic and the engine."""

from shared.games.das_kollier.game import GAME, DasKollier
from shared.games.das_kollier.gems import GEMS, best_necklace, best_split, necklace_value

__all__ = ["GAME", "GEMS", "DasKollier", "best_necklace", "best_split", "necklace_value"]
