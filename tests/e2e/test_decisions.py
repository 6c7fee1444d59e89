"""The person's less common decisions, clicked through in the browser: declaring doubles
(R8), a double out of turn (R9), the wait it costs (R10), a claimed payment under the house
rule H2, drawing until a tile fits (R12) and a close, confirmed first (R18, R19). The deals
are found with the engine when this module loads (web_views.find_decision, well under a
second); tests/test_decision_seeds.py proves with the engine alone that each one brings its
decision. Each test checks what the page then shows: the log line with its payments and
rulings, the tiles on the table and in the hand, the chips and the labels of who owes a
wait.
"""

from __future__ import annotations

import re

from e2e_play import (
    log_entries,
    new_game,
    open_game,
    parse_play,
    saved,
    settle,
    state,
    take,
    take_all,
    toggle,
)
from web_views import R8_PAID, find_decision, words

DECLARE = find_decision("declare", 4)
BOT_DECLARES = find_decision("bot declares", 4)
OUT_OF_TURN = find_decision("out of turn", 4)
WAIT = find_decision("wait", 4)
CLAIM = find_decision("claim", 4)
MUST_DRAW = find_decision("must draw", 4)
CLOSE = find_decision("close", 4)


def value(double: str) -> int:
    """The value of one end of a double for payments (R9, R14): 0-0 counts 7."""
    return 7 if double == "0-0" else int(double[0])


def listed(tiles: list[str]) -> str:
    return tiles[0] if len(tiles) == 1 else ", ".join(tiles[:-1]) + " and " + tiles[-1]


def entry(page, text: str) -> dict:
    """The one log entry that reads `text`."""
    found = [e for e in log_entries(page) if e["text"] == text]
    assert len(found) == 1, (text, [e["text"] for e in log_entries(page)])
    return found[0]


def chips(page, seat: int | None = None) -> int:
    """The chips shown for a seat (None: the person, in the strip below the table)."""
    where = "#table .you .chips" if seat is None else f"#table .seat[data-seat='{seat}'] .chips"
    return int(page.text_content(where))


def check_chips_follow_the_log(page, names: list[str]) -> None:
    """R23: every seat shows 500 plus what the log's payments gave it, minus what it paid."""
    net = dict.fromkeys([n.lower() for n in names], 500)
    for e in log_entries(page):
        for pay in e["payments"]:
            payer, payee, amount = re.match(r"(\w+) pays? (\w+) (\d+): ", pay).groups()
            net[payer.lower()] -= int(amount)
            net[payee.lower()] += int(amount)
    shown = [chips(page)] + [chips(page, s) for s in range(1, len(names))]
    assert shown == [net[n.lower()] for n in names]


def layout_tiles(page) -> dict[str, str]:
    """The tiles on the table (the set tile aside) and who played each (their titles)."""
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#table .layout-tile')]
            .map(e => [e.dataset.tile, e.parentNode.querySelector('title').textContent]))"""
    )


def test_R8_declared_doubles_are_paid_by_each_and_lie_face_up(app, guard, base_url):
    d = DECLARE
    names = d["view"]["names"]
    open_game(app, base_url, d["query"])
    take_all(app, d["path"])
    assert settle(app) == "human" and app.get_attribute("body", "data-phase") == "declare"
    assert app.text_content("#controls .prompt") == ("Declare your doubles? Each opponent pays: "
                                                     "3 doubles: 25 from each, 4 doubles: 250 "
                                                     "from each.")
    tiles = d["action"].split()[1:]
    button = app.locator(f"#controls [data-action='{d['action']}']")
    assert button.text_content() == "Declare " + listed(tiles)
    assert app.locator("#controls [data-action=decline]").count() == 1
    take(app, d["action"])
    amount = R8_PAID[4][len(tiles)]
    assert entry(app, "You declare " + listed(tiles))["payments"] == [
        f"{n} pays you {amount}: declared doubles, R8" for n in names[1:]]
    # Declared doubles lie face up (R8): marked in the person's hand until played.
    for t in tiles:
        tile = app.locator(f"#hand [data-tile='{t}']")
        assert tile.get_attribute("aria-label") == f"{t}, declared"
        assert tile.locator(".declared-mark").count() == 1  # (a gold bar over it)
    check_chips_follow_the_log(app, names)

    # A computer player's declaration, in a new game started from the dialog: its doubles
    # lie face up at its seat, with their pips, and each other player pays it.
    b = BOT_DECLARES
    new_game(app, b["seed"], b["players"])
    take_all(app, b["path"])
    settle(app)
    seat, doubles = next((s, t) for s, t in enumerate(b["view"]["hand"]["declared"]) if t)
    who = names[seat]
    payers = [n for n in names if n != who]
    assert entry(app, f"{who} declares {listed(doubles)}")["payments"] == [
        f"{n} {'pay' if n == 'You' else 'pays'} {who} {R8_PAID[4][len(doubles)]}: declared "
        f"doubles, R8" for n in payers]
    faces = app.evaluate(
        f"""() => [...document.querySelectorAll("#table .seat[data-seat='{seat}'] .declared")]
            .map(g => g.querySelectorAll('circle').length)""")
    assert faces == [2 * int(t[0]) for t in doubles]  # n-n shows 2n pips
    count = app.text_content(f"#table .seat[data-seat='{seat}'] .tile-count")
    assert count == f"{b['view']['hand']['hand_sizes'][seat]} tiles"
    check_chips_follow_the_log(app, names)
    guard.check()


def test_R9_double_out_of_turn_is_placed_and_paid_by_the_player_on_set(app, guard, base_url):
    d = OUT_OF_TURN
    hand = d["view"]["hand"]
    names = d["view"]["names"]
    play = parse_play(d["action"])
    double = play["tile"]
    open_game(app, base_url, d["query"])
    take_all(app, d["path"])
    assert settle(app) == "human" and app.get_attribute("body", "data-phase") == "out of turn"
    assert "the player on set pays you one end's value" in app.text_content("#controls .prompt")
    # Only doubles that fit against the set tile are offered; declining is a button.
    offered = app.evaluate("[...document.querySelectorAll('#hand .hand-tile.playable')]"
                           ".map(e => e.dataset.tile)")
    assert double in offered and all(t[0] == t[2] for t in offered)
    assert app.locator("#controls [data-action=decline]").count() == 1
    assert double not in layout_tiles(app)
    take(app, d["action"])
    en = words("en", d["view"])
    side = en.side(hand["layout"]["arms"][play["arm"]]["side"])
    setter = names[hand["setter"]]
    assert entry(app, f"You play {double} on {side}, out of turn")["payments"] == [
        f"{setter} pays you {value(double)}: a double out of turn on the set tile, R9"]
    assert layout_tiles(app)[double] == f"{double} played by you"
    assert double not in state(app)["hand"]
    assert d["action"] in saved(app)["hands"][0]["actions"]  # on the arm clicked
    # R10: it costs a wait, shown beside the person's chips.
    assert "you owe 1 wait" in app.text_content("#table .you")
    check_chips_follow_the_log(app, names)
    guard.check()


def test_R10_wait_owed_for_a_double_out_of_turn(app, guard, base_url):
    d = WAIT
    names = d["view"]["names"]
    waits = d["view"]["hand"]["waits"]
    open_game(app, base_url, d["query"])
    double = None
    for action, phase in zip(d["path"], d["phases"], strict=True):
        assert settle(app) == "human" and app.get_attribute("body", "data-phase") == phase
        if double is not None:
            # R10: no wait while the double's side is not open for play yet.
            assert app.locator("#controls [data-action=wait]").count() == 0
            assert "you owe 1 wait" in app.text_content("#table .you")
        take(app, action)
        if phase == "out of turn":
            double = parse_play(action)["tile"]
            assert layout_tiles(app)[double] == f"{double} played by you"
    assert double is not None and len(waits[0]) == 1
    settle(app)
    assert app.text_content("#controls .prompt") == \
        "You owe a wait for your double out of turn: this turn you wait."
    buttons = app.locator("#controls [data-action]")
    assert buttons.count() == 1 and buttons.text_content() == "Say “I wait”"
    # Who waits: the person, and a computer player who also played a double out of turn.
    assert "you owe 1 wait" in app.text_content("#table .you")
    assert any(waits[1:])
    for s in range(1, len(names)):
        label = app.text_content(f"#table .seat[data-seat='{s}']")
        n = len(waits[s])
        assert ("owes" in label) == bool(n), (s, label)
        assert not n or f"owes {n} wait{'s' if n > 1 else ''}" in label
    before = state(app)
    take(app, "wait")
    log = log_entries(app)
    mine = [k for k, e in enumerate(log) if e["text"] == "You say “I wait”"]
    assert len(mine) == 1 and log[mine[0]]["payments"] == []  # a wait pays nothing
    assert log[mine[0] + 1]["seat"] != 0  # and counts as the person's turn
    assert "owe" not in app.text_content("#table .you")
    assert state(app)["hand"] == before["hand"]  # no tile played
    assert saved(app)["hands"][0]["actions"].count("wait") >= 1
    check_chips_follow_the_log(app, names)
    guard.check()


def test_H2_claimed_double_is_paid_R14(app, guard, base_url):
    d = CLAIM
    names = d["view"]["names"]
    play = parse_play(d["action"])
    double = play["tile"]
    payer = names[d["table"].hand.double_is_paid(play["arm"])]
    open_game(app, base_url, d["query"])
    assert "H2" in app.text_content("#info")
    take_all(app, d["path"])
    assert settle(app) == "human" and app.get_attribute("body", "data-phase") == "play"
    app.click(f"#hand [data-tile='{double}']")  # (a play's flags come with its tile picked)
    claim = app.locator("#controls [data-cmd=toggle-claim]")
    assert claim.get_attribute("aria-pressed") == "false"
    assert "Claim the double’s payment (H2)" in claim.text_content()
    app.click(f"#hand [data-tile='{double}']")  # (picked again: put back)
    assert app.locator("#controls [data-cmd=toggle-claim]").count() == 0
    take(app, d["action"])  # picks the double, ticks the claim, then plays it
    side = words("en", d["view"]).side(d["view"]["hand"]["layout"]["arms"][play["arm"]]["side"])
    assert entry(app, f"You play {double} on {side} and claim the double")["payments"] == [
        f"{payer} pays you {value(double)}: a double on the predecessor's tile, R14"]
    assert layout_tiles(app)[double] == f"{double} played by you"
    assert d["action"] in saved(app)["hands"][0]["actions"]
    check_chips_follow_the_log(app, names)
    guard.check()


def test_R12_draw_until_a_tile_fits_in_one_click(app, guard, base_url):
    d = MUST_DRAW
    table = type(d["table"]).restore(d["table"].save())  # what the engine will do
    held = len(table.hand.hands[0])
    table.act(d["action"])
    drawn = len(table.hand.hands[0]) - held
    open_game(app, base_url, d["query"])
    take_all(app, d["path"])
    assert settle(app) == "human"
    assert app.text_content("#controls .prompt") == \
        "You have no tile that fits: draw until one does."
    assert app.locator("#hand .hand-tile.playable").count() == 0
    button = app.locator("#controls [data-action='draw until']")
    assert button.text_content() == "Draw until a tile fits"
    # A tile that fits nowhere dragged with the mouse is told so (the drag said nothing).
    assert "cannot be played anywhere now" not in app.text_content("#status")
    tile = app.locator("#hand .hand-tile").first.bounding_box()
    table = app.locator("#table").bounding_box()
    app.mouse.move(tile["x"] + tile["width"] / 2, tile["y"] + tile["height"] / 2)
    app.mouse.down()
    app.mouse.move(table["x"] + table["width"] / 2, table["y"] + table["height"] / 2, steps=6)
    app.mouse.up()
    app.wait_for_function("document.getElementById('status').textContent"
                          ".includes('cannot be played anywhere now')")
    app.evaluate("document.getElementById('status').textContent = ''")  # (for the keys')
    # A keyboard player who tries a tile that fits nowhere is told so, and the focus is not
    # left on that tile: it goes to the move there is, so Enter makes it.
    app.focus("#hand [tabindex='0']")
    app.keyboard.press("Enter")
    app.wait_for_function("document.activeElement.dataset.action === 'draw until'")
    assert "cannot be played anywhere now" in app.text_content("#status")
    before = len(log_entries(app))
    take(app, d["action"])
    assert [e["text"] for e in log_entries(app)[before:]][:drawn] == ["You draw a tile"] * drawn
    assert len(state(app)["hand"]) == held + drawn
    assert app.locator("#controls [data-action='draw until']").count() == 0
    guard.check()


def test_R18_R19_a_close_asks_first_and_says_what_it_pays_and_costs(app, guard, base_url):
    d = CLOSE
    play = parse_play(d["action"])
    table = type(d["table"]).restore(d["table"].save())
    ledger = len(table.hand.ledger)
    table.act(d["action"])
    rules = {p.rule for p in table.hand.ledger[ledger:]}
    open_game(app, base_url, d["query"])
    take_all(app, d["path"])
    assert settle(app) == "human"
    app.click(f"#hand [data-tile='{play['tile']}']")  # (its flags come with it picked)
    toggle(app, "toggle-close", True)
    replies = app.get_attribute("body", "data-replies")

    def pick():
        tile = app.locator(f"#hand [data-tile='{play['tile']}']")
        if tile.get_attribute("aria-pressed") != "true":
            tile.click()
        app.click(f"#table .end.target[data-arm='{play['arm']}']")
        chooser = app.locator(f"#controls [data-cmd=out][data-out='{play['out']}']")
        if chooser.count():
            chooser.click()

    pick()
    assert app.text_content("#controls .prompt") == (
        f"Play {play['tile']} and close? If no tile can be played any more, each player "
        "still in the hand pays you 20; if one can, you pay each opponent 40 and play goes on.")
    # The question is said, and the keyboard starts from going back, not from closing.
    assert app.evaluate("document.activeElement.dataset.cmd") == "cancel"
    assert app.text_content("#announcer") == app.text_content("#controls .prompt")
    app.click("#controls [data-cmd=cancel]")  # nothing is sent
    assert app.get_attribute("body", "data-replies") == replies
    assert play["tile"] in state(app)["hand"]
    assert app.get_attribute("#controls [data-cmd=toggle-close]", "aria-pressed") == "true"
    pick()
    app.click("#controls [data-cmd=close-yes]")
    settle(app)
    assert d["action"] in saved(app)["hands"][0]["actions"]
    closed = [e for e in log_entries(app) if e["text"].startswith(f"You play {play['tile']}")]
    assert closed and "close" in closed[-1]["text"]
    shown = {p.rsplit(", ", 1)[1] for p in closed[-1]["payments"]}
    assert shown == rules & {"R18", "R19"}
    guard.check()
