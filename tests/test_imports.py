"""The packages' import graph: no circles, and the layers point one way.

Every `import` counts — at the top, inside a function or under `TYPE_CHECKING` — because a
circle that only type hints close is still two modules that cannot be read apart.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("client", "server", "shared")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {
        module_name(path): path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
    }


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The project modules `name` imports (a package import counts as its `__init__`)."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            # `from pkg import mod` imports the module pkg.mod when there is one.
            targets = [f"{prefix}.{alias.name}" for alias in node.names] + [prefix]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def graph() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    return {name: imports_of(name, path, known) for name, path in mods.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def is_package_import(a: str, b: str) -> bool:
    """A package's `__init__` and its own submodules may import each other (registries)."""
    return b.startswith(a + ".") or a.startswith(b + ".")


def test_no_module_imports_itself_through_others():
    edges = {
        a: {b for b in targets if not is_package_import(a, b)} for a, targets in graph().items()
    }
    assert cycles(edges) == []


def test_shared_imports_neither_server_nor_client():
    bad = [
        (a, b)
        for a, targets in graph().items()
        if a.startswith("shared")
        for b in targets
        if b.split(".")[0] in ("server", "client")
    ]
    assert bad == []


# The server's modules are rooms of at most this many lines; any still to be split is listed.
SERVER_LINES = 600
SERVER_TO_SPLIT: set[str] = set()


def test_a_server_module_has_at_most_600_lines():
    lines = {
        name: len(path.read_text(encoding="utf-8").splitlines())
        for name, path in modules().items()
        if name.startswith("server.")
    }
    long = {name for name, count in lines.items() if count > SERVER_LINES}
    assert long - SERVER_TO_SPLIT == set()
    # A module split since is taken off the list, so that it stays small.
    assert {name for name in SERVER_TO_SPLIT if lines[name] <= SERVER_LINES} == set()


def test_server_never_imports_client():
    bad = [
        (a, b)
        for a, targets in graph().items()
        if a.startswith("server")
        for b in targets
        if b.split(".")[0] == "client"
    ]
    assert bad == []


def test_the_check_finds_a_circle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


# The game views made of regions (client/tables/regions.py): all four.
REGION_GAMES = ("magie_des_bijoux", "kette_von_saba", "das_kollier", "saba_palast")


def classes(path: Path) -> list[ast.ClassDef]:
    return [
        n
        for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(n, ast.ClassDef)
    ]


def base_names(node: ast.ClassDef) -> list[str]:
    return [ast.unparse(base).rpartition(".")[2] for base in node.bases]


def region_modules(game: str) -> set[str]:
    """The modules of a game's view that hold a region (a class derived from `Region`)."""
    prefix = f"client.tables.{game}."
    return {
        name
        for name, path in modules().items()
        if name.startswith(prefix) and any("Region" in base_names(c) for c in classes(path))
    }


def test_every_game_on_the_shape_has_regions():
    for game in REGION_GAMES:
        assert len(region_modules(game)) >= 2, game


def test_a_region_imports_no_other_region_nor_its_view():
    edges = graph()
    bad = []
    for game in REGION_GAMES:
        regions = region_modules(game)
        view = f"client.tables.{game}.view"
        for region in regions:
            bad += [(region, b) for b in edges[region] if b in regions | {view}]
    assert bad == []


def test_a_view_class_has_at_most_two_bases():
    mods = modules()
    crowded = [
        (name, c.name, base_names(c))
        for game in REGION_GAMES
        for name, path in mods.items()
        if name.startswith(f"client.tables.{game}")
        for c in classes(path)
        if len(c.bases) > 2
    ]
    assert crowded == []


def test_no_module_of_a_view_on_the_shape_is_over_600_lines():
    long = [
        (name, lines)
        for name, path in modules().items()
        if any(name.startswith(f"client.tables.{game}.") for game in REGION_GAMES)
        and (lines := len(path.read_text(encoding="utf-8").splitlines())) > 600
    ]
    assert long == []


# The client's root holds only the loop and the command; every other module is in a room named
# for its job (words/, audio/, tools/, net/, ui/, scenes/, tables/).
CLIENT_ROOT = {"__init__.py", "app.py", "cli.py"}


def test_only_the_loop_and_the_command_stand_at_the_clients_root():
    assert {path.name for path in (ROOT / "client").glob("*.py")} == CLIENT_ROOT


CLIENT_LINES = 600


def test_no_module_of_the_client_is_over_600_lines():
    long = [
        (name, lines)
        for name, path in modules().items()
        if name.startswith("client.")
        and (lines := len(path.read_text(encoding="utf-8").splitlines())) > CLIENT_LINES
    ]
    assert long == []


SHARED_LINES = 600


def test_no_module_of_shared_is_over_600_lines():
    """The engines, their voices and their bots are rooms by job too (issue 32)."""
    long = [
        (name, lines)
        for name, path in modules().items()
        if name.startswith("shared.")
        and (lines := len(path.read_text(encoding="utf-8").splitlines())) > SHARED_LINES
    ]
    assert long == []
