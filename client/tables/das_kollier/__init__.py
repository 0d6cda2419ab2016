"""Das Kollier's table: the auction house (see table.py); found by the registry as VIEW."""

from client.tables.das_kollier.table import VIEW, DasKollierView

__all__ = ["VIEW", "DasKollierView"]
