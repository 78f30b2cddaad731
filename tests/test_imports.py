"""The house's imports: no cycle among the modules of game/ and scenes/, and no pygame in game/.

Every import counts, at the top of a module or inside a function, and those under
``if TYPE_CHECKING:`` (read by the type checker alone) too: they never run, but a module
that names another's types leans on it as much as one that calls it.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "scenes")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for package in PACKAGES for p in (ROOT / package).rglob("*.py")}


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(name: str, path: Path, known: dict[str, Path], typed: bool = True) -> set[str]:
    """The modules of the house that ``name`` imports (``typed``: those it names for the type checker too)."""
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def visit(node: ast.AST) -> None:
        if not typed and isinstance(node, ast.If) and _type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                # ``from scenes.i18n import numbers`` imports a module; ``from x import y`` a name of x.
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in known else base)
        for inner in ast.iter_child_nodes(node):
            visit(inner)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {m for m in found if m in known and m != name}


@functools.cache
def graph(typed: bool = True) -> dict[str, set[str]]:
    """Who imports whom in the house, read once a test run (the tests only read it)."""
    known = modules()
    return {name: imports_of(name, path, known, typed) for name, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            strong(v)
    return found


def test_no_import_cycle_in_game_or_scenes() -> None:
    assert cycles(graph(typed=False)) == []


def test_no_cycle_even_through_the_type_checkers_imports() -> None:
    assert cycles(graph(typed=True)) == []


def test_the_cycle_finder_finds_a_cycle_through_an_import_inside_a_function(tmp_path: Path) -> None:
    known = {"a": tmp_path / "a.py", "b": tmp_path / "b.py"}
    known["a"].write_text("import b\n")
    known["b"].write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import a\n")
    edges = {name: imports_of(name, path, known, typed=False) for name, path in known.items()}
    assert cycles(edges) == []
    edges = {name: imports_of(name, path, known) for name, path in known.items()}
    assert cycles(edges) == [["a", "b"]]
    known["b"].write_text("def later():\n    from a import thing\n")
    edges = {name: imports_of(name, path, known, typed=False) for name, path in known.items()}
    assert cycles(edges) == [["a", "b"]]


def test_the_engine_never_imports_pygame() -> None:
    for name, path in modules().items():
        if name.startswith("game"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    assert not any(a.name.startswith("pygame") for a in node.names), name
                elif isinstance(node, ast.ImportFrom):
                    assert not (node.module or "").startswith("pygame"), name


def test_table_stages_never_import_one_another_or_the_scene() -> None:
    edges = graph()
    stages = {f"scenes.table.{s}" for s in ("auction", "deal", "showdown", "ledger")}
    for stage in stages:
        assert not edges[stage] & (stages | {"scenes.table.scene", "scenes.navigator"}), stage


def test_no_screen_imports_another_nor_the_screens_above_it() -> None:
    """The navigator leads from screen to screen: a screen names only the panel it is built on."""
    edges = graph()
    screens = {name for name in edges if name.startswith("scenes.screens.")}
    shared = {"scenes.screens.panels", "scenes.screens.howto_content"}
    above = ("scenes.net", "scenes.kiosk", "scenes.navigator", "scenes.cli")
    for screen in screens - shared:
        assert not edges[screen] & (screens - shared), screen
        assert not {m for m in edges[screen] if m.startswith(above)}, screen


def test_the_network_menu_and_join_screen_leave_the_forms_to_the_navigator() -> None:
    edges = graph()
    assert not edges["scenes.net.menu"] & {"scenes.net.host", "scenes.net.join", "scenes.net.lobby"}
    assert "scenes.net.host" not in edges["scenes.net.join"]


# The rooms of game/, each allowed to use only the rooms listed for it: the rules stand on the
# bounds and readers alone; what is read and written, and the computer players, on the rules;
# games driven end to end on all three; the network on everything. Nothing in game/ uses scenes/.
ROOMS_BELOW: dict[str, set[str]] = {
    "base": {"base"},
    "rules": {"base", "rules"},
    "formats": {"base", "rules", "formats"},
    "ai": {"base", "rules", "ai"},
    "play": {"base", "rules", "formats", "ai", "play"},
    "net": {"base", "rules", "formats", "ai", "play", "net"},
    "command": {"base", "rules", "formats", "ai", "play", "net", "command"},
}


def room_of(module: str) -> str:
    """The room of a module of the house: ``game.rules.engine`` is in ``rules``; scenes/ is one room."""
    if module.startswith("scenes"):
        return "scenes"
    if module in ("game.limits", "game.schema"):
        return "base"
    if module in ("game", "game.__main__"):
        return "command"
    return module.split(".")[1]


def room_breaches(edges: dict[str, set[str]]) -> list[str]:
    """Every import in game/ of a module in a room its own room may not use."""
    return sorted(
        f"{name} imports {used}"
        for name, used_all in edges.items() if name.startswith("game")
        for used in used_all if room_of(used) not in ROOMS_BELOW[room_of(name)]
    )


def test_every_module_of_game_is_in_a_known_room() -> None:
    assert {room_of(name) for name in graph() if name.startswith("game")} == set(ROOMS_BELOW)


def test_game_rooms_use_only_the_rooms_below_them() -> None:
    assert room_breaches(graph()) == []


def test_the_room_check_names_an_arrow_running_up() -> None:
    edges = {
        "game.rules.engine": {"game.play.sim", "game.limits"},
        "game.ai.expert": {"game.formats.deallog"},
        "game.formats.deallog": {"scenes.table.feed"},
        "game.play.sim": {"game.rules.engine"},
    }
    assert room_breaches(edges) == [
        "game.ai.expert imports game.formats.deallog",
        "game.formats.deallog imports scenes.table.feed",
        "game.rules.engine imports game.play.sim",
    ]
