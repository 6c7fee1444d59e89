"""index.html, written at build time from index.template.html and the English catalogue:
each element with a word key (``data-word``) gets its words from ``web/words/en.json``, each
``data-word-title`` its title, so the page's static words are written once, in the catalogue.
The page puts another language's in at boot (web/page/language.py ``translate_page``).

    .venv/bin/python scripts/static_words.py    (scripts/build_web.py runs it)
"""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = "index.template.html"
PAGE = "index.html"
# An element with a word key and nothing in it yet (the template's are all empty).
_EMPTY = re.compile(r'(<(\w+)\b[^>]*?\bdata-word="([a-z_0-9.]+)"[^>]*>)(</\2>)')
_TITLE = re.compile(r'\bdata-word-title="([a-z_0-9.]+)"')


def page(template: str, words: dict[str, str]) -> str:
    """The template with its words in; raises ValueError for an element that has a word key
    but is not empty in the template (its words would be written twice)."""
    keys = re.findall(r'\bdata-word="([a-z_0-9.]+)"', template)
    filled = [m.group(3) for m in _EMPTY.finditer(template)]
    if keys != filled:
        raise ValueError(f"{TEMPLATE}: not empty: {sorted(set(keys) - set(filled))}")
    if re.search(r'\bdata-word-title="[^"]*"[^>]*\btitle="|\btitle="[^"]*"[^>]*'
                 r'\bdata-word-title=', template):
        raise ValueError(f"{TEMPLATE}: a data-word-title element has a title of its own")
    out = _EMPTY.sub(lambda m: m.group(1) + html.escape(words[m.group(3)], quote=False) +
                     m.group(4), template)
    return _TITLE.sub(lambda m: f'{m.group(0)} title="{html.escape(words[m.group(1)])}"', out)


def write(root: Path = ROOT) -> bool:
    """Write index.html from the template (if it changed); True if written anew."""
    words = json.loads((root / "web/words/en.json").read_text(encoding="utf-8"))["words"]
    text = page((root / TEMPLATE).read_text(encoding="utf-8"), words)
    out = root / PAGE
    if out.is_file() and out.read_text(encoding="utf-8") == text:
        return False
    out.write_text(text, encoding="utf-8")
    return True


if __name__ == "__main__":
    print(f"{PAGE}: {'written' if write() else 'unchanged'}")
    sys.exit(0)
