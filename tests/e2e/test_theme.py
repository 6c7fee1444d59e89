"""Light and dark (assets/app.css, web/boot.js): the page follows the system's
prefers-color-scheme until the header's switch chooses, the choice is remembered across
reloads, and an embedded table takes the host's ?bg= instead (and stores nothing)."""

from __future__ import annotations

from e2e_harness import boot

FIXED = "/?seed=5&players=3&level=beginner&delay=0"
LIGHT_BG = "rgb(243, 240, 230)"  # --bg of the light theme
DARK_BG = "rgb(16, 36, 26)"  # --bg of the dark theme


def background(page) -> str:
    return page.evaluate("getComputedStyle(document.documentElement).backgroundColor")


def scheme(page) -> str:
    return page.evaluate("getComputedStyle(document.documentElement).colorScheme")


def test_the_page_follows_the_system_until_the_switch_chooses(app, guard):
    app.emulate_media(color_scheme="light")
    boot(app, FIXED)
    assert app.input_value("#theme-select") == "system"
    assert (background(app), scheme(app)) == (LIGHT_BG, "light dark")
    app.emulate_media(color_scheme="dark")
    assert background(app) == DARK_BG
    # The switch overrides the system, in both directions, and is remembered.
    app.select_option("#theme-select", "light")
    assert (background(app), scheme(app)) == (LIGHT_BG, "light")
    boot(app, reload=True)
    assert app.input_value("#theme-select") == "light"
    assert background(app) == LIGHT_BG
    app.emulate_media(color_scheme="light")
    app.select_option("#theme-select", "dark")
    assert background(app) == DARK_BG
    app.select_option("#theme-select", "system")
    assert background(app) == LIGHT_BG
    boot(app, reload=True)
    assert app.get_attribute("html", "data-theme") is None
    # The switch is labelled, and its options are in the language shown.
    app.select_option("#lang-select", "nl")
    app.wait_for_function("document.documentElement.lang === 'nl'")
    assert app.text_content("#theme-select option[value=dark]") == "Donker"
    guard.check()


def test_the_rules_page_takes_the_colours_chosen_in_the_app(app, guard, base_url):
    """The header's choice holds on the rules page too (it stayed light after dark was
    chosen); without a choice, the system's."""
    paper = "getComputedStyle(document.body).backgroundColor"
    for system, chosen, expected in (("light", "dark", "rgb(16, 24, 19)"),
                                     ("dark", "light", "rgb(251, 250, 246)"),
                                     ("dark", "system", "rgb(16, 24, 19)"),
                                     ("light", "system", "rgb(251, 250, 246)")):
        app.emulate_media(color_scheme=system)
        boot(app, FIXED)
        app.select_option("#theme-select", chosen)
        app.goto(base_url + "rules.html")
        app.wait_for_selector("body[data-state=ready]", state="attached", timeout=30_000)
        assert app.evaluate(paper) == expected, (system, chosen)
    guard.check()


def test_an_embedded_table_takes_the_hosts_background(app, guard):
    app.emulate_media(color_scheme="light")
    boot(app, FIXED + "&embed=1")
    assert background(app) == DARK_BG  # the felt's dark page unless the host asks
    assert app.locator("#theme-select").is_hidden()
    boot(app, FIXED + "&embed=1&bg=light")
    assert background(app) == LIGHT_BG
    assert app.evaluate("localStorage.getItem('nos.theme.v1')") is None
    guard.check()


WATCH_MOTION = """() => { window.nosMoved = 0;
    new MutationObserver(() => {
        window.nosMoved += document.querySelectorAll('#table animateTransform').length;
    }).observe(document.querySelector('#table'), {childList: true, subtree: true}); }"""


def test_reduced_motion_turns_the_motion_off(app, guard, base_url):
    """Tiles slide in and payments rise (SMIL in the table's SVG), unless the system asks
    for reduced motion."""
    from e2e_play import one_move, open_game, settle
    from web_views import human_on_set

    seed = human_on_set(3)
    for reduced, expect_motion in (("reduce", False), ("no-preference", True)):
        app.emulate_media(reduced_motion=reduced)
        open_game(app, base_url, f"?seed={seed}&players=3&level=beginner&delay=0")
        app.evaluate(WATCH_MOTION)
        moves = 0
        while settle(app) == "human" and moves < 6:
            one_move(app)
            moves += 1
        moved = app.evaluate("window.nosMoved")
        assert (moved > 0) == expect_motion, (reduced, moved)
    guard.check()
