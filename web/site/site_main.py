"""The rules page and the embeds (MicroPython, no Pyodide): the language, then the page.

`<body data-page="rules">` is rules.html (rules_page.py), `data-page="embed"` is embed.html
(embed_page.py). Both draw with the app's renderer (web/draw/) and read positions and
records with the engine itself (nos/, run by MicroPython: tests/test_engine_micropython.py).
"""

import asyncio

from browser import LANG_KEY, absent, fill_words, storage_get, storage_set
from languages import catalogue_url, choose_language
from pyscript import document, window
from query import parse_query
from say import Words, catalogue


def query():
    """{name: value} of the URL's parameters (the last of a name wins)."""
    out = {}
    for name, value in parse_query(window.location.search):
        out[name] = value
    return out


def browser_languages():
    found = []
    languages = window.navigator.languages
    if not absent(languages):
        for i in range(languages.length):
            found.append(str(languages[i]))
    return found


async def fetch_text(url):
    """The text at `url`, or None (a missing file, no network, offline without it)."""
    try:
        response = await window.fetch(url)
        if not response.ok:
            return None
        return str(await response.text())
    except Exception:  # noqa: BLE001
        return None


def choose(asked, remember):
    """The language to show: ?lang= (`asked`), then the one chosen before if `remember`
    (the rules page; an embed's choice is the host site's), then the browser's."""
    stored = storage_get(LANG_KEY) if remember else None
    code, bad = choose_language(asked, stored, browser_languages())
    if remember and asked and not bad:
        storage_set(LANG_KEY, code)
    return code


async def read_words(code, fetching=None):
    """(code, catalogue) of language `code`, or of English if it cannot be had; the page is
    not touched. `fetching`: a task already fetching it."""
    words = catalogue(await (fetching or fetch_text(catalogue_url(code))))
    if words is None and code != "en":
        code, words = "en", catalogue(await fetch_text(catalogue_url("en")))
    return code, words or Words({"lang": "en", "words": {}})


def show_words(code, words):
    """The page's static words and its lang attribute in language `code`; an embed's
    "Open in Nos" opens the app in that language too."""
    document.documentElement.setAttribute("lang", code)
    fill_words(words)
    link = document.getElementById("open-app")
    if not absent(link):
        link.setAttribute("href", "./index.html?lang=" + code)
    return words


async def load_words(code, fetching=None):
    """The catalogue of language `code` (English if it cannot be had), shown on the page."""
    code, words = await read_words(code, fetching)
    return show_words(code, words)


async def boot():
    params = query()
    kind = str(document.body.getAttribute("data-page") or "")
    try:
        if kind == "rules":  # its page is in, or on its way (web/site-rules.js chose its
            # language as `choose` does); its words are fetched while the page imports
            rules = getattr(window, "nosRules", None)
            code = choose(params.get("lang", ""), True) if absent(rules) else str(rules.lang)
            reading = asyncio.create_task(fetch_text(catalogue_url(code)))
            await asyncio.sleep(0)  # (the request goes out)
            import rules_page

            words = await load_words(code, reading)

            await rules_page.start(words)
        else:
            code = choose(params.get("lang", ""), False)
            words = await load_words(code)
            import embed_page

            await embed_page.start(words, params)
    except Exception as exc:  # noqa: BLE001 - one sentence, never a traceback on the page
        window.console.error("Nos: this page failed (" + kind + "): " + str(exc))
        note = document.getElementById("site-error")
        if not absent(note):
            note.hidden = False
        document.body.setAttribute("data-state", "error")
