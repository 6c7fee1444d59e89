"""HTML of the page's controls, shared by the panels, the hand-end summary and the dialogs:
buttons (one that sends a legal action, a toggle), a prompt whose rulings link to the rules
page, a row of choices. Pure functions (MicroPython subset, see render_svg.py).
"""

from render_coach import mark_class
from render_svg import esc


def button(label, attrs, cls=""):
    return ('<button type="button"' + (' class="' + cls + '"' if cls else "") + attrs + ">" +
            esc(label) + "</button>")


def action_button(w, record, cls="", sends=None):
    """A button that sends a legal action; its words are the catalogue's `do.<kind>`. With
    `sends` (the coach on: render_coach.marks), a place for the coach's chips of the action,
    filled now and as the coach refines (display.draw_coach_marks)."""
    send = esc(record.get("send", ""))
    said = esc(w.word("do." + str(record.get("kind")), record))
    if sends is not None:
        mark = sends.get(record.get("send"))
        said += (' <span class="' + (mark_class(mark) if mark else "coach-mark") +
                 '" data-coach-send="' + send + '">' + (esc(mark[0]) if mark else "") +
                 "</span>")
    return ('<button type="button"' + (' class="' + cls + '"' if cls else "") +
            ' data-action="' + send + '">' + said + "</button>")


def toggle(label, cmd, on, hint=""):
    return ('<button type="button" class="toggle" data-cmd="' + cmd + '" aria-pressed="' +
            ("true" if on else "false") + '"' + (' title="' + esc(hint) + '"' if hint else "") +
            '><span class="box" aria-hidden="true"></span>' + esc(label) + "</button>")


def is_word_char(ch):
    return ch.isalpha() or ch.isdigit()


def rule_links(html, w):
    """`html` (escaped text) with every ruling it names (R14, R51a, H2) a link to that
    ruling on the rules page, in the language shown (rules.html has an anchor for each)."""
    out = []
    i, n = 0, len(html)
    while i < n:
        ch = html[i]
        if ch in "RH" and (i == 0 or not is_word_char(html[i - 1])):
            j = i + 1
            while j < n and j - i <= 2 and html[j].isdigit():
                j += 1
            if j > i + 1 and j < n and html[j] in "ab" and (j + 1 == n or not is_word_char(
                    html[j + 1])):
                j += 1
            if j > i + 1 and (j == n or not is_word_char(html[j])) and (
                    ch == "R" or html[i:j] in ("H1", "H2")):
                rule = html[i:j]
                out.append('<a class="rule" href="./rules.html?lang=' + esc(w.lang) + "#" +
                           rule + '" target="_blank" title="' +
                           esc(w.word("log.ruling_title", {"rule": rule})) + '">' + rule +
                           "</a>")
                i = j
                continue
        out.append(ch)
        i += 1
    return "".join(out)


def prompt(words, cls="", w=None):
    text = esc(words) if w is None else rule_links(esc(words), w)
    return '<p class="prompt' + (" " + cls if cls else "") + '" id="prompt">' + text + \
        "</p>"


def option_row(label, param, choices, current, fixed=()):
    """A row of toggle buttons: choices is [(value, words)]; `current` the value pressed (or
    a list of those pressed); `fixed`, values pressed for good (disabled). The row is one
    tab stop (the first button pressed, else the first); the arrow keys move along it
    (web/page/access.py)."""
    out = ['<div class="param-row"><span class="param-label">' + esc(label) + "</span>"
           '<span class="choices" role="group" aria-label="' + esc(label) + '">']
    on = [str(c) for c in current] if isinstance(current, list) else [str(current)]
    fixed = [str(f) for f in fixed]
    values = [str(value) for value, _ in choices if str(value) not in fixed]
    stop = values[0] if values else None
    for value in values:
        if value in on:
            stop = value
            break
    for value, words in choices:
        pressed = "true" if str(value) in on or str(value) in fixed else "false"
        out.append('<button type="button" class="choice" data-param="' + esc(param) +
                   '" data-value="' + esc(value) + '" aria-pressed="' + pressed +
                   ('" disabled="' if str(value) in fixed else "") +
                   '" tabindex="' + ("0" if str(value) == stop else "-1") + '">' +
                   esc(words) + "</button>")
    out.append("</span></div>")
    return "".join(out)
