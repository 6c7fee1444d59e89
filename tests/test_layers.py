"""The web folders are layers (docs/architecture.md "What is where"): the drawing
(``web/draw/``) is pure, drawn from the view, and imports no module of the page
(``web/page/``) nor anything of the browser; what two sides use (``web/shared/``) imports
no module of the page or of the site's pages; the site's pages (``web/site/``: the rules
page, the embeds) import none of the app's page: what they share with it is in
``web/shared/``. Read from the source with ``ast`` (tests/test_purity.py's reader), so an
import hidden in a function counts too. Modules import each other by bare name, so a layer
is the set of its files' names."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_purity import imported

WEB = Path(__file__).resolve().parent.parent / "web"


def names(folder: str) -> set[str]:
    return {p.stem for p in (WEB / folder).glob("*.py")}


def modules(folder: str) -> list[Path]:
    return sorted((WEB / folder).glob("*.py"))


PAGE, SITE = names("page"), names("site")
# The browser: PyScript's modules, and web/shared/browser.py, the DOM helpers on them.
BROWSER = {"js", "pyscript", "pyodide", "browser"}


def test_the_layers_have_modules() -> None:
    assert len(PAGE) >= 10 and len(names("draw")) >= 10 and len(SITE) >= 4
    # (each entry script, start.py, is compiled by PyScript itself, in no pack)
    assert {"start"} == PAGE & SITE and not PAGE & names("shared") and not PAGE & names("draw")


@pytest.mark.parametrize("path", modules("draw"), ids=lambda p: p.name)
def test_the_drawing_imports_no_page_module_and_nothing_of_the_browser(path: Path) -> None:
    assert not imported(path) & (PAGE | SITE | BROWSER)


@pytest.mark.parametrize("path", modules("shared"), ids=lambda p: p.name)
def test_what_two_sides_share_imports_neither_side(path: Path) -> None:
    assert not imported(path) & (PAGE | SITE)


@pytest.mark.parametrize("path", modules("site"), ids=lambda p: p.name)
def test_the_site_pages_import_no_module_of_the_apps_page(path: Path) -> None:
    assert not imported(path) & PAGE
