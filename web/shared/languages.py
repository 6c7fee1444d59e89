"""The languages of the pages: which there are, where each one's catalogue is, and which
one to show. Pure functions in the MicroPython subset (see web/draw/render_svg.py), for the
app's page and the site's pages alike."""

# The languages of the page (web/words/<code>.json), each named in itself.
LANGUAGES = [("en", "English"), ("nl", "Nederlands"), ("pl", "Polski")]


def language_codes():
    return [code for code, _ in LANGUAGES]


def catalogue_url(code):
    """Where language `code`'s catalogue is, from the page (index.html, rules.html, embed.html)."""
    return "./web/words/" + code + ".json"


def choose_language(asked, stored, browser):
    """The language to show: the URL's `?lang=` (asked), else the one chosen before
    (stored), else the first of the browser's languages the page has, else English.
    Returns (code, whether `asked` was given but is not a language of the page)."""
    codes = language_codes()
    if asked:
        code = str(asked).strip().lower()
        if code in codes:
            return code, False
    for code in [stored] + list(browser or []):
        code = str(code or "").strip().lower().replace("_", "-").split("-")[0]
        if code in codes:
            return code, bool(asked)
    return "en", bool(asked)
