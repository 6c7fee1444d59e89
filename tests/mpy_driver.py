"""Renders views with the main-thread modules of web/; run both by CPython (pytest) and by
MicroPython 1.27 (tests/micropython_run.mjs), whose outputs must be identical.
Kept in the MicroPython subset itself."""

import json

import render_announce
import render_diagram
import render_panels
import table
import ui_logic


def render_view(view):
    out = []
    for mode in ("wide", "narrow"):
        out.append(table.table_svg(view, {"selected": None, "targets": []}, mode))
        out.append(table.hand_svg(view, {"playable": ui_logic.tile_actions(view),
                                         "active": True}, mode))
    tiles = ui_logic.tile_actions(view)
    if tiles:
        targets = ui_logic.targets_for(view, tiles[0])
        out.append(table.table_svg(view, {"selected": tiles[0], "targets": targets}, "wide"))
        out.append(json.dumps([ui_logic.outs_for(view, tiles[0], a) for a in targets]))
    out.append(render_panels.controls_html(view, {"close": True}))
    out.append(render_panels.controls_html(view, {"loading": True}))
    out.append(render_panels.log_html(view))
    out.append(render_panels.info_html(view))
    out.append(render_diagram.diagram_svg(view, render_diagram.seat_hands(view)))
    hand = view.get("hand") or {}
    if hand.get("layout") and hand.get("phase") == "over":
        # Every hand and the boneyard open (made-up tiles: only the drawing is compared).
        tiles = hand.get("tiles") or ["6-6", "5-0"]
        out.append(render_diagram.diagram_svg(view, [tiles] * view.get("players", 0),
                                              tiles + ["1-0", "0-0"], "Open hands", False))
    if hand.get("phase") == "announce":
        state = render_announce.default_state()
        for game in range(1, 18):
            state = render_announce.update(state, "game", str(game))
            out.append(render_announce.dialog_html(view, state))
    return out


def render_all(views):
    out = []
    for view in views:
        out.extend(render_view(view))
    out.append(render_diagram.diagram_svg(None))
    out.append(render_panels.new_game_html({"players": 5, "level": "expert", "h1": True,
                                            "seed": "12"}, True))
    for search in ("?seed=12&players=3&level=beginner", "?players=9", "?delay=0",
                   "?level=Club&h2=1", "?seed=%31%32", "?foo=1", "?seed=-1"):
        result = ui_logic.parse_params(search)
        game = result["game"]
        # Dicts keep no order in MicroPython: compare sorted items.
        out.append(json.dumps([sorted(result.items(), key=lambda kv: kv[0])[:2],
                               sorted(game.items()) if game else None]))
    return out


def main(src, dst):
    with open(src) as f:
        views = json.loads(f.read())
    result = render_all(views)
    with open(dst, "w") as f:
        f.write(json.dumps(result))
