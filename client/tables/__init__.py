"""Table views by game id; a game without its own view gets the generic one.

A game's view package in this folder defines `VIEW = <TableView subclass>` in its `__init__`;
it is found by its `game_id`, the way `shared.engine` finds games.
"""

from __future__ import annotations

import importlib
import pkgutil

from client.tables.base import TableContext, TableView

_VIEWS: dict[str, type[TableView]] = {}


def _discover() -> dict[str, type[TableView]]:
    if not _VIEWS:
        from client import tables

        for info in sorted(pkgutil.iter_modules(tables.__path__), key=lambda m: m.name):
            if info.name in ("base", "generic"):
                continue
            module = importlib.import_module(f"client.tables.{info.name}")
            view = getattr(module, "VIEW", None)
            if isinstance(view, type) and issubclass(view, TableView):
                _VIEWS[view.game_id] = view
    return _VIEWS


def view_for(game_id: str, ctx: TableContext) -> TableView:
    """The view of `game_id`, or the generic one that lists legal moves as buttons."""
    from client.tables.generic import GenericView

    return _discover().get(game_id, GenericView)(ctx)
