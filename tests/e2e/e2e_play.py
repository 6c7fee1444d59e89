"""Playing Nos in the browser as a person would: by clicking (and dragging) what the page
shows. The page tells where it is through the body's data attributes (set by web/page/display.py):
data-state ("loading", "waiting", "bot", "playable", "error"), data-waiting-for (the
view's waiting_for) and data-phase (the hand's phase). No fixed sleeps: every step waits
for one of those states.
"""

from __future__ import annotations

import json
import sys

from e2e_harness import BOOT_TIMEOUT_MS, ROOT

sys.path[:0] = [str(ROOT), str(ROOT / "tests")] + [
    str(ROOT / "web" / folder) for folder in ("page", "draw", "shared", "words")] + [
    str(ROOT / "nos")]
import web_views  # noqa: E402  (needs the paths above)

from nos.actions import Play, parse_action  # noqa: E402
from nos.settings import DRAW_UNTIL  # noqa: E402

STEP_MS = 30_000
CHOSEN_OUTS: list[str] = []  # prompts of the outward-end chooser, as they were answered
HAND_MOVES: list[float] = []  # how far the hand moved (px) when the chooser came


def human_on_set(players: int = 3) -> int:
    """A seed whose first hand puts the person on set."""
    return web_views.human_on_set(players)


def open_game(page, base: str, query: str) -> None:
    """Open the page's game of `query`; over a game in progress, answer that the link's new
    game may replace it."""
    page.goto(base + query)
    page.wait_for_selector("body[data-state=playable], body[data-state=error], "
                           "body[data-state=asking]", state="attached", timeout=BOOT_TIMEOUT_MS)
    if page.get_attribute("body", "data-state") == "asking":
        page.click("#controls [data-cmd=offer-yes]")
    settle(page, BOOT_TIMEOUT_MS)


def settle(page, timeout: int = STEP_MS) -> str:
    """Wait until the person can act (or the page reports an error); the data-waiting-for."""
    page.wait_for_selector("body[data-state=playable], body[data-state=error]",
                           state="attached", timeout=timeout)
    assert page.get_attribute("body", "data-state") == "playable", page.text_content("#status")
    return page.get_attribute("body", "data-waiting-for")


def state(page) -> dict:
    """What a person sees, for comparisons (hand, layout, chips, log, prompt)."""
    return page.evaluate(
        """() => ({
            hand: [...document.querySelectorAll('#hand [data-tile]')].map(e => e.dataset.tile),
            layout: [...document.querySelectorAll('#table .layout-tile')]
                .map(e => e.dataset.tile),
            chips: [...document.querySelectorAll('#table .chips')].map(e => e.textContent),
            log: document.querySelectorAll('#log li').length,
            info: document.querySelector('#info').textContent,
            phase: document.body.dataset.phase,
            waiting: document.body.dataset.waitingFor,
        })"""
    )


def announce(page, game: int, choices: list[tuple[str, str]] | None = None) -> None:
    """In the announcement dialog: pick the game and its parameters, then announce."""
    dialog = page.locator("#announce-dialog")
    dialog.wait_for(state="visible")
    page.click(f"#announce-dialog [data-game='{game}']")
    for param, value in choices or []:
        page.click(f"#announce-dialog [data-param='{param}'][data-value='{value}']")
    page.click("#announce-ok")
    dialog.wait_for(state="hidden")


def after_click(page) -> str:
    """After an action: wait until the person may act again."""
    return settle(page)


def play_tile(page, drag: bool = False) -> bool:
    """Play the first playable tile on its first highlighted end; False if none."""
    tiles = page.locator("#hand .hand-tile.playable")
    if tiles.count() == 0:
        return False
    tile = tiles.first
    hand_y = page.locator("#hand").bounding_box()["y"]
    if drag:
        box = tile.bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] - 30, steps=4)
        target = page.locator("#table .end.target").first
        target.wait_for(state="attached")
        t = target.bounding_box()
        page.mouse.move(t["x"] + t["width"] / 2, t["y"] + t["height"] / 2, steps=6)
        page.mouse.up()
    else:
        tile.click()
        page.locator("#table .end.target").first.click()
    chooser = page.locator("#controls [data-cmd=out]")
    if chooser.count():  # a matador on a matador end: which end faces out (R61)
        CHOSEN_OUTS.append(page.text_content("#controls .prompt"))
        HAND_MOVES.append(page.locator("#hand").bounding_box()["y"] - hand_y)
        # The question is said, and the keyboard is on its first answer.
        assert page.text_content("#announcer") == CHOSEN_OUTS[-1]
        assert page.evaluate("document.activeElement.dataset.cmd") == "out"
        chooser.first.click()
    return True


def one_move(page, game: int = 1, drag: bool = False, settle_after: bool = True) -> str:
    """One decision of the person, made by clicking; returns the new data-waiting-for
    (without `settle_after`, at once: played together, the next move may be another
    device's)."""
    if page.locator("#announce-dialog[open]").count():
        announce(page, game)
        return after_click(page) if settle_after else ""
    phase = page.get_attribute("body", "data-phase")
    if phase == "set":
        doubles = page.locator("#hand .hand-tile.playable")
        if doubles.count():
            doubles.first.click()  # clicking a double sets it
        else:
            page.click("[data-action=draw]")  # R5: no double: draw the set tile
    elif phase == "announce":
        page.click("[data-cmd=announce-open]")
        announce(page, game)
    elif phase == "declare":
        page.click("[data-action=decline]")
    elif phase == "out of turn":
        if not play_tile(page, drag):
            page.click("[data-action=decline]")
    else:
        if not play_tile(page, drag):
            for action in ("wait", "draw until", "draw", "pass"):
                button = page.locator(f"#controls [data-action='{action}']")
                if button.count():
                    button.click()
                    break
            else:  # pragma: no cover - shows the position
                raise AssertionError(f"no move offered: {page.text_content('#controls')}")
    return after_click(page) if settle_after else ""


def play_hand(page, game: int = 1, drag_every: int = 0, limit: int = 120) -> int:
    """Play the person's side of a whole hand; returns the number of the person's moves."""
    moves = 0
    waiting = settle(page)
    while waiting == "human":
        moves += 1
        assert moves <= limit, "the hand does not end"
        waiting = one_move(page, game, drag=bool(drag_every) and moves % drag_every == 0)
    assert waiting == "next_hand", waiting
    return moves


def saved(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('nos.game.v1')"))


# ---------------------------------------------------------------- one chosen decision
def parse_play(text: str) -> dict | None:
    """{"tile", "arm", "out", "close", "claim"} of a play's text (nos/actions.py), or None."""
    if text == DRAW_UNTIL:  # (the table's action, not the hand's: R12's draws in one go)
        return None
    action = parse_action(text)
    if not isinstance(action, Play):
        return None
    return {"tile": str(action.tile), "arm": action.arm, "out": action.out,
            "close": action.close, "claim": action.claim}


def take(page, action: str) -> str:
    """Make the engine action `action` (nos/actions.py text) by clicking what the page
    shows: a double to set, the announcement dialog, a button, or a tile then an end (the
    claim and close toggles in between, the outward-end chooser after); returns the new
    data-waiting-for."""
    play = parse_play(action)
    if action.startswith("set "):
        page.click(f"#hand [data-tile='{action[4:]}']")
    elif action.startswith("announce "):
        if not page.locator("#announce-dialog[open]").count():
            page.click("[data-cmd=announce-open]")
        announce(page, int(action.split()[1]))
    elif play is None:
        page.click(f"#controls [data-action='{action}']")
    else:
        page.click(f"#hand [data-tile='{play['tile']}']")  # (its flags come with it picked)
        if play["claim"]:
            toggle(page, "toggle-claim", True)
        if play["close"]:
            toggle(page, "toggle-close", True)
        page.click(f"#table .end.target[data-arm='{play['arm']}']")
        chooser = page.locator(f"#controls [data-cmd=out][data-out='{play['out']}']")
        if chooser.count():  # a matador on a matador end: which end faces out (R61)
            chooser.click()
        if play["close"]:  # the close asks first (R18, R19)
            page.click("#controls [data-cmd=close-yes]")
    return after_click(page)


def take_all(page, actions: list[str]) -> None:
    """The person's actions in turn (the bots play in between)."""
    for action in actions:
        assert settle(page) == "human", action
        take(page, action)


def toggle(page, cmd: str, on: bool) -> None:
    """Set a toggle button of the controls (aria-pressed) to `on`."""
    button = page.locator(f"#controls [data-cmd='{cmd}']")
    if (button.get_attribute("aria-pressed") == "true") != on:
        button.click()
    page.wait_for_selector(f"#controls [data-cmd='{cmd}'][aria-pressed='{str(on).lower()}']",
                           state="attached")


def log_entries(page) -> list[dict]:
    """The game log as shown: [{"text", "seat" (None for events), "payments": [...]}]."""
    return page.evaluate(
        """() => [...document.querySelectorAll('#log ul:not(.pay) > li')].map(li => ({
            text: [...li.childNodes].filter(n => n.nodeName !== 'UL')
                .map(n => n.textContent).join(''),
            seat: li.className.startsWith('seat-') ? Number(li.className.slice(5)) : null,
            payments: [...li.querySelectorAll('.pay li')].map(p => p.textContent),
        }))"""
    )


def new_game(page, seed: int, players: int, pace: int = 150) -> None:
    """Start another game from the New game dialog (no reload): players, the fast pace,
    beginner bots and a deal number."""
    page.click("header [data-cmd=new-game]")
    page.click(f"#newgame-dialog [data-param=players][data-value='{players}']")
    page.click("#newgame-dialog [data-param=level][data-value='beginner']")
    page.click(f"#newgame-dialog [data-param=pace][data-value='{pace}']")
    page.fill("#ng-seed", str(seed))
    page.click("#newgame-ok")
    page.wait_for_function("document.querySelector('#info').textContent"
                           f".includes('deal number {seed}')")
    settle(page)
