"""rules.html: the rules of Nos in the reader's language. The page, every diagram and every
worked example at its start drawn at build time (scripts/rules_pages.py), is put in by
web/site-rules.js before this runs; here each worked example steps move by move with its
payments (MicroPython: the engine replays the moves, nothing of a step is precomputed)."""

import json

import figures
from browser import PROXIES, absent, diagrams_narrow, el, listen
from pyscript import document, window
from pyscript.ffi import create_proxy

from nos.actions import parse_action
from nos.notation import SEATS
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
    node.setAttribute("data-step", str(k))  # (web/site-rules.js redraws those at 0)
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


def wire_example(example, words):
    """The example's step buttons (written disabled at build time) made to work."""
    controls = example.node.querySelector(".example-controls")

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
    figures.show_controls(example.node, example.step, example.count, words)


# The anchors a language link may keep (keep_place): sections, rulings, worked examples.
PLACES = "#rules h2[id], #rules h3[id], #rules p[id], #rules section[id], #rules li[id]"


async def start(words):
    """Step the worked examples of the page web/site-rules.js put in, in the language of
    `words` (the page is put in again in that language if it differs: its catalogue could
    not be had and the words fell back to English)."""
    rules = getattr(window, "nosRules", None)
    shown = None
    if not absent(rules):
        shown = await rules.shown
        if absent(shown) or str(shown) != words.lang:
            shown = await rules.show(words.lang)
    if absent(shown):  # (no web/site-rules.js, or the page could not be had)
        el("rules").textContent = words.word("rules.missing")
        document.body.setAttribute("data-state", "error")
        return
    if not absent(el("langs")):
        listen(el("langs"), "click", keep_place)
    examples = []
    found = el("rules").querySelectorAll("section.example[data-spec]")
    for i in range(found.length):
        node = found.item(i)
        examples.append(Example(json.loads(str(node.getAttribute("data-spec"))), node))
        wire_example(examples[-1], words)
    narrow = [diagrams_narrow()]
    resized = create_proxy(lambda _: redraw(narrow, examples, words))
    window.onresize = resized  # (addEventListener through MicroPython's proxy loses `this`)
    PROXIES.append(resized)
    document.body.setAttribute("data-state", "ready")


def redraw(narrow, examples, words):
    """A window turned from a phone's width to a wider one, or back: the examples stepped
    away from their start are drawn again for the new width (web/site-rules.js puts in the
    diagrams and the examples at their start drawn for it at build time)."""
    if diagrams_narrow() == narrow[0]:
        return
    narrow[0] = diagrams_narrow()
    for example in examples:
        if example.step:
            draw_example(example, words)


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
