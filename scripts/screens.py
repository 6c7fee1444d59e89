"""Screenshots of the table late in long hands, for a reader to judge the table by eye:
docs/screens/<geometry>-<width>x<height>.png.

    .venv/bin/python scripts/screens.py [--out docs/screens] [--size 360x640 ...]

For each geometry (a cross, a double cross, a triangle, a line) a game is played by the
engine with every seat playing rather than drawing (so the hand runs long) up to the
person's last turn with the most tiles on the table; its save is put in the page's storage
and the page is opened on it, in Chromium at each size (360 x 640 by touch, 1280 x 800),
and the person's first playable tile is selected, so the ends it may go to show.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# (as pyproject.toml's pythonpath: tests/web_views.py and the page's modules it imports)
sys.path[:0] = [str(ROOT / p) for p in (".", "web/page", "web/draw", "web/shared",
                                        "web/words", "nos", "tests")]

from web_views import TRIANGLES, chooser, person_turns  # noqa: E402

from nos.actions import Set  # noqa: E402
from nos.tiles import Tile  # noqa: E402
from scripts.browser_env import Server, launch_args  # noqa: E402

# (name, the announcement's text start, players)
GAMES = [("cross", "2", 4), ("double-cross", "3", 5), ("triangle", "13", 4), ("line", "1", 5)]
SAVE_KEY = "nos.game.v1"


def long_player(announce: str, rng: random.Random):
    """Every seat: sets 0-0 for a triangle, announces `announce` when it can, then plays
    rather than draws (web_views.chooser)."""
    play = chooser(announce, rng)

    def pick(obs, _rng=None):
        blank = [a for a in obs.legal if isinstance(a, Set) and a.tile == Tile(0, 0)]
        if blank and announce in {g.split()[0] for g in TRIANGLES}:  # (a triangle: 0-0, R7)
            return blank[0]
        return play(obs)

    return pick


def late_save(announce: str, players: int, seeds: range) -> dict:
    """The save at the person's turn, in a hand of the game, with the most tiles on the
    table over the first hands of games of `seeds`."""
    best = (0, None)
    for seed in seeds:
        for table, view in person_turns(players, seed, long_player(announce,
                                                                  random.Random(seed)),
                                        limit=1500, hands=4):
            layout = view["hand"].get("layout") or {}
            laid = sum(len(a["tiles"]) for a in layout.get("arms", []))
            plays = [r for r in view["hand"]["legal"] if r["kind"] == "play"]
            if (plays and layout and laid > best[0] and
                    layout["game"].split()[0] == announce.split()[0]):
                best = (laid, table.save())
    if best[1] is None:
        raise LookupError(f"no hand of game {announce} found")
    return best[1]


def shoot(saves: dict, sizes: list[tuple[int, int]], out: Path) -> list[Path]:
    from playwright.sync_api import sync_playwright

    made = []
    server = Server()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch_args())
            for width, height in sizes:
                phone = width < 700
                for name, save in saves.items():
                    context = browser.new_context(viewport={"width": width, "height": height},
                                                  has_touch=phone, is_mobile=phone)
                    page = context.new_page()
                    page.goto(server.url + "index.html?delay=0")
                    page.wait_for_selector("body[data-state=playable]", state="attached",
                                           timeout=90_000)
                    page.evaluate(f"""(save) => {{ localStorage.setItem('{SAVE_KEY}', save);
                        localStorage.removeItem('nos.shown.v1'); }}""", json.dumps(save))
                    page.reload()
                    page.wait_for_selector("body[data-state=playable]", state="attached",
                                           timeout=90_000)
                    tile = page.locator("#hand .hand-tile.playable").first
                    if tile.count():
                        (tile.tap if phone else tile.click)()
                    time.sleep(0.8)  # (the layout's motion settles)
                    path = out / f"{name}-{width}x{height}.png"
                    page.screenshot(path=str(path))
                    made.append(path)
                    context.close()
            browser.close()
    finally:
        server.stop()
    return made


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screens"))
    parser.add_argument("--size", nargs="+", default=["360x640", "1280x800"])
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.size]
    saves = {name: late_save(announce, players, range(40))
             for name, announce, players in GAMES}
    for path in shoot(saves, sizes, out):
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


if __name__ == "__main__":
    main()
