"""What the browser tests of the rules page (test_site.py) and of the embeds
(test_embed.py) share: the rules texts, a page's readiness and requests, and the host
page's record of the messages its iframes posted."""

from __future__ import annotations

import re
from pathlib import Path

from e2e_harness import BOOT_TIMEOUT_MS, ROOT
from e2e_play import one_move

HOST = Path(__file__).resolve().parent / "host"
LANGS = ("en", "nl", "pl")
# A position in play, the one the tests embed: four seats, 6-6 set by a, game 2, a to play.
POSITION = ("506.517.465.512_a66_2_64b41b.62c22c.61d11d.65a_play-a_5521.3020.5310.5043"
            "_b12_td2_h2")


def md(lang: str) -> str:
    return (ROOT / "web" / "rules" / f"{lang}.md").read_text(encoding="utf-8")


def wait_ready(page_or_frame, timeout: int = BOOT_TIMEOUT_MS) -> None:
    page_or_frame.wait_for_selector("body[data-state=ready], body[data-state=error]",
                                    state="attached", timeout=timeout)
    assert page_or_frame.get_attribute("body", "data-state") == "ready", \
        page_or_frame.text_content("body")[:500]


def watch(page) -> list[str]:
    """The URLs the page itself requests (the service worker's precache, which rules.html
    starts after a while, is not the page's)."""
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    return asked


def no_pyodide(asked: list[str]) -> None:
    found = [u for u in asked if "pyodide" in u.lower() or "worker.zip" in u]
    assert found == [], found


def messages(page, frame: str, kind: str) -> list[dict]:
    return page.evaluate(f"nosMessages.filter(m => m.frame === '{frame}' && m.type === '{kind}')")


def embed_table(page, base_url: str, query: str):
    """The host's iframe `play` as a playable table (embed.html?play=1&…), once it has said
    nos:ready: the frame of the app in it."""
    page.evaluate(f"embed('play', '{base_url}embed.html?play=1&{query}')")
    page.wait_for_function("() => nosMessages.some(m => m.frame === 'play' && "
                           "m.type === 'nos:ready')", timeout=BOOT_TIMEOUT_MS)
    frame = page.frame(url=re.compile(r"index\.html\?.*embed=1"))
    assert frame is not None
    return frame


def a_move_is_told(page, frame) -> None:
    """The person makes a move in the embedded table; the host hears a nos:action."""
    frame.wait_for_selector("body[data-state=playable]", state="attached",
                            timeout=BOOT_TIMEOUT_MS)
    before = len(messages(page, "play", "nos:action"))
    one_move(frame)
    page.wait_for_function(f"() => nosMessages.filter(m => m.frame === 'play' && "
                           f"m.type === 'nos:action').length > {before}")
