"""Pass-and-play: two people and two computer players play a whole hand on one device.
Between the people a "pass the device" screen hides everything of either's tiles; once the
next person takes it, their screen shows their own tiles and nobody else's."""

from __future__ import annotations

import json
import re

from e2e_play import one_move, open_game, settle

from nos.app import Table


def shown_tiles(page) -> list[str]:
    return sorted(page.eval_on_selector_all("#hand [data-tile]",
                                            "ns => ns.map(n => n.getAttribute('data-tile'))"))


def tiles_of(page, seat: int) -> list[str]:
    """The seat's tiles now, from the saved game replayed by the engine in CPython."""
    table = Table.restore(json.loads(page.evaluate("localStorage.getItem('nos.game.v1')")))
    return sorted(str(t) for t in table.hand.hands[seat])


def test_two_people_and_two_computer_players_each_see_only_their_own_tiles(app, guard,
                                                                           base_url):
    app.set_viewport_size({"width": 360, "height": 740})  # (a phone, passed around)
    # Counts the hand's tiles drawn from the start: none before a person takes the device,
    # not while the computer players set, announce and declare either (seat 2 sets here,
    # and the view is seat 0's: R71).
    app.add_init_script("""addEventListener('DOMContentLoaded', () => {
        window.tilesDrawn = 0; new MutationObserver(() => {
            if (document.querySelector('#hand [data-tile]')) window.tilesDrawn += 1; })
            .observe(document.getElementById('hand'), {childList: true, subtree: true}); })""")
    open_game(app, base_url, "?players=4&people=2&seed=5&level=beginner&delay=0")
    passes, viewers, moves, yous = 0, set(), 0, 0
    waiting = settle(app)
    while waiting == "human":
        moves += 1
        assert moves < 150
        if app.get_attribute("body", "data-pass") == "1":
            passes += 1
            assert app.locator("#hand [data-tile]").count() == 0  # nothing of anyone's
            assert app.locator("#table [data-tile]").count() == 0
            viewer = int(app.get_attribute("body", "data-viewer"))
            assert app.evaluate("document.activeElement.dataset.cmd") == "pass-ready"
            # A screen reader hears whose turn it is, also when one person follows another.
            name = re.match(r"I am (\w+):", app.text_content("[data-cmd=pass-ready]")).group(1)
            assert name in app.text_content("#announcer"), (name, app.text_content("#announcer"))
            box = app.locator("[data-cmd=pass-ready]").bounding_box()  # on the screen
            assert box["y"] >= -1 and box["y"] + box["height"] <= 741, box  # (subpixels)
            assert app.text_content("#hand") == "Your tilesTiles hidden for the hand-over"
            # Share and Export show the viewer's tiles: the next person's, not taken yet.
            assert app.is_disabled("#share-button") and app.is_disabled("#export-diagram")
            if passes == 1:
                assert app.evaluate("window.tilesDrawn") == 0
            # Nobody is "you" until the device is taken (the log called the next person so).
            assert not re.search(r"(?<![A-Za-z])[Yy]ou(?![A-Za-z])", app.text_content("#log"))
            app.click("[data-cmd=pass-ready]")
            app.wait_for_selector("body[data-pass='0']", state="attached")
            yous += bool(re.search(r"(?<![A-Za-z])[Yy]ou(?![A-Za-z])", app.text_content("#log")))
        viewer = int(app.get_attribute("body", "data-viewer"))
        # Each person has a switch of their own: the first switches the coach on, the
        # second finds it off (nobody is coached, or counted as coached, by another's choice).
        coach = app.locator("#controls [data-cmd=toggle-coach]")
        if viewer not in viewers:
            assert coach.get_attribute("aria-pressed") == "false", viewer
            if viewer == 0:
                coach.click()
        viewers.add(viewer)
        assert app.is_enabled("#share-button") and app.is_enabled("#export-diagram")
        assert shown_tiles(app) == tiles_of(app, viewer), viewer
        for other in (0, 1):
            if other != viewer:
                assert not set(shown_tiles(app)) & set(tiles_of(app, other))
        waiting = one_move(app)
    assert waiting == "next_hand", waiting
    assert viewers == {0, 1} and passes >= 2, (viewers, passes)
    assert yous >= 1  # (the person's own earlier moves, once they have the device again)
    # The summary is everyone's; whoever acts first in the next hand takes the device anew.
    app.evaluate("window.tilesDrawn = 0")
    app.click("[data-cmd=next-hand]")
    assert settle(app) == "human" and app.get_attribute("body", "data-pass") == "1"
    assert app.locator("#hand [data-tile]").count() == 0
    assert app.evaluate("window.tilesDrawn") == 0
    guard.check()


def test_the_people_take_the_seats_chosen_in_the_new_game_dialog(app, guard, base_url):
    """Three of four seats first, then the second seat given back to a computer player: the
    people play at seats 1 and 3 (a computer player between them), each on their turn,
    and the save keeps where they sit."""
    from test_accessibility import violations

    open_game(app, base_url, "?players=4&seed=5&level=beginner&delay=0")
    settle(app)
    app.click("header [data-cmd=new-game]")
    app.click("#newgame-dialog [data-param=players][data-value='4']")
    app.click("#newgame-dialog [data-param=people][data-value='2']")
    seats = "#newgame-dialog [data-param=seats]"
    assert app.eval_on_selector_all(seats + "[aria-pressed=true]",
                                    "ns => ns.map(n => n.dataset.value)") == ["0", "1"]
    assert app.is_disabled(seats + "[data-value='0']")  # (this device's person's, for good)
    app.click(seats + "[data-value='2']")  # a third person …
    assert app.get_attribute("#newgame-dialog [data-param=people][data-value='3']",
                             "aria-pressed") == "true"
    app.click(seats + "[data-value='1']")  # … and the second seat a computer player's again
    assert app.eval_on_selector_all(seats + "[aria-pressed=true]",
                                    "ns => ns.map(n => n.dataset.value)") == ["0", "2"]
    assert violations(app) == []
    app.fill("#ng-seed", "7")
    app.click("#newgame-ok")
    app.wait_for_function("document.querySelector('#info').textContent.includes('number 7')")
    saved = json.loads(app.evaluate("localStorage.getItem('nos.game.v1')"))
    assert saved["app"]["seats"] == [0, 2] and saved["app"]["people"] == 2
    viewers, moves = set(), 0
    waiting = settle(app)
    while waiting == "human" and moves < 150:
        moves += 1
        if app.get_attribute("body", "data-pass") == "1":
            app.click("[data-cmd=pass-ready]")
            app.wait_for_selector("body[data-pass='0']", state="attached")
        viewers.add(int(app.get_attribute("body", "data-viewer")))
        waiting = one_move(app)
    assert waiting == "next_hand" and viewers == {0, 2}, (waiting, viewers)
    guard.check()
