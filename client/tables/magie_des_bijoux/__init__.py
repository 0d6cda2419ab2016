"""La Magie des Bijoux's table; found by the registry as VIEW.

Its rooms: view.py (the table view: the regions put together), plaques.py, pawn.py and
banner.py (the regions: client/tables/regions.py), layout.py (the grid of plaques and their
sockets), art.py (plaques, stones and the pawn drawn), words.py (the panels' and top bar's lines).
"""

from client.tables.magie_des_bijoux.view import MagieDesBijouxView

VIEW = MagieDesBijouxView

__all__ = ["VIEW", "MagieDesBijouxView"]
