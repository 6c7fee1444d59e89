"""The engine's modules form no import cycle: a lower module never reaches up (``Phase`` in
``nos.phase``, the house rules in ``nos.house_rules``, sides in ``nos.games``, the app's
settings in ``nos.settings``, the drawing's view apart from the table's). An import inside a
function is only for what a start need not load, each named here with its reason; and every
module is in the package's map (``nos/__init__.py``). Read from the source with ``ast``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

NOS = Path(__file__).resolve().parent.parent / "nos"

# (importer, imported): a deferred import and why it is deferred (never to dodge a cycle).
DEFERRED = {
    ("nos.app", "nos.coach"): "the expert's search, not loaded at the worker's start",
    ("nos.app", "nos.review"): "the expert's search, not loaded at the worker's start",
    ("nos.bots", "nos.bots.beginner"): "only the level played is loaded",
    ("nos.bots", "nos.bots.club"): "only the level played is loaded",
    ("nos.bots", "nos.bots.expert"): "only the level played is loaded",
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(NOS.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(NOS.rglob("*.py"))}


def imports(path: Path) -> list[tuple[str, bool]]:
    """The engine modules ``path`` imports, each with whether the import is deferred (inside
    a function); imports for type checking alone are left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only: set[int] = set()
    in_function: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            typing_only |= {id(n) for n in ast.walk(node)}
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            in_function |= {id(n) for n in ast.walk(node) if n is not node}
    out = []
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            # ``from nos import english`` imports the module nos.english, not the package.
            subs = [f"{node.module}.{a.name}" for a in node.names]
            names = subs if all(s in MODULES for s in subs) else [node.module]
        else:
            continue
        out += [(n, id(node) in in_function) for n in names if n in MODULES]
    return out


GRAPH = {name: imports(path) for name, path in MODULES.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import one another, directly or round about (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_the_engine_has_no_import_cycle() -> None:
    graph = {m: {n for n, _ in deps if n != m} for m, deps in GRAPH.items()}
    assert cycles(graph) == []


def test_the_cycle_finder_finds_one() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_a_deferred_import_is_for_a_start_that_need_not_load_it() -> None:
    deferred = {(m, n) for m, deps in GRAPH.items() for n, late in deps if late}
    assert deferred == set(DEFERRED)


@pytest.mark.parametrize("name", sorted(m for m in MODULES if m.count(".") == 1))
def test_every_module_is_in_the_packages_map(name: str) -> None:
    """Each module of ``nos/`` (and the ``bots`` package) has its line in the docstring."""
    doc = ast.get_docstring(ast.parse((NOS / "__init__.py").read_text(encoding="utf-8")))
    short = name.split(".")[1]
    assert f"``{short}``" in doc


def test_each_module_imports_only_those_above_it_in_the_map() -> None:
    """The map is the engine's layers: a module reads only what is listed before it (a
    package's own modules aside: ``bots`` is one line)."""
    doc = ast.get_docstring(ast.parse((NOS / "__init__.py").read_text(encoding="utf-8")))
    order = [line.split("``")[1] for line in doc.splitlines() if line.startswith("- ``")]
    rank = {name: i for i, name in enumerate(order)}
    for module, deps in GRAPH.items():
        if module == "nos":
            continue
        top = module.split(".")[1]
        for dep, _ in deps:
            other = dep.split(".")[1] if dep != "nos" else None
            assert other is not None and (other == top or rank[other] < rank[top]), \
                f"{module} imports {dep}, listed below it"
