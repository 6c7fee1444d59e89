"""The page in English, Dutch and Polish (web/words/): a whole hand played by clicking in
Dutch and one in Polish, the language switched in the middle of a hand, and a reload that
keeps both the language and the game. Every sentence of the log, the prompt and the header
is the catalogue's wording of the engine's events, in the language shown."""

from __future__ import annotations

import json

import pytest
from e2e_play import log_entries, open_game, play_hand, settle, state
from e2e_play import web_views as views

FIXED = "&seed={seed}&players=3&level=beginner&delay=0"


def shown_view(page) -> dict:
    """The engine's last reply as the page stored it (nos.shown.v1): its view."""
    return json.loads(page.evaluate("localStorage.getItem('nos.shown.v1')"))["view"]


def log_texts(page) -> list[str]:
    """Each entry's sentence (its ruling a link, its payments a list of their own)."""
    return [e["text"] for e in log_entries(page)]


def expected_log(view: dict, lang: str) -> list[str]:
    w = views.words(lang, view)
    return [w.capital(w.say(e["event"])) for e in view["log"]]


def words_shown(page, lang: str) -> None:
    """The page speaks `lang`: <html lang>, the header, the help, the log, every button."""
    w = views.words(lang)
    assert page.get_attribute("html", "lang") == lang
    assert page.text_content("header [data-cmd=new-game]") == w.word("btn.new_game")
    assert page.text_content("#log-panel summary") == w.word("panel.log")
    assert page.text_content("#help summary") == w.word("panel.help")
    assert page.title() == w.word("page.title")
    assert page.input_value("#lang-select") == lang
    view = shown_view(page)
    assert log_texts(page) == expected_log(view, lang)


# Each word of the help's table of payments and each ruling in it, in how many lines it is
# drawn (a word broken across lines is drawn in more than one).
WORD_LINES = """() => {
  const out = [];
  for (const cell of document.querySelectorAll('#help-payments th, #help-payments td')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const re = /[^\\s]+/g;
      for (let m = re.exec(node.data); m; m = re.exec(node.data)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        out.push([m[0], tops.size]);
      }
    }
  }
  return out;
}"""


def payments_read_whole(page) -> None:
    """The help's table of payments, in a column beside the table, breaks no word and no
    ruling across lines (it broke the long Dutch and Polish words letter by letter), save
    at a hyphen of its own ("0-0")."""
    page.evaluate("document.getElementById('help').open = true")
    page.locator("#help-payments").scroll_into_view_if_needed()
    words = page.evaluate(WORD_LINES)
    assert len(words) > 50
    broken = [w for w, lines in words if lines > 1 and "-" not in w]
    assert broken == [], broken
    page.evaluate("document.getElementById('help').open = false")


@pytest.mark.parametrize(("lang", "seed"), [("nl", 5), ("pl", 8)])
def test_a_whole_hand_by_clicking_in_another_language(app, guard, base_url, lang, seed):
    open_game(app, base_url, "?lang=" + lang + FIXED.format(seed=seed))
    words_shown(app, lang)
    payments_read_whole(app)
    play_hand(app)
    words_shown(app, lang)
    # The hand-end summary is in the language too.
    w = views.words(lang)
    assert w.word("btn.next_hand") in app.text_content("#controls")
    assert w.word("th.count") in app.text_content("#controls")
    english = views.words("en")
    assert english.word("btn.next_hand") not in app.text_content("#controls")
    guard.check()


def test_switching_language_mid_hand_and_reloading_keeps_both(app, guard, base_url):
    open_game(app, base_url, "?lang=en" + FIXED.format(seed=5))
    words_shown(app, "en")
    before = state(app)
    app.select_option("#lang-select", "pl")
    app.wait_for_function("document.documentElement.lang === 'pl'")
    settle(app)
    words_shown(app, "pl")
    prompt = app.text_content("#controls .prompt")
    assert prompt and prompt not in views.catalogue("en")["words"].values()
    assert state(app)["hand"] == before["hand"] and state(app)["log"] == before["log"]
    assert app.text_content("#announcer") == ""  # (no English left in the live region)
    assert app.get_attribute(".rules-link", "href") == "./rules.html?lang=pl"
    assert app.get_attribute(".rules-link", "target") is None  # (the game is saved)
    # The choice is kept: a reload shows the same game, in Polish.
    app.reload()
    settle(app)
    words_shown(app, "pl")
    assert state(app)["hand"] == before["hand"]
    assert app.evaluate("localStorage.getItem('nos.lang')") == "pl"
    guard.check()


def test_a_bad_lang_parameter_is_one_sentence_and_the_page_goes_on(app, guard, base_url):
    open_game(app, base_url, "?lang=xx" + FIXED.format(seed=5))
    assert "“xx”" in app.text_content("#status")
    assert app.get_attribute("html", "lang") in ("en", "nl", "pl")
    guard.check()


def test_arrowing_through_the_language_list_switches_once_to_where_it_rests(app, guard,
                                                                           base_url):
    """An arrow key changes a closed list at once: the page waits until the keys rest and
    is drawn in the language chosen, not in each one passed on the way."""
    open_game(app, base_url, "?seed=3&players=3&level=beginner&delay=0")
    app.evaluate("""() => { window.langs = []; new MutationObserver(() =>
        window.langs.push(document.documentElement.lang)).observe(document.documentElement,
        {attributes: true, attributeFilter: ['lang']}); }""")
    app.focus("#lang-select")
    app.keyboard.press("ArrowDown")  # Nederlands
    app.keyboard.press("ArrowDown")  # Polski
    app.wait_for_function("document.documentElement.lang === 'pl'", timeout=10_000)
    assert app.evaluate("window.langs") == ["pl"]
    guard.check()


# The catalogue is held by routing its request, which a service worker would answer instead
# (the app registers one once playable: with ?delay=0 it could take over before the choice).
@pytest.mark.browser_context_args(service_workers="block")
def test_two_choices_in_a_row_show_the_last_whichever_catalogue_arrives_last(app, guard,
                                                                            base_url):
    """Dutch chosen, then Polish before Dutch's catalogue has come: the page is Polish and
    playable while Dutch's catalogue is still on its way, and stays Polish when it arrives
    after all."""
    open_game(app, base_url, "?lang=en" + FIXED.format(seed=5))
    held = []
    app.context.route("**/web/words/nl.json", lambda route: held.append(route))
    app.select_option("#lang-select", "nl")
    for _ in range(100):
        if held:
            break
        app.wait_for_timeout(50)
    assert held, "the page never asked for nl.json"
    app.select_option("#lang-select", "pl")
    app.wait_for_function("document.documentElement.lang === 'pl'")
    settle(app)  # (a catalogue no longer wanted does not hold the game up)
    app.context.unroute("**/web/words/nl.json")
    for route in held:
        route.fallback()
    app.wait_for_timeout(500)
    settle(app)
    words_shown(app, "pl")
    assert app.evaluate("localStorage.getItem('nos.lang')") == "pl"
    guard.check()
