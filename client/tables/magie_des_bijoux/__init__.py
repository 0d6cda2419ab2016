"""La Magie des Bijoux's table; found by the registry as VIEW.

Its rooms: view.py (the table view), layout.py (the grid of plaques and their sockets), art.py
(plaques, stones and the pawn drawn), controls.py (the pawn and its legal plaques), motion.py
(events animated), words.py (names, log sentences, rules help).
"""

from client.tables.magie_des_bijoux.view import MagieDesBijouxView

VIEW = MagieDesBijouxView

__all__ = ["VIEW", "MagieDesBijouxView"]
