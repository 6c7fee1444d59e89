"""Words are data (web/words/): every language has every key the code uses and no other,
its placeholders match the English ones, its plural forms are complete; the page's modules
hold no user-visible English of their own; and events become the sentences they should, with
"you" decided by the seat, never by a name."""

from __future__ import annotations

import ast
import html
import json
import re
import sys
from html.parser import HTMLParser

import pytest
import render_together
import say
import state
import web_views
from say import Words, plural_index
from web_views import LANGS, ROOT, WEB, catalogue

from nos import notation, position
from nos.app import Table
from nos.diagnose import REFUSALS
from nos.settings import SETTINGS
from nos.view import ROWS

sys.path.insert(0, str(ROOT / "scripts"))
import static_words  # noqa: E402 - scripts/, above

# Every module of the main thread, drawing and DOM glue alike.
PAGE_MODULES = sorted(p.relative_to(WEB).as_posix()
                      for folder in ("page", "draw", "shared", "site")
                      for p in (WEB / folder).glob("*.py"))
# Strings in the page's modules that are data, not words for the reader.
NOT_WORDS = {"out of turn",  # the engine's name of a phase
             "seat-tile declared",  # CSS classes
             "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",  # the font
             "Escape", "Enter", "Home", "End",  # key names
             "English", "Nederlands", "Polski",  # each language named in itself
             # Reasons for developers, never shown: a record link's, the rules text's.
             "too long", "inflates too far", "nested too deep", "not a record: ",
             "no compressobj",
             "bad ledger entry: ",
             ".example-steps li"}  # a CSS selector
PLACEHOLDER = re.compile(r"\{([^}]*)\}")


def used_keys() -> set[str]:
    """Every key the code can ask the catalogue for."""
    keys: set[str] = {"you", "seat_n", "list.and"}
    sources = [p.read_text(encoding="utf-8") for p in WEB.rglob("*.py")]
    sources += [p.read_text(encoding="utf-8") for p in (ROOT / "nos").rglob("*.py")]
    # (the rules page's text, written at build time in each language)
    sources.append((ROOT / "scripts" / "rules_pages.py").read_text(encoding="utf-8"))
    html = "".join((ROOT / name).read_text(encoding="utf-8")
                   for name in ("index.template.html", "rules.html", "embed.html"))
    for text in sources:
        keys |= set(re.findall(r'word\(\s*"([a-z_0-9.]+)"', text))
        keys |= set(re.findall(r'"key": "([a-z_0-9.]+)"', text))
        keys |= set(re.findall(r'Refused\("([a-z_0-9.]+)"', text))
        keys |= {k for k in re.findall(r'"([a-z]+\.[a-z_0-9.]+)"', text)
                 if k.split(".")[0] in ("prompt", "pill", "legend", "end", "notice", "error",
                                        "status", "th", "diagram", "ann", "center", "hand",
                                        "act", "log", "pays", "table", "force", "turn",
                                        "together")}
    keys = {k for k in keys if not k.endswith(".")}  # prefixes of the families below
    page = state.Page()  # (the page's own names of its state, display.redraw's, are no words)
    english = catalogue("en")["words"]
    keys = {k for k in keys if k in english or not (
        "." in k and k.split(".")[0] in vars(page) and
        hasattr(getattr(page, k.split(".")[0]), k.split(".")[1]))}
    keys |= {k + ".who" for k in keys if k.startswith("pays.")}  # "How to play"'s payments
    keys |= set(re.findall(r'data-word(?:-title)?="([a-z_0-9.]+)"', html))
    keys |= {f"refuse.{k}" for k in REFUSALS}
    # A bad position text, worded on the rules page and in the embeds (web/site/figures.py).
    keys |= {f"position.{k}" for k in (*notation.ERRORS, *position.ERRORS)}
    keys |= {f"game.{g}" for g in range(1, 18)} | {f"hint.{g}" for g in range(1, 18)}
    keys |= {"game.11.here", "game.11.first", "game.11.then", "game.12.line", "game.12.first",
             "game.12.cross", "game.17.named", "game.17.double"}
    sides = ("n", "e", "s", "w", "left", "right", "arm1", "arm2", "arm3", "fourth", "end")
    keys |= {f"side.{s}" for s in sides}
    keys |= {f"arm.{s}" for s in sides}  # the arms' short names (say.arm, the table)
    # Played together: each seat's connection (render_together.SEAT_STATES), and why the
    # camera could not scan (web/together/qr.js's reasons).
    keys |= {f"together.seat.{s}" for s in render_together.SEAT_STATES}
    keys |= {f"together.camera.{r}" for r in ("no_camera", "denied", "insecure", "failed")}
    # The table's bar: the game's state and the turn, by nos/force.py.
    keys |= {f"force.{k}" for k in ("next_on", "first_on", "opening", "fourth_later",
                                    "fourth_open", "matching", "matching_each", "changed",
                                    "change_later")}
    keys |= {f"turn.{k}" for k in ("set_first", "set", "announce", "declare", "out_of_turn",
                                   "wait", "play", "over")}
    keys |= {"matching.ordinary", "matching.matador", "shape.line", "shape.cross",
             "shape.double cross", "axis.ns", "axis.ew"}
    keys |= {f"level.{lv}" for lv in SETTINGS["levels"]}
    keys |= {f"pace.{name}" for name, _ in SETTINGS["paces"]}
    keys |= {f"do.{k}" for k in ("set", "draw_set", "draw", "draw_until", "declare", "decline",
                                 "no_double", "wait", "pass", "play", "announce")}
    keys |= {f"unavailable.{k}" for k in ("needs_double", "needs_double_blank",
                                          "not_double_blank")}
    keys |= {f"why.R{r}" for r in (6, 8, 9, 14, 15, 18, 19, 21, 24)}
    keys |= {f"ended.{r}" for r in ("R20a", "R18", "R20c")}
    keys |= {f"ann.row.{r}" for r in ROWS}
    keys |= {"ann.shape.line", "ann.shape.cross", "ann.shape.double cross", "ann.axis.ns",
             "ann.axis.ew", "ann.matching.ordinary", "ann.matching.matador",
             "ann.condition.here", "ann.condition.first", "ann.condition.none"}
    keys |= {"note.nth", "note.first", "note.fourth"}
    keys |= {f"diagram.to.{p}" for p in ("set", "announce", "declare", "out_of_turn", "play")}
    # Every action without its subject, as a seat's panel shows it (say.py, render_table).
    keys |= {k + ".bare" for k in set(keys) if k.startswith("act.") and k.count(".") == 1}
    # Second-person forms and the plural words the templates name.
    en = catalogue("en")["words"]
    keys |= {k for k in en if k.endswith(".you") and k[:-4] in keys}
    keys |= {k for k in en if k.endswith(".to_you") and k[:-7] in keys}
    for template in en.values():
        if isinstance(template, str):
            keys |= {"|" + p.split("|")[1] for p in PLACEHOLDER.findall(template) if "|" in p}
    return keys


def test_english_has_every_key_the_code_uses_and_no_other():
    en = set(catalogue("en")["words"])
    used = used_keys()
    assert sorted(used - en) == [], "keys the code uses but English lacks"
    assert sorted(en - used) == [], "keys English has but no code uses"


class StaticWords(HTMLParser):
    """The text of each [data-word] element, the title of each [data-word-title] one."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, str | None]] = []  # (tag, its word key) of open elements
        self.texts: dict[str, str] = {}
        self.titles: dict[str, str | None] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        got = dict(attrs)
        if got.get("data-word-title"):
            self.titles[got["data-word-title"]] = got.get("title")
        if tag not in ("meta", "link", "input", "br", "img"):
            self.open.append((tag, got.get("data-word")))
            if got.get("data-word"):
                self.texts[got["data-word"]] = ""

    def handle_endtag(self, tag: str) -> None:
        while self.open and self.open.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        for _tag, key in self.open:
            if key:
                self.texts[key] += data


def test_index_html_is_written_from_the_english_words_at_build_time():
    """index.html's static words are en.json's, written in at build time from
    index.template.html (scripts/static_words.py), which holds none of its own; the page
    translates them only when it shows another language (web/page/language.py)."""
    template = (ROOT / static_words.TEMPLATE).read_text(encoding="utf-8")
    english = catalogue("en")["words"]
    page = static_words.page(template, english)
    parser = StaticWords()
    parser.feed(page)
    assert len(parser.texts) > 30 and parser.titles
    assert {k: v for k, v in parser.texts.items() if english.get(k) != v} == {}
    assert {k: v for k, v in parser.titles.items() if english.get(k) != v} == {}
    empty = StaticWords()
    empty.feed(template)
    assert set(empty.texts) == set(parser.texts) and set(empty.texts.values()) == {""}
    assert html.unescape(re.search(r"<title[^>]*>(.*?)</title>", page).group(1)) == \
        english["page.title"]
    assert '<html lang="en">' in page
    with pytest.raises(ValueError):  # (words of its own would be written twice)
        static_words.page(template.replace("></h1>", ">Nos</h1>", 1), english)


@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_language_has_the_english_keys_and_placeholders(lang):
    en = catalogue("en")["words"]
    other = catalogue(lang)
    assert other["lang"] == lang
    words = other["words"]
    assert sorted(set(en) ^ set(words)) == []
    for key, template in en.items():
        if isinstance(template, str):
            assert set(PLACEHOLDER.findall(template)) == set(
                PLACEHOLDER.findall(words[key])), key
        else:
            forms = 3 if lang == "pl" else 2
            assert len(words[key]) == forms and all(words[key]), key


def test_a_catalogue_is_read_or_refused_as_damaged():
    """Both the app and the rules page read a catalogue with say.catalogue: every shipped one
    reads; a damaged one is None (the app keeps its language, the site shows English)."""
    for lang in LANGS:
        words = say.catalogue((WEB / "words" / f"{lang}.json").read_text(encoding="utf-8"))
        assert words is not None and words.lang == lang and words.has("review.working")
    for text in ('{"lang": "pl"}', '{"lang": "pl", "words": []}', '["words"]', "", "null",
                 '{"lang": "nl", "words": {', "<!doctype html><p>offline</p>", None):
        assert say.catalogue(text) is None, text


@pytest.mark.parametrize("n", [0, 1, 2, 4, 5, 12, 14, 21, 22, 25, 101, 112, 122])
def test_plural_forms(n):
    assert plural_index("en", n) == (0 if n == 1 else 1)
    polish = 0 if n == 1 else 1 if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else 2
    assert plural_index("pl", n) == polish
    pl = Words(catalogue("pl"))
    assert pl.word("seat.tiles", {"n": n}).split()[-1] == catalogue("pl")["words"][
        "|tiles"][polish]


def test_numbers_are_written_per_language():
    assert [Words(catalogue(lang)).number(12345) for lang in LANGS] == [
        "12,345", "12.345", "12\u00a0345"]
    assert [Words(catalogue(lang)).number(1500) for lang in LANGS] == ["1500", "1.500", "1500"]
    assert Words(catalogue("en")).signed(-20) == "−20"


@pytest.mark.parametrize("path", PAGE_MODULES)
def test_no_user_visible_english_in_the_page_modules(path):
    """Words the reader sees come from the catalogue: a string constant with words in it,
    outside docstrings, is a finding (data such as phase names is listed in NOT_WORDS)."""
    tree = ast.parse((WEB / path).read_text(encoding="utf-8"))
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
            and n.body and isinstance(n.body[0], ast.Expr)
            and isinstance(n.body[0].value, ast.Constant)}
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or \
                id(node) in docs or node.value in NOT_WORDS:
            continue
        text = node.value
        sentence = re.search(r"[A-Za-z]{2,}[ ,'][A-Za-z]{2,}", text) and \
            not re.search(r"[<>={}#]", text)
        if sentence or re.fullmatch(r"[A-Z][a-z]+[.!…]?", text.strip()):
            found.append((node.lineno, text))
    # Console messages are for developers, not readers.
    found = [(n, t) for n, t in found if not t.startswith("Nos: ")]
    assert found == []


# ---------------------------------------------------------------- sentences
def test_you_is_the_viewers_seat_never_a_name():
    en = Words(catalogue("en"), viewer=2, names=["You", "Anna", "Bram"])
    assert en.say({"key": "act.draw", "seat": 2}) == "you draw a tile"
    assert en.say({"key": "act.draw", "seat": 0}) == "You draws a tile"  # a name, 3rd person
    assert en.say({"key": "pay", "from": 2, "to": 1, "amount": 5, "rule": "R15"}) == \
        "you pay Anna 5: nos, R15"
    assert en.say({"key": "pay", "from": 1, "to": 2, "amount": 5, "rule": "R15"}) == \
        "Anna pays you 5: nos, R15"


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_of_a_session_is_a_sentence(lang):
    """A whole session's log, its payments, refusals and errors: every event is worded,
    every placeholder filled, in every language."""
    w = Words(catalogue(lang), viewer=0, names=["You", "Anna", "Bram", "Cor"])
    for event in web_views.events():
        text = w.say(event)
        assert text and "{" not in text and "}" not in text and "None" not in text, event
        assert not text.startswith(event["key"]), event


def test_a_refusal_is_an_event_with_its_ruling():
    table = Table(4, seed=3, level="beginner")
    table.start()
    view = table.act("pass")
    error = view["error"]
    assert error["key"].startswith(("refuse.", "error.")) and error.get("rule", "R") [0] == "R"
    assert json.loads(json.dumps(error)) == error


@pytest.mark.parametrize("lang", LANGS)
def test_plain_words_no_ruling_codes_in_prompts_or_how_to_play(lang):
    """Prompts, confirmations, the table's centre, the close hint and "How to play" speak
    plainly: no "(R7)"; rulings are links in the log, in refusals and in the payment table."""
    words = catalogue(lang)["words"]
    plain = [k for k in words if k.split(".")[0] in ("prompt", "confirm", "center", "help",
                                                       "pays", "table")
             or k in ("ann.sub", "set.title", "toggle.close_hint")]
    assert len(plain) > 60
    assert [k for k in plain if re.search(r"\bR\d", words[k])] == []


def test_r57_the_side_showing_a_number_is_named_unambiguously_in_polish():
    """"najpierw 3 na koniec 2" read as "first 3, finally 2": the side that shows a number
    (a line condition on a non-double, R57) is "the side with 2" there, in the case "na" takes."""
    pl = Words(catalogue("pl"))
    first = pl.game({"game": 11, "matching": "ordinary", "first": "end:2", "count": 3})
    here = pl.game({"game": 11, "matching": "ordinary", "here": "end:5"})
    assert "na koniec" not in first and first.endswith("najpierw 3 na stronę z 2")
    assert "(na stronę z 5)" in here


def test_r22_a_tiebreak_names_each_tile_with_its_value_and_a_tie_again():
    """Two rounds: the first tied again (6 and 6), the second decided (7 against 9)."""
    en = Words(catalogue("en"), viewer=0, names=["You", "Anna", "Bram"])
    event = {"key": "log.tiebreak", "count": 28, "rule": "R22",
             "draws": [[[0, "6-0", 6], [2, "3-3", 6]], [[0, "6-1", 7], [2, "6-3", 9]]]}
    assert en.say(event).endswith(
        "(R22): you 6-0 (6), Bram 3-3 (6), tied again; you 6-1 (7), Bram 6-3 (9)")


def test_r24_the_pot_won_by_the_viewer_is_said_in_the_second_person():
    """Polish "Pulę otrzymuje: ty." was wrong: the winner who is "you" has a form of their own."""
    import render_summary

    view = {"viewer": 1, "names": ["Anna", "Bram", "Cor"], "chips": [500, 500, 500],
            "start_chips": 500, "settlement": {"totals": [500, 510, 490],
                                               "kept": [500, 500, 480], "final": [500, 520, 480],
                                               "pot": 20, "pot_winner": 1}}
    for lang, said in (("en", "it goes to you."), ("nl", "jij wint de pot."),
                       ("pl", "Pulę otrzymujesz ty.")):
        html = render_summary.settlement_html(view, Words(catalogue(lang), 1, view["names"]))
        assert said in html, lang
    html = render_summary.settlement_html({**view, "viewer": 0},
                                         Words(catalogue("pl"), 0, view["names"]))
    assert "Pulę otrzymuje: Bram." in html


def test_a_payment_to_the_viewer_has_its_own_wording_where_the_language_asks():
    """Dutch and Polish cannot put "jij"/"ty" where the one paid stands: a payment to the
    viewer is worded apart (pay.to_you); a payment by the viewer stays pay.you."""
    import web_views

    event = {"key": "pay", "from": 1, "to": 0, "amount": 6, "rule": "R6", "why": "x"}
    said = {lang: web_views.words(lang, {"viewer": 0, "names": ["A", "Bram", "Cor"]}).say(event)
            for lang in ("en", "nl", "pl")}
    assert said["en"].startswith("Bram pays you 6")
    assert said["nl"].startswith("Bram betaalt je 6")
    assert said["pl"].startswith("Bram płaci ci 6")
    other = dict(event, to=2)
    assert web_views.words("nl", {"viewer": 0, "names": ["A", "Bram", "Cor"]}).say(
        other).startswith("Bram betaalt Cor 6")


@pytest.mark.parametrize("lang", LANGS)
def test_r9_r16_r61_h2_a_play_with_its_flags_is_one_sentence_of_its_own(lang):
    """Each play's flags (out of turn, the outward end, a claim, a close) choose one whole
    sentence with its second-person and subjectless forms: nothing is glued to it."""
    w = Words(catalogue(lang), viewer=0, names=["A", "B", "C"])
    flags = [{"out_of_turn": True}, {}, {"out": 0}, {"out": 5, "close": True},
             {"claim": True}, {"claim": True, "close": True}, {"close": True}]
    keys = set()
    for extra in flags:
        event = {"key": "act.play", "seat": 1, "tile": "5-2", "side": "n", **extra}
        key = say.play_key(event)
        keys.add(key)
        for form in ("", ".you", ".bare"):
            assert key + form in w.words, key + form
        mine = w.say({**event, "seat": 0})
        assert w.say(event) == w.fill(w.words[key], event) and "{" not in w.say(event)
        assert mine == w.fill(w.words[key + ".you"], event) and mine != w.say(event)
        assert w.say(event, bare=True) == w.fill(w.words[key + ".bare"], event)
    assert len(keys) == len(flags)
