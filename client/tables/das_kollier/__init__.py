"""Das Kollier's table: the auction house (see view.py); found by the registry as VIEW."""

from client.tables.das_kollier.view import DasKollierView

VIEW = DasKollierView
