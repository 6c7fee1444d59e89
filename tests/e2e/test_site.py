"""The rules page in Chromium (issue: a rules website and an embedding kit). rules.html
shows every diagram of its text as the build drew it (web/site-rules.js puts the page in),
in English, Dutch and Polish, and reads whole even if MicroPython never starts; its worked
examples step move by move with MicroPython alone (no Pyodide file is requested) to the
ledger the text states; every ruling the app links to has its anchor. After one visit each
page (the embeds too) requests only what the service worker precached, and opens offline.
The embeds themselves: test_embed.py."""

from __future__ import annotations

import json
import re
import sys

import pytest
from e2e_harness import BOOT_TIMEOUT_MS, ROOT, Guard, boot

sys.path.insert(0, str(ROOT / "web" / "shared"))
import record_link  # noqa: E402  (web/shared/)
from e2e_site import (
    LANGS,
    POSITION,
    md,
    no_pyodide,
    wait_ready,
    watch,
)

from nos.players import random_action  # noqa: E402
from nos.record import play_session, session_record  # noqa: E402

RULINGS = ({f"R{n}" for n in [*range(1, 25), *range(40, 58), *range(60, 64), 70, 71]}
           | {"R51a", "R51b", "H1", "H2"})


@pytest.mark.parametrize("lang", LANGS)
def test_rules_page_shows_every_diagram_drawn_at_build_time(page, guard, base_url,
                                                            lang) -> None:
    asked = watch(page)
    page.goto(f"{base_url}rules.html?lang={lang}")
    wait_ready(page)
    positions = re.findall(r"^::: diagram (\S+)", md(lang), re.M)
    drawn = page.eval_on_selector_all(
        "figure.diagram", "fs => fs.map(f => [f.dataset.pos, f.dataset.drawn, "
        "f.querySelectorAll('svg .layout-tile, svg rect').length])")
    assert [d[0] for d in drawn] == positions
    assert all(d[1] == "1" and d[2] > 0 for d in drawn), [d for d in drawn if d[1] != "1"]
    # A diagram for each of the 17 games (the game is the third field of a position).
    games = {int(p.split("_")[2].split(".")[0]) for p in positions
             if p.split("_")[2][:1].isdigit()}
    assert games == set(range(1, 18))
    assert page.get_attribute("html", "lang") == lang
    ids = set(page.eval_on_selector_all("[id]", "ns => ns.map(n => n.id)"))
    assert ids >= RULINGS, sorted(RULINGS - ids)
    # Each ruling's link to itself is named in the page's language (scripts/rules_pages.py).
    named = page.eval_on_selector_all("a.ruling-ref", "as => as.map(a => [a.textContent, "
                                      "a.title])")
    linked = json.loads((ROOT / f"web/words/{lang}.json").read_text())["words"][
        "rules.ruling_link"]
    assert len(named) >= len(RULINGS) and all(
        title == linked.replace("{rule}", rule) for rule, title in named), named[:3]
    # Every word of every diagram lies on its felt, as the browser sets it (the renderer
    # only estimates widths): no heading runs past the edge.
    page.evaluate("document.querySelectorAll('figure.diagram').forEach(f => "
                  "f.style.contentVisibility = 'visible')")
    outside = page.evaluate(OUTSIDE_THE_FELT)
    assert outside == [], outside[:5]
    no_pyodide(asked)


# Texts of the rules page's diagrams that reach past the felt (the drawing's second rect).
OUTSIDE_THE_FELT = """() => [...document.querySelectorAll('figure.diagram svg')].flatMap(svg => {
    const felt = svg.querySelectorAll(':scope > rect')[1].getBoundingClientRect();
    return [...svg.querySelectorAll('text')].map(t => [t.textContent, t.getBoundingClientRect()])
        .filter(([, r]) => r.width && (r.right > felt.right + 0.5 || r.left < felt.left - 0.5))
        .map(([said, r]) => [svg.closest('figure').id, said.slice(0, 60),
                             Math.round(r.right - felt.right)]);
})"""


def test_worked_examples_step_to_the_ledger_the_text_states(page, guard, base_url) -> None:
    asked = watch(page)
    page.goto(f"{base_url}rules.html?lang=en#R10")
    wait_ready(page)
    stated = {}
    for block in re.findall(r"^::: example \{#([a-z0-9-]+)\}\n(.*?)^:::$", md("en"),
                            re.M | re.S):
        name, body = block
        lines = [ln[len("ledger "):] for ln in body.split("\n") if ln.startswith("ledger ")]
        stated[name] = ", ".join(lines)
    assert len(stated) >= 5 and "example-wait" in stated
    board = ".example-board svg"
    for name, ledger in stated.items():
        example = page.locator(f"#{name}")
        built = example.locator(board).evaluate("svg => svg.outerHTML")  # (the build's)
        steps = example.locator(".example-steps li").count()
        paid_before = 0
        for k in range(steps):  # move by move, as a reader would
            example.locator("[data-cmd=next]").click()
            assert example.locator(".example-steps li.current").count() == 1
            # A screen reader hears the count, the move and the payments it made.
            said = example.locator(".example-said[aria-live=polite]").text_content()
            move = example.locator(".example-steps li.current").text_content().strip()
            assert said.startswith(f"Step {k + 1} of {steps}: {move}"), said
            paid = example.locator(".example-ledger").get_attribute("data-payments")
            assert ("Paid with this move: " in said) == (int(paid) > paid_before), said
            paid_before = int(paid)
        assert example.locator("[data-cmd=next]").is_disabled()
        assert example.locator(".example-ledger").get_attribute("data-ledger") == ledger, name
        # A tile played is on the table, no longer in its seat's hand.
        laid = set(example.locator(".layout-tile").evaluate_all(
            "ts => ts.map(t => t.dataset.tile)"))
        held = set(example.locator(".seat [data-tile]").evaluate_all(
            "ts => ts.map(t => t.dataset.tile)"))
        assert laid and held and not laid & held, (name, laid & held)
        example.locator("[data-cmd=start]").click()
        assert example.locator(".example-ledger").get_attribute("data-ledger") == ""
        # MicroPython draws the start as the build drew it.
        assert example.locator(board).evaluate("svg => svg.outerHTML") == built, name
    # By keyboard: End leads nowhere once pressed, and hands the focus to Back.
    example = page.locator(".example").first
    example.locator("[data-cmd=end]").focus()
    page.keyboard.press("Enter")
    assert example.locator("[data-cmd=end]").is_disabled()
    assert page.evaluate("document.activeElement.dataset.cmd") == "back"
    # The keys step too, as in the app's review: Home, →, ← and End.
    page.keyboard.press("Home")
    assert example.locator(".example-ledger").get_attribute("data-ledger") == ""
    assert page.evaluate("document.activeElement.dataset.cmd") == "next"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert example.locator(".example-steps li").nth(1).get_attribute("aria-current") == "step"
    page.keyboard.press("ArrowLeft")
    assert example.locator(".example-steps li").nth(0).get_attribute("aria-current") == "step"
    assert page.evaluate("document.activeElement.dataset.cmd") == "back"
    page.keyboard.press("End")
    assert example.locator("[data-cmd=end]").is_disabled()
    # The fragment's ruling is brought into view once the page is drawn.
    assert page.evaluate("document.getElementById('R10').getBoundingClientRect().top < 400")
    no_pyodide(asked)


def test_every_ruling_the_app_links_to_is_an_anchor_of_the_rules(page, guard, base_url) -> None:
    page.goto(f"{base_url}index.html?players=3&seed=11&level=beginner&delay=0")
    page.wait_for_selector("#log a.rule", state="attached", timeout=BOOT_TIMEOUT_MS)
    links = set(page.eval_on_selector_all("#log a.rule", "as => as.map(a => a.href)"))
    assert links
    for lang in LANGS:
        page.goto(f"{base_url}rules.html?lang={lang}")
        wait_ready(page)
        ids = set(page.eval_on_selector_all("[id]", "ns => ns.map(n => n.id)"))
        for href in links:
            assert href.split("#")[1] in ids, href


def test_the_rules_link_to_their_other_languages_at_the_same_ruling(page, guard,
                                                                   base_url) -> None:
    """A reader at #R14 in English switches to Dutch and stays at R14; the choice is kept
    (a later visit without ?lang= is in Dutch)."""
    page.goto(f"{base_url}rules.html?lang=en#R14")
    wait_ready(page)
    links = page.locator("#langs a")
    assert links.evaluate_all("as => as.map(a => [a.hreflang, a.lang])") == [
        ["en", "en"], ["nl", "nl"], ["pl", "pl"]]
    assert page.get_attribute("#langs [aria-current=page]", "hreflang") == "en"
    page.click("#langs a[hreflang=nl]")
    page.wait_for_url(re.compile(r"rules\.html\?lang=nl#R14$"))
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "nl"
    assert page.get_attribute("#langs [aria-current=page]", "hreflang") == "nl"
    assert page.evaluate("document.getElementById('R14').getBoundingClientRect().top < 400")
    # Marked as the ruling arrived at (it was not in the page when the URL was followed).
    marked = "id => getComputedStyle(document.getElementById(id)).backgroundColor"
    assert page.evaluate(marked, "R14") == "rgb(255, 243, 207)"
    page.click("a.ruling-ref[href='#R15']")
    page.wait_for_function(f"({marked})('R14') === 'rgba(0, 0, 0, 0)'")
    assert page.evaluate(marked, "R15") == "rgb(255, 243, 207)"
    page.goto(f"{base_url}rules.html")
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "nl"


def test_a_reader_who_scrolled_switches_language_at_the_same_place(page, guard,
                                                                  base_url) -> None:
    """The language links stay in view (a sticky bar); one followed far down the page
    opens the other text at the anchor being read, not at its top or at the anchor the
    reader came to; at the page's top it opens the top."""
    page.goto(f"{base_url}rules.html?lang=en#R14")
    wait_ready(page)
    page.evaluate("document.getElementById('R21').scrollIntoView()")
    page.mouse.wheel(0, 20)  # (reading on, R21 still the paragraph at the top)
    page.wait_for_function("scrollY > 0 && document.getElementById('R21')"
                           ".getBoundingClientRect().top < 60")
    bar = page.locator(".site-top").bounding_box()
    assert bar and bar["y"] == 0  # (in view without scrolling back)
    # Clicked where it is seen: Playwright's click would first scroll its place in the page
    # (above, for a sticky element) into view.
    link = page.locator("#langs a[hreflang=nl]").bounding_box()
    assert link and link["y"] < bar["height"]
    page.mouse.click(link["x"] + link["width"] / 2, link["y"] + link["height"] / 2)
    page.wait_for_url(re.compile(r"rules\.html\?lang=nl#R21$"))
    wait_ready(page)
    top = page.evaluate("document.getElementById('R21').getBoundingClientRect().top")
    assert bar["height"] <= top < 200  # below the bar, at the top of the text
    page.keyboard.press("Home")
    page.wait_for_function("scrollY === 0")
    page.click("#langs a[hreflang=pl]")
    page.wait_for_url(re.compile(r"rules\.html\?lang=pl$"))
    wait_ready(page)
    guard.check()


def test_the_bar_leads_back_to_the_contents_from_deep_in_the_text(page, guard,
                                                                  base_url) -> None:
    """The bar's first link names the contents in the page's language and stays in view with
    the bar; followed from far down the page, it brings the contents to the top of the view,
    below the bar."""
    page.goto(f"{base_url}rules.html?lang=nl")
    wait_ready(page)
    assert page.text_content(".site-top > a:first-child") == "Inhoud"
    page.evaluate("document.getElementById('R21').scrollIntoView()")
    page.wait_for_function("scrollY > 1000")
    bar = page.locator(".site-top").bounding_box()
    link = page.locator(".to-contents").bounding_box()
    assert bar and link and bar["y"] == 0 and link["y"] < bar["height"]
    page.mouse.click(link["x"] + link["width"] / 2, link["y"] + link["height"] / 2)
    page.wait_for_url(re.compile(r"rules\.html\?lang=nl#toc-title$"))
    page.wait_for_function(f"(top => top >= {bar['height']} && top < 200)"
                           "(document.getElementById('toc-title').getBoundingClientRect().top)")
    guard.check()


def test_every_file_the_pages_request_is_precached_and_each_page_opens_offline(
        context, page, make_server) -> None:
    """The service worker precaches exactly what the pages may ask for (scripts/build_web.py
    leaves out what none asks for): after one visit of the app, the rules page, a position,
    a replay and a playable table each request only precached files, and open offline."""
    server = make_server()
    g = Guard()
    g.watch(context)
    boot(page, server.url)
    page.wait_for_function("navigator.serviceWorker.controller !== null",
                           timeout=BOOT_TIMEOUT_MS)
    link = record_link.encode(session_record(play_session(4, 5, 1, random_action)))
    pages = [("rules.html?lang=pl", "rules"), (f"embed.html?pos={POSITION}", "embed"),
             (f"embed.html?hand=1&step=4#r={link}", "embed"),
             ("embed.html?play=1&players=3&seed=5&level=beginner&delay=0", "app")]

    def open_each() -> None:
        for url, kind in pages:
            page.goto(server.url + url)
            if kind == "app":
                page.wait_for_selector("body[data-state=playable]", state="attached",
                                       timeout=BOOT_TIMEOUT_MS)
            else:
                wait_ready(page)

    open_each()
    precache = set(re.findall(r'"\./([^"]*)"', (ROOT / "sw-manifest.js").read_text()))
    asked = {url.split("#")[0].split("?")[0][len(server.url):] for url in g.requests
             if url.startswith(server.url)}
    assert {"web/python_stdlib.zip", "web/worker.zip", "web/site.pack", "web/page.pack",
            "rules.html", "embed.html"} <= asked  # the worker's requests are seen too
    # The browser keeps the service worker's scripts with its registration.
    assert asked - {"sw.js", "sw-manifest.js"} <= precache, \
        sorted(asked - precache - {"sw.js", "sw-manifest.js"})
    g.check()

    server.stop()
    context.set_offline(True)
    open_each()
    g.check()


def test_opened_at_a_ruling_the_diagrams_in_view_are_drawn_first(page, guard,
                                                                   base_url) -> None:
    """rules.html#R49 makes the drawings the reader sees elements before those above and
    below (web/site-rules.js drawAll, nearest first), not in document order."""
    page.add_init_script("""
        window.nosDrawn = [];
        new MutationObserver((changes) => {
            for (const c of changes) {
                if (c.target.matches('figure.diagram') && c.target.dataset.drawn === '1')
                    window.nosDrawn.push(c.target.dataset.pos);
            }
        }).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-drawn']});
    """)
    page.goto(f"{base_url}rules.html?lang=en#R49")
    wait_ready(page)
    drawn = page.evaluate("window.nosDrawn")
    figures = page.eval_on_selector_all(
        "figure.diagram", """fs => fs.map(f => {
            const box = f.getBoundingClientRect();
            return [f.dataset.pos, box.bottom > 0 && box.top < innerHeight];
        })""")
    assert sorted(drawn) == sorted(pos for pos, _ in figures)  # each once
    in_view = {pos for pos, seen in figures if seen}
    assert in_view and len(in_view) < len(figures)
    assert set(drawn[:len(in_view)]) == in_view
    assert drawn[0] != figures[0][0]  # not the document's order


def test_on_a_phone_the_diagrams_are_drawn_narrow_and_their_words_read(page, guard,
                                                                       base_url) -> None:
    """Below render_diagram.NARROW_BELOW px the rules page, its worked examples and a
    position embed draw the narrow diagram: no word on it under 9 px (the wide drawing,
    scaled to a phone, showed its seats' words at ≈ 5 px), and no sideways scroll."""
    page.set_viewport_size({"width": 360, "height": 740})
    smallest = """(box) => {
        const svg = document.querySelector(box + ' svg');
        svg.scrollIntoView();
        const scale = svg.getScreenCTM().a;
        return [svg.getAttribute('class'), Math.min(...[...svg.querySelectorAll('text')]
            .map(t => parseFloat(t.getAttribute('font-size')) * scale))];
    }"""
    page.goto(f"{base_url}rules.html?lang=pl")
    wait_ready(page)
    for box in ("figure.diagram .diagram-svg", "#example-wait .example-board"):
        cls, px = page.evaluate(smallest, box)
        assert cls == "nos-diagram narrow" and px >= 9, (box, cls, px)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
    # Turned to a wider screen, every diagram and example is drawn wide; and back.
    every = ("n => [...document.querySelectorAll('.diagram-svg svg, .example-board svg')]"
             ".filter(s => s.classList.contains('narrow') === n).length === "
             "document.querySelectorAll('.diagram-svg svg, .example-board svg').length")
    page.set_viewport_size({"width": 1000, "height": 740})
    page.wait_for_function(every, arg=False)
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_function(every, arg=True)
    # The page opens on its title and opening words, the contents after them.
    assert page.evaluate("document.querySelector('h1').getBoundingClientRect().top < "
                         "document.querySelector('.rules-toc').getBoundingClientRect().top "
                         "< innerHeight")
    position = re.findall(r"^::: diagram (\S+)", md("en"), re.M)[5]
    page.goto(f"{base_url}embed.html?pos={position}")
    wait_ready(page)
    cls, px = page.evaluate(smallest, "#board")
    assert cls == "nos-diagram narrow" and px >= 9, (cls, px)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.reload()
    wait_ready(page)
    assert page.evaluate(smallest, "#board")[0] == "nos-diagram"


def test_without_micropython_the_page_reads_whole_and_says_what_needs_it(
        context, page, base_url) -> None:
    """The interpreter cannot start (its WebAssembly does not arrive): every diagram and
    every example's start are there all the same, and each example says that stepping
    through it needs the page's script."""
    g = Guard()
    g.allowed_console = [re.compile("ERR_FAILED|wasm|Aborted|ArrayBuffer")]
    g.watch(context)
    context.route("**/micropython.wasm", lambda route: route.abort())
    page.goto(f"{base_url}rules.html?lang=pl")
    page.wait_for_selector("body[data-state=error]", state="attached",
                           timeout=BOOT_TIMEOUT_MS)
    drawn = page.eval_on_selector_all("figure.diagram", "fs => fs.map(f => f.dataset.drawn)")
    assert len(drawn) == len(re.findall(r"^::: diagram ", md("pl"), re.M))
    assert set(drawn) == {"1"}
    examples = page.locator("section.example")
    assert examples.count() >= 5
    for k in range(examples.count()):
        example = examples.nth(k)
        assert example.locator(".example-board svg .seat").count() > 0
        assert example.locator("[data-cmd=next]").is_disabled()
        note = example.locator(".example-note")
        assert note.is_visible() and note.text_content() == json.loads(
            (ROOT / "web/words/pl.json").read_text())["words"]["example.needs_script"]
    assert page.text_content(".site-top .to-contents") == "Spis treści"
    assert [p for p in g.problems if "micropython.wasm" not in p
            and "Aborted" not in p] == []


def test_on_a_phone_the_way_back_to_the_contents_stays_in_view(page, guard,
                                                                base_url) -> None:
    """On a phone the bar (two rows) scrolls away; a link back to the contents floats at
    the bottom once the reader has scrolled, and leads there."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{base_url}rules.html?lang=en")
    wait_ready(page)
    float_link = page.locator(".to-contents-float")
    assert not float_link.is_visible()  # (at the top, the bar's own link is there)
    page.evaluate("document.getElementById('R21').scrollIntoView()")
    page.wait_for_function("scrollY > 1000")
    assert page.locator(".site-top").bounding_box()["y"] < -50  # (scrolled away)
    float_link.wait_for(state="visible")
    box = float_link.bounding_box()
    assert box and box["y"] + box["height"] <= 640 and box["x"] + box["width"] <= 360
    assert box["height"] >= 24 and float_link.text_content() == "Contents"
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_url(re.compile(r"rules\.html\?lang=en#toc-title$"))
    page.wait_for_function("(top => top >= 0 && top < 200)"
                           "(document.getElementById('toc-title').getBoundingClientRect().top)")
