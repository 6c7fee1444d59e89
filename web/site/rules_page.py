"""rules.html: the rules of Nos in the reader's language (web/rules/<lang>.md), every
diagram drawn from its position text, every worked example stepped through move by move with
its payments (MicroPython; the engine replays the moves, nothing is precomputed)."""

import asyncio
import json

import figures
import ui_logic as logic
from dom import PROXIES, absent, diagrams_narrow, el, give_way, listen
from pyscript import document, window
from pyscript.ffi import create_proxy
from render_svg import esc
from site_main import fetch_text

from nos.actions import parse_action
from nos.notation import SEATS, NotationError
from nos.position import Position


class Example:
    """A worked example on the page: its start, its moves, and the step shown."""

    def __init__(self, spec, node):
        self.spec = spec
        self.node = node
        self.step = 0

    @property
    def count(self):
        return len(self.spec["steps"])

    def hand_at(self, k):
        """The position, the hand after the first `k` moves (the engine applies them) and
        how many payments it had before the last of them."""
        position = Position.parse(self.spec["position"])
        hand = position.hand()
        before = 0
        for action, _ in self.spec["steps"][:k]:
            before = len(hand.ledger)
            hand.apply(parse_action(action))
        return position, hand, before


def button(cmd, label):
    return ('<button type="button" data-cmd="' + cmd + '">' + label + "</button>")


def draw_example(example, words, stepped=False):
    """The example's board, step count, current move and payments so far; `stepped` (by
    the reader's button), also said (said_at)."""
    node = example.node
    k = example.step
    position, hand, before = example.hand_at(k)
    board = node.querySelector(".example-board")
    board.innerHTML = figures.hand_svg(hand, figures.open_seats(position), words, None, None,
                                       False, diagrams_narrow())
    if k == 0:
        note = words.word("example.at_start")
    else:
        note = words.word("example.step", {"n": k, "count": example.count})
    node.querySelector(".example-count").textContent = note
    steps = node.querySelectorAll(".example-steps li")
    for i in range(steps.length):
        item = steps.item(i)
        if i == k - 1:
            item.classList.add("current")
            item.setAttribute("aria-current", "step")
        else:
            item.classList.remove("current")
            item.removeAttribute("aria-current")
    ledger = node.querySelector(".example-ledger")
    lines = figures.payments(words, hand.ledger)
    ledger.textContent = ""
    head = document.createElement("strong")
    head.textContent = words.word("example.payments") + ": "
    ledger.appendChild(head)
    text = document.createElement("span")
    text.className = "example-payments"
    text.textContent = "; ".join(lines) if lines else words.word("example.no_payments")
    ledger.appendChild(text)
    ledger.setAttribute("data-payments", str(len(lines)))
    # The ledger as the rules text writes it ("a>c 4 R9, …"), for a reader's tools and tests.
    ledger.setAttribute("data-ledger", ", ".join(
        SEATS[p.payer] + ">" + SEATS[p.payee] + " " + str(p.amount) + " " + p.rule
        for p in hand.ledger))
    figures.show_controls(node, k, example.count, words)
    if stepped:
        node.querySelector(".example-said").textContent = said_at(example, k, note,
                                                                  hand.ledger[before:], words)


def said_at(example, k, note, paid, words):
    """What a screen reader hears at step `k` (the example's live region): the step count,
    the move's sentence and the payments that move made (`paid`), if any."""
    if k == 0:
        return note
    item = example.node.querySelectorAll(".example-steps li").item(k - 1)
    said = {"step": note, "move": str(item.textContent).strip()}
    paid = figures.payments(words, paid)
    if not paid:
        return words.word("example.said", said)
    said["pays"] = "; ".join(paid)
    return words.word("example.said_pays", said)


def section_heading(node):
    """The text of the nearest heading before `node` among its siblings, or ""."""
    at = node.previousElementSibling
    while not absent(at):
        if str(at.tagName) in ("H2", "H3", "H4"):
            return str(at.textContent).strip()
        at = at.previousElementSibling
    return ""


def wire_example(example, words):
    controls = document.createElement("div")
    controls.className = "example-controls"
    icon = figures.step_icon
    controls.innerHTML = (button("start", icon("start") + " " + words.word("example.start")) +
                          button("back", icon("back") + " " + words.word("example.back")) +
                          '<span class="example-count"></span>' +
                          button("next", words.word("example.next") + " " + icon("next")) +
                          button("end", words.word("example.end") + " " + icon("end")))
    board = example.node.querySelector(".example-board")
    board.after(controls)
    said = document.createElement("p")  # (the count, the move and its payments: said_at)
    said.className = "example-said"
    said.classList.add("visually-hidden")
    said.setAttribute("aria-live", "polite")
    controls.after(said)
    # Named by its section too: the page's worked examples are landmarks, each unique.
    label = words.word("example.label")
    heading = section_heading(example.node)
    example.node.setAttribute("aria-label", label + ": " + heading if heading else label)

    def on_click(event):
        target = event.target.closest("button[data-cmd]")
        if absent(target):
            return
        example.step = figures.step_to(str(target.getAttribute("data-cmd")), example.step,
                                       example.count)
        draw_example(example, words, True)

    def go(target):
        example.step = target
        draw_example(example, words, True)

    listen(controls, "click", on_click)
    listen(controls, "keydown",  # (←, →, Home and End while a step button has the focus)
           lambda event: figures.on_step_key(event, controls, example.step, example.count,
                                             go))
    draw_example(example, words)


# The anchors a language link may keep (keep_place): sections, rulings, worked examples.
PLACES = "#rules h2[id], #rules h3[id], #rules p[id], #rules section[id], #rules li[id]"
FIGURE_END = "</figure>"  # the end of a diagram in the page's text (web/site/markup.py)
SLICE_MS = 40  # drawing time between two yields to the browser


class Drawing:
    """Draws figures from their position texts, marking the first drawn (nos:first-diagram,
    bench/site.py) and giving the browser a turn every SLICE_MS."""

    def __init__(self, words):
        self.words = words
        self.since = None
        self.narrow = diagrams_narrow()

    async def draw(self, diagrams):
        """Every figure of `diagrams` ([id, text], ...); a bad text shows its one sentence.
        In document order, or, when the page opens at an anchor (#R14), those in view first
        and then the others by distance from the view, so that the page scrolls and the
        examples respond while the rest are drawn."""
        nodes = [el(fig_id) for fig_id, _ in diagrams]
        texts = [text for _, text in diagrams]
        order = by_distance_from_view(nodes) if anchor() else range(len(nodes))
        for k in order:
            figure = nodes[k]
            if absent(figure):
                continue
            holder = figure.querySelector(".diagram-svg")
            try:
                holder.innerHTML = figures.position_svg(texts[k], self.words, None, None,
                                                        False, self.narrow)
                figure.setAttribute("data-drawn", "1")
            except NotationError as exc:
                holder.textContent = figures.refusal(exc, self.words)
                figure.setAttribute("data-drawn", "error")
            if self.since is None:
                window.performance.mark("nos:first-diagram")
            if self.since is None or window.performance.now() - self.since > SLICE_MS:
                await give_way()
                self.since = window.performance.now()


def by_distance_from_view(nodes):
    """Indexes of the present `nodes`, those in the window first, then the nearest."""
    height = window.innerHeight
    order = []
    for k in range(len(nodes)):
        if absent(nodes[k]):
            continue
        box = nodes[k].getBoundingClientRect()
        off = 0 if box.bottom > 0 and box.top < height else min(abs(box.top - height),
                                                                 abs(box.bottom))
        order.append((off, k))
    return [k for _, k in sorted(order)]


def figures_in(node, after=0):
    """[id, position text] of the diagrams in `node`, from the `after`-th on."""
    found = node.querySelectorAll("figure[data-pos]")
    return [[str(found.item(i).id), str(found.item(i).getAttribute("data-pos"))]
            for i in range(after, found.length)]


async def start(words, fetching):
    """Show the rules in the language of `words`; `fetching`: (language, a task fetching
    its page, web/rules/<lang>.html, which scripts/build_web.py writes from the text), begun
    with the words (used unless the words fell back to English)."""
    lang = words.lang
    html = await fetching[1]
    if fetching[0] != lang:
        html = await fetch_text("./web/rules/" + lang + ".html")
    body = el("rules")
    if html is None:
        body.textContent = words.word("rules.missing")
        document.body.setAttribute("data-state", "error")
        return
    # Opened at an anchor, the whole text goes in at once (the anchor may lie anywhere);
    # else the text up to the first diagram, that diagram, then the rest.
    cut = -1 if anchor() else html.find(FIGURE_END)
    cut = cut if cut < 0 else cut + len(FIGURE_END)
    body.innerHTML = html if cut < 0 else html[:cut]
    title = body.querySelector("h1")
    document.title = words.word("rules.title") if absent(title) else title.textContent
    play = el("play-link")
    if not absent(play):
        play.textContent = words.word("rules.play")
        play.setAttribute("href", "./index.html?lang=" + lang)
        play.insertAdjacentHTML("beforebegin", contents_link(words) +
                                languages_html(lang, words))
        listen(el("langs"), "click", keep_place)
    jump_to_anchor()  # the diagrams below change the page's height
    drawing = Drawing(words)
    diagrams = figures_in(body)
    await drawing.draw(diagrams)
    if cut >= 0:
        body.insertAdjacentHTML("beforeend", html[cut:])
        rest = figures_in(body, len(diagrams))
        diagrams += rest
        await drawing.draw(rest)
    window.performance.mark("nos:diagrams")
    document.body.setAttribute("data-state", "diagrams")
    examples = []
    found = body.querySelectorAll("section.example[data-spec]")
    for i in range(found.length):
        node = found.item(i)
        examples.append(Example(json.loads(str(node.getAttribute("data-spec"))), node))
        wire_example(examples[-1], words)
    resized = create_proxy(lambda _: redraw(drawing, diagrams, examples, words))
    window.onresize = resized  # (addEventListener through MicroPython's proxy loses `this`)
    PROXIES.append(resized)
    document.body.setAttribute("data-state", "ready")
    jump_to_anchor()


def redraw(drawing, diagrams, examples, words):
    """A window turned from a phone's width to a wider one, or back: every diagram and
    example is drawn again for its new width."""
    if diagrams_narrow() == drawing.narrow:
        return
    drawing.narrow = diagrams_narrow()
    for example in examples:
        draw_example(example, words)
    asyncio.create_task(drawing.draw(diagrams))


def contents_link(words):
    """A link back to the contents (scripts/rules_pages.py), first in the bar: where the bar
    stays in view, a reader deep in the text finds another section without scrolling up."""
    return ('<a class="to-contents" href="#toc-title">' +
            esc(words.word("rules.contents")) + "</a>")


def languages_html(lang, words):
    """The page in the other languages: a link each (the choice is remembered, site_main)."""
    links = []
    for code, name in logic.LANGUAGES:
        current = ' aria-current="page"' if code == lang else ""
        links.append('<a href="?lang=' + code + '" hreflang="' + code + '" lang="' + code +
                     '"' + current + ">" + name + "</a>")
    label = esc(words.word("lang.label"))
    return '<nav id="langs" class="langs" aria-label="' + label + '">' + "".join(links) + "</nav>"


def keep_place(event):
    """A language link keeps the reader's place: the anchor they came to (#R14) while it is
    in view, else the last anchor that begins above the top of the text in view (every
    language's text has the same anchors), or none at the page's top."""
    link = event.target.closest("a[hreflang]")
    if not absent(link):
        link.setAttribute("href", "?lang=" + str(link.getAttribute("hreflang")) + place())


def place():
    """"#id" of the reader's place on the page (keep_place), or ""."""
    came = anchor()
    node = el(came) if came else None
    height = window.innerHeight
    if node is not None and not absent(node):
        box = node.getBoundingClientRect()
        if box.bottom > 0 and box.top < height:
            return "#" + came
    if window.scrollY < height / 4:
        return ""
    found = ""
    # Below the bar where it stays in view (sticky on a wide screen: site.css), and a
    # little lower, where an anchor followed stops (scroll-margin-top).
    bar = document.querySelector(".site-top")
    top = (0 if absent(bar) else max(0, bar.getBoundingClientRect().bottom)) + 24
    nodes = document.querySelectorAll(PLACES)
    for i in range(nodes.length):  # (in the order of the page: their tops only grow)
        if nodes.item(i).getBoundingClientRect().top > top:
            break
        found = "#" + str(nodes.item(i).id)
    return found


def anchor():
    """The id the URL points to (#R14), or ""."""
    return str(window.location.hash or "")[1:]


def jump_to_anchor():
    """Bring the #R14 of the URL into view (the page was empty when the browser tried), and
    mark it as :target would have (site.css `.targeted`) until another anchor is followed."""
    target = anchor()
    if target:
        node = el(target)
        if not absent(node):
            node.scrollIntoView()
            if not node.classList.contains("targeted"):
                node.classList.add("targeted")
                unmark = create_proxy(lambda _: node.classList.remove("targeted"))
                PROXIES.append(unmark)
                # (window.addEventListener through MicroPython's proxy loses its `this`.)
                window.onhashchange = unmark
