"""Provably fair deals on the page (nos/fair.py): during a hand the header shows the start of
the deal's seal and never its seed; the hand-end summary reveals the seed and the whole seal,
and "Verify the deal" deals again and says it matches; the help explains how to check it."""

from __future__ import annotations

import hashlib
import re

from e2e_play import BOOT_TIMEOUT_MS, open_game, play_hand, settle


def test_the_seal_before_the_hand_the_seed_after_it_and_verify(app, guard, base_url):
    open_game(app, base_url, "?seed=31&players=3&level=beginner&delay=0")
    shown = app.text_content("#info .fair")
    code = re.search(r"([0-9a-f]{6}) ([0-9a-f]{6})…", shown)
    assert code, shown
    saved = app.evaluate("localStorage.getItem('nos.game.v1')")
    seed_now = re.search(r'"shuffles": ?\["([0-9a-f]{32})"', saved).group(1)
    assert seed_now not in app.content()  # the page never shows the seed of a hand in play
    # The log has the whole seal from the hand's start (the header only its start).
    logged = re.search(r"The deal is sealed: ([0-9a-f]{64})", app.text_content("#log"))
    assert logged and logged.group(1).startswith(code.group(1) + code.group(2))
    play_hand(app)
    summary = app.locator(".summary .fair")
    seed, seal = [c.text_content() for c in summary.locator("code").all()]
    assert seed == seed_now
    assert seal == hashlib.sha256(seed.encode()).hexdigest()
    assert seal.startswith(code.group(1) + code.group(2))
    assert seal == logged.group(1)
    # Begun from a chosen deal number: the summary says its keys follow from it.
    assert "begun from deal number 31" in app.text_content(".summary")
    app.click("[data-cmd=verify]")
    # "ok", not "unseen": the page sent the seal it showed before the hand, kept on this
    # device, and the key fits it.
    app.wait_for_selector(".fair-verified.ok")
    assert "Verified" in app.text_content(".fair-verified")
    # Written at the summary's end, often below the screen: brought into view, and said.
    app.wait_for_function("""() => {
        const r = document.querySelector('.fair-verified').getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight; }""", timeout=3000)
    assert app.text_content("#announcer") == app.text_content(".fair-verified")
    assert app.locator("#help [data-word='help.fair']").count() == 1
    # A reload shows the summary as it was, the verdict too (an audit found it gone).
    said = app.text_content(".fair-verified")
    app.reload()
    settle(app, BOOT_TIMEOUT_MS)  # (the engine's view, not the one drawn at boot from storage)
    assert app.text_content(".summary .fair-verified.ok") == said
    guard.check()


def test_a_game_begun_without_a_deal_number_shows_none(app, guard, base_url):
    """Its keys are secret (nos.app): a number shown would be the bots' only, and read as
    the deal's."""
    open_game(app, base_url, "?players=3&level=beginner&delay=0")
    assert "3 players · beginner bots" in app.text_content("#info")
    assert "deal number" not in app.text_content("#info")
    assert re.search(r"Deal sealed [0-9a-f]{6} [0-9a-f]{6}…", app.text_content("#info .fair"))
    guard.check()
