"""The layers import one way, the canvas has one owner, and the types hold (docs/architecture.md).

* ``gamelab.widgets`` (the shared play machinery) imports no game package;
* ``gamelab.grading`` is the top layer: nothing imports it but the command line;
* game packages never import ``gamelab.lessons`` (exercise checkers live with the lessons);
* engines and the other non-widget modules import nothing from Jupyter, and nothing from ``gamelab.widgets``;
* inside a game, the rooms import one way: game ← picture ← controls ← widget;
* the one write to an ipycanvas internal is ``forget_current_canvas``;
* ``mypy --strict`` passes on ``src/`` (with the configuration in pyproject.toml, strict as well).
"""

from __future__ import annotations

import ast
import importlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gamelab import games as registry

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = SRC / "gamelab"
#: the game packages, from the one registry (gamelab/games.py): a game left out of it fails the test below
GAMES = sorted({game.package.split(".")[1] for game in registry.GAMES})
JUPYTER = ("ipywidgets", "ipycanvas", "IPython", "ipykernel", "traitlets", "jupyter_client")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _nodes_outside_reprs(tree: ast.AST) -> list[ast.AST]:
    """Every node, except inside ``_repr_svg_``-style methods: a position may show itself as its picture
    in a notebook (python-chess's ``Board._repr_svg_`` does the same), importing it only when shown."""
    out: list[ast.AST] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef) and node.name.startswith("_repr_"):
            continue
        out.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return out


def imports_of(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in the file (function-level imports included), absolute."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _nodes_outside_reprs(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)  # "from . import widget"
    return found


MODULES = sorted(PACKAGE.rglob("*.py"))


def is_widget_module(path: Path) -> bool:
    """A game's play board (``widget.py``): the only game module allowed to import Jupyter."""
    return path.name == "widget.py"


def under(module: str, *packages: str) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def test_the_registry_names_every_game_and_the_scan_sees_them():
    names = {module_name(p) for p in MODULES}
    packages = {game.package for game in registry.GAMES}
    with_engines = {module_name(p).rpartition(".")[0] for p in MODULES if p.name == "game.py" and p.parent != PACKAGE}
    assert with_engines <= packages, f"game packages missing from gamelab/games.py: {sorted(with_engines - packages)}"
    for package in sorted(with_engines):
        for room in ("game", "picture", "controls", "widget"):
            assert f"{package}.{room}" in names, f"{package} has no {room}.py"
    for package in packages:
        assert package in names, f"gamelab/games.py names {package}, which does not exist"
    for module in registry.BENCHES.values():
        assert module in names, f"gamelab/games.py names the bench {module}, which does not exist"
    assert {"gamelab.widgets.board", "gamelab.widgets.canvas", "gamelab.controls"} <= names


#: the layers every game stands on: they must not know which games there are
SHARED = ("gamelab.widgets", "gamelab.pictures", "gamelab.controls", "gamelab.game", "gamelab.clock",
          "gamelab.errors", "gamelab.words", "gamelab.checks", "gamelab.work", "gamelab.lazy", "gamelab.measure", "gamelab.server")


def _without_docstrings(tree: ast.Module) -> ast.Module:
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body = node.body[1:] or [ast.Pass()]
    return tree


@pytest.mark.parametrize("path", [p for p in MODULES if under(module_name(p), *SHARED)], ids=lambda p: module_name(p))
def test_shared_layers_name_no_game(path):
    games = [f"gamelab.{g}" for g in GAMES]
    bad = sorted(m for m in imports_of(path) if under(m, *games))
    assert not bad, f"{module_name(path)} (a shared layer) imports a game: {bad}"
    code = ast.unparse(_without_docstrings(ast.parse(path.read_text(encoding="utf-8"))))  # comments aside too
    named = sorted({g for g in GAMES if re.search(rf"\b{g}\b", code, re.IGNORECASE)})
    assert not named, f"{module_name(path)} (a shared layer) names games in its code: {named}"


@pytest.mark.parametrize("path", [p for p in MODULES if module_name(p).split(".")[1:2] and
                                  module_name(p).split(".")[1] in GAMES], ids=lambda p: module_name(p))
def test_no_import_runs_back_up_from_a_game(path):
    """A game stands on the shared layers only: the benches' runner, the lessons, grading and the command
    line stand on it (a game's bench takes its rows and timers from gamelab.measure)."""
    bad = sorted(m for m in imports_of(path) if under(m, "gamelab.bench", "gamelab.lessons", "gamelab.grading",
                                                      "gamelab.cli"))
    assert not bad, f"{module_name(path)} imports a layer above the games: {bad}"


def test_no_import_circles():
    """No module reaches itself through its imports (the lazy imports inside ``_repr_*`` methods aside)."""
    graph = {module_name(p): {m for m in imports_of(p) if m.startswith("gamelab")} for p in MODULES}
    known = set(graph)
    # a module's own packages are left out: ``from . import x`` imports x, its package is already loading
    graph = {name: {m for m in targets if m in known and not under(name, m)} for name, targets in graph.items()}
    circles = [sorted(group) for group in _strongly_connected(graph) if len(group) > 1]
    assert not circles, f"import circles: {circles}"


def _strongly_connected(graph: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's algorithm, iteratively."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    groups: list[set[str]] = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = counter
                    counter += 1
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    groups.append(group)
    return groups


@pytest.mark.parametrize("path", [p for p in MODULES if under(module_name(p), "gamelab.widgets")],
                         ids=lambda p: module_name(p))
def test_shared_widgets_import_no_game(path):
    games = [f"gamelab.{g}" for g in GAMES]
    bad = sorted(m for m in imports_of(path) if under(m, *games))
    assert not bad, f"{module_name(path)} (shared play machinery) imports a game: {bad}"


@pytest.mark.parametrize("path", [p for p in MODULES if module_name(p).split(".")[1:2] and
                                  module_name(p).split(".")[1] in GAMES], ids=lambda p: module_name(p))
def test_games_never_import_the_lessons(path):
    bad = sorted(m for m in imports_of(path) if under(m, "gamelab.lessons"))
    assert not bad, f"{module_name(path)} imports the lessons layer: {bad}"


@pytest.mark.parametrize("path", [p for p in MODULES if not is_widget_module(p)
                                  and not under(module_name(p), "gamelab.widgets", "gamelab.lessons",
                                                "gamelab.grading", "gamelab.bench", "gamelab.cli")],
                         ids=lambda p: module_name(p))
def test_engines_pictures_and_controls_import_nothing_from_jupyter(path):
    bad = sorted(m for m in imports_of(path) if under(m, *JUPYTER, "gamelab.widgets"))
    assert not bad, f"{module_name(path)} is below the widget layer but imports {bad}"


@pytest.mark.parametrize("path", [p for p in MODULES if not under(module_name(p), "gamelab.grading", "gamelab.cli")],
                         ids=lambda p: module_name(p))
def test_nothing_below_grading_imports_it(path):
    bad = sorted(m for m in imports_of(path) if under(m, "gamelab.grading"))
    assert not bad, f"{module_name(path)} imports the grading layer: {bad}"


#: inside a game package: each room may import only the rooms before it
ROOMS = ["game", "picture", "controls", "widget"]


@pytest.mark.parametrize("path", [p for p in MODULES if p.stem in ROOMS[:-1] and p.parent != PACKAGE],
                         ids=lambda p: module_name(p))
def test_a_games_rooms_import_one_way(path):
    package = module_name(path).rpartition(".")[0]
    later = [f"{package}.{room}" for room in ROOMS[ROOMS.index(path.stem) + 1:]]
    bad = sorted(m for m in imports_of(path) if under(m, *later))
    assert not bad, f"{module_name(path)} imports a later room of its game: {bad} (order: {' ← '.join(ROOMS)})"


def test_no_game_subclasses_the_board():
    """A game's board is ``PlayBoard(spec)``: no class anywhere derives from PlayBoard (it refuses to be
    subclassed, too), and every game's widget.py gives a BoardSpec."""
    for path in MODULES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = [ast.unparse(b) for b in node.bases]
                assert not any(re.match(r"(\w+\.)*PlayBoard\b", b) for b in bases), (module_name(path), node.name)
    for game in registry.GAMES:
        widget = SRC.joinpath(*game.package.split(".")) / "widget.py"
        if widget.exists():
            assert "(BoardSpec[" in widget.read_text(encoding="utf-8"), f"{module_name(widget)} gives no BoardSpec"


def test_every_board_function_is_the_one_board_function_of_its_spec():
    """``<Game>Board = board_function(<Game>Spec)``: a game writes no board function of its own (its
    arguments are its spec's, its text the spec's, the board's options shared)."""
    from gamelab.widgets import BoardSpec

    found = 0
    for game in registry.GAMES:
        widget = SRC.joinpath(*game.package.split(".")) / "widget.py"
        if not widget.exists():
            continue
        module = importlib.import_module(module_name(widget))
        specs = [v for v in vars(module).values() if isinstance(v, type) and issubclass(v, BoardSpec)
                 and v.__module__ == module.__name__]
        assert specs, f"{module.__name__} gives no BoardSpec"
        for spec in specs:
            made = getattr(module, spec.title)
            assert getattr(made, "spec", None) is spec, f"{module.__name__}.{spec.title} is not board_function({spec.__name__})"
            assert f"def {spec.title}(" not in widget.read_text(encoding="utf-8")
            found += 1
    assert found >= 6


def test_one_name_per_role_across_games():
    """``controls`` (what an input means), ``generate`` (a deal or a layout), ``ai`` (a computer player),
    ``tutorial`` (a tutorial's own code): never ``ctrl``, ``generator``, ``bots`` beside them."""
    stems = {p.stem for p in MODULES}
    assert not stems & {"ctrl", "generator", "bots", "setup"}, sorted(stems & {"ctrl", "generator", "bots", "setup"})


def _private_imports(path: Path) -> list[str]:
    """``from gamelab.x import _name`` and ``module._name`` reached from another module of gamelab."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    modules: set[str] = set()  # names this file gives to gamelab modules
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                target = ".".join(base[: len(base) - node.level + 1] + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not under(target, "gamelab"):
                continue
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"from {target} import {alias.name}")
                elif (SRC.joinpath(*target.split("."), alias.name + ".py").exists()
                      or SRC.joinpath(*target.split("."), alias.name).is_dir()):
                    modules.add(alias.asname or alias.name)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules
                and node.attr.startswith("_") and not node.attr.startswith("__")):
            found.append(f"{node.value.id}.{node.attr}")
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p))
def test_no_module_imports_another_modules_private_names(path):
    bad = _private_imports(path)
    assert not bad, f"{module_name(path)} reaches into another module's private names: {bad}"


def test_one_spelling_of_color():
    """``color``, as CSS, matplotlib and Pillow spell it, and never the British spelling: in the code, the docs
    and the lessons alike."""
    british = re.compile("[cC]olo" + "ur")  # (spelled in two halves, so this file passes its own test)
    roots = [PACKAGE, SRC.parent / "notebooks", SRC.parent / "docs", SRC.parent / "tests"]
    files = [p for root in roots for p in root.rglob("*") if p.suffix in (".py", ".md", ".ipynb")]
    files.append(SRC.parent / "README.md")
    bad = sorted(str(p.relative_to(SRC.parent)) for p in files if british.search(p.read_text(encoding="utf-8")))
    assert not bad, f"the British spelling in {bad}"


def test_lessons_point_into_shipped_code_by_named_regions_only():
    """``show_source(fn, region="name")`` over ``# region name`` comments, never line offsets that move
    when the function does."""
    notebooks = sorted((SRC.parent / "notebooks").glob("*.ipynb"))
    bad = [f"{nb.name}: {m}" for nb in notebooks
           for m in re.findall(r"show_source\([^)\n]*lines=\(", nb.read_text(encoding="utf-8"))]
    assert not bad, bad


def test_the_only_write_to_ipycanvas_internals_is_forget_current_canvas():
    writers = []
    for path in MODULES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_canvas_manager"):
                writers.append(module_name(path))
    assert writers == ["gamelab.widgets.canvas"], writers
    source = (PACKAGE / "widgets" / "canvas.py").read_text(encoding="utf-8")
    assert source.count("_canvas_manager") == 1
    tree = ast.parse(source)
    (function,) = [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and "_canvas_manager" in ast.unparse(f)]
    assert function.name == "forget_current_canvas"


def test_no_game_draws_on_a_canvas_by_itself():
    """Canvas, hold_canvas and CanvasPainter belong to BoardCanvas (and the frame bench's reference)."""
    allowed = {"gamelab.widgets.canvas", "gamelab.pictures.painter", "gamelab.pictures", "gamelab.bench.widgets"}
    users = set()
    for path in MODULES:
        text = path.read_text(encoding="utf-8")
        code = ast.unparse(ast.parse(text))  # docstrings and comments aside
        if re.search(r"\bhold_canvas\b|\bCanvasPainter\b|\bCanvas\(", code):
            users.add(module_name(path))
    assert users <= allowed, sorted(users - allowed)


def test_ruff_finds_nothing():
    """pyflakes' findings, syntax-level errors and import order (the rules in pyproject.toml) over the
    package, the tests and the tools."""
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    if not Path(ruff).exists():
        pytest.skip("ruff is not installed (pip install -e '.[test]')")
    root = SRC.parent
    done = subprocess.run([ruff, "check", "--no-cache", "src", "tests", "tools"], cwd=root, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_passes_on_src():
    """``mypy --strict`` over src/gamelab (the configuration in pyproject.toml is strict too)."""
    api = pytest.importorskip("mypy.api")
    root = SRC.parent
    cwd = os.getcwd()
    os.chdir(root)  # the configuration (and its file list) is read from pyproject.toml here
    try:
        out, err, status = api.run(["--strict"])
    finally:
        os.chdir(cwd)
    assert status == 0, out + err
