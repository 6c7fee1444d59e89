"""The position text (docs/position-format.md): round trips over random play of all 17 games,
hands started from a position playing on exactly as the original, and one sentence for every
class of bad text (syntax in nos.notation, rules in nos.position)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import forced_hand

from nos import notation
from nos.actions import Play
from nos.hand import Hand
from nos.layout import goes, play_table
from nos.matching import Matching
from nos.notation import NotationError
from nos.observation import Observation
from nos.phase import Phase
from nos.players import random_action
from nos.position import BadPosition, Position
from nos.tiles import ALL_TILES


def state(hand: Hand) -> tuple:
    """Everything about a hand that decides what happens next."""
    layout = None if hand.layout is None else [
        [(p.tile, p.out, p.seat, p.out_of_turn) for p in arm] for arm in hand.layout.arms]
    return (hand.phase, None if hand.over else hand.current, [sorted(h) for h in hand.hands],
            list(hand.stack), hand.chips, hand.declared, hand.waits, hand.out, hand.nos,
            hand.pass_streak, hand.last_turn, hand.queue, layout, hand.set_tile,
            hand.set_drawn, hand.announcement, hand.counts, hand.setter, hand.options,
            hand.number, hand.remaining)


def positions_of_play(players: int, game: int, seed: int):
    """(hand, its position with everything shown) after every action of a random hand."""
    rng = random.Random(seed)
    hand, script = forced_hand(players, game, rng)
    for action in script:
        yield hand, Position.of(hand, shown="everything")
        hand.apply(action)
    while True:
        yield hand, Position.of(hand, shown="everything")
        if hand.over:
            return
        hand.apply(random_action(Observation(hand, hand.current), rng))


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("game", range(1, 18))
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_every_position_of_every_game_round_trips_and_plays_on_the_same(
        players: int, game: int, seed: int) -> None:
    for hand, position in positions_of_play(players, game, seed):
        text = str(position)
        again = Position.parse(text)
        assert again == position and str(again) == text
        assert eval(repr(again)) == again  # the repr is pasteable
        started = again.hand()
        assert state(started) == state(hand), text
        # The same actions (listed in the order of the tiles in hand, which a position sorts).
        assert sorted(map(str, started.legal_actions())) == sorted(map(str, hand.legal_actions()))
        assert again.open_seats() == list(range(players))
        for seat in range(players):  # each seat's view (R71) is a position too
            seen = position.seen_by(seat)
            assert Position.parse(str(seen)) == seen
            assert sorted(seen.hand(seed=seed).hands[seat]) == sorted(hand.hands[seat])
            shown = seen.open_seats()  # (its own; others' only if all they hold is known)
            assert shown == [s for s, h in enumerate(seen.fields["hands"]) if not h["hidden"]]
            assert seat in shown
    assert hand.announcement.game == game


def test_r9_doubles_out_of_turn_fit_in_the_order_they_were_played_r57c() -> None:
    """Game 11 with a condition that changes the matching (R57c): the double played out of
    turn second met the first's matching only because it went down first. A position of it
    is accepted (the checker tries the orders of R9's doubles), found by hypothesis."""
    count = 0
    for hand, position in positions_of_play(3, 11, 39715395):
        assert Position.parse(str(position)) == position
        count += any(p.out_of_turn for arm in hand.layout.arms for p in arm) if hand.layout \
            else 0
    assert count  # the hand had doubles out of turn


def test_a_hand_started_from_a_position_plays_to_the_same_end() -> None:
    rng = random.Random(7)
    hand, script = forced_hand(4, 8, rng)
    for action in script:
        hand.apply(action)
    for _ in range(6):
        hand.apply(random_action(Observation(hand, hand.current), rng))
    started = Position.of(hand, shown="everything").hand()
    while not hand.over:
        action = random_action(Observation(hand, hand.current), rng)
        hand.apply(action)
        started.apply(action)
    assert state(started) == state(hand)
    assert started.ledger == hand.ledger[len(hand.ledger) - len(started.ledger):]
    assert repr(started).startswith("Position.parse(")
    again = eval(repr(started), {"Position": Position})
    assert state(again) == state(started)


# ---------------------------------------------------------------- scripted positions
def test_r13_a_position_written_by_hand_starts_a_hand() -> None:
    text = "518.494.494.494_a66_2_-.-.-.-_play-b_544321.53422010.65553130.64633322_b12_tas"
    position = Position.parse(text)
    hand = position.hand(seed=1)
    assert hand.phase is Phase.PLAY and hand.current == 1 and hand.boneyard_count == 12
    # R13, R60: each arm's first tile meets the set double's 6; seat b has none, so draws.
    assert [str(a) for a in hand.legal_actions()] == ["draw"]
    assert str(position) == text


def test_r14_the_previous_turn_decides_who_pays_for_a_double() -> None:
    # Seat b played 6-5 on arm 0 in the previous turn (tb0); seat c plays 5-5 against it.
    text = PLAYED
    hand = Position.parse(text).hand()
    hand.apply(next(a for a in hand.legal_actions() if str(a) == "5-5@0>5"))
    assert [tuple(p) for p in hand.ledger] == [(0, 1, 2, 5, "R14")]
    # After a pass or a wait (no t field) nobody pays for it.
    quiet = Position.parse(text.replace("_tb0", "")).hand()
    quiet.apply(next(a for a in quiet.legal_actions() if str(a) == "5-5@0>5"))
    assert quiet.ledger == []


def test_r15_the_only_seat_out_went_nos() -> None:
    text = "500.500.500.500_a66_1_65b54c.-_play-d_433211.-.5210n2.616044302220_b12_tc0_nb"
    position = Position.parse(text)
    assert str(position) == text  # written out: the first seat to go out
    with pytest.raises(BadPosition) as refused:  # (one text: the field is not left out)
        Position.parse(text[:-3])
    assert refused.value.key == "nos_unnamed" and "nb" in str(refused.value)
    hand = position.hand()
    assert hand.nos == 1 and hand.out == [False, True, False, False] and hand.remaining == 3


def test_r9_r10_a_double_out_of_turn_owes_a_wait() -> None:
    # Matador line on 6-6: seat b played 1-1 out of turn on side 1 (R9) and owes a wait.
    position = Position.parse("517.495.494.494_a66_4_-.11b*_play-b_433220.544121.55514030.6"
                              "4635300_b12_wb1_tas")
    assert [str(a) for a in position.hand().legal_actions()] == ["wait"]


def test_hidden_hands_are_dealt_from_the_seed_and_keep_declared_doubles() -> None:
    position = Position.parse("500.500.500.500_a66_2_-.-.-.-_play-b_55!44!n1.n4.n4.n4_b12"
                              "_tas")
    assert str(position).startswith("500.500.500.500_a66")
    one, two = position.hand(seed=1), position.hand(seed=2)
    assert {str(t) for t in one.declared[0]} == {"5-5", "4-4"} <= {str(t) for t in one.hands[0]}
    assert one.hands != two.hands and one.stack != two.stack
    assert state(position.hand(seed=1)) == state(one)  # deterministic


# ---------------------------------------------------------------- bad text
BAD_SYNTAX = {
    "": "empty",
    "500.500.500.500": "too_few_fields",
    "500.500_a_-_-_set-a_n4.n4_b12": "bad_chips",
    "500.500.500.500_z_-_-_set-a_n4.n4.n4.n4_b12": "bad_set",
    "500.500.500.500_a66_19_-.-.-.-_play-b_n4.n4.n4.n4_b11": "bad_game",
    "500.500.500.500_a66_02_-.-.-.-_play-b_n4.n4.n4.n4_b11": "bad_game",  # (one spelling)
    "500.500.500.500_a66_2_6x5.-.-.-_play-b_n4.n4.n4.n4_b11": "bad_layout",
    "500.500.500.500_a66_2_-.-.-.-_jump-b_n4.n4.n4.n4_b11": "bad_turn",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.7.n4.n4_b11": "bad_hand",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_x11": "bad_boneyard",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_b11_q1": "bad_option",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_b11_wbx": "bad_waits",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_b11_wz1": "bad_waits",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_b11_ta": "bad_last",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_b11_p12": "bad_passes",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_b11_n1": "bad_nos",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_b11_h0": "bad_number",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_b11_h1000": "bad_number",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_b11_r3": "bad_rules",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_b11_f1": "bad_first",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_b11_p1_p1": "twice",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4_b11": "seat_count",
    "500.500.500_a66_2_-.-.-.-_play-e_n4.n4.n4_b11": "no_seat",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_b11#": "bad_character",
    # One text a position (as a FEN): another spelling is refused, naming the field.
    "0500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_b11": "form_chips",
    "-0.500.500.1000_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_b11": "form_chips",
    "500.500.500.500_a56_-_-_announce-a_n4.n4.n4.n4_b12": "form_set",
    "500.500.500.500_a_-_-_set-a_55214310.n4.n4.n4_b12_f": "form_hand",
    "500.500.500.500_a_-_-_set-a_n04.n4.n4.n4_b12_f": "form_hand",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_b09": "form_boneyard",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_b11.": "form_boneyard",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_b11_h02": "form_option",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_b11_h1": "form_left_out",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_b11_p0": "form_left_out",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_b11_h2_p1": "form_order",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4.n4 _b11": "space",
    "500.500.500.500_a66_2_-.-.-.-\n_play-b_n4.n4.n4.n4_b11": "space",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.\tn4.n4_b11": "space",
}
# Seat b played 6-5 on arm 0 in the previous turn (tb0); seat c to play.
PLAYED = "518.494.494.494_a66_1_65b.-_play-c_433220.544441.55514030.64635300_b12_tb0"
BAD_RULES = {
    "500.500.500.400_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_b11": "chips_total",
    "500.500.500.500_a66_2_-.-.-.-_play-b_6654.n4.n4.n4_b11": "tile_twice",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_b12": "tile_total",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n4.n4.n4.n5_b10.55443322": "boneyard_shown",
    "500.500.500.500_a66_2_-.-.-.-_play-b_n7.n7.n6.n6_b1": "last_two",
    "500.500.500.500_a66_-_-_set-b_n3.n4.n4.n4_b12": "set_phase_not_set",
    "500.500.500.500_a66_2_-_announce-a_n4.n4.n4.n4_b11": "set_phase_no_game",
    "500.500.500.500_a_-_-_announce-a_n4.n4.n4.n4_b12": "set_phase_set",
    "500.500.500.500_a66_-_-_play-b_n4.n4.n4.n4_b11": "set_phase_laid",
    "500.500.500.500_a66_-_-_announce-b_n3.n4.n4.n4_b12": "not_setter",
    "500.500.500.500_a_-_-_set-a_n5.n3.n4.n4_b12": "deal_size",
    "500.500.500.500_a_-_-_set-a_54323110.66414030.52504321.61605520_b12_f": "first_setter",
    "500.500.500.500_a53d_2_-.-.-.-_play-b_n4.n4.n4.n4_b11": "game_not_legal",
    "500.500.500.500_a66_1_-.-.-.-_play-b_n4.n4.n4.n4_b11": "arm_count",
    "500.500.500.500_a66_2_54b.-.-.-_play-c_n4.n3.n4.n4_b11": "layout",
    "500.500.500.500_a66_2_65b*.-.-.-_play-c_n4.n3.n4.n4_b11": "out_of_turn",
    "500.500.500.500_a66_2_65b.-.-.-_out-c_n4.n3.n4.n4_b11": "out_phase",
    "500.500.500.500_a66_2_-.-.-.-_play-b_54!n3.n4.n4.n4_b11": "declared",
    "500.500.500.500_a66_-_-_announce-a_55!n2.n4.n4.n4_b12": "declared_early",
    "500.500.500.500_a66_2_-.-.-.-_declare-b_n3.-.n6.n6_b12": "empty_hand",
    "500.500.500.500_a66_1_65b54b.-_play-b_n3.-.n5.n5_b12_nb": "turn_out",
    "500.500.500.500_a66_2_-.-.-.-_out-a_n3.n4.n4.n4_b12": "turn_setter",
    "500.500.500.500_a66_1_-.-_play-b_n3.n4.n4.n4_b12_wb3": "wait_arm",
    "500.500.500.500_a66_1_-.-_play-b_n3.n4.n4.n4_b12_tb5": "last_arm",
    "500.500.500.500_a66_1_-.-_declare-b_n3.n4.n4.n4_b12_p1": "last_phase",
    "500.500.500.500_a66_1_65b.-_play-c_n3.n3.n4.n4_b12_nb": "nos_in",
    "500.500.500.500_a66_1_65b54c.-_play-d_n3.-.-.n10_b12": "nos_missing",
    "500.500.500.500_a66_1_65b54c.-_play-d_433211.-.5210n2.616044302220_b12_tc0": "nos_unnamed",
    "500.500.500.500_a66_1_-.-_play-b_n3.n4.n4.n4_b12_p4": "passes",
    # R10: a wait is owed for a double the seat played out of turn, lying there.
    "500.500.500.500_a66_1_-.-_play-b_n3.n4.n4.n4_b12_wb1": "wait_double",
    # R14: the previous turn's tile is the last in-turn tile of the seat before the turn.
    PLAYED + "_p1": "last_after_pass",
    PLAYED.replace("_tb0", "_tas"): "last_set",
    PLAYED.replace("_tb0", "_ta0"): "last_tile",
    PLAYED.replace("play-c", "play-d"): "last_seat",
    # R2: the boneyard only shrinks from what the deal leaves (12 at four players).
    "500.500.500.500_a66_2_-.-.-.-_play-b_6543.4221.5210.3020_b19_tas": "boneyard_size",
    PLAYED.replace("_1_", "_11.here0.ordinary_"): "game_form",
    PLAYED.replace("_1_", "_11.ordinary.here00_"): "game_form",
    PLAYED.replace("_1_", "_11.ordinary.ordinary.here0_"): "game_form",
    PLAYED.replace("_1_", "_1.ordinary_"): "game_parameters",
    "500.500.500.500_b_-_-_set-b_n4.65544310.n4.n4_b12_f": "first_no_double",
    "500.500.500.500_b_-_-_set-b_n4.n4.66654310.n4_b12_f": "first_setter",
    # R4 before play: the set tile is the highest double, and the hidden tiles leave it so.
    "510.495.495_a55_-_-_announce-a_43322110.6664626160.5453525150_b13_f": "first_setter",
    "500.500.500_a_-_-_set-a_5141312111.n5.n5_b13.10203032404243505253546061_f":
        "first_hidden",
    # R5: a later hand's setter who drew the set tile holds no double before play.
    "485.505.505.505_a50d_-_-_announce-a_66656463.n4.n4.n4_b11_h2": "drawn_double",
    "485.505.505.505_a32d_-_-_announce-a_n4.313022n1.42414033.51504443_b11."
    "5253545560616263646566_h2": "drawn_hidden",
    # R20: a hand ends with one player holding tiles, or the boneyard at its last two.
    "518.494.494.494_a66_1_65b.-_over_433220.544441.55514030.64635300_b12": "over_how",
    # R9: the player on set plays no double out of turn.
    "517.495.494.494_a66_4_-.11a*_play-b_433220.544121.55514030.64635300_b12_wa1_tas":
        "turn_setter",
}


@pytest.mark.parametrize("text,key", [*BAD_SYNTAX.items(), *BAD_RULES.items()])
def test_bad_text_gets_one_sentence_naming_what_is_wrong(text: str, key: str) -> None:
    with pytest.raises(NotationError) as caught:
        Position.parse(text)
    error = caught.value
    assert error.key == key, str(error)
    assert isinstance(error, BadPosition) == (key in BAD_RULES.values())
    sentence = str(error)
    assert sentence[0].isupper() and sentence.endswith(".") and "\n" not in sentence
    assert sentence.count(". ") == 0 and "{" not in sentence and "Traceback" not in sentence


@pytest.mark.parametrize("bad,shown", [
    ("#", "#"), ("é", "é"), ("ą", "ą"), ("–", "–"), ("５", "５"), ("Ж", "Ж"), ("😀", "😀"),
    ("\x85", "U+0085"), ("\xa0", "U+00A0"), ("\xad", "U+00AD"),
    ("\u0301", "U+0301"), ("\u200b", "U+200B"), ("\u202e", "U+202E"), ("\u2066", "U+2066"),
    ("\u2028", "U+2028"), ("\ufeff", "U+FEFF"), ("\ufdd0", "U+FDD0"), ("\ue000", "U+E000"),
    ("\U000e0041", "U+E0041"), ("\U0001fffe", "U+1FFFE"),
    ("\ud800", "U+D800"), ("\udcff", "U+DCFF"),
])
def test_a_character_positions_never_use_is_named_in_a_sentence_any_output_can_write(
        bad: str, shown: str) -> None:
    """Wherever it stands, the first such character is named: as itself if it is a letter or
    sign of a script, else by its code (a control, an invisible or combining character, one
    that turns the line's direction, private use, a noncharacter, or a lone surrogate as
    CPython makes of a byte that is not UTF-8 in a command's argument, which no output
    could encode)."""
    for text in (PLAYED[:20] + bad + PLAYED[20:], PLAYED[:3] + bad + "é" + PLAYED[3:],
                 PLAYED[:-1] + bad + "#" + PLAYED[-1:]):  # (at either end it may be space)
        with pytest.raises(NotationError) as caught:
            Position.parse(text)
        assert caught.value.key == "bad_character"
        sentence = str(caught.value)
        assert shown in sentence and "\n" not in sentence
        sentence.encode("utf-8")  # (would raise for a lone surrogate)


def test_only_ascii_space_is_trimmed_as_micropython_trims_it() -> None:
    """The page (MicroPython) and the command line (CPython) read the same texts alike:
    ASCII space at either end is ignored; a separator there is a character never used."""
    assert Position.parse(" \t" + PLAYED + "\r\n") == Position.parse(PLAYED)
    for end in ("\u2028", "\x85", "\xa0", "\u3000"):
        with pytest.raises(NotationError) as caught:
            Position.parse(end + PLAYED + end)
        assert caught.value.key == "bad_character"


def test_every_message_key_is_tested() -> None:
    from nos import position

    assert set(notation.ERRORS) == set(BAD_SYNTAX.values())
    assert set(position.ERRORS) == set(BAD_RULES.values())


def test_the_syntax_round_trips_on_its_own() -> None:
    text = ("492.511.497.500_a66_12.cross.ordinary1_65b54c.63c.66d*.-_play-a_6655!41.n3.-."
            "n4_b9_wd3_tc0_p1_nc_h3_r12")
    assert notation.format(notation.parse(text)) == text
    assert notation.parse(text)["game"] == "12 cross ordinary=1"
    assert notation.game_to_text("11 ordinary first=1:3 change") == "11.ordinary.3on1.change"
    assert notation.game_from_text("11.ordinary.3on1.change") == "11 ordinary first=1:3 change"


# ---------------------------------------------------------------- the command line
def test_cli_prints_the_position_of_a_record_and_checks_texts(tmp_path, capsys) -> None:
    from nos.__main__ import main
    from nos.players import random_action as player
    from nos.record import play_session, replay_to, session_record

    record = tmp_path / "r.json"
    data = session_record(play_session(4, 3, 2, player))
    record.write_text(json.dumps(data))
    assert main(["position", str(record), "--hand", "2", "--after", "10"]) == 0
    printed = capsys.readouterr().out.strip()
    hand = replay_to(data, 1, 10).hand
    assert Position.parse(printed) == Position.of(hand)
    assert printed.endswith("_h2")  # hands count from 1, as in the app
    assert main(["position", str(record), "--hand", "2", "--after", "10", "--seat", "c"]) == 0
    seen = Position.parse(capsys.readouterr().out.strip())
    assert seen == Position.of(hand, 2, "seat") == Position.of(hand).seen_by(2)
    assert main(["position", "--check", printed]) == 0
    assert capsys.readouterr().out.strip() == printed


@pytest.mark.parametrize("argv", [
    ["position", "--check", "500.500.500"],
    ["position", "--check", "500.500.500.400_a66_2_-.-.-.-_play-b_n4.n4.n4.n4_b11"],
    ["position", "--check", "-20.1020.500_a_-_-_set-a_n5.n5.n5_b12"],  # (a bad total)
    ["position", "--check", "500.500.500_a\n6_-"],  # (a character that does not print)
    ["position", "--check", "500.500.500_a\udcff6_-"],  # (a byte not UTF-8, as argv has it)
    ["position", "RECORD", "--hand", "3"],
    ["position", "RECORD", "--after", "999"],
    ["position", "RECORD", "--seat", "x"],
    ["position", "RECORD", "--check", "x"],
    ["position", "NOWHERE"],
    ["position"],
])
def test_cli_exits_2_with_one_sentence_on_bad_input(argv, tmp_path, capsys) -> None:
    from nos.__main__ import main
    from nos.players import random_action as player
    from nos.record import play_session, session_record

    record = tmp_path / "r.json"
    record.write_text(json.dumps(session_record(play_session(4, 3, 2, player))))
    argv = [str(record) if a == "RECORD" else str(tmp_path / "x.json") if a == "NOWHERE"
            else a for a in argv]
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in lines[0]


def test_r23_the_cli_checks_a_text_that_starts_with_a_seat_in_debt(capsys) -> None:
    from nos.__main__ import main

    text = "-20.1020.500_a_-_-_set-a_n5.n5.n5_b13_h2"
    assert main(["position", "--check", text]) == 0
    assert capsys.readouterr().out.strip() == text


def test_bad_text_is_refused_at_once_and_quoted_short() -> None:
    """Doubles out of turn marked on many tiles are refused before their orders are tried
    (it took seconds, then minutes); a game number of thousands of digits is a bad game,
    not Python's own error; a long field is quoted by its start."""
    import time

    many = ("500.500.500.500_a66_1_55b*44b*33b*22b*11b*00b*65b*64b*63b*62b*.-_play-b_"
            "6160.545352.515043.424140_b6")
    start = time.perf_counter()
    with pytest.raises(BadPosition) as caught:
        Position.parse(many)
    # (10 such tiles took 20 s and 600 MB: far beyond this bound, on any machine)
    assert caught.value.key == "out_of_turn" and time.perf_counter() - start < 5
    with pytest.raises(NotationError) as caught:
        Position.parse("500.500.500_a_" + "1" * 4301 + "_-_set-a_n5.n5.n5_b13")
    assert caught.value.key == "bad_game" and len(str(caught.value)) < 160
    with pytest.raises(BadPosition) as caught:  # (a rule's sentence quotes as short)
        Position.parse(PLAYED.replace("_1_", "_1" + ".ordinary" * 2000 + "_"))
    assert caught.value.key == "game_form" and len(str(caught.value)) < 200


@pytest.mark.parametrize("text", [
    "500.500.500.500_a_-_-_set-a_n4.n4.n4.n4_b12_f",
    "500.500.500_b_-_-_set-b_n5.n5.n5_b13_f",
    "500.500.500.500.500_c_-_-_set-c_n3.n3.n3.n3.n3_b13_f",
    "500.500.500.500_a_-_-_set-a_55432110.n4.n4.n4_b12_f",
    "500.500.500.500_b_-_-_set-b_n4.65554310.n4.n4_b12_f",
    "500.500.500_a_-_-_set-a_65432110n1.n5.n5_b13_f",  # (its one hidden place: its best)
    "510.495.495_a55_-_-_announce-a_n4.n5.n5_b13_f",  # (set: no hand holds a higher one)
])
def test_r4_hidden_hands_of_a_first_hand_leave_the_highest_double_to_the_setter(text) -> None:
    """A first hand's set (R4): however its hidden tiles are dealt, the setter holds the
    highest double, so the hand can go on (it could not set before)."""
    from nos.actions import Set
    from nos.hand import highest_double_holder

    position = Position.parse(text)
    for seed in range(40):
        hand = position.hand(seed)
        if hand.set_tile is not None:
            assert highest_double_holder([*hand.hands, [hand.set_tile]]) == hand.players
            continue
        assert highest_double_holder(hand.hands) == hand.setter
        (action,) = hand.legal_actions()
        assert isinstance(action, Set)
        tiles = [t for h in hand.hands for t in h] + hand.stack
        assert len(set(tiles)) == len(tiles) == 28


@pytest.mark.parametrize("text", [
    "485.505.505.505_a50d_-_-_announce-a_n4.n4.n4.n4_b11_h2",
    "485.505.505.505_a50d_4_-.-_declare-b_n4.n4.n4.n4_b11_h2",
    "485.505.505.505_a50d_4_-.-_out-b_n4.n4.n4.n4_b11_h2",
])
def test_r5_hidden_hands_leave_a_setter_who_drew_without_a_double(text) -> None:
    """A later hand's setter who drew the set tile had no double (R5) and draws nothing else
    before play: however the hidden tiles are dealt, it holds none."""
    position = Position.parse(text)
    for seed in range(60):
        hand = position.hand(seed)
        assert not any(t.is_double for t in hand.hands[hand.setter]), seed
        tiles = [t for h in hand.hands for t in h] + hand.stack + [hand.set_tile]
        assert len(set(tiles)) == len(tiles) == 28


def test_a_started_hand_has_every_attribute_a_dealt_hand_has() -> None:
    from nos.deal import Deal

    dealt = Hand(Deal.shuffled(4, random.Random(2)), setter=0)
    started = Position.of(dealt).hand()
    assert set(vars(started)) == set(vars(dealt))


def test_r60_r62_r42_goes_agrees_with_the_play_tables() -> None:
    """A position's check asks `goes` rather than building play tables: both say the same
    for every matching, end, arm, tile and outward end, a double needed or not."""
    checked = 0
    for matching in (Matching.ORDINARY, Matching.MATADOR):
        for need_double in (False, True):
            for end in range(7):
                for arm in range(4):
                    table = play_table(matching, need_double, end, arm)
                    for tile in ALL_TILES:
                        for out in range(7):
                            fits = goes(matching, need_double, end, tile, out)
                            assert fits == (Play(tile, arm, out) in table[tile.index])
                            checked += fits
    assert checked > 500  # (plays that fit were among those compared)
