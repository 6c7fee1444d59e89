"""The rules page as HTML, written at build time (scripts/rules_pages.py): the bar's links,
the contents after the title and opening words, each ruling's link titled in the page's
language, every diagram drawn (for a wide screen in <lang>.html, for a phone in
<lang>.narrow.html) with its position text, every worked example at its start with its
moves, so that web/site-rules.js puts the whole page in before any interpreter runs."""

from __future__ import annotations

import json
import re
import sys
from html import unescape
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "web/site")]
import figures  # noqa: E402
import languages  # noqa: E402
import markup  # noqa: E402
import render_diagram  # noqa: E402
import rules_pages  # noqa: E402
import say  # noqa: E402

from nos.position import Position  # noqa: E402

LANGS = sorted(p.stem for p in (ROOT / "web/rules").glob("*.md"))
SITE_RULES_JS = (ROOT / "web/site-rules.js").read_text(encoding="utf-8")
DRAWING = re.compile(r'<svg class="([^"]*)" width="(\d+)" height="(\d+)" viewBox="([^"]*)" '
                     r'aria-hidden="true"></svg><script type="text/x-nos-svg">(<svg .*?</svg>)'
                     r"</script>", re.S)


def words(lang: str) -> say.Words:
    return say.catalogue((ROOT / "web/words" / f"{lang}.json").read_text(encoding="utf-8"))


def drawn(svg: str) -> str:
    """A drawing as the page holds it (rules_pages.deferred)."""
    return svg[svg.index("?>") + 2:].strip()


def test_there_is_a_page_for_each_language():
    assert LANGS == ["en", "nl", "pl"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_holds_what_the_rules_page_shows(lang):
    text = (ROOT / "web/rules" / f"{lang}.md").read_text(encoding="utf-8")
    w = words(lang)
    html = rules_pages.page_html(text, w)
    out = markup.render(text)
    # The bar's links first, in a template the page moves into its header.
    bar = html[:html.index("</template>")]
    assert bar.startswith('<template id="rules-bar"><a class="to-contents" href="#toc-title">')
    assert f'href="./index.html?lang={lang}"' in bar and bar.count('class="to-contents') == 2
    assert re.findall(r'hreflang="(\w+)"', bar) == [c for c, _ in languages.LANGUAGES]
    assert f'hreflang="{lang}" lang="{lang}" aria-current="page"' in bar
    # The contents come after the title and opening words, before the first section.
    assert html.index('<nav class="rules-toc"') < html.index('<h2 id="') < html.index(
        "</nav>", html.index('<nav class="rules-toc"')) < html.index(
        "<h2", html.index("</ol></nav>"))
    toc = re.findall(r'<li><a href="#([^"]+)">', html[:html.index("</ol></nav>")])
    assert toc == [i for i, _ in out["toc"]] and len(toc) > 10
    assert f'<h2 id="toc-title">{w.word("rules.contents")}</h2>' in html
    # Each ruling's link to itself is titled in the page's language.
    assert f'title="{markup.esc(w.word("rules.ruling_link", {"rule": "R14"}))}"' in html
    # The diagrams, in order, with their position texts, each drawn as MicroPython drew it.
    found = re.findall(r'<figure class="diagram" id="(fig-\d+)" data-pos="([^"]*)">'
                       r'<div class="diagram-svg" role="img" aria-label="[^"]*">(.*?)</div>'
                       r"<figcaption>", html, re.S)
    assert [[i, unescape(p)] for i, p, _ in found] == out["diagrams"]
    for _, position, inner in found:
        room = DRAWING.fullmatch(inner)
        assert room, inner[:200]
        assert room.group(5) == drawn(figures.position_svg(unescape(position), w))
        assert f'<svg xmlns="http://www.w3.org/2000/svg" class="{room.group(1)}" ' \
               f'width="{room.group(2)}" height="{room.group(3)}" viewBox="{room.group(4)}"' \
            in room.group(5)  # (its room, the size of the drawing)
    # The worked examples with their moves, each at its start, its buttons waiting for the
    # page's script (rules_page.py), a note should it not start.
    specs = [json.loads(unescape(s)) for s in re.findall(r'data-spec="([^"]*)"', html)]
    assert specs == [{"position": e["position"], "steps": e["steps"]} for e in out["examples"]]
    assert len(specs) >= 5
    sections = re.findall(r'<section class="example".*?</section>', html, re.S)
    assert len(sections) == len(specs)
    for spec, section in zip(specs, sections, strict=True):
        position = Position.parse(spec["position"])
        board = re.search(r'<div class="example-board">(.*?)</div>', section, re.S).group(1)
        assert DRAWING.fullmatch(board).group(5) == drawn(figures.hand_svg(
            position.hand(), figures.open_seats(position), w))
        assert re.findall(r'data-cmd="(\w+)" aria-label="[^"]*" disabled>', section) == [
            "start", "back", "next", "end"]
        assert f'<span class="example-count">{w.word("example.at_start")}</span>' in section
        assert f'<p class="example-note">{w.word("example.needs_script")}</p>' in section
        assert re.search(r' aria-label="' + re.escape(w.word("example.label")) + ': [^"]+"',
                         section)


@pytest.mark.parametrize("lang", LANGS)
def test_a_phone_gets_the_same_page_with_every_drawing_narrow(lang):
    text = (ROOT / "web/rules" / f"{lang}.md").read_text(encoding="utf-8")
    wide = rules_pages.page_html(text, words(lang))
    narrow = rules_pages.page_html(text, words(lang), narrow=True)
    assert DRAWING.sub("", wide) == DRAWING.sub("", narrow)
    classes = [m.group(1) for m in DRAWING.finditer(narrow)]
    assert len(classes) >= 39 and set(classes) == {"nos-diagram narrow"}
    assert {m.group(1) for m in DRAWING.finditer(wide)} == {"nos-diagram"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_build_wrote_each_page_from_its_text(lang):
    """scripts/build_web.py (make vendor) writes them; web/site-rules.js fetches them."""
    text = (ROOT / "web/rules" / f"{lang}.md").read_text(encoding="utf-8")
    for narrow in (False, True):
        written = ROOT / "web/rules" / (lang + (".narrow" if narrow else "") + ".html")
        assert written.read_text(encoding="utf-8") == rules_pages.page_html(
            text, words(lang), narrow)


def test_the_page_script_chooses_as_the_python_does():
    """web/site-rules.js picks the language and the drawings' width before MicroPython
    runs, with the lists and limits the Python modules hold."""
    langs = json.loads(re.search(r"const LANGS = (\[.*?\]);", SITE_RULES_JS).group(1))
    assert langs == [code for code, _ in languages.LANGUAGES]
    below = int(re.search(r"const NARROW_BELOW = (\d+);", SITE_RULES_JS).group(1))
    assert below == render_diagram.NARROW_BELOW
    key = re.search(r'const LANG_KEY = "([^"]+)";', SITE_RULES_JS).group(1)
    browser = (ROOT / "web/shared/browser.py").read_text(encoding="utf-8")
    assert f'LANG_KEY = "{key}"' in browser
    assert f'"{rules_pages.NARROW}' in SITE_RULES_JS  # (<lang>.narrow.html)


def test_a_drawing_the_page_cannot_hold_is_refused_at_build_time():
    """Its text is a <script> the browser does not run: a drawing with "</script" in it
    would end it early."""
    with pytest.raises(ValueError):
        rules_pages.deferred('<svg class="x" width="1" height="1" viewBox="0 0 1 1">'
                             "<text></script></text></svg>")
