"""Real views of the web app (nos.app.Table) for the rendering tests: whole hands in which
the player on set announces a chosen game, so that every geometry is drawn (line, cross,
double cross, triangle, triangle then cross, matador lines with doubles in line...).

The main-thread modules of web/ import one another by bare name (mpy.toml's [files] put
them side by side), so pytest puts web/'s folders on sys.path (pyproject.toml).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from languages import LANGUAGES

from nos.actions import DECLINE, WAIT, Announce, Play
from nos.app import Table
from nos.bots.base import best_declaration
from nos.house_rules import Options
from nos.settings import DRAW_UNTIL

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"


def _served_micropython() -> Path:
    """MicroPython's glue as the site serves it (make vendor, scripts/micropython_glue.py)."""
    package = ROOT / "node_modules/@micropython/micropython-webassembly-pyscript/package.json"
    version = json.loads(package.read_text())["version"] if package.exists() else "missing"
    return ROOT / "vendor" / "micropython" / version / "micropython.mjs"


MICROPYTHON = _served_micropython()

WORDS = WEB / "words"
LANGS = tuple(code for code, _ in LANGUAGES)  # the page's languages
# The modules that run on the main thread under MicroPython (web/page/ is the DOM glue);
# notation (the position text's syntax) and contract (the names the view and the page share)
# are the engine's, shared with the page.
MAIN_THREAD_MODULES = ["say", "safe_json", "legal_records", "render_svg", "layout_geometry",
                       "layout_zoom",
                       "render_layout", "render_force", "render_seats", "render_html",
                       "render_chart", "render_summary", "render_together",
                       "render_table", "render_hand", "render_announce", "render_panels",
                       "query", "languages", "render_diagram", "notation", "render_share",
                       "record_link",
                       "render_spoken", "render_coach", "render_review", "contract",
                       "connection_text", "deal_check"]


# The layout's felt and the hand's width as the page gives them on a 1280 x 800 screen
# ("wide") and a 360 x 640 phone ("narrow"), for the drawing tests (bench/layout_quality.py).
FELT = {"wide": (892, 318), "narrow": (337, 262)}
HAND_W = {"wide": 912, "narrow": 347}


def table(view: dict | None, ui: dict | None, mode: str, words) -> str:
    """The table as the page draws it in `mode`'s felt (render_table.table_html)."""
    ui = dict(ui or {})
    ui.setdefault("felt", FELT[mode])
    ui.setdefault("plan", ui["felt"])
    import render_table

    return render_table.table_html(view, ui, words)


def module_path(name: str) -> Path:
    """A module's source, in its folder of web/ or in nos/ (names are unique there:
    MicroPython imports each by its name alone)."""
    found = sorted([*WEB.glob(f"*/{name}.py"), *(ROOT / "nos").glob(f"{name}.py")])
    if len(found) != 1:
        raise LookupError(f"{len(found)} modules named {name} in web/ and nos/")
    return found[0]


def catalogue(lang: str) -> dict:
    return json.loads((WORDS / f"{lang}.json").read_text(encoding="utf-8"))


def catalogues() -> dict:
    """Every language's catalogue there is (web/words/<lang>.json)."""
    return {lang: catalogue(lang) for lang in LANGS if (WORDS / f"{lang}.json").exists()}


def words(lang: str = "en", view: dict | None = None):
    """The catalogue of `lang` as the page uses it, seen from the seat the view calls "you"
    (web/page/language.py)."""
    from say import Words

    view = view or {}
    return Words(catalogue(lang), view.get("you", view.get("viewer")), view.get("names"))


def chooser(announce: str, rng: random.Random, long_game: bool = True):
    """A player for every seat: announces the first legal game whose text starts with
    `announce` (else the first legal one), then plays rather than draws or closes."""

    def pick(obs, _rng=None):
        legal = list(obs.legal)
        announces = [a for a in legal if isinstance(a, Announce)]
        if announces:
            wanted = [a for a in announces if str(a.game) == announce or
                      str(a.game).startswith(announce + " ")]
            return (wanted or announces)[0]
        plays = [a for a in legal if isinstance(a, Play) and not a.close and not a.claim]
        if plays and long_game:
            return rng.choice(plays)
        quiet = [a for a in legal if not (isinstance(a, Play) and a.close)]
        return rng.choice(quiet or legal)

    return pick


def hand_views(announce: str, seed: int, players: int = 4, setter_zero: bool = False,
               limit: int = 400) -> list[dict]:
    """Every view of the first hand (the person's and the bots' moves alike), with the
    person announcing too when on set. JSON round-tripped, as the main thread gets it."""
    rng = random.Random(seed)
    table = Table(players, seed=seed, level="beginner")
    player = chooser(announce, rng)
    table._bot = player  # noqa: SLF001 - a scripted bot for every computer seat
    views = [table.start()]
    from nos.observation import Observation

    for _ in range(limit):
        view = views[-1]
        if view["waiting_for"] == "human":
            obs = Observation(table.hand, table.human)
            view = table.act(str(player(obs)))
        elif view["waiting_for"] == "bot":
            view = table.bot_act()
        else:
            break
        view["house_rules"] = {"H1": False, "H2": False}
        views.append(json.loads(json.dumps(view)))
    return views


# (announcement prefix, seed, players): a hand of each geometry. The set tile of a first
# hand is always a double; 0-0 games need a seed whose highest double is... any: a triangle
# needs 0-0 as set tile, which only a first hand without other doubles gives, so those are
# found by search (find_seed).
GAMES = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11 ordinary", "11 matador",
         "12 line", "12 cross", "12 doublecross", "17 cross", "17 doublecross"]
TRIANGLES = ["13", "14", "15", "16"]


def find_seed(announce: str, players: int = 4, start: int = 0, tries: int = 4000) -> int:
    """A seed whose first hand lets `announce` be made (e.g. 0-0 set for a triangle)."""
    for seed in range(start, start + tries):
        table = Table(players, seed=seed, level="beginner")
        table.start()
        hand = table.hand
        # The first hand's set tile is the highest double dealt (R4).
        doubles = [t for h in hand.hands for t in h if t.is_double]
        if not doubles:
            continue
        top = max(doubles, key=lambda t: t.high)
        if announce in TRIANGLES and top.high != 0:
            continue
        if announce in ("5", "6", "9", "10") and top.high == 0:
            continue
        return seed
    raise LookupError(f"no seed found for game {announce}")


def sample_views(per_game: int = 6) -> list[tuple[str, dict]]:
    """A spread of views over all geometries: (label, view)."""
    out = []
    for k, game in enumerate(GAMES + TRIANGLES):
        seed = find_seed(game.split()[0], start=11 * k)
        views = hand_views(game, seed)
        step = max(len(views) // per_game, 1)
        for i in list(range(0, len(views), step)) + [len(views) - 1]:
            out.append((f"{game}/seed{seed}/{i}", views[i]))
    return out


def human_on_set(players: int = 3, start: int = 0, zero: bool = False) -> int:
    """A seed whose first hand puts the person (seat 0) on set (with 0-0 if `zero`)."""
    for seed in range(start, start + 5000):
        table = Table(players, seed=seed, level="beginner")
        table.start()
        if table.hand.setter == 0 and (not zero or table.hand.legal_actions()[0].tile.high == 0):
            return seed
    raise LookupError("no such seed")


def clicked_hand(seed: int, players: int, game: int, level: str = "beginner") -> dict:
    """The first hand as tests/e2e/e2e_play.py's one_move plays the person's side (the first
    double set, game `game` announced, the first playable tile on its first end, else wait,
    draw or pass; nothing declared): {"turns": the person's moves in play,
    "matador_choice": whether a matador went on a matador end with a choice of outward end}."""
    table = Table(players, seed=seed, level=level)
    view = table.start()
    out = {"turns": 0, "matador_choice": False}
    for _ in range(400):
        if view["waiting_for"] == "bot":
            view = table.bot_act()
            continue
        if view["waiting_for"] != "human":
            break
        hand = view["hand"]
        legal = hand["legal"]
        kinds = {}
        for r in legal:
            kinds.setdefault(r["kind"], []).append(r)
        if hand["phase"] == "announce":
            games = [r for r in legal if r["send"].split()[1] == str(game)]
            pick = (games or legal)[0]
        elif hand["phase"] == "declare":
            pick = (kinds.get("decline") or legal)[0]
        else:
            plays = [r for r in kinds.get("play", []) if not r.get("close")]
            if hand["phase"] == "play":
                out["turns"] += 1
            if plays:
                tile = plays[0]["tile"]
                mine = [r for r in plays if r["tile"] == tile]
                arm = min(r["arm"] for r in mine)
                on_end = [r for r in mine if r["arm"] == arm]
                if len({r["send"] for r in on_end}) > 1 and hand.get("game", {}) and \
                        tile.split("-")[0] != tile.split("-")[1]:
                    out["matador_choice"] = True
                pick = on_end[0]
            else:
                pick = next((kinds[k][0] for k in ("set", "decline", "wait", "draw_until",
                                                    "draw", "pass") if k in kinds), legal[0])
        view = table.act(pick["send"])
    return out


def long_hand_seed(players: int, game: int, zero: bool = False, turns: int = 3,
                   matador: bool = False) -> int:
    """A seed whose first hand puts the person on set (with 0-0 if `zero`) and, played as
    the e2e helpers play it (clicked_hand), gives them at least `turns` moves (and, with
    `matador`, a matador's outward end to choose)."""
    start = 0
    while start < 5000:
        seed = human_on_set(players, start, zero)
        got = clicked_hand(seed, players, game)
        if got["turns"] >= turns and (got["matador_choice"] or not matador):
            return seed
        start = seed + 1
    raise LookupError("no such seed")


def bots_on_set(players: int = 3, start: int = 0) -> int:
    """A seed whose first hand puts a computer player on set: the bots move first (R4)."""
    for seed in range(start, start + 5000):
        table = Table(players, seed=seed, level="beginner")
        table.start()
        if table.hand.setter != 0:
            return seed
    raise LookupError("no such seed")


def announce_view(players: int = 3, seed: int | None = None) -> dict:
    """The person's view right after setting, choosing the game (R7)."""
    seed = human_on_set(players) if seed is None else seed
    table = Table(players, seed=seed, level="beginner")
    view = table.start()
    view = table.act(view["hand"]["legal"][0]["send"])
    assert view["hand"]["phase"] == "announce" and view["waiting_for"] == "human"
    view["house_rules"] = {"H1": False, "H2": False}
    return json.loads(json.dumps(view))


def coached_announce_view(players: int = 4) -> dict:
    """The person's view choosing the game (R7) with the coach's advice in it: the expert
    weighs every game by successive halving, so the options shown were weighed unequally.
    Uncapped (the app caps it at 0.9 s): a fixed number of deals, the same on any machine."""
    from unittest import mock

    import nos.app

    table = Table(players, seed=human_on_set(players), level="beginner")
    view = table.start()
    table.act(view["hand"]["legal"][0]["send"])
    with mock.patch.dict(nos.app.BROWSER_BOT_PARAMS, {"expert": {}}):
        coached = table.coach()
    return json.loads(json.dumps(coached))


def choice_of_doubles(players: int = 3) -> Table:
    """A table at the person's set with a choice of doubles: a second hand (on the first
    the highest double is set, R4), the first played to its end by to_hand_end."""
    for seed in range(400):
        table = Table(players, seed=seed, level="beginner")
        to_hand_end(table, table.start())
        view = table.next_hand()
        while view["waiting_for"] == "bot" and view["hand"]["phase"] != "play":
            view = table.bot_act()
        if (view["waiting_for"] == "human" and view["hand"]["phase"] == "set" and
                len([r for r in view["hand"]["legal"] if r["kind"] == "set"]) >= 2):
            return table
    raise LookupError("no such seed")


def session_view(hands: int = 8, players: int = 5, seed: int = 77) -> dict:
    """A view late in a long session: a full log (200 entries) and big chips."""
    rng = random.Random(seed)
    table = Table(players, seed=seed, level="beginner")
    player = chooser("1", rng, long_game=False)
    table._bot = player  # noqa: SLF001
    from nos.observation import Observation

    view = table.start()
    for _ in range(hands):
        while view["waiting_for"] in ("human", "bot"):
            if view["waiting_for"] == "human":
                view = table.act(str(player(Observation(table.hand, table.human))))
            else:
                view = table.bot_act()
        view = table.next_hand()
    view["house_rules"] = {"H1": False, "H2": True}
    return json.loads(json.dumps(view))


# ---------------------------------------------------------------- the person's decisions
# tests/e2e/test_decisions.py clicks through a first hand as a scripted person: set the
# double (R4), announce game 1, decline declarations (R8) and doubles out of turn (R9) unless
# that is the decision looked for, and play the first legal play. The bots are deterministic
# given the seed, so replaying `path` in the browser reaches the same decision.

# RULINGS.md R8, written out: players -> doubles declared -> paid by each other player.
R8_PAID = {3: {4: 200, 5: 500}, 4: {3: 25, 4: 250}, 5: {3: 50}}
DECISIONS = {
    "declare": "R8: the person may declare doubles",
    "bot declares": "R8: a computer player has declared doubles when the person is to act",
    "out of turn": "R9: the person may play a double out of turn",
    "wait": "R10: the person owes a wait while a computer player owes one too",
    "claim": "H2: the person may claim a double's payment",
    "must draw": "R12: no tile of the person's fits and the boneyard has tiles to draw",
    "close": "R16: the person may close with a play",
}


def _key_action(kind: str, table: Table):
    """The decision looked for, if the person faces it now: the action to take (or True)."""
    hand = table.hand
    legal = hand.legal_actions()
    phase = hand.phase.value
    if kind == "declare" and phase == "declare" and len(legal) > 1:
        return best_declaration(legal)  # the most doubles, for the highest payment
    if kind == "bot declares" and any(hand.declared[1:]):
        return True
    if kind == "out of turn" and phase == "out of turn" and len(legal) > 1:
        return next(a for a in legal if isinstance(a, Play))
    if kind == "wait" and legal == [WAIT] and any(hand.waits[1:]):
        return WAIT
    if kind == "claim" and phase == "play":
        return next((a for a in legal if isinstance(a, Play) and a.claim and not a.close), None)
    if kind == "must draw" and table.must_draw():
        return DRAW_UNTIL
    if kind == "close" and phase == "play" and len(hand.hands[0]) > 1:
        return next((a for a in legal if isinstance(a, Play) and a.close and not a.claim), None)
    return None


def _scripted_move(kind: str, table: Table):
    """The scripted person's move when not at the decision looked for."""
    hand = table.hand
    legal = hand.legal_actions()
    phase = hand.phase.value
    if phase == "announce":
        return next(a for a in legal if str(a) == "announce 1")
    if phase == "out of turn" and kind == "wait":
        return next(a for a in legal if isinstance(a, Play))  # R9, so that a wait is owed
    plays = [a for a in legal if isinstance(a, Play) and not (a.close or a.claim)]
    if phase in ("declare", "out of turn"):
        return DECLINE
    if not plays and table.must_draw():  # R12: the page draws until a tile fits, in one go
        return DRAW_UNTIL
    return (plays or legal)[0]  # set, play, draw or pass


def walk(kind: str, seed: int, players: int, max_plays: int = 3) -> dict | None:
    """The first hand of `seed` up to the decision `kind` (DECISIONS), or None if the
    scripted person does not meet it within `max_plays` plays. Returns the page query, the
    person's actions before it (`path`), the `action` to take there (None for "bot
    declares"), the `table` at that point and its `view`."""
    options = Options(claim_doubles=kind == "claim")
    table = Table(players, seed=seed, level="beginner", options=options)
    table.start()
    path: list[str] = []
    phases: list[str] = []  # the phase of each action of `path`
    for _ in range(300):
        hand = table.hand
        if hand.over:
            return None
        if hand.current != table.human or table.passes_for_person():
            table.bot_act()
            continue
        key = _key_action(kind, table)
        if key is not None:
            query = f"?seed={seed}&players={players}&level=beginner&delay=0"
            return {"kind": kind, "seed": seed, "players": players,
                    "query": query + ("&h2=1" if options.claim_doubles else ""),
                    "path": path, "phases": phases,
                    "action": None if key is True else str(key),
                    "table": table, "view": json.loads(json.dumps(table.view()))}
        move = _scripted_move(kind, table)
        if isinstance(move, Play) and hand.phase.value == "play":
            max_plays -= 1
            if max_plays < 0:
                return None
        path.append(str(move))
        phases.append(hand.phase.value)
        table.act(str(move))
    return None


def find_decision(kind: str, players: int = 4, start: int = 0, tries: int = 600) -> dict:
    """The first seed from `start` whose first hand brings the decision `kind` (walk)."""
    for seed in range(start, start + tries):
        found = walk(kind, seed, players)
        if found is not None:
            return found
    raise LookupError(f"no seed in {start}..{start + tries - 1} gives: {DECISIONS[kind]}")


def events() -> list[dict]:
    """Events of every kind the engine sends: a whole session's log with its payments, and
    refusals and errors (for the renderers' tests under MicroPython)."""
    view = session_view(hands=3, players=4, seed=5)
    out = []
    for entry in view["log"]:
        out.append(entry["event"])
        out += entry["payments"]
    table = Table(3, seed=human_on_set(3), level="beginner")
    table.start()
    for text in ("pass", "6-6@0>6", "announce 99", "draw", "wait", "nonsense", "set 1-0"):
        error = table.act(text)["error"]
        if error:
            out.append(error)
    # Refusals in the turns of play: each tile of the person's on each end, as a person may
    # try them (a refused action changes nothing).
    for _ in range(60):
        view = table.view()
        hand = view.get("hand") or {}
        if view["waiting_for"] == "human" and hand.get("phase") == "play":
            break
        if view["waiting_for"] == "human":
            table.act(hand["legal"][0]["send"])
        elif view["waiting_for"] == "bot":
            table.bot_act()
        else:
            return out
    for tile in hand.get("tiles", []):
        for arm in range(len(hand["layout"]["arms"])):
            error = table.act(f"{tile}@{arm}>{tile[0]}")["error"]
            if error:
                out.append(error)
    return out


def person_turns(players: int, seed: int, player, limit: int = 400, hands: int = 1):
    """(table, view) at each of the person's turns in a game where every seat, the person's
    too, plays by `player` (a chooser), over its first `hands` hands; the person's action
    is taken after each yield."""
    from nos.observation import Observation

    table = Table(players, seed=seed, level="beginner")
    table._bot = player  # noqa: SLF001 - a scripted bot for every computer seat
    view = table.start()
    for _ in range(limit):
        if view["waiting_for"] == "human":
            yield table, view
            view = table.act(str(player(Observation(table.hand, table.human))))
        elif view["waiting_for"] == "bot":
            view = table.bot_act()
        elif view["waiting_for"] == "next_hand" and view["hands_played"] < hands:
            view = table.next_hand()
        else:
            break


def zoomable_save(mode: str = "narrow", players: int = 4, start: int = 0) -> dict:
    """A saved game (Table.save()) at the person's turn to play a tile, in a hand whose
    layout `mode`'s felt shows with tiles well below 24 px (10 px a grid unit or less), so
    zoomable (layout_zoom.py) in every language's felt: long double-cross and triangle
    hands, every seat playing rather than drawing (chooser)."""
    import render_layout
    import render_table

    felt = FELT[mode]
    for seed in range(start, start + 400):
        for announce in ("3", "16"):
            for table, view in person_turns(players, seed, chooser(announce,
                                                                  random.Random(seed))):
                hand = view["hand"]
                plays = [r for r in hand["legal"] if r["kind"] == "play"]
                if hand["phase"] == "play" and plays and hand.get("layout"):
                    ui = {"felt": felt, "plan": felt}
                    s = render_layout.layout_place(hand, (0, 0) + felt, felt)[1]
                    if s <= 10 and render_table.zoom_of(view, ui) is not None:
                        return table.save()
    raise LookupError("no zoomable layout found")


def first_play(view: dict) -> str:
    """The person's action: the first play that closes nothing, else the first legal one."""
    legal = view["hand"]["legal"]
    plays = [r for r in legal if r["kind"] == "play" and not r.get("close")]
    return (plays or legal)[0]["send"]


def scripted(table: Table, seed: int, announce: str = "1"):
    """Every seat of `table` played by chooser (its bots replaced): the person's turn for
    to_hand_end."""
    from nos.observation import Observation

    player = chooser(announce, random.Random(seed))
    table._bot = player  # noqa: SLF001 - a scripted bot for every computer seat
    return lambda view: str(player(Observation(table.hand, table.human)))


def to_hand_end(table: Table, view: dict, turn=None, step=None) -> dict:
    """Play the hand in progress to its end: the bots act, the person plays `turn(view)`
    (default first_play); `step(view)` sees every view on the way. Returns the last view."""
    for _ in range(500):
        if step is not None:
            step(view)
        if view["waiting_for"] == "bot":
            view = table.bot_act()
        elif view["waiting_for"] == "human":
            view = table.act((turn or first_play)(view))
        else:
            return view
    raise AssertionError("the hand does not end")


def coached_view_and_review(seed: int = 3) -> tuple[dict, dict]:
    """A view of the person's decision with the coach's advice in it (nos/coach.py), and
    the review of a finished hand (nos/review.py), JSON round-tripped as the page gets them."""
    table = Table(3, seed=seed, level="beginner")
    coached = []

    def turn(view: dict) -> str:
        advice = table.coach()
        if (advice["coach"] or {}).get("weighed"):
            coached.append(advice)
        return first_play(view)

    to_hand_end(table, table.start(), turn)
    return json.loads(json.dumps(coached[0])), json.loads(json.dumps(table.review()))


def needs_micropython(test):
    """Skip `test` where Node or the vendored MicroPython is missing (before `npm ci`)."""
    import shutil

    import pytest

    return pytest.mark.skipif(shutil.which("node") is None or not MICROPYTHON.exists(),
                              reason="needs node and the vendored MicroPython (npm ci)")(test)


def micropython_run(driver: str, modules: list[str], data: dict, tmp_path) -> dict:
    """Run tests/<driver>.py under MicroPython 1.27 in Node (tests/micropython_run.mjs) with
    `modules` (paths from the repository's root) beside it, on `data`: its output."""
    import subprocess

    src, dst = tmp_path / "in.json", tmp_path / "out.json"
    src.write_text(json.dumps(data))
    run = subprocess.run(["node", str(ROOT / "tests" / "micropython_run.mjs"),
                          MICROPYTHON.as_uri(), str(src), str(dst),
                          str(ROOT / "tests" / f"{driver}.py"),
                          *(str(ROOT / m) for m in modules)],
                         capture_output=True, text=True, timeout=300,
                         env={"MPY_DRIVER": driver, "PATH": "/usr/bin:/bin"})
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(dst.read_text())
