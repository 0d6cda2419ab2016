"""Table renderers by game id; a game without its own renderer gets the generic one.

A renderer module in this package defines `RENDERER = <Renderer subclass>`; it is found by its
`game_id`, the way `shared.engine` finds games.
"""

from __future__ import annotations

import importlib
import pkgutil

from client.tables.base import Renderer, TableContext

_RENDERERS: dict[str, type[Renderer]] = {}


def _discover() -> dict[str, type[Renderer]]:
    if not _RENDERERS:
        from client import tables

        for info in sorted(pkgutil.iter_modules(tables.__path__), key=lambda m: m.name):
            if info.name in ("base", "generic"):
                continue
            module = importlib.import_module(f"client.tables.{info.name}")
            renderer = getattr(module, "RENDERER", None)
            if isinstance(renderer, type) and issubclass(renderer, Renderer):
                _RENDERERS[renderer.game_id] = renderer
    return _RENDERERS


def renderer_for(game_id: str, ctx: TableContext) -> Renderer:
    """The renderer of `game_id`, or the generic one that lists legal moves as buttons."""
    from client.tables.generic import GenericRenderer

    return _discover().get(game_id, GenericRenderer)(ctx)
