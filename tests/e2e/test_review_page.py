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
    # The dialog opens at once, saying the expert is at work, and then shows the review.
    app.evaluate("""() => { const d = document.getElementById('review-dialog');
        new MutationObserver(() => { if (d.open && window.nosWorking === undefined)
            window.nosWorking = !!d.querySelector('.review-working'); })
            .observe(d, {attributes: true, attributeFilter: ['open']}); }""")
    app.click(".summary [data-cmd=review]")
    # Closed while the expert is at work, it stays closed when the review comes.
    app.wait_for_selector("#review-dialog[open] .review-working")
    app.keyboard.press("Escape")
    app.wait_for_function("document.body.dataset.state === 'playable'")
    app.wait_for_timeout(300)
    assert app.locator("#review-dialog[open]").count() == 0
    # (and the late review is dropped, not drawn into the closed dialog)
    assert app.locator("#review-body .review-figure").count() == 0
    assert app.evaluate("window.nosWorking") is True
    app.click(".summary [data-cmd=review]")  # (now kept by the worker: at once)
    app.wait_for_selector("#review-dialog[open] .review-figure svg")
    assert app.locator("#review-body .review-working").count() == 0
    # Moves are numbered as the hand's replay numbers them (embed.html, nos/record.py).
    assert re.match(r"Move 0 of (\d+): as dealt", step_text(app))
    count = int(re.match(r"Move 0 of (\d+)", step_text(app)).group(1))
    # Every tile is open: the seats' rows show faces, not backs.
    assert app.locator("#review-body .review-figure [data-tile]").count() >= 15
    app.click("#review-body [data-cmd=review-step]:has-text('Next')")
    assert step_text(app).startswith("Move 1 of")
    app.keyboard.press("End")
    if not step_text(app).startswith("Move"):  # the count (R21), paid after the last move
        assert step_text(app).startswith("The hand ends")
        assert in_dialog(app) == "Start"  # (End and Next are disabled there: the first enabled)
        app.keyboard.press("ArrowLeft")
        assert in_dialog(app) == "Back"
    assert step_text(app).startswith(f"Move {count} of {count}")
    app.keyboard.press("ArrowLeft")
    assert step_text(app).startswith(f"Move {count - 1} of") and in_dialog(app) == "Back"
    app.keyboard.press("Home")
    assert in_dialog(app) == "Next"
    app.keyboard.press("ArrowRight")  # (and Enter goes on from the button in focus)
    app.keyboard.press("Enter")
    assert step_text(app).startswith("Move 2 of")
    app.keyboard.press("Home")
    app.click("#review-body [data-cmd=review-step]:has-text('Next decision')")
    decision = app.locator("#review-body .review-verdict")
    decision.wait_for()
    assert app.locator("#review-body .review-taken").count() == 1
    assert app.locator("#review-body .coach-best").count() == 1
    assert re.search(r"chips|best option", app.text_content("#review-body .review-cost"))
    # The verdict names the decision it judges (the caption says the action before it).
    assert app.text_content("#review-body .review-verdict h3").startswith(
        "Your decision here: ")
    assert verdict_in_view(app)
    assert violations(app) == []
    app.click("#review-body [data-cmd=review-close]")
    assert app.locator("#review-dialog[open]").count() == 0
    # The request is over: the page says it waits for the person again, not for the worker.
    assert app.get_attribute("body", "data-state") == "playable"
    # The log offers it too, for the hand that is over.
    # On a phone, "Next decision" brings the verdict and the options above the buttons.
    for width, height in ((360, 740), (390, 844), (1920, 1080)):  # (and the board with it)
        app.set_viewport_size({"width": width, "height": height})
        app.click("#log [data-cmd=review]")
        app.wait_for_selector("#review-dialog[open] .review-figure svg")
        app.click("#review-body [data-cmd=review-step]:has-text('Next decision')")
        app.locator("#review-body .review-verdict").wait_for()
        assert verdict_in_view(app), (width, height)
        app.keyboard.press("Escape")
        app.locator("#review-dialog[open]").wait_for(state="detached")
    guard.check()


def in_dialog(page) -> str | None:
    """The words of the review dialog's button in focus (None: the focus is elsewhere)."""
    return page.evaluate("""() => { const a = document.activeElement;
        return a && a.closest('#review-body') ? a.textContent : null; }""")


def verdict_in_view(page) -> bool:
    """The decision's heading and verdict lie on the screen, above the dialog's buttons,
    with the board (the step's diagram) in view together: at least its top 120 px or all
    of it, within the dialog."""
    return page.evaluate("""() => {
        const top = document.querySelector('#review-body .review-verdict h3')
            .getBoundingClientRect().top;
        const end = document.querySelector('#review-body .review-cost')
            .getBoundingClientRect().bottom;
        const bar = document.querySelector('#review-body .review-controls')
            .getBoundingClientRect().top;
        const dialog = document.querySelector('#review-dialog').getBoundingClientRect();
        const fig = document.querySelector('#review-body .review-figure svg')
            .getBoundingClientRect();
        const shown = Math.min(fig.bottom, bar) - Math.max(fig.top, dialog.top);
        return top >= 0 && end <= bar && end <= innerHeight &&
            shown >= Math.min(120, fig.height); }""")
