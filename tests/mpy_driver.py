"""Renders views with the main-thread modules of web/; run both by CPython (pytest) and by
MicroPython 1.27 (tests/micropython_run.mjs), whose outputs must be identical.
Kept in the MicroPython subset itself."""

import json

import legal_records
import render_announce
import render_coach
import render_diagram
import render_hand
import render_panels
import render_review
import render_spoken
import render_table
from languages import catalogue_url, choose_language
from query import parse_query
from say import Words, catalogue

try:
    import notation  # MicroPython: beside the page's modules, as in page.pack
except ImportError:
    from nos import notation  # CPython: the engine's own


# (felt, hand width) on a wide screen and a phone (tests/web_views.py FELT, HAND_W)
SCREENS = [((892, 318), 912), ((337, 262), 347)]


def table(view, ui, screen, w):
    felt = SCREENS[screen][0]
    ui["felt"], ui["plan"] = felt, felt
    return render_table.table_html(view, ui, w)


def render_view(view, w, full=True):
    w.viewer = view.get("viewer")
    w.names = view.get("names") or []
    out = []
    for screen in (0, 1):
        out.append(table(view, {"selected": None, "targets": []}, screen, w))
        out.append(render_hand.hand_svg(view, {"playable": legal_records.tile_actions(view),
                                         "active": True}, SCREENS[screen][1], w))
    if not full:  # (motion: a few views are enough; every view would near the time limit)
        changes = [7 * s - 9 for s in range(view.get("players", 0))]
        anchors = {}
        for s in range(view.get("players", 0)):
            anchors[s] = (40 * s, -30)
        out.append(table(view, {"play": True, "chips": changes, "anchors": anchors}, 1, w))
    tiles = legal_records.tile_actions(view)
    if tiles:
        targets = legal_records.targets_for(view, tiles[0])
        out.append(table(view, {"selected": tiles[0], "targets": targets}, 0, w))
        out.append(json.dumps([legal_records.outs_for(view, tiles[0], a) for a in targets]))
    if view.get("coach"):  # the coach's chips under the tiles
        out.append(render_hand.hand_svg(view, {"playable": legal_records.tile_actions(view),
                                         "active": True, "coach": True}, 347, w))
    out.append(render_panels.controls_html(view, {"close": True}, w))
    out.append(render_panels.controls_html(view, {"coach": True}, w))
    out.append(render_panels.coach_panel_html(view, {"coach": True}, w))
    out.append(render_coach.coach_html(view.get("coach"), w))
    out.append(render_panels.controls_html(view, {"loading": True}, w))
    out.append(render_panels.log_html(view, w))
    log = view.get("log") or []
    said, heard = render_spoken.news(view, max(len(log) - 6, 0), w)
    out.append(said + " | " + str(heard))  # (not json.dumps: it escapes differently)
    out.append(render_spoken.read_out(view, tiles, w))
    out.append(render_panels.info_html(view, w))
    out.append(render_diagram.diagram_svg(view, w, render_diagram.seat_hands(view)))
    hand = view.get("hand") or {}
    if hand.get("layout") and hand.get("phase") == "over":
        # Every hand and the boneyard open (made-up tiles: only the drawing is compared).
        tiles = hand.get("tiles") or ["6-6", "5-0"]
        out.append(render_diagram.diagram_svg(view, w, [tiles] * view.get("players", 0),
                                              tiles + ["1-0", "0-0"], "Open hands", False))
        out.append(render_diagram.diagram_svg(view, w, [tiles] * view.get("players", 0),
                                              tiles + ["1-0", "0-0"], "Open hands", True,
                                              True))  # a phone's
    if hand.get("announce"):
        state = render_announce.default_state(view)
        for game in range(1, 18):
            state = render_announce.update(view, state, "game", str(game))
            out.append(render_announce.dialog_html(view, state, w))
            if view.get("coach") and game == 1:  # with the coach's advice in it
                out.append(render_announce.dialog_html(view, state, w, True))
            variants = (("matching", "matador"), ("condition", "first"), ("count", "3"),
                        ("shape", "cross"), ("side", "right"))
            for param, value in variants if full else ():
                state = render_announce.update(view, state, param, value)
                out.append(render_announce.dialog_html(view, state, w))
    return out


def render_all(data):
    out = []
    for lang in sorted(data["words"]):
        w = Words(data["words"][lang])
        # Every view in English; in the other languages the views with the most words.
        views = data["views"] if lang == "en" else data["views"][-3:] + data["views"][:2]
        for view in views:
            out.extend(render_view(view, w, lang == "en"))
        w.viewer = None
        out.append(render_diagram.diagram_svg(None, w))
        settings = data["views"][0].get("settings") or {}
        out.append(render_panels.new_game_html({"players": 5, "level": "expert", "h1": True,
                                                "seed": "12", "pace": 150, "error": True},
                                               True, settings, w))
        out.append(render_panels.new_game_html({"players": 3, "level": "club", "seed": "",
                                                "pace": 0, "people": 2, "seats": [0, 2]},
                                               False, settings, w))
        for event in data.get("events") or []:
            out.append(w.say(event))
        for review in data.get("reviews") or []:  # the hand review: a few steps each
            steps = render_review.decision_steps(review)
            for step in [0, len(review["steps"]) - 1] + steps[:3]:
                out.append(render_review.review_html(review, step, w, step == 0))
        out.append(render_review.notice_html(w.word("review.working"), w, True))
    for search in ("?seed=12&players=3&level=beginner", "?players=9", "?delay=0",
                   "?level=Club&h2=1&lang=pl", "?seed=%31%32", "?foo=1", "?seed=-1",
                   "?level=%C3%A9t%C3%A9", "?seed=%E2%91%A0", "?x=%ff%41", "?players=%C2%B3",
                   "?seed=%00&x%7F=a%0Ab"):
        # (joined, not json.dumps: MicroPython's writes non-ASCII letters unescaped)
        out.append("&".join([n + "=" + v for n, v in parse_query(search)]))
    for asked, stored, browser in (("pl", None, []), ("xx", "nl", ["de"]), ("", None,
                                                                          ["pl-PL", "en"]),
                                   ("", None, ["de-DE"])):
        out.append(json.dumps(choose_language(asked, stored, browser)))
    for text in data.get("positions") or []:
        out.append(read_position(text))
    for text in CATALOGUE_TEXTS:  # a catalogue read, or refused as damaged
        words = catalogue(text)
        out.append(None if words is None else [words.lang, words.word("hello", {})])
    out.append(catalogue_url("pl"))
    return out


CATALOGUE_TEXTS = ['{"lang": "nl", "words": {"hello": "hallo"}}', '{"lang": "pl"}',
                   '{"lang": "pl", "words": []}', '["words"]', '{"lang": "nl", "words": {',
                   "", "null", '{"words": {"hello": "hi"}}', None]


def read_position(text):
    """A position text's fields (sorted, as dict order differs) and its canonical text, or
    its error's key and parameters (the page words them)."""
    try:
        fields = notation.parse(text)
    except notation.NotationError as exc:
        return json.dumps([exc.key, sorted_pairs(exc.params)])
    return json.dumps([sorted_pairs(fields), notation.format(fields)])


def sorted_pairs(value):
    """Dicts as [key, value] pairs in key order, all the way down (dict order differs)."""
    if isinstance(value, dict):
        return [[k, sorted_pairs(value[k])] for k in sorted(value)]
    if isinstance(value, list):
        return [sorted_pairs(v) for v in value]
    return value


def main(src, dst):
    with open(src) as f:
        data = json.loads(f.read())
    result = render_all(data)
    with open(dst, "w") as f:
        # Item by item: MicroPython's json.dumps of the whole list (12 MB) took six minutes,
        # of each item a second in all.
        f.write("[" + ",".join([json.dumps(item) for item in result]) + "]")
