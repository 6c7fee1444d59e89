"""The language shown (main thread, MicroPython): its catalogue (web/words/<lang>.json,
fetched alone: the page never loads the others), the static words of index.html, and
events made into sentences seen from the viewer ("you" is the view's viewer)."""

from browser import LANG_KEY, absent, el, fill_words, storage_get, storage_set
from dom import LANG_SHOWN_KEY, embedded
from languages import LANGUAGES, catalogue_url, choose_language
from pyscript import document, window
from query import parse_query
from say import catalogue


def words(page):
    """The word catalogue of the language shown, seen from the seat the view calls "you"
    (pass-and-play: no one, until the next person has taken the device)."""
    view = page.shown.view or {}
    return page.shown.seen_from(None if page.tiles_hidden() else
                                view.get("you", view.get("viewer")), view.get("names") or [])


def say(page, event):
    """An event (a reply's error, a notice) as a sentence; a sentence as it is."""
    if event is None:
        return ""
    if isinstance(event, dict):
        w = words(page)
        return w.sentence(w.say(event))
    return str(event)


def start_fetch():
    """Begin fetching the catalogue of the language to show, before the rest of the page's
    modules are imported: (code, what load_words takes). boot.js began it already if this
    is the language shown last (LANG_SHOWN_KEY): its text, or its promise while on the way."""
    code = language_asked()[0]
    early = getattr(window, "nosWords", None)
    if not absent(early) and str(early.lang) == code:
        return code, early
    return code, window.fetch(catalogue_url(code))


async def catalogue_text(lang, fetching=None):
    """The text of `lang`'s catalogue, or None: from boot.js's early read (`fetching` with
    `arrived`: no await once it has), a fetch's promise, or a fetch made now."""
    if fetching is not None and not absent(getattr(fetching, "reading", None)):
        text = fetching.text if fetching.arrived else await fetching.reading
        return None if absent(text) else str(text)
    if fetching is None:
        fetching = window.fetch(catalogue_url(lang))
    response = await fetching
    if not response.ok:
        return None
    return str(await response.text())


async def read_words(lang, fetching=None):
    """The catalogue of `lang` (fetched now, or by `fetching`, begun earlier: see
    catalogue_text), or None if it could not be had; the page is not touched."""
    try:
        text = await catalogue_text(lang, fetching)
    except Exception:  # noqa: BLE001 - offline without the file
        return None
    return catalogue(text)


async def load_words(page, lang, fetching=None):
    """Use the catalogue of `lang`; False if it could not be had (the page keeps the
    language it has)."""
    catalogue = await read_words(lang, fetching)
    if catalogue is None:
        return False
    use_words(page, lang, catalogue)
    return True


def use_words(page, lang, catalogue):
    """Show the page in `lang`, whose catalogue is had."""
    page.shown.set(words=catalogue, lang=lang)
    if storage_get(LANG_SHOWN_KEY) != lang and not embedded():
        storage_set(LANG_SHOWN_KEY, lang)  # for boot.js to fetch it early next time
    document.documentElement.setAttribute("lang", lang)


def translate_page(page):
    """The static words of index.html in the language shown: [data-word] elements get their
    text, [data-word-title] their title; the language switch shows the language."""
    if page.shown.static_lang != page.shown.lang:  # (index.html is written in en.json's
        w = words(page)  # English at build time: scripts/static_words.py)
        fill_words(w)
        nodes = document.querySelectorAll("[data-word-title]")
        for i in range(nodes.length):
            node = nodes.item(i)
            node.setAttribute("title", w.word(str(node.getAttribute("data-word-title"))))
        setattr(document, "title", w.word("page.title"))  # noqa: B010 - `.title`: str.title
        page.shown.set(static_lang=page.shown.lang)
    rules = document.querySelector(".rules-link")
    if not absent(rules):  # the rules in the language shown (an embed stores none)
        rules.setAttribute("href", "./rules.html?lang=" + page.shown.lang)
    select = el("lang-select")
    if not absent(select):
        if not select.options.length:  # each language named in itself (languages.LANGUAGES)
            for code, name in LANGUAGES:
                option = document.createElement("option")
                option.value = code
                option.lang = code
                option.textContent = name
                select.appendChild(option)
        select.value = page.shown.lang


def language_asked():
    """The language to show (?lang=, then the one chosen before, then the browser's), and
    the ?lang= value if it names no language (else "")."""
    asked = ""
    for name, value in parse_query(window.location.search):
        if name == "lang":
            asked = value
    browser = []
    languages = window.navigator.languages
    if not absent(languages):
        for i in range(languages.length):
            browser.append(str(languages[i]))
    # An embed's language is the host site's or the browser's, never one chosen here before.
    stored = None if embedded() else storage_get(LANG_KEY)
    code, bad = choose_language(asked, stored, browser)
    return code, asked[:20] if bad else "", asked and not bad


async def choose_words(page, early=None):
    """Load the catalogue of the language to show; a bad ?lang= is a notice. `early`: the
    fetch start_fetch() began."""
    code, bad, asked = language_asked()
    if bad:
        page.shown.set(notice={"key": "error.lang", "value": bad})
    fetching = early[1] if early is not None and early[0] == code else None
    if not await load_words(page, code, fetching) and code != "en":
        await load_words(page, "en")
        page.shown.set(notice={"key": "error.words"})
    elif asked and not embedded():  # an embed's ?lang= is the host site's, not a choice
        storage_set(LANG_KEY, code)
    translate_page(page)
