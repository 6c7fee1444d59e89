"""The web folders are layers (docs/architecture.md "What is where"): the drawing
(``web/draw/``) is pure, drawn from the view, and imports no module of the page
(``web/page/``), nor anything of the browser; the shared modules (``web/shared/``) import
neither. Read from the source with ``ast`` (tests/test_purity.py's reader), so an import
hidden in a function counts too. Modules import each other by bare name, so a layer is the
set of its files' names."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_purity import imported

WEB = Path(__file__).resolve().parent.parent / "web"
PAGE = {p.stem for p in (WEB / "page").glob("*.py")}
BROWSER = {"js", "pyscript", "pyodide"}
LOWER = sorted([*(WEB / "draw").glob("*.py"), *(WEB / "shared").glob("*.py")])


def test_the_layers_have_modules() -> None:
    assert len(PAGE) >= 10 and len(LOWER) >= 10


@pytest.mark.parametrize("path", LOWER, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_drawing_and_the_shared_modules_import_no_page_module(path: Path) -> None:
    assert not imported(path) & (PAGE | BROWSER)
