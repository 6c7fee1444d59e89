"""The rules page's text as HTML, written at build time: web/rules/<lang>.html of each
web/rules/<lang>.md, by web/site/markup.py with that language's words (the ruling links'
titles, the contents' heading). rules.html puts it in as it is and draws its diagrams from
their position texts (`figure[data-pos]`): the text up to the first diagram, that diagram,
then the rest (web/site/rules_page.py, docs/performance.md)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for _folder in ("web/site", "web/words"):
    if str(ROOT / _folder) not in sys.path:
        sys.path.insert(0, str(ROOT / _folder))

import markup  # noqa: E402 - the page's own modules, from web/
import say  # noqa: E402


def contents_html(toc: list, title: str) -> str:
    """The page's contents: a link to each second-level heading ([id, text] of `toc`)."""
    items = "".join('<li><a href="#' + i + '">' + markup.plain(t) + "</a></li>"
                    for i, t in toc)
    return ('<nav class="rules-toc" aria-labelledby="toc-title"><h2 id="toc-title">' +
            markup.esc(title) + "</h2><ol>" + items + "</ol></nav>")


def page_html(text: str, words: say.Words) -> str:
    """The rules text as the page shows it: the title and opening words, the contents, the
    sections, each ruling's link titled in the words' language."""
    out = markup.render(text, 0, 0, lambda rule: words.word("rules.ruling_link",
                                                            {"rule": rule}))
    html = out["html"]
    cut = html.find("<h2")
    cut = len(html) if cut < 0 else cut
    return (html[:cut] + contents_html(out["toc"], words.word("rules.contents")) +
            html[cut:])


def write(root: Path = ROOT) -> list[str]:
    """Write web/rules/<lang>.html of each text; returns those written anew."""
    written = []
    for source in sorted((root / "web/rules").glob("*.md")):
        words = say.catalogue((root / "web/words" / (source.stem + ".json")).read_text(
            encoding="utf-8"))
        html = page_html(source.read_text(encoding="utf-8"), words)
        out = source.with_suffix(".html")
        if not out.is_file() or out.read_text(encoding="utf-8") != html:
            out.write_text(html, encoding="utf-8")
            written.append(out.relative_to(root).as_posix())
    return written
