"""La Magie des Bijoux's table (see view.py); found by the registry as VIEW."""

from client.tables.magie_des_bijoux.view import MagieDesBijouxView

VIEW = MagieDesBijouxView

__all__ = ["VIEW", "MagieDesBijouxView"]
