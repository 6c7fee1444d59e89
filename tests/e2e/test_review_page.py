"""The hand review on the page: from the hand-end summary and from the log, a dialog steps
through the finished hand with every tile open (buttons, arrow keys, Home and End), and
at each of the person's weighed decisions shows the options, their choice, the best and the
cost; axe finds nothing wrong with it."""

from __future__ import annotations

import re

from e2e_play import human_on_set, open_game, play_hand
from test_accessibility import violations


def step_text(page) -> str:
    return page.text_content("#review-body .review-step")


def test_a_finished_hand_is_reviewed_step_by_step_from_the_summary_and_the_log(app, guard,
                                                                             base_url):
    open_game(app, base_url, f"?seed={human_on_set(3)}&players=3&level=beginner&delay=0")
    play_hand(app)
    # The hand's end keeps the focus in the game: on "Next hand", not back at the page's top.
    assert app.evaluate("document.activeElement.dataset.cmd") == "next-hand"
    app.click(".summary [data-cmd=review]")
    app.wait_for_selector("#review-dialog[open] .review-figure svg")
    assert re.match(r"Step 0 of (\d+): as dealt", step_text(app))
    count = int(re.match(r"Step 0 of (\d+)", step_text(app)).group(1))
    # Every tile is open: the seats' rows show faces, not backs.
    assert app.locator("#review-body .review-figure [data-tile]").count() >= 15
    app.click("#review-body [data-cmd=review-step]:has-text('Next')")
    assert step_text(app).startswith("Step 1 of")
    app.keyboard.press("End")
    assert step_text(app).startswith(f"Step {count} of {count}")
    app.keyboard.press("ArrowLeft")
    assert step_text(app).startswith(f"Step {count - 1} of")
    app.keyboard.press("Home")
    app.click("#review-body [data-cmd=review-step]:has-text('Next decision')")
    decision = app.locator("#review-body .review-decision")
    decision.wait_for()
    assert app.locator("#review-body .review-taken").count() == 1
    assert app.locator("#review-body .coach-best").count() == 1
    assert re.search(r"chips|best option", app.text_content("#review-body .review-cost"))
    assert violations(app) == []
    app.click("#review-body [data-cmd=review-close]")
    assert app.locator("#review-dialog[open]").count() == 0
    # The log offers it too, for the hand that is over.
    app.click("#log [data-cmd=review]")
    app.wait_for_selector("#review-dialog[open] .review-figure svg")
    app.keyboard.press("Escape")
    guard.check()
