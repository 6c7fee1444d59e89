"""Every word with a plural place ({n|tiles}) in every language, rendered at the numbers
whose forms differ (Polish: 1, 2–4, 5–21, 22–24, 25, 112; English and Dutch: 1 and the
rest, 0 included), and the number agreement a program can check: a verb whose form follows
its subject's number ("1 double are", "wat 1 verdeling kunnen", "co potrafi rozróżnić 2
rozkłady") may not share a clause with a plural place unless a reader has checked that its
subject is another word (REVIEWED). `python tests/test_plural_words.py` prints every
rendering as a table, for a reader."""

from __future__ import annotations

import re
import sys
from pathlib import Path

if __name__ == "__main__":  # (as a script: the folders pytest puts on sys.path)
    sys.path[:0] = [str(Path(__file__).resolve().parents[1] / folder)
                    for folder in (".", "web/page", "web/draw", "web/shared", "web/words",
                                   "tests")]

import pytest  # noqa: E402
import say  # noqa: E402
from say import Words, plural_index  # noqa: E402
from web_views import LANGS, catalogue  # noqa: E402

NUMBERS = (0, 1, 2, 4, 5, 12, 14, 21, 22, 25, 112)
PLURAL = re.compile(r"\{(\w+)\|(\w+)\}")
PLACE = re.compile(r"\{([^}|]+)\}")
# Verb forms that follow their subject's number, in each language.
AGREEING = {
    "en": {"is", "are", "was", "were", "has", "have", "does", "do"},
    "nl": {"is", "zijn", "was", "waren", "wordt", "worden", "heeft", "hebben", "kan", "kunnen",
           "moet", "moeten", "mag", "mogen", "ligt", "liggen", "blijft", "blijven", "telt",
           "tellen"},
    "pl": {"jest", "są", "był", "była", "było", "były", "byli", "ma", "mają", "może", "mogą",
           "potrafi", "potrafią", "zostaje", "zostają", "zostanie", "zostaną", "zostało",
           "zostały", "leży", "leżą", "pozostaje", "pozostają", "wynosi", "wynoszą", "musi",
           "muszą"},
}
# Words with such a verb beside a plural place, read: the verb's subject is not the number.
REVIEWED = {
    ("en", "position.boneyard_shown"): ("is", "the boneyard is said to hold"),
    ("en", "refuse.declare_not_paid"): ("is", "a declaration ... is not paid"),
    ("en", "review.close_call"): ("is", "(it) is within what"),
    ("en", "sum.coached_seat"): ("was", "the coach was asked"),
    ("nl", "position.deal_size"): ("heeft", "heeft elke speler"),
    ("nl", "refuse.declare_not_paid"): ("wordt", "voor ... wordt niet betaald: no subject"),
    ("nl", "refuse.must_draw"): ("heeft", "de stapel heeft"),
    ("nl", "refuse.must_draw.you"): ("heeft", "de stapel heeft"),
    ("nl", "review.close_call"): ("is", "wat ... te onderscheiden is"),
    ("nl", "review.weighed"): ("heeft", "de expert heeft"),
    ("nl", "sum.coached_seat"): ("is", "de coach is gevraagd"),
    ("pl", "pill.owes"): ("musi", "(the seat) musi czekać"),
    ("pl", "position.deal_size"): ("ma", "każdy gracz ma"),
    ("pl", "refuse.declare_not_paid"): ("ma", "nie ma wypłaty: no subject"),
}


def sample(name: str):
    """A value for a template's other places."""
    if name in say.SEATS:
        return 1
    if name in say.NUMBERS or name in ("size", "k"):
        return 3
    return {"tile": "5-3", "tiles": ["6-6", "3-3"], "side": "end:5", "first": "end:5",
            "here": "end:5", "ordinary": "end:6", "rule": "R8"}.get(name, "X")


def plural_keys(lang: str) -> list[str]:
    return sorted(k for k, v in catalogue(lang)["words"].items()
                  if isinstance(v, str) and PLURAL.search(v))


def rendered(lang: str, key: str, n: int) -> str:
    """The word `key` with every plural place's number at `n`."""
    template = catalogue(lang)["words"][key]
    params = {name: sample(name) for name in PLACE.findall(template)}
    params.update({number: n for number, _ in PLURAL.findall(template)})
    return Words(catalogue(lang), 0, ["Anna", "Bram", "Cor"]).fill(template, params)


def agreeing_verbs(lang: str, template: str) -> set[str]:
    """The agreeing verbs in the clauses of `template` that hold a plural place."""
    found: set[str] = set()
    for clause in re.split(r"[,;:.()!?]", template):
        if PLURAL.search(clause):
            words = re.findall(r"[^\W\d_]+", PLACE.sub(" ", PLURAL.sub(" ", clause)))
            found |= set(words) & AGREEING[lang]
    return found


def test_the_numbers_take_each_form_there_is():
    for lang in LANGS:
        forms = {plural_index(lang, n) for n in NUMBERS}
        assert forms == set(range(3 if lang == "pl" else 2)), lang


@pytest.mark.parametrize("lang", LANGS)
def test_every_plural_word_renders_each_form_after_its_number(lang):
    words = catalogue(lang)["words"]
    keys = plural_keys(lang)
    assert len(keys) > 20
    w = Words(catalogue(lang))
    for key in keys:
        template = words[key]
        for n in NUMBERS:
            out = rendered(lang, key, n)
            assert "{" not in out and "|" not in out, (key, n, out)
            for number, word in PLURAL.findall(template):
                if "{" + number + "} {" + number + "|" + word + "}" in template:
                    form = words["|" + word][plural_index(lang, n)]
                    assert w.number(n) + " " + form in out, (key, n, out)


@pytest.mark.parametrize("lang", LANGS)
def test_no_verb_agrees_with_a_number_it_cannot_follow(lang):
    """"1 double are not paid" (R8) was English; the Dutch and Polish close calls of the
    review had the same fault. A verb that agrees in number, in the clause of a plural
    place, is a fault unless read and listed in REVIEWED."""
    found = {key: agreeing_verbs(lang, catalogue(lang)["words"][key])
             for key in plural_keys(lang)}
    unread = {key: verbs - {REVIEWED.get((lang, key), ("",))[0]}
              for key, verbs in found.items()}
    assert {key: verbs for key, verbs in unread.items() if verbs} == {}
    stale = [key for (code, key), (verb, _) in REVIEWED.items()
             if code == lang and verb not in found.get(key, set())]
    assert stale == []


def test_the_check_finds_the_faults_it_was_written_for():
    assert agreeing_verbs("en", "{n} {n|doubles} are not paid with {players} players") == {
        "are"}
    assert agreeing_verbs("nl", "valt binnen wat {n} {n|deals} kunnen onderscheiden.") == {
        "kunnen"}
    assert agreeing_verbs("pl", "mieści się w tym, co potrafi rozróżnić {n} {n|deals}.") == {
        "potrafi"}
    assert agreeing_verbs("pl", "a nie gdy w talonie jest {n} {n|tiles}.") == {"jest"}


def table() -> str:
    """Every plural word rendered at NUMBERS, one Markdown table per language."""
    out = []
    for lang in LANGS:
        out.append(f"\n## {lang}\n\n| key | n | rendered |\n|---|---|---|")
        for key in plural_keys(lang):
            for n in NUMBERS:
                out.append(f"| {key} | {n} | {rendered(lang, key, n)} |")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.stdout.write(table())
