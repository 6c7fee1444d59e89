"""The word catalogue: events and page words made into sentences in one language.

An event is a key and its parameters (``nos/events.py``); a language's catalogue
(``web/words/<lang>.json``) maps each key to a template. Shared by the page (MicroPython) and
CPython (tests, diagrams): the MicroPython subset, no dict order relied on.

Templates: ``{name}`` is a parameter, worded by its kind (below); ``{n|tiles}`` is the plural
form of the word ``|tiles`` (a list of forms in the catalogue) for the number ``n``. A key
``k`` may have a second-person variant ``k.you``, used when the event's ``seat`` is the
viewer: "you" is decided by the seat, never by a name; else ``k.to_you`` when the event's
``to`` is the viewer (who is paid). ``k.bare`` is an action without its subject (``say``).

Parameter kinds: ``seat``/``from``/``to``/``winner`` a seat (its name, or the catalogue's
``you`` for the viewer), ``tile`` a tile, ``tiles`` a list of tiles, ``side`` a side token
(``side.<token>``, ``end:5`` → ``side.end``; the place ``{where}`` says it short, ``arm.*``),
``game`` an announcement (``game.*``; ``{game_no}`` its number alone),
``matching``/``then`` a matching (``matching.<m>``), numbers (``amount``, ``n``, …) in the
language's own way, anything else as text.
"""

import json

SEATS = ["seat", "from", "to", "winner", "setter", "turn"]
NUMBERS = ["amount", "n", "count", "end", "out", "pot", "hand", "players", "game", "chips",
           "arm", "seconds", "mb", "total"]


def plural_index(lang, n):
    """Which plural form a number takes: English and Dutch one/other, Polish
    one/few/many (1 płytka, 2–4 płytki, 5 płytek; 12–14 płytek; 22 płytki)."""
    n = abs(int(n))
    if lang == "pl":
        if n == 1:
            return 0
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return 1
        return 2
    return 0 if n == 1 else 1


def pieces_of(template):
    """A template as [text, place, text, place, …, text] (a "{" without its "}" is text),
    kept: the page fills the same few hundred templates at every move."""
    pieces = []
    i = 0
    while True:
        start = template.find("{", i)
        end = template.find("}", start) if start >= 0 else -1
        if end < 0:
            pieces.append(template[i:])
            break
        pieces.append(template[i:start])
        pieces.append(template[start + 1:end])
        i = end + 1
    if len(_PIECES) >= PIECES_KEPT:
        _PIECES.clear()
    _PIECES[template] = pieces
    return pieces


_PIECES = {}
PIECES_KEPT = 2000
# A plural place "n|tiles" as ("n", "|tiles"), and texts with a capital first: kept, as a
# new string costs MicroPython a search of all the names it knows (docs/performance.md).
_PLURALS = {}
_CAPITALS = {}


def _text(value):
    """str(value), but a str itself rather than its copy (which costs MicroPython a new
    string's search of all the names it knows, docs/performance.md)."""
    return value if type(value) is str else str(value)


def _plural(name):
    """("n", "|tiles") of a plural place "n|tiles", kept."""
    num, _, word = name.partition("|")
    if len(_PLURALS) >= PIECES_KEPT:
        _PLURALS.clear()
    out = _PLURALS[name] = (num, "|" + word)
    return out


def group(n, sep, least):
    """``n`` with its thousands separated by ``sep`` from ``least`` digits on."""
    digits = str(abs(int(n)))
    if len(digits) >= least:
        parts = []
        while len(digits) > 3:
            parts.insert(0, digits[-3:])
            digits = digits[:-3]
        parts.insert(0, digits)
        digits = sep.join(parts)
    return ("−" if int(n) < 0 else "") + digits


def play_key(event):
    """The key of a play's sentence by its flags: out of turn (R9), the outward end a
    matador shows on a matador end (R61), a claimed double (H2) and a close (R16). One whole
    sentence each, never glued from pieces (a language orders and inflects them its own
    way)."""
    close = event.get("close") is True
    if event.get("out_of_turn") is True:
        return "act.play_out_of_turn"
    if event.get("claim") is True:
        return "act.play_claim_close" if close else "act.play_claim"
    if event.get("out") is not None:
        return "act.play_out_close" if close else "act.play_out"
    return "act.play_close" if close else "act.play"


def catalogue(text):
    """The ``Words`` of a catalogue's text (``web/words/<lang>.json``), or None if there is no
    text (None) or it is not one (damaged, cut short, not JSON)."""
    if text is None:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("words"), dict):
        return None
    return Words(data)


class Words:
    """One language's catalogue: ``say(event)`` and ``word(key, **params)``."""

    def __init__(self, data, viewer=None, names=None):
        self.lang = str(data.get("lang", "en"))
        self.words = data.get("words") or {}
        self.viewer = viewer
        self.names = names or []
        # The keys with a form for the viewer (".you"), for a payment to the viewer
        # (".to_you") and without its subject (".bare"), by the key they are forms of.
        self.forms = {".you": {}, ".to_you": {}, ".bare": {}}
        for key in self.words:
            for end in (".you", ".to_you", ".bare"):
                if key.endswith(end):
                    self.forms[end][key[:-len(end)]] = key
        self._numbers = {}

    def has(self, key):
        return key in self.words

    def number(self, n):
        """A number as the language writes it (1,500 · 1.500 · 1500 / 10 000)."""
        out = self._numbers.get(n) if type(n) is int else None
        if out is not None:
            return out
        if self.lang == "nl":
            out = group(n, ".", 4)
        elif self.lang == "pl":
            out = group(n, "\u00a0", 5)
        else:
            out = group(n, ",", 5)
        if type(n) is int:  # (kept: the same few counts and chips recur)
            if len(self._numbers) >= PIECES_KEPT:
                self._numbers = {}
            self._numbers[n] = out
        return out

    def decimal(self, x):
        """A number with one decimal, as the language writes it (−3.5 · −3,5); "+" before a
        positive one with `signed`."""
        tenths = int(abs(x) * 10 + 0.5)
        text = self.number(tenths // 10) + ("," if self.lang in ("nl", "pl") else ".") + \
            str(tenths % 10)
        return ("−" if x < 0 and tenths else "") + text

    def signed(self, n):
        return ("+" if n > 0 else "") + self.number(n)

    def name(self, seat):
        if seat is None:
            return "?"
        if seat == self.viewer:
            return self.words.get("you", "you")
        if 0 <= seat < len(self.names):
            return _text(self.names[seat])
        return self.fill(self.words.get("seat_n", "{n}"), {"n": seat + 1})

    def tiles(self, tiles):
        tiles = [_text(t) for t in tiles]
        if len(tiles) < 2:
            return "".join(tiles)
        return ", ".join(tiles[:-1]) + self.words.get("list.and", " and ") + tiles[-1]

    def side(self, token):
        token = _text(token)
        if token.startswith("end:"):
            return self.fill(self.words.get("side.end", "{n}"), {"n": int(token[4:])})
        return self.words.get("side." + token, token)

    def arm(self, token):
        """A side by its short name, as the table shows it beside its end: "north",
        "5-side" (the catalogue's `arm.*`)."""
        token = _text(token)
        if token.startswith("end:"):
            return self.fill(self.words.get("arm.end", "{n}"), {"n": int(token[4:])})
        return self.words.get("arm." + token, token)

    def game(self, params):
        """An announcement's name (``nos.games.announcement_params``)."""
        params = params or {}
        g = params.get("game", 1)
        w = self.words
        if g == 11:
            text = w.get("matching." + str(params.get("matching")), "")
            if params.get("here") is not None:
                text += self.fill(w["game.11.here"], params)
            if params.get("first") is not None:
                text += self.fill(w["game.11.first"], params)
            if params.get("then") is not None:
                text += self.fill(w["game.11.then"], params)
            return text
        if g == 12:
            if params.get("shape") == "line":
                if params.get("first") is not None:
                    return self.fill(w["game.12.first"], params)
                return self.fill(w["game.12.line"], params)
            return self.fill(w["game.12.cross"], params)
        if g == 17:
            key = "game.17.double" if params.get("shape") == "double cross" else "game.17.named"
            return self.fill(w[key], params)
        return w.get("game." + str(g), str(g))

    def value(self, name, value):
        """One parameter in words, by its kind."""
        if name in SEATS:
            return self.name(value)
        if name == "tiles":
            return self.tiles(value or [])
        if name in ("side", "here", "first", "ordinary"):
            return self.side(value)
        if name == "game":
            return self.game(value) if isinstance(value, dict) else self.number(value)
        if name in ("matching", "then"):
            return self.words.get("matching." + str(value), str(value))
        if name in ("shape", "axis", "level", "pace"):
            return self.words.get(name + "." + str(value), str(value))
        if name == "counts":  # R21: each seat's count
            return ", ".join([self.name(s) + " " + self.number(c) for s, c in
                              enumerate(value or [])])
        if name == "draws":  # R22: rounds of [seat, tile, its value]; all but the last tied
            rounds = [", ".join([self.name(d[0]) + " " + str(d[1]) + (
                " (" + self.number(d[2]) + ")" if len(d) > 2 else "") for d in rnd])
                for rnd in value or []]
            return "; ".join([r + ", " + self.words.get("log.tiebreak_again", "")
                                for r in rounds[:-1]] + rounds[-1:])
        if name in NUMBERS and isinstance(value, int) and not isinstance(value, bool):
            return self.number(value)
        return _text(value)

    def fill(self, template, params):
        """The template with its ``{name}`` and ``{n|word}`` places filled in."""
        template = _text(template)
        pieces = _PIECES.get(template)
        if pieces is None:
            pieces = pieces_of(template)
        if len(pieces) == 1:  # (no place to fill: most of a page's words)
            return pieces[0]
        out = []
        for k in range(0, len(pieces) - 1, 2):
            out.append(pieces[k])
            name = pieces[k + 1]
            if name == "why":  # the reason of the ruling in "rule" (a payment's)
                out.append(self.words.get("why." + str(params.get("rule")), ""))
            elif name == "ended":  # why a hand ended, from its ruling in "reason"
                out.append(self.words.get("ended." + str(params.get("reason")), ""))
            elif name == "where":  # the side in "side" by its short name (arm.*)
                out.append(self.arm(params.get("side", "")))
            elif name == "game_no":  # the number of the game in "game"
                game = params.get("game")
                out.append(self.number(game.get("game", 0) if isinstance(game, dict) else
                                       game or 0))
            elif "|" in name:
                num, key = _PLURALS.get(name) or _plural(name)
                forms = self.words.get(key) or [key[1:]]
                n = params.get(num, 0)
                form = plural_index(self.lang, n if isinstance(n, int) else 0)
                out.append(_text(forms[min(form, len(forms) - 1)]))
            else:
                out.append(self.value(name, params.get(name, "")))
        out.append(pieces[-1])
        return "".join(out)

    def word(self, key, params=None, seat=None):
        """The page word ``key`` with its parameters; its ``.you`` form for the viewer."""
        params = params or {}
        if seat is None:  # the subject: who acts, or who pays
            seat = params.get("seat", params.get("from"))
        if seat is not None and seat == self.viewer and key in self.forms[".you"]:
            key = self.forms[".you"][key]
        elif self.viewer is not None and params.get("to") == self.viewer and \
                key in self.forms[".to_you"]:
            key = self.forms[".to_you"][key]  # (the viewer paid: a language may word it apart)
        template = self.words.get(key)
        if template is None:
            return key
        return self.fill(template, params)

    def say(self, event, bare=False):
        """An event as a sentence (a play's by its flags: ``play_key``). ``bare``: without
        its subject (the key's ``.bare`` form, where there is one), for a seat's own panel,
        which names the seat already; the viewer's own actions keep their ``.you`` form."""
        if not event:
            return ""
        key = str(event.get("key", ""))
        if key == "act.play":
            key = play_key(event)
        if bare and event.get("seat") != self.viewer and key in self.forms[".bare"]:
            return self.fill(self.words[self.forms[".bare"][key]], event)
        return self.word(key, event)

    def capital(self, text):
        out = _CAPITALS.get(text)
        if out is None:
            out = text[:1].upper() + text[1:]
            if len(_CAPITALS) >= PIECES_KEPT:
                _CAPITALS.clear()
            _CAPITALS[text] = out
        return out

    def sentence(self, text):
        """A whole sentence: a capital first, a full stop last (unless it has its own)."""
        text = self.capital(str(text).strip())
        return text if not text or text[-1] in ".!?…" else text + "."
