"""The engine stays pure: no browser module (js, pyscript, pyodide) and nothing outside the
standard library is imported anywhere in ``nos/`` — read from the source with ``ast``, so an
import hidden in a function or behind a condition counts too."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

NOS = Path(__file__).resolve().parent.parent / "nos"
MODULES = sorted(NOS.rglob("*.py"))
BROWSER = {"js", "pyscript", "pyodide"}


def imported(path: Path) -> set[str]:
    """The top-level names of every module ``path`` imports (relative imports are 'nos')."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            names.add("nos" if node.level else (node.module or "").split(".")[0])
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute)
              and getattr(node.func, "id", getattr(node.func, "attr", "")) in (
                  "__import__", "import_module")
              and node.args and isinstance(node.args[0], ast.Constant)):
            names.add(str(node.args[0].value).split(".")[0])
    return names


def test_the_engine_has_modules() -> None:
    assert NOS / "__init__.py" in MODULES and len(MODULES) >= 10


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_browser_imports(path: Path) -> None:
    assert not imported(path) & BROWSER


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_standard_library_only(path: Path) -> None:
    allowed = set(sys.stdlib_module_names) | {"nos"}
    assert imported(path) <= allowed, imported(path) - allowed


def test_the_checker_sees_imports(tmp_path: Path) -> None:
    path = tmp_path / "sample.py"
    path.write_text("import js\nfrom pyodide.ffi import to_js\nfrom . import tiles\n"
                    "def f():\n    import pyscript\n    return __import__('numpy')\n",
                    encoding="utf-8")
    assert imported(path) == {"js", "pyodide", "nos", "pyscript", "numpy"}
