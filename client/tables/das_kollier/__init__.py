"""Das Kollier's table: the auction house (see table.py); found by the registry as RENDERER."""

from client.tables.das_kollier.table import RENDERER, DasKollierRenderer

__all__ = ["RENDERER", "DasKollierRenderer"]
