"""The rules page's text as HTML, written at build time (scripts/rules_pages.py): the
contents after the title and opening words, each ruling's link titled in the page's
language, every diagram with its position text and every worked example with its moves,
for web/site/rules_page.py to put in and draw without reading the text."""

from __future__ import annotations

import json
import re
import sys
from html import unescape
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "web/site")]
import markup  # noqa: E402
import rules_pages  # noqa: E402
import say  # noqa: E402

LANGS = sorted(p.stem for p in (ROOT / "web/rules").glob("*.md"))


def words(lang: str) -> say.Words:
    return say.catalogue((ROOT / "web/words" / f"{lang}.json").read_text(encoding="utf-8"))


def test_there_is_a_page_for_each_language():
    assert LANGS == ["en", "nl", "pl"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_holds_what_the_rules_page_reads(lang):
    text = (ROOT / "web/rules" / f"{lang}.md").read_text(encoding="utf-8")
    w = words(lang)
    html = rules_pages.page_html(text, w)
    out = markup.render(text)
    # The contents come after the title and opening words, before the first section.
    assert html.index('<nav class="rules-toc"') < html.index('<h2 id="') < html.index(
        "</nav>") < html.index("<h2", html.index("</nav>"))
    toc = re.findall(r'<li><a href="#([^"]+)">', html[:html.index("</nav>")])
    assert toc == [i for i, _ in out["toc"]] and len(toc) > 10
    assert f'<h2 id="toc-title">{w.word("rules.contents")}</h2>' in html
    # Each ruling's link to itself is titled in the page's language.
    assert f'title="{markup.esc(w.word("rules.ruling_link", {"rule": "R14"}))}"' in html
    # The diagrams, in order, with their position texts (the page draws from data-pos).
    figures = re.findall(r'<figure class="diagram" id="(fig-\d+)" data-pos="([^"]*)"', html)
    assert [[i, unescape(p)] for i, p in figures] == out["diagrams"]
    # The page puts in the text up to the first diagram's end, draws it, then the rest.
    first = html[:html.index("</figure>")]
    assert first.count("<figure") == 1 and "rules-toc" in first
    # The worked examples with their moves (the page steps through them with the engine).
    specs = [json.loads(unescape(s)) for s in re.findall(r'data-spec="([^"]*)"', html)]
    assert specs == [{"position": e["position"], "steps": e["steps"]} for e in out["examples"]]
    assert len(specs) >= 5


@pytest.mark.parametrize("lang", LANGS)
def test_the_build_wrote_each_page_from_its_text(lang):
    """scripts/build_web.py (make vendor) writes them; the page fetches them."""
    written = ROOT / "web/rules" / f"{lang}.html"
    text = (ROOT / "web/rules" / f"{lang}.md").read_text(encoding="utf-8")
    assert written.read_text(encoding="utf-8") == rules_pages.page_html(text, words(lang))
