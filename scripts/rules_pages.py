"""The rules page as HTML, written at build time: web/rules/<lang>.html of each
web/rules/<lang>.md, and <lang>.narrow.html with its diagrams drawn for a phone (below
render_diagram.NARROW_BELOW px), by web/site/markup.py with that language's words. Every
diagram is drawn here, by the same code (web/draw/render_diagram.py) that draws it under
MicroPython with the same bytes, and every worked example at its start with its step
controls and payments; the bar's links come first, in a <template> the page moves into its
header. rules.html puts a page in as it is (web/site-rules.js) before any interpreter runs;
MicroPython (web/site/rules_page.py) only steps the examples (docs/architecture.md)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# (nos/ too: the drawing imports the engine's contract by its bare name, as the page does)
for _folder in ("", "web/site", "web/draw", "web/shared", "web/words", "web/page", "nos"):
    if str(ROOT / _folder) not in sys.path:
        sys.path.insert(0, str(ROOT / _folder))

import figures  # noqa: E402 - the page's own modules, from web/
import languages  # noqa: E402
import markup  # noqa: E402
import say  # noqa: E402

from nos.notation import NotationError  # noqa: E402
from nos.position import Position  # noqa: E402

NARROW = ".narrow"  # <lang>.narrow.html: the page with its diagrams drawn for a phone
STEP_CMDS = ("start", "back", "next", "end")
SIZE = ("class", "width", "height", "viewBox")  # what the room a drawing holds takes of it


def deferred(svg: str) -> str:
    """A drawing as the page takes it: an empty <svg> of its size, which holds its room, and
    the drawing itself (without its XML declaration) as the text of a script the browser
    does not run, which web/site-rules.js makes into elements when it comes into view."""
    svg = svg[svg.find("?>") + 2:].strip() if svg.startswith("<?xml") else svg.strip()
    head = svg[:svg.find(">")]
    size = [re.search(" " + name + '="([^"]*)"', head) for name in SIZE]
    if "</script" in svg.lower() or None in size:
        raise ValueError("a drawing the page cannot hold: " + head)
    room = "".join(" " + name + '="' + m.group(1) + '"' for name, m in zip(SIZE, size,
                                                                         strict=True))
    return ("<svg" + room + ' aria-hidden="true"></svg><script type="text/x-nos-svg">' +
            svg + "</script>")


def diagram(position: str, words: say.Words, narrow: bool) -> tuple[str, str]:
    """(the drawing, "") of a diagram's position text, or (why it cannot be drawn,
    "error"), as the page said it when it drew them."""
    try:
        return deferred(figures.position_svg(position, words, None, None, False, narrow)), ""
    except NotationError as exc:
        return markup.esc(figures.refusal(exc, words)), "error"


def step_labels(words: say.Words) -> dict:
    return {"start": words.word("example.start"), "back": words.word("example.back"),
            "next": words.word("example.next"), "end": words.word("example.end")}


def step_button(cmd: str, words: say.Words) -> str:
    """A step button, disabled until rules_page.py runs (show_controls enables it)."""
    label = markup.esc(step_labels(words)[cmd])
    icon = figures.step_icon(cmd)
    inner = label + " " + icon if cmd in ("next", "end") else icon + " " + label
    return ('<button type="button" data-cmd="' + cmd + '" aria-label="' + label +
            '" disabled>' + inner + "</button>")


def example_parts(example: dict, heading: str, words: say.Words, narrow: bool) -> dict:
    """A worked example's board at its start, its controls (the step count, a live region
    for a screen reader, the note shown if stepping cannot start) and its payments: what
    rules_page.draw_example shows at step 0."""
    try:
        position = Position.parse(example["position"])
        board = deferred(figures.hand_svg(position.hand(), figures.open_seats(position),
                                          words, None, None, False, narrow))
    except NotationError as exc:
        board = markup.esc(figures.refusal(exc, words))
    label = words.word("example.label")
    buttons = [step_button(cmd, words) for cmd in STEP_CMDS]
    controls = ('<div class="example-controls">' + buttons[0] + buttons[1] +
                '<span class="example-count">' + markup.esc(words.word("example.at_start")) +
                "</span>" + buttons[2] + buttons[3] + "</div>\n"
                '<p class="example-said visually-hidden" aria-live="polite"></p>\n'
                '<p class="example-note">' + markup.esc(words.word("example.needs_script")) +
                "</p>")
    ledger = ('<p class="example-ledger" data-payments="0" data-ledger=""><strong>' +
              markup.esc(words.word("example.payments")) + ': </strong><span class="'
              'example-payments">' + markup.esc(words.word("example.no_payments")) +
              "</span></p>")
    return {"label": label + ": " + heading if heading else label, "board": board,
            "controls": controls, "ledger": ledger}


def contents_html(toc: list, title: str) -> str:
    """The page's contents: a link to each second-level heading ([id, text] of `toc`)."""
    items = "".join('<li><a href="#' + i + '">' + markup.plain(t) + "</a></li>"
                    for i, t in toc)
    return ('<nav class="rules-toc" aria-labelledby="toc-title"><h2 id="toc-title">' +
            markup.esc(title) + "</h2><ol>" + items + "</ol></nav>")


def bar_html(lang: str, words: say.Words) -> str:
    """The header's links in `lang`: back to the contents, first (where the bar stays in
    view, a reader deep in the text finds another section without scrolling up; on a phone,
    where it scrolls away, a second link floats at the bottom: assets/site.css), the page
    in each language (rules_page.keep_place keeps the reader's place), and the game."""
    contents = markup.esc(words.word("rules.contents"))
    links = []
    for code, name in languages.LANGUAGES:
        current = ' aria-current="page"' if code == lang else ""
        links.append('<a href="?lang=' + code + '" hreflang="' + code + '" lang="' + code +
                     '"' + current + ">" + name + "</a>")
    return ('<template id="rules-bar"><a class="to-contents" href="#toc-title">' + contents +
            '</a><nav id="langs" class="langs" aria-label="' +
            markup.esc(words.word("lang.label")) + '">' + "".join(links) + "</nav>"
            '<a id="play-link" class="play-link" href="./index.html?lang=' + lang +
            '" data-word="rules.play">' + markup.esc(words.word("rules.play")) + "</a>"
            '<a class="to-contents-float" href="#toc-title">' + contents + "</a></template>")


def page_html(text: str, words: say.Words, narrow: bool = False) -> str:
    """The rules page in the words' language: the bar's links, the title and opening
    words, the contents, the sections with every diagram drawn (for a phone if `narrow`)
    and every worked example at its start, each ruling's link titled in that language."""
    out = markup.render(text, 0, 0,
                        lambda rule: words.word("rules.ruling_link", {"rule": rule}),
                        lambda position: diagram(position, words, narrow),
                        lambda example, heading: example_parts(example, heading, words,
                                                               narrow))
    html = out["html"]
    cut = html.find("<h2")
    cut = len(html) if cut < 0 else cut
    return (bar_html(words.lang, words) + "\n" + html[:cut] +
            contents_html(out["toc"], words.word("rules.contents")) + html[cut:])


def write(root: Path = ROOT) -> list[str]:
    """Write web/rules/<lang>.html and <lang>.narrow.html of each text; returns those
    written anew."""
    written = []
    for source in sorted((root / "web/rules").glob("*.md")):
        words = say.catalogue((root / "web/words" / (source.stem + ".json")).read_text(
            encoding="utf-8"))
        text = source.read_text(encoding="utf-8")
        for narrow in (False, True):
            html = page_html(text, words, narrow)
            out = source.with_suffix((NARROW if narrow else "") + ".html")
            if not out.is_file() or out.read_text(encoding="utf-8") != html:
                out.write_text(html, encoding="utf-8")
                written.append(out.relative_to(root).as_posix())
    return written
