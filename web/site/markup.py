"""The rules text (web/rules/<lang>.md) as HTML for the rules page: headings with ids,
paragraphs and lists whose rulings carry an anchor, diagrams and worked examples.
scripts/rules_pages.py writes each language's page with it (web/rules/<lang>.html) at
build time, handing it the drawing of each diagram and the dress of each worked example
(its board at the start, its controls, its payments). Pure and in the MicroPython subset;
no imports."""

SAFE_URLS = ["https://", "http://", "#"]


def esc(text):
    """Escape text for HTML content and double-quoted attribute values."""
    s = text if type(text) is str else str(text)
    if not ("&" in s or "<" in s or ">" in s or '"' in s):  # most texts: no new string
        return s
    s = s.replace("&", "&amp;").replace("<", "&lt;")
    return s.replace(">", "&gt;").replace('"', "&quot;")


def inline(text: str) -> str:
    """The inline markup (**strong**, *em*, [text](url)) as HTML, everything else escaped."""
    return _inline(text, True, True, True)


def plain(text: str) -> str:
    """The text with its inline markup stripped, escaped for an attribute or for HTML."""
    return _inline(text, False, True, True)


def text_of(text: str) -> str:
    """The text with its inline markup stripped, not escaped (for textContent, a title)."""
    return _inline(text, False, True, False)


def _safe(url):
    return any(url[: len(start)] == start for start in SAFE_URLS)


def _closer(s, i, double):
    """Where the emphasis opened just before s[i] closes (the closer's index), or -1."""
    if i >= len(s) or s[i] == " ":
        return -1
    j = i
    while True:
        k = s.find("*", j)
        if k < 0:
            return -1
        ends = k > i and s[k - 1] != " "
        if s[k : k + 2] == "**":
            if double and ends:
                return k
            end = -1 if double else s.find("**", k + 2)  # jump over a **strong** in an *em*
            if end < 0 and not double and ends:
                return k  # '*x**': the em closes on the pair's first star
            j = end + 2 if end >= 0 else k + 2
        elif not double and ends:
            return k
        else:
            end = _closer(s, k + 1, False) if double else -1  # an *em* in a **strong**
            j = end + 1 if end > 0 else k + 1


def _link(s, i):
    """(text, url, end) of the link [text](url) that starts at s[i], or None."""
    close = s.find("]", i + 1)
    if close < 0 or s[close + 1 : close + 2] != "(":
        return None
    depth = 0
    end = close + 2
    while end < len(s):  # the url's own (balanced) brackets belong to it
        c = s[end]
        if c == "(":
            depth += 1
        elif c == ")":
            if depth == 0:
                return s[i + 1 : close], s[close + 2 : end], end + 1
            depth -= 1
        end += 1
    return None


def _inline(s, tags, links, quote):
    out = []
    i = 0
    n = len(s)
    while i < n:
        star = s.find("*", i)
        bracket = s.find("[", i) if links else -1
        j = n
        if star >= 0:
            j = star
        if 0 <= bracket < j:
            j = bracket
        if j > i:
            out.append(esc(s[i:j]) if quote else s[i:j])
        if j >= n:
            break
        if s[j] == "[":
            link = _link(s, j)
            if link is None:
                out.append("[")
                i = j + 1
                continue
            text, url, i = link
            inner = _inline(text, tags, False, quote)
            if tags and _safe(url):
                out.append('<a href="' + esc(url) + '">' + inner + "</a>")
            else:
                out.append(inner)
            continue
        double = s[j : j + 2] == "**"
        width = 2 if double else 1
        end = _closer(s, j + width, double)
        if end < 0:
            out.append(s[j : j + width])
            i = j + width
            continue
        inner = _inline(s[j + width : end], tags, links, quote)
        tag = "strong" if double else "em"
        out.append("<" + tag + ">" + inner + "</" + tag + ">" if tags else inner)
        i = end + width
    return "".join(out)


def _heading(line):
    """(level, text, id or None) of a heading line '## Text {#id}', or None."""
    level = 0
    while level < len(line) and line[level] == "#":
        level += 1
    if level < 1 or level > 3 or line[level : level + 1] != " ":
        return None
    text = line[level + 1 :].strip()
    ident = None
    k = text.rfind("{#")
    if k >= 0 and text[-1] == "}" and " " not in text[k:]:
        ident = text[k + 2 : -1] or None
        text = text[:k].strip()
    return level, text, ident


def _anchor(text):
    """(id, rest) of a text that begins with an anchor '{#R14} ', else (None, text)."""
    if not text.startswith("{#"):
        return None, text
    close = text.find("}")
    ident = text[2:close] if close > 2 else ""
    if not ident or " " in ident:
        return None, text
    return ident, text[close + 1 :].strip()


def _ruling(tag, text, anchors, title=None):
    """<p> or <li> of a text: a ruling, its id and its link (named `title(ruling)`) if anchored."""
    ident, rest = _anchor(text)
    if ident is None:
        return "<" + tag + ">" + inline(text) + "</" + tag + ">"
    anchors.append(ident)
    ref = esc(ident)
    named = "" if title is None else ' title="' + esc(title(ident)) + '"'
    return ("<" + tag + ' id="' + ref + '" class="ruling"><a class="ruling-ref" href="#' + ref
            + '"' + named + ">" + ref + "</a> " + inline(rest) + "</" + tag + ">")


def _ledger(rest):
    """[[payer, payee, amount, rule], ...] of a ledger line's 'a>c 4 R9, b>a 2 R14'."""
    out = []
    for entry in rest.split(","):
        parts = entry.split()
        if not parts:
            continue
        payer, _, payee = parts[0].partition(">")
        if len(parts) != 3 or not payer or not payee:
            raise ValueError("bad ledger entry: " + entry)
        out.append([payer, payee, int(parts[1]), parts[2]])
    return out


def _example(ident, lines, k, dress=None, heading=""):
    """The dict of an example block's lines and its <section>; `dress(example, heading)`:
    its "label", "board" (at the start), "controls" (after it) and "ledger" paragraph."""
    ex = {"id": ident, "position": "", "steps": [], "ledger": [], "ledger_after": []}
    for line in lines:
        kind, _, rest = line.strip().partition(" ")
        rest = rest.strip()
        if kind == "position" and not ex["position"]:
            ex["position"] = rest
        elif kind == "step":
            action, _, why = rest.partition(" | ")
            ex["steps"].append([action.strip(), why.strip()])
        elif kind == "ledger":
            for entry in _ledger(rest):
                ex["ledger"].append(entry)
                ex["ledger_after"].append(len(ex["steps"]) - 1)
    head = '<section class="example"'
    if ident:
        head += ' id="' + esc(ident) + '"'
    # (its position and moves, for the page to step through: the page reads no markup)
    steps = ", ".join("[" + _json(a) + ", " + _json(why) + "]" for a, why in ex["steps"])
    spec = '{"position": ' + _json(ex["position"]) + ', "steps": [' + steps + "]}"
    parts = dress(ex, heading) if dress else {}
    if "label" in parts:
        head += ' aria-label="' + esc(parts["label"]) + '"'
    out = [head + ' data-example="' + str(k) + '" data-spec="' + esc(spec) + '">',
           '<div class="example-board">' + parts.get("board", "") + "</div>"]
    out += [parts["controls"]] if parts.get("controls") else []
    out.append('<ol class="example-steps">')
    for i, step in enumerate(ex["steps"]):
        out.append('<li data-step="' + str(i) + '">' + inline(step[1]) + "</li>")
    out.append("</ol>\n" + parts.get("ledger", '<p class="example-ledger"></p>') +
               "\n</section>")
    return ex, "\n".join(out)


def _json(text):
    """A JSON string of one line of the text (no module: this one imports none)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _diagram(rest, n, draw=None):
    """The <figure> of a diagram line's 'POSITION | Caption'; `draw(position)`, if given,
    (its drawing, "1") or (the sentence saying why it cannot be drawn, "error")."""
    position, _, caption = rest.partition(" | ")
    position = position.strip()
    caption = caption.strip()
    inner, drawn = draw(position) if draw else ("", "")
    return position, ('<figure class="diagram" id="fig-' + str(n) + '" data-pos="'
                      + esc(position) + '"' + (' data-drawn="' + drawn + '"' if drawn else "")
                      + '><div class="diagram-svg" role="img" aria-label="' + plain(caption)
                      + '">' + inner + "</div><figcaption>" + inline(caption)
                      + "</figcaption></figure>")


def render(text: str, diagrams: int = 0, examples: int = 0, ruling_title=None, draw=None,
           dress=None) -> dict:
    """The rules text as {"html", "title", "toc", "diagrams", "examples", "anchors"}; the
    numbering of diagrams and examples starts after `diagrams` and `examples`;
    `ruling_title(ruling)`, if given, is the title of each ruling's link to itself ("Link to
    ruling R14"); `draw` draws each diagram (_diagram), `dress` dresses each worked example
    (_example)."""
    out = []
    res = {"html": "", "title": "", "toc": [], "diagrams": [], "examples": [], "anchors": []}
    anchors = res["anchors"]
    para = []
    items = []
    block = None  # [id, lines] of an example being read
    heading = [""]  # the text of the last heading (an example is named by its section)

    def flush():
        if para:
            out.append(_ruling("p", " ".join(para), anchors, ruling_title))
            para.clear()
        if items:
            out.append("<ul>\n" + "\n".join(_ruling("li", t, anchors, ruling_title)
                                              for t in items) + "\n</ul>")
            items.clear()

    def close_example():
        ex, html = _example(block[0], block[1], examples + len(res["examples"]), dress,
                            heading[0])
        res["examples"].append(ex)
        out.append(html)

    for raw in text.split("\n"):
        line = raw.strip()
        if block is not None:
            if line == ":::":
                close_example()
                block = None
            elif line:
                block[1].append(line)
            continue
        if not line:
            flush()
            continue
        if line.startswith("::: "):
            flush()
            kind, _, rest = line[4:].strip().partition(" ")
            if kind == "diagram":
                n = diagrams + len(res["diagrams"]) + 1
                position, html = _diagram(rest, n, draw)
                res["diagrams"].append(["fig-" + str(n), position])
                anchors.append("fig-" + str(n))
                out.append(html)
                continue
            if kind == "example":
                ident, _ = _anchor(rest.strip())
                block = [ident or "", []]
                if ident:
                    anchors.append(ident)
                continue
        head = _heading(line)
        if head is not None:
            flush()
            level, words, ident = head
            heading[0] = text_of(words)
            tag = "h" + str(level)
            attr = ""
            if ident:
                attr = ' id="' + esc(ident) + '"'
                anchors.append(ident)
                if level == 2:
                    res["toc"].append([ident, text_of(words)])
            if level == 1 and not res["title"]:
                res["title"] = text_of(words)
            out.append("<" + tag + attr + ">" + inline(words) + "</" + tag + ">")
        elif line.startswith("- "):
            if para:
                flush()
            items.append(line[2:].strip())
        elif items:
            items[-1] = items[-1] + " " + line  # a list item's continuation line
        else:
            para.append(line)
    flush()
    if block is not None:  # an example the text does not close
        close_example()
    res["html"] = "\n".join(out)
    return res
