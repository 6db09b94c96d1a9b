"""What to run and what to ask of one submitted notebook, read from its source alone (nothing of it runs here).

* **Which cell is which exercise.** The exercises are the shipped lesson's, in its order. A submission's
  cell is an exercise's when it is tagged ``exercise`` with that id; else when it has the id of the shipped
  exercise cell (a learner's copy keeps the ids); else when it defines the exercise's function
  (``@exercise("<id>")`` or ``def <name>``) in a cell that is not one of the lesson's other cells. No cell:
  ``missing``. A tag with an id the lesson does not have is a note, never a row; the same id twice is
  graded once (the last cell, as the notebook's own namespace would hold it).
* **What needs no run**: a stub is ``not written`` (its body is only ``...``, ``pass`` or ``raise
  NotImplementedError``); a cell that does not compile is an ``error`` naming the learner's line; an
  exercise whose code calls the shipped function, or a notebook that reaches into the grader or patches
  gamelab's own code, ``uses the shipped solution``, with the cell and line that do it.
* **What to run**: the exercise cells and, transitively, every earlier cell that defines or changes a name
  they use (imports, the learner's helpers, the lesson's setup): not the lesson's demos, solver runs,
  plots and boards. ``mode="all"`` runs every cell, top to bottom (the tests compare the two).
* **When to ask**: where the notebook's own ``check(<name>)`` cell runs (right after the exercise's cell
  when there is none), so the function is asked about as the learner's check saw it.
"""

from __future__ import annotations

import ast
import importlib
import symtable
import sys
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator

from ..lessons.catalog import Lesson
from ..lessons.exercises import Exercise, empty_body

__all__ = ["Cell", "Planned", "Plan", "make_plan", "NOT_WRITTEN", "MISSING", "ERROR", "SHIPPED"]

NOT_WRITTEN, MISSING, ERROR, SHIPPED = "not written", "missing", "error", "uses the shipped solution"

#: the lesson machinery a learner's own code has no business naming (imported from gamelab, or as attributes)
_MACHINERY_NAMES = {"registry", "_REGISTRY", "Exercise", "outcome", "agree", "assess", "register",
                    "solution_source", "_find", "roundtrip", "explanation"}
_MACHINERY_ATTRIBUTES = {"registry", "_REGISTRY", "solution_source"}
_MACHINERY_MODULES = ("gamelab.grading", "gamelab.lessons.exercises", "gamelab.lessons.answers")


@dataclass
class Cell:
    """A submitted notebook's cell, as read (every field checked for type by the grader)."""

    index: int
    type: str
    source: str
    tags: list[str] = field(default_factory=list)
    exercise_id: str | None = None
    id: str | None = None

    @classmethod
    def of(cls, data: dict[str, Any]) -> Cell:
        return cls(int(data["index"]), str(data["type"]), str(data["source"]), [str(t) for t in data.get("tags", [])],
                   data.get("exercise_id"), data.get("id"))


@dataclass
class Planned:
    """One exercise of the lesson in this notebook: its cell, its function's name, and the verdict already
    known from the source (``None``: ask the learner's process)."""

    id: str
    name: str
    cell: int | None = None
    status: str | None = None
    lines: list[str] = field(default_factory=list)
    learner_line: str | None = None


@dataclass
class Plan:
    exercises: list[Planned]
    #: ``{"run": cell index}`` and ``{"answer": exercise id}``, in order
    steps: list[dict[str, Any]]
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"exercises": [vars(p) for p in self.exercises], "steps": self.steps, "notes": self.notes}


# -- reading one cell ----------------------------------------------------------------------------------------
@dataclass
class _Parsed:
    cell: Cell
    python: str = ""
    tree: ast.Module | None = None
    error: SyntaxError | None = None
    defines: set[str] = field(default_factory=set)
    uses: set[str] = field(default_factory=set)
    dynamic: bool = False


def _python(source: str) -> str:
    """The cell as Python (IPython's ``%magic`` and ``!shell`` lines turned into calls, as a kernel does)."""
    from IPython.core.inputtransformer2 import TransformerManager

    try:
        return str(TransformerManager().transform_cell(source))  # type: ignore[no-untyped-call]  # IPython's TransformerManager is not annotated
    except Exception:  # a cell IPython cannot read either: Python's parser will say where
        return source


def _parse(cell: Cell) -> _Parsed:
    parsed = _Parsed(cell)
    parsed.python = _python(cell.source)
    try:
        tree = compile(parsed.python, f"<cell {cell.index}>", "exec",
                       flags=ast.PyCF_ONLY_AST | ast.PyCF_ALLOW_TOP_LEVEL_AWAIT, dont_inherit=True)
        assert isinstance(tree, ast.Module)
        parsed.tree = tree
    except SyntaxError as error:
        parsed.error = error
        return parsed
    except (RecursionError, MemoryError, ValueError):
        parsed.error = SyntaxError("the cell is too deeply nested to read")
        return parsed
    _names(parsed)
    return parsed


def _names(parsed: _Parsed) -> None:
    """What the cell defines or changes at the top level, and the global names it (or its functions) reads."""
    assert parsed.tree is not None
    try:
        table = symtable.symtable(parsed.python, "<cell>", "exec")
    except (SyntaxError, RecursionError, ValueError):
        parsed.dynamic = True  # top-level await and the like: run it whenever it comes before a question
        table = None
    if table is not None:
        for symbol in table.get_symbols():
            if symbol.is_referenced():
                parsed.uses.add(symbol.get_name())
            if symbol.is_assigned() or symbol.is_imported() or symbol.is_namespace():
                parsed.defines.add(symbol.get_name())
        stack = list(table.get_children())
        while stack:
            scope = stack.pop()
            for symbol in scope.get_symbols():
                if symbol.is_global() and symbol.is_referenced():
                    parsed.uses.add(symbol.get_name())
                if symbol.is_declared_global() and symbol.is_assigned():
                    parsed.defines.add(symbol.get_name())
            stack.extend(scope.get_children())
    for node in _top_level(parsed.tree.body):
        if isinstance(node, ast.ImportFrom) and any(alias.name == "*" for alias in node.names):
            parsed.dynamic = True
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
            for target in targets:
                for item in ast.walk(target):
                    if isinstance(item, (ast.Attribute, ast.Subscript)):
                        name = _base_name(item)
                        if name:
                            parsed.defines.add(name)  # board[3] = … changes board
        if isinstance(node, ast.Expr):
            for call in ast.walk(node.value):
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute):
                    name = _base_name(call.func)
                    if name:
                        parsed.defines.add(name)  # board.append(…) may change board
    for found in ast.walk(parsed.tree):
        if isinstance(found, ast.Call) and isinstance(found.func, ast.Name) and found.func.id in (
                "exec", "eval", "globals", "vars", "__import__", "execfile", "locals"):
            parsed.dynamic = True
        if (isinstance(found, ast.Call) and isinstance(found.func, ast.Attribute) and found.func.attr == "run_line_magic"
                and found.args and isinstance(found.args[0], ast.Constant) and found.args[0].value in ("run", "load")):
            parsed.dynamic = True


def _top_level(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The cell's statements, into blocks (``for``, ``if``, ``with``, ``try``) but not into functions or classes."""
    for node in body:
        yield node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for name in ("body", "orelse", "finalbody"):
            inner = getattr(node, name, None)
            if isinstance(inner, list):
                yield from _top_level([n for n in inner if isinstance(n, ast.stmt)])
        for handler in getattr(node, "handlers", []) or []:
            yield from _top_level(handler.body)


def _base_name(node: ast.AST) -> str | None:
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


# -- which cell is which exercise ---------------------------------------------------------------------------
def _exercise_marks(node: ast.AST) -> list[str]:
    """The ids of the ``@exercise("<id>")`` decorators on a def."""
    found = []
    for decorator in getattr(node, "decorator_list", []):
        if (isinstance(decorator, ast.Call) and decorator.args and isinstance(decorator.args[0], ast.Constant)
                and isinstance(decorator.args[0].value, str)):
            func = decorator.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name == "exercise":
                found.append(decorator.args[0].value)
    return found


def _defs(parsed: _Parsed) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    if parsed.tree is None:
        return []
    return [n for n in parsed.tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def _claims(parsed: _Parsed, exercise_id: str, name: str) -> bool:
    """Whether the cell defines the exercise's function (by its decorator or its name)."""
    if parsed.tree is None:
        return f'exercise("{exercise_id}")' in parsed.cell.source or f"def {name}(" in parsed.cell.source
    for node in _defs(parsed):
        if exercise_id in _exercise_marks(node) or node.name == name:
            return True
    return any(isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in n.targets)
               for n in parsed.tree.body)


def _function_of(parsed: _Parsed, exercise_id: str, name: str) -> tuple[str | None, ast.AST | None]:
    """The name the cell binds the exercise's function to, and the node that binds it."""
    defs = _defs(parsed)
    marked = [n for n in defs if exercise_id in _exercise_marks(n)]
    for group in ([n for n in marked if n.name == name], marked, [n for n in defs if n.name == name]):
        if group:
            return group[-1].name, group[-1]
    assert parsed.tree is not None
    for node in parsed.tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return name, node
    if len(defs) == 1:
        return defs[0].name, defs[0]
    return None, None


# -- the shipped solution, named ----------------------------------------------------------------------------------
class _Bindings:
    """What the names of a notebook's imports (and simple aliases of them) are, resolved in gamelab only."""

    def __init__(self, parsed: Iterable[_Parsed]) -> None:
        self.imports: dict[str, tuple[str, str | None]] = {}
        self.aliases: dict[str, ast.expr] = {}
        for item in parsed:
            if item.tree is None:
                continue
            for node in _top_level(item.tree.body):
                self.add_import(node)
                if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                        and isinstance(node.value, (ast.Name, ast.Attribute)):
                    self.aliases[node.targets[0].id] = node.value

    def add_import(self, node: ast.AST, into: dict[str, tuple[str, str | None]] | None = None) -> None:
        table = self.imports if into is None else into
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    table[alias.asname] = (alias.name, None)
                else:
                    table[alias.name.split(".")[0]] = (alias.name.split(".")[0], None)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                table[alias.asname or alias.name] = (node.module, alias.name)

    def resolve(self, node: ast.AST, local: dict[str, tuple[str, str | None]] | None = None,
                depth: int = 0) -> Any:
        """The gamelab object an expression names (``t.place_stone``, an imported name), else None."""
        if depth > 8:
            return None
        if isinstance(node, ast.Attribute):
            base = self.resolve(node.value, local, depth + 1)
            if base is None:
                return None
            try:
                return getattr(base, node.attr, None)
            except Exception:
                return None
        if not isinstance(node, ast.Name):
            return None
        imports = {**self.imports, **(local or {})}
        if node.id in imports:
            module, attribute = imports[node.id]
            loaded = _gamelab_module(module)
            if loaded is None:
                return None
            if attribute is None:
                return loaded
            found = getattr(loaded, attribute, None)
            return found if found is not None else _gamelab_module(f"{module}.{attribute}")
        if node.id in self.aliases:
            return self.resolve(self.aliases[node.id], local, depth + 1)
        return None


def _gamelab_module(name: str) -> Any:
    """A gamelab module already loaded here (the lesson's own imports load what a solution could name)."""
    if name != "gamelab" and not name.startswith("gamelab."):
        return None
    if name in sys.modules:
        return sys.modules[name]
    if name.count(".") <= 2 and not name.endswith("__main__") and ".bench" not in name:
        try:
            return importlib.import_module(name)
        except Exception:
            return None
    return None


def _is_gamelab_object(value: Any) -> bool:
    module = getattr(value, "__name__", None) if type(value).__name__ == "module" else getattr(value, "__module__", None)
    return isinstance(module, str) and (module == "gamelab" or module.startswith("gamelab."))


def _where(parsed: _Parsed, node: ast.AST) -> str:
    line = getattr(node, "lineno", 1)
    lines = parsed.python.splitlines()
    text = lines[line - 1].strip() if 0 < line <= len(lines) else ""
    return f"cell {parsed.cell.index}, line {line}: {text[:120]}"


def _shipped_use(ex: Exercise, parsed_by_index: dict[int, _Parsed], cell: _Parsed, node: ast.AST,
                 bindings: _Bindings, helpers: dict[str, list[tuple[_Parsed, ast.AST]]]) -> str | None:
    """Where the exercise's code (its function, and the notebook's functions it calls) names the shipped
    solution: the reference function itself, or the lesson machinery that hands it out."""
    seen: set[int] = set()
    todo: list[tuple[_Parsed, ast.AST]] = [(cell, node)]
    while todo:
        owner, current = todo.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        local: dict[str, tuple[str, str | None]] = {}
        for inner in ast.walk(current):
            bindings.add_import(inner, local)
        for inner in ast.walk(current):
            if isinstance(inner, (ast.Name, ast.Attribute)):
                target = bindings.resolve(inner, local)
                if target is not None and (target is ex.reference or getattr(target, "__wrapped__", None) is ex.reference):
                    return f"{_where(owner, inner)} (the shipped {ex.reference.__name__})"
                name = inner.id if isinstance(inner, ast.Name) else inner.attr
                if name in ("solution", "solution_source", "registry", "_REGISTRY", "use") and target is not None:
                    return f"{_where(owner, inner)} (the lessons' shipped solutions)"
                if isinstance(inner, ast.Name) and inner.id in helpers and inner is not current:
                    todo.extend(helpers[inner.id])
    return None


def _tampering(parsed: _Parsed, bindings: _Bindings) -> str | None:
    """Where a cell reaches into the grader's machinery or changes gamelab's own code (``x.attr = …``,
    ``setattr`` on a gamelab module, class or function)."""
    if parsed.tree is None:
        return None
    for node in ast.walk(parsed.tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            names = [] if isinstance(node, ast.Import) else [a.name for a in node.names]
            if any(m.startswith(_MACHINERY_MODULES) for m in modules) and not (
                    isinstance(node, ast.ImportFrom) and set(names) <= {"exercise", "check", "use", "is_stub"}):
                return f"{_where(parsed, node)} (the grader's machinery)"
            if any(n in _MACHINERY_NAMES for n in names) and any(m.startswith("gamelab") for m in modules):
                return f"{_where(parsed, node)} (the grader's machinery)"
        if isinstance(node, ast.Attribute) and node.attr in _MACHINERY_ATTRIBUTES:
            return f"{_where(parsed, node)} (the grader's machinery)"
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and any(
                m in node.value for m in (*_MACHINERY_MODULES, "_REGISTRY")):
            return f"{_where(parsed, node)} (the grader's machinery, by name)"
        stores: list[ast.AST] = []
        if isinstance(node, (ast.Assign, ast.Delete)):
            stores = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            stores = [node.target]
        for target in stores:
            for item in ast.walk(target):
                if isinstance(item, ast.Attribute):
                    owner = bindings.resolve(item.value)
                    if owner is not None and _is_gamelab_object(owner):
                        return f"{_where(parsed, item)} (gamelab's own code)"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in (
                "setattr", "delattr", "swap", "swapped") and node.args:
            owner = bindings.resolve(node.args[0])
            if owner is not None and _is_gamelab_object(owner):
                return f"{_where(parsed, node)} (gamelab's own code)"
    return None


# -- the plan -------------------------------------------------------------------------------------------------
def _check_cell(parsed: list[_Parsed], after: int, name: str) -> int | None:
    """The first code cell after position ``after`` that runs ``check(<name>)``."""
    for item in parsed[after + 1:]:
        if item.tree is None:
            continue
        for node in ast.walk(item.tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "check"
                    and node.args and isinstance(node.args[0], ast.Name) and node.args[0].id == name):
                return item.cell.index
    return None


def _syntax(parsed: _Parsed) -> tuple[list[str], str]:
    error = parsed.error
    assert error is not None
    text = (error.text or "").strip()
    line = f"cell {parsed.cell.index}, line {error.lineno}: {text[:120]}" if error.lineno else f"cell {parsed.cell.index}"
    return [f"SyntaxError: {error.msg}", f"  in your {line}"], line


def make_plan(lesson: Lesson, cells: list[Cell], exercises: dict[str, Exercise], mode: str = "needed") -> Plan:
    """The plan for one submission of ``lesson`` (see the module's docstring)."""
    code = [c for c in cells if c.type == "code"]
    parsed = [_parse(c) for c in code]
    by_index = {p.cell.index: p for p in parsed}
    position = {p.cell.index: k for k, p in enumerate(parsed)}
    shipped_sources = set(lesson.code_cells.values())
    shipped_other_ids = {cid for cid in lesson.code_cells if cid not in set(lesson.exercise_cells.values())}
    notes: list[str] = []

    lesson_ids = set(lesson.exercises)
    tagged: dict[str, list[_Parsed]] = {}
    for item in parsed:
        cell = item.cell
        if "exercise" not in cell.tags:
            continue
        if not isinstance(cell.exercise_id, str) or not cell.exercise_id:
            continue
        if cell.exercise_id in lesson_ids:
            tagged.setdefault(cell.exercise_id, []).append(item)
        else:
            notes.append(f"cell {cell.index} is tagged with {cell.exercise_id[:80]!r}, which is not an exercise of "
                         f"{lesson.id}: not graded")

    bindings = _Bindings(parsed)
    helpers: dict[str, list[tuple[_Parsed, ast.AST]]] = {}  # the learner's own functions, by name
    for item in parsed:
        if item.cell.source in shipped_sources:
            continue
        for node in _defs(item):
            helpers.setdefault(node.name, []).append((item, node))

    # cells that reach into the grader or patch gamelab (the lesson's own cells, unchanged, are trusted)
    tampered: list[tuple[int, str]] = []
    for item in parsed:
        if item.cell.source in shipped_sources:
            continue
        found = _tampering(item, bindings)
        if found:
            tampered.append((position[item.cell.index], found))

    planned: list[Planned] = []
    answers: dict[int, list[str]] = {}  # code position -> exercises asked just before it
    for exercise_id in lesson.exercises:
        ex = exercises[exercise_id]
        candidates = tagged.get(exercise_id, [])
        if len(candidates) > 1:
            notes.append(f"{exercise_id} is in {len(candidates)} cells ({', '.join(str(c.cell.index) for c in candidates)}): "
                         "the last one is graded")
        chosen: list[_Parsed] = candidates
        if not candidates:
            same_id = [p for p in parsed if p.cell.id and p.cell.id == lesson.exercise_cells.get(exercise_id)]
            claimed = [p for p in parsed if p.cell.id not in shipped_other_ids and _claims(p, exercise_id, ex.name)
                       and not ("exercise" in p.cell.tags and p.cell.exercise_id in lesson_ids)]
            chosen = same_id or claimed
        plan = Planned(exercise_id, ex.name)
        planned.append(plan)
        if not chosen:
            plan.status = MISSING
            plan.lines = [f"{exercise_id}: no cell of the notebook holds it (the exercise cell was deleted?)"]
            continue
        item = chosen[-1]
        plan.cell = item.cell.index
        if item.error is not None:
            plan.status = ERROR
            lines, plan.learner_line = _syntax(item)
            plan.lines = [f"{exercise_id}: its cell does not run: {lines[0]} (in your {plan.learner_line})", *lines]
            continue
        name, bound = _function_of(item, exercise_id, ex.name)
        if name is None or bound is None:
            plan.status = ERROR
            plan.lines = [f"{exercise_id}: cell {item.cell.index} defines no function for it "
                          f"(the lesson asks for def {ex.name}(...))"]
            continue
        plan.name = name
        if isinstance(bound, (ast.FunctionDef, ast.AsyncFunctionDef)) and empty_body(bound.body):
            plan.status = NOT_WRITTEN
            plan.lines = [f"✎ {exercise_id}: not written yet (the body of {name}() is still the stub)."]
            continue
        found = _shipped_use(ex, by_index, item, bound, bindings, helpers)
        at = _check_cell(parsed, position[item.cell.index], name)
        ask = position[at] if at is not None else position[item.cell.index] + 1
        tamper = next((where for k, where in tampered if k < ask), None)
        if found or tamper:
            plan.status = SHIPPED
            where = found or tamper or ""
            plan.lines = [f"{exercise_id}: {name}() uses the shipped solution, in your {where}" if found else
                          f"{exercise_id}: the notebook changes how it is graded before {name}() is asked, in your "
                          f"{where}",
                          "  (the shipped code is the solution to open when stuck; an answer must be the learner's own)"]
            plan.learner_line = where.rsplit(" (", 1)[0]
            continue
        answers.setdefault(ask, []).append(exercise_id)

    # what runs: every cell ("all"), or the exercise cells and what they need, transitively
    last = max(answers, default=-1)
    if mode == "all":
        run = {k for k, p in enumerate(parsed)}
    else:
        run = {position[p.cell] for p in planned if p.cell is not None and by_index[p.cell].error is None}
        wanted: set[str] = set()
        for k in run:
            wanted |= parsed[k].uses
        changed = True
        while changed:
            changed = False
            for k, item in enumerate(parsed[:last]):
                if k in run or item.error is not None:
                    continue
                if item.dynamic or item.defines & wanted:
                    run.add(k)
                    wanted |= item.uses
                    changed = True
    steps: list[dict[str, Any]] = []
    for k in range(len(parsed) + 1):
        for exercise_id in answers.get(k, []):
            steps.append({"answer": exercise_id})
        if k < len(parsed) and k in run and (k < last or mode == "all"):
            steps.append({"run": parsed[k].cell.index})
    return Plan(planned, steps, notes)
