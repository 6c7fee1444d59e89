"""The game record and the command line: ``python -m nos play`` writes a record that
``python -m nos replay`` checks action by action; its chips and ledger agree (R1, R23, R24);
the same seed gives the same record; a malformed record is refused with exit status 2 and one
line on stderr (never a traceback)."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
LEDGER_KEYS = {"hand", "from", "to", "amount", "rule"}


def nos(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nos", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def play(tmp_path: Path, players: int, seed: int, hands: int, *extra: str) -> Path:
    out = tmp_path / f"p{players}-s{seed}-h{hands}{''.join(extra)}.json"
    result = nos("play", "--players", players, "--seed", seed, "--hands", hands, "--out", out,
                 *extra)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["hands"] == hands
    return out


def replay(path: Path) -> dict[str, Any]:
    result = nos("replay", path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A four-player record of three hands (seed 19)."""
    path = play(tmp_path_factory.mktemp("record"), 4, 19, 3)
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("players", "seed", "hands", "extra"), [
    (3, 1, 3, ()), (4, 2, 4, ()), (5, 3, 3, ()), (4, 11, 3, ("--h1", "--h2")),
])
def test_r23_replay_final_chips_and_ledger(
    tmp_path: Path, players: int, seed: int, hands: int, extra: tuple[str, ...]
) -> None:
    path = play(tmp_path, players, seed, hands, *extra)
    summary = replay(path)
    chips = summary["final_chips"]
    assert summary["players"] == players and summary["hands"] == hands
    assert len(chips) == players and sum(chips) == 500 * players  # R1, R23
    ledger = summary["ledger"]
    assert ledger
    replayed = [500] * players
    for entry in ledger:
        assert set(entry) == LEDGER_KEYS
        assert entry["hand"] in range(hands)
        assert entry["from"] in range(players) and entry["to"] in range(players)
        assert entry["from"] != entry["to"]
        assert isinstance(entry["amount"], int) and entry["amount"] > 0
        assert isinstance(entry["rule"], str) and entry["rule"].startswith(("R", "H"))
        replayed[entry["from"]] -= entry["amount"]
        replayed[entry["to"]] += entry["amount"]
    assert replayed == chips
    assert [e["hand"] for e in ledger] == sorted(e["hand"] for e in ledger)
    assert {e["hand"] for e in ledger} == set(range(hands))  # every hand is settled (R21)
    settlement = summary["settlement"]
    assert settlement["chips"] == chips  # R24
    assert sum(settlement["final"]) == 500 * players
    assert all(k % 20 == 0 for k in settlement["kept"])
    assert settlement["results"] == [f - 500 for f in settlement["final"]]


def test_play_prints_the_same_chips_as_replay(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    result = nos("play", "--players", 5, "--seed", 5, "--hands", 2, "--out", out)
    assert json.loads(result.stdout)["final_chips"] == replay(out)["final_chips"]


def test_same_seed_same_record(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a = play(tmp_path / "a", 4, 42, 3)
    b = play(tmp_path / "b", 4, 42, 3)
    assert a.read_bytes() == b.read_bytes()
    assert replay(a) == replay(b)
    c = play(tmp_path, 4, 43, 3)
    assert json.loads(c.read_text())["hands"] != json.loads(a.read_text())["hands"]


def test_record_format(record: dict[str, Any]) -> None:
    assert (record["format"], record["version"], record["players"]) == ("nos-record", 3, 4)
    assert len(record["hands"]) == 3
    for entry in record["hands"]:
        deal = entry["deal"]
        assert [len(h) for h in deal["hands"]] == [4] * 4 and len(deal["boneyard"]) == 12
        assert entry["setter"] in range(4)
        assert all(isinstance(a, str) for a in entry["actions"])


# ----------------------------------------------------------------------------- malformed
def edit(record: dict[str, Any], change: Any) -> dict[str, Any]:
    data = copy.deepcopy(record)
    change(data)
    return data


def refused_record(tmp_path: Path, text: str) -> str:
    """Replay ``text``: exit status 2 and exactly one line on stderr, which is returned."""
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    result = nos("replay", path)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    return lines[0]


def test_malformed_not_json(tmp_path: Path) -> None:
    assert "not valid JSON" in refused_record(tmp_path, '{"format": "nos-record", ')
    assert "not valid JSON" in refused_record(tmp_path, "")
    assert "not a JSON object" in refused_record(tmp_path, "[1, 2, 3]")


def test_malformed_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\x00 not a record")
    result = nos("replay", path)
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_malformed_missing_file(tmp_path: Path) -> None:
    result = nos("replay", tmp_path / "nowhere.json")
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
    assert "cannot read" in result.stderr


def test_malformed_wrong_version(tmp_path: Path, record: dict[str, Any]) -> None:
    line = refused_record(tmp_path, json.dumps(edit(record, lambda d: d.update(version=4))))
    assert "version 4" in line
    line = refused_record(tmp_path, json.dumps(edit(record, lambda d: d.update(format="x"))))
    assert "not a Nos record" in line


@pytest.mark.parametrize(("what", "change"), [
    ("not a tile", lambda d: d["hands"][1]["deal"]["hands"][0].__setitem__(0, "7-7")),
    ("28 tiles", lambda d: d["hands"][1]["deal"]["boneyard"].pop()),
    ("28 tiles", lambda d: d["hands"][1]["deal"]["hands"][2].__setitem__(
        0, d["hands"][1]["deal"]["hands"][3][0])),
    ("tiles", lambda d: d["hands"][1]["deal"]["hands"][0].append("0-0")),  # 5 tiles, R2
    ("3 players", lambda d: d["hands"][1]["deal"]["hands"].pop()),
])
def test_malformed_bad_deal(tmp_path: Path, record: dict[str, Any], what: str,
                            change: Any) -> None:
    line = refused_record(tmp_path, json.dumps(edit(record, change)))
    assert line.startswith("error: hand 2: bad deal") and what in line


def test_malformed_illegal_action_in_the_second_hand_at_its_sixth(
    tmp_path: Path, record: dict[str, Any]
) -> None:
    assert len(record["hands"][1]["actions"]) > 6
    data = edit(record, lambda d: d["hands"][1]["actions"].__setitem__(5, "6-6@7>6"))
    line = refused_record(tmp_path, json.dumps(data))
    assert line.startswith("error: hand 2, action 6: '6-6@7>6' is illegal: ") and "(R" in line
    data = edit(record, lambda d: d["hands"][1]["actions"].__setitem__(5, "jump"))
    line = refused_record(tmp_path, json.dumps(data))
    assert line.startswith("error: hand 2, action 6: ") and "not an action" in line


def test_malformed_illegal_action_in_the_first_hand(tmp_path: Path, record: dict[str, Any]) -> None:
    data = edit(record, lambda d: d["hands"][0]["actions"].insert(0, "pass"))
    line = refused_record(tmp_path, json.dumps(data))
    assert line.startswith("error: hand 1, action 1: 'pass' is illegal: ") and "(R" in line


def test_malformed_truncated_hand(tmp_path: Path, record: dict[str, Any]) -> None:
    data = edit(record, lambda d: d["hands"][0].__setitem__("actions",
                                                            d["hands"][0]["actions"][:4]))
    assert "hand 2: the previous hand did not end" in refused_record(tmp_path, json.dumps(data))


@pytest.mark.parametrize("change", [
    lambda d: d.pop("hands"),
    lambda d: d.pop("players"),
    lambda d: d.pop("format"),
    lambda d: d.pop("version"),
    lambda d: d["hands"][1].pop("actions"),
    lambda d: d["hands"][1].pop("deal"),
    lambda d: d["hands"][1]["deal"].pop("boneyard"),
    lambda d: d["hands"][1]["deal"].pop("hands"),
    lambda d: d["hands"].__setitem__(1, "a hand"),
    lambda d: d["hands"][1].__setitem__("actions", "draw; pass"),
    lambda d: d["hands"][1]["actions"].__setitem__(5, 5),
    lambda d: d["hands"][1].__setitem__("setter", (d["hands"][1]["setter"] + 1) % 4),
    lambda d: d["hands"][0].__setitem__("tiebreak", [[5]]),
    lambda d: d.update(options=["H1"]),
    lambda d: d.update(names="abcd"),
    lambda d: d.update(players=6),
    lambda d: d.update(settlement={"pot_winner": 9}),
], ids=["no hands", "no players", "no format", "no version", "no actions", "no deal",
        "no boneyard", "no deal hands", "hand not object", "actions not list",
        "action not text", "wrong setter", "bad tiebreak", "options not object",
        "names not list", "six players", "bad pot winner"])
def test_malformed_missing_or_wrong_field(tmp_path: Path, record: dict[str, Any],
                                          change: Any) -> None:
    refused_record(tmp_path, json.dumps(edit(record, change)))


@pytest.mark.parametrize("change", [
    pytest.param(lambda d: d.update(players=4.0)),
    pytest.param(lambda d: d.update(seed=[7])),
], ids=["players 4.0", "seed a list"])
def test_malformed_field_types_no_traceback(tmp_path: Path, record: dict[str, Any],
                                            change: Any) -> None:
    refused_record(tmp_path, json.dumps(edit(record, change)))


def test_malformed_deeply_nested_json_no_traceback(tmp_path: Path) -> None:
    refused_record(tmp_path, "[" * 100_000 + "]" * 100_000)


# ------------------------------------------------------- every bad record is one sentence
PYTHON_TEXT = ("object has no attribute", "Traceback", "NoneType", "not subscriptable",
               "unhashable", "object is not iterable", "invalid literal for int")
HUGE = "9" * 5000  # past Python's 4,300-digit limit for int(str)


def replay_in_process(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """``python -m nos replay path`` in this process: its exit status and stderr."""
    from nos.__main__ import main

    code = main(["replay", str(path)])
    return code, capsys.readouterr().err


def one_sentence(code: int, err: str) -> str:
    """Exit status 2 and one line "error: …" with no Python-internal text; the line."""
    assert code == 2, err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert not any(words in lines[0] for words in PYTHON_TEXT), lines[0]
    return lines[0]


def refused_quickly(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> str:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    return one_sentence(*replay_in_process(path, capsys))


def test_malformed_huge_integer_no_traceback(tmp_path: Path, record: dict[str, Any]) -> None:
    for where in ('"seed": 19', '"setter": 1'):
        assert where in json.dumps(record)
        text = json.dumps(record).replace(where, where.split(":")[0] + ": " + HUGE, 1)
        line = refused_record(tmp_path, text)
        assert "more than 4,300 digits" in line
    line = refused_record(tmp_path, json.dumps([[{"x": [-int(HUGE[:4000])]}]]).replace(
        HUGE[:4000], HUGE))
    assert "more than 4,300 digits" in line


@pytest.fixture(scope="module")
def tied() -> dict[str, Any]:
    """A three-player record of one hand that ends in a tie between seats 1 and 2 (R22)."""
    from nos.players import random_action
    from nos.record import play_session, session_record

    data = session_record(play_session(3, 6, 1, random_action))
    assert [[s for s, _ in rnd] for rnd in data["hands"][0]["tiebreak"]] == [[1, 2]]
    return data


def test_r22_tie_without_tiebreak_or_seed_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], tied: dict[str, Any]
) -> None:
    data = edit(tied, lambda d: (d["hands"][0].pop("tiebreak"), d.update(seed=None)))
    line = refused_quickly(tmp_path, capsys, json.dumps(data))
    assert line == ("error: hand 1: the hand ended in a tie for the highest count (R22) but "
                    "the record has no tiebreak and no seed to draw it from")
    data = edit(tied, lambda d: (d["hands"][0].pop("tiebreak"), d.pop("seed")))
    assert "no tiebreak and no seed" in refused_quickly(tmp_path, capsys, json.dumps(data))


def test_r22_tie_with_a_tiebreak_or_a_seed_replays_the_same_every_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], tied: dict[str, Any]
) -> None:
    from nos.record import replay as replay_record

    recorded = edit(tied, lambda d: d.update(seed=None))  # the recorded draws suffice
    assert replay_record(recorded).next_setter == replay_record(tied).next_setter
    drawn = edit(tied, lambda d: d["hands"][0].pop("tiebreak"))  # drawn from the seed
    setters = {replay_record(drawn).next_setter for _ in range(5)}
    assert len(setters) == 1 and setters <= {1, 2}
    path = tmp_path / "drawn.json"
    path.write_text(json.dumps(drawn), encoding="utf-8")
    assert replay_in_process(path, capsys) == (0, "")


def test_r22_no_tie_needs_no_tiebreak_or_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              record: dict[str, Any]) -> None:
    data = edit(record, lambda d: d.update(seed=None))
    assert all(entry["tiebreak"] == [] for entry in data["hands"])
    for entry in data["hands"]:
        del entry["tiebreak"]
    path = tmp_path / "untied.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert replay_in_process(path, capsys) == (0, "")


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d.update(players=True), "players must be 3, 4 or 5, not true"),
    (lambda d: d.update(version=2.0), "unsupported version 2.0"),
    (lambda d: d.update(seed=True), "seed must be a whole number, not true"),
    (lambda d: d.update(seed=7.0), "seed must be a whole number, not 7.0"),
    (lambda d: d.update(seed="7"), "seed must be a whole number, not '7'"),
    (lambda d: d.update(options={"H1": "yes", "H2": False}), "option H1 must be true or false"),
    (lambda d: d.update(options={"H1": False, "H2": 1}), "option H2 must be true or false"),
    (lambda d: d.update(options={"H1": None}), "option H1 must be true or false, not null"),
    (lambda d: d.update(options="H1"), "'options' must be an object"),
    (lambda d: d.update(names=[0, 1, 2, 3]), "'names' must list one name (text)"),
    (lambda d: d.update(names=["a", "b", "c"]), "for each of the 4 players"),
    (lambda d: d.update(names=["a", "b\ud800", "c", "d"]), "name of seat 1"),
    (lambda d: d.update(names=["a", "b", "c\x00", "d"]), "name of seat 2"),
    (lambda d: d["hands"][1].update(setter=True), "the record says seat true is on set"),
    (lambda d: d["hands"][1].update(setter=1.0), "the record says seat 1.0 is on set"),
    (lambda d: d.update(settlement={"pot_winner": True}), "pot_winner must be a seat 0–3, not "
                                                          "true"),
    (lambda d: d.update(settlement={"pot_winner": 1.0}), "not 1.0"),
    (lambda d: d.update(settlement={}), "pot_winner must be a seat 0–3, not null"),
], ids=["players true", "version 2.0", "seed true", "seed 7.0", "seed text", "H1 yes", "H2 1",
        "H1 null", "options text", "names numbers", "three names", "name surrogate",
        "name control", "setter true", "setter 1.0", "pot_winner true", "pot_winner 1.0",
        "no pot_winner"])
def test_malformed_json_types_name_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], record: dict[str, Any], change: Any,
    words: str
) -> None:
    assert record["hands"][1]["setter"] == 1 and record["settlement"] == {"pot_winner": 1}
    assert words in refused_quickly(tmp_path, capsys, json.dumps(edit(record, change)))


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d["hands"][0].update(tiebreak=[[[True, "6-6"], [2, "4-3"]]]), "like [1, \"5-4\"]"),
    (lambda d: d["hands"][0].update(tiebreak=[[[1.0, "6-6"], [2, "4-3"]]]), "not [1.0, \"6-6\"]"),
    (lambda d: d["hands"][0].update(tiebreak=[[[1, "6-6", 0], [2, "4-3"]]]), "[seat, tile]"),
    (lambda d: d["hands"][0].update(tiebreak=[[[1], [2, "4-3"]]]), "[seat, tile]"),
    (lambda d: d["hands"][0].update(tiebreak=[[[1, 66], [2, "4-3"]]]), "[seat, tile]"),
    (lambda d: d["hands"][0].update(tiebreak=[[1, 2]]), "[seat, tile]"),
    (lambda d: d["hands"][0].update(tiebreak=["1 2"]), "each round is a list"),
    (lambda d: d["hands"][0].update(tiebreak="1 drew 6-6"), "a list of rounds, not '1 drew"),
    (lambda d: d["hands"][0].update(tiebreak=[[[1, "6-6"], [0, "4-3"]]]), "tied players"),
    (lambda d: d["hands"][0].update(tiebreak=[[[1, "6-0"], [2, "5-1"]]]), "does not decide"),
    (lambda d: d["hands"][0].update(tiebreak=[[[1, "6-6"], [2, "6-6"]]]), "one tile twice"),
    (lambda d: d["hands"][0].update(tiebreak=[[[1, "6-6"], [2, "9-9"]]]), "not a tile"),
], ids=["seat true", "seat 1.0", "three items", "one item", "tile a number", "not pairs",
        "round text", "tiebreak text", "wrong seats", "undecided", "a tile twice (R22)",
        "not a tile"])
def test_r22_malformed_tiebreak(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                tied: dict[str, Any], change: Any, words: str) -> None:
    line = refused_quickly(tmp_path, capsys, json.dumps(edit(tied, change)))
    assert line.startswith("error: hand 1: bad tiebreak: ") and words in line


def nested(depth: int) -> Any:
    value: Any = "6-6"
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d["hands"][1].update(deal="6-6 5-5 / 4-4"), "bad deal: a deal is an object"),
    (lambda d: d["hands"][1]["deal"].update(hands="6-6 5-5"), "bad deal: 'hands' must list"),
    (lambda d: d["hands"][1]["deal"].update(hands={"0": []}), "bad deal: 'hands' must list"),
    (lambda d: d["hands"][1]["deal"]["hands"].__setitem__(0, "6-6"), "'hands' must list"),
    (lambda d: d["hands"][1]["deal"]["hands"][0].__setitem__(0, 66), "'hands' must list"),
    (lambda d: d["hands"][1]["deal"]["hands"][0].__setitem__(0, None), "'hands' must list"),
    (lambda d: d["hands"][1]["deal"].update(boneyard=None), "'boneyard' must list"),
    (lambda d: d["hands"][1]["deal"].update(boneyard=nested(500)), "'boneyard' must list"),
    (lambda d: d["hands"][1]["deal"].update(hands=[[], [], [], []]), "R2"),
    (lambda d: d["hands"][1]["deal"].update(hands=[]), "R1"),
    (lambda d: d["hands"][1]["actions"].__setitem__(5, None), "action 6: an action is text"),
    (lambda d: d["hands"][1]["actions"].__setitem__(5, ["draw"]), "not [\"draw\"]"),
    (lambda d: d["hands"][1]["actions"].__setitem__(5, {"draw": 1}), "not {\"draw\": 1}"),
    (lambda d: d["hands"][1]["actions"].__setitem__(5, True), "not true"),
    (lambda d: d["hands"][1].update(actions={"0": "draw"}), "'actions' must be a list"),
    (lambda d: d["hands"][1].update(setter="1"), "seat '1' is on set"),
    (lambda d: d["hands"][1].update(setter=None), "seat null is on set"),
    (lambda d: d.update(hands={"0": {}}), "'hands' must be a list"),
    (lambda d: d["hands"].__setitem__(0, ["deal"]), "hand 1: a hand must be a JSON object"),
    (lambda d: d.update(settlement="seat 1"), "settlement: must be an object"),
    (lambda d: d.update(settlement={"pot_winner": "1"}), "not '1'"),
    (lambda d: d.update(settlement={"pot_winner": [1] * 50}), "not a list"),
    (lambda d: d.update(format=["nos-record"]), "format is [\"nos-record\"]"),
    (lambda d: d.update(format="n" * 1000), "'nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn…'"),
    (lambda d: d.update(players=10**100), "not a number of 101 digits"),
    (lambda d: d.update(names=nested(500)), "'names' must list"),
    (lambda d: d.update(names="abcd"), "'names' must list"),
], ids=["deal text", "deal hands text", "deal hands object", "seat's tiles text",
        "tile a number", "tile null", "boneyard null", "boneyard nested", "empty hands",
        "no seats", "action null", "action list", "action object", "action true",
        "actions object", "setter text", "setter null", "hands object", "hand a list",
        "settlement text", "pot_winner text", "pot_winner list", "format list",
        "format long", "players huge", "names nested", "names text"])
def test_malformed_shapes_are_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], record: dict[str, Any], change: Any,
    words: str
) -> None:
    assert words in refused_quickly(tmp_path, capsys, json.dumps(edit(record, change)))


# A mutation replaces the value at a random path with one of these, or deletes it.
FUZZ_VALUES: list[Any] = [
    "x", "", "6-6", "draw", "announce 99", "6-6@9>6", "\ud800", [], [1], ["6-6"], [[0, "6-6"]],
    {}, {"a": 1}, 10**100, "HUGE", "NESTED", True, False, 1.0, 0, -1, 3, None, float("inf"),
]


def json_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``value`` (keys and indexes)."""
    paths = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            paths += json_paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            paths += json_paths(v, (*path, i))
    return paths


def mutated(record: dict[str, Any], rng: random.Random) -> str:
    """The record as JSON text after one to three random replacements or deletions."""
    data = copy.deepcopy(record)
    for _ in range(rng.randint(1, 3)):
        paths = json_paths(data)[1:]
        if not paths:
            break
        path = rng.choice(paths)
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        if rng.random() < 0.2:
            del parent[path[-1]]
        else:
            parent[path[-1]] = copy.deepcopy(rng.choice(FUZZ_VALUES))
    return (json.dumps(data).replace('"HUGE"', HUGE)
            .replace('"NESTED"', "[" * 600 + "]" * 600))


def test_r70_fuzzed_records_are_refused_in_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], record: dict[str, Any],
    tied: dict[str, Any]
) -> None:
    rng = random.Random(70)
    path = tmp_path / "fuzzed.json"
    codes = []
    for _ in range(1000):
        path.write_text(mutated(rng.choice([record, tied]), rng), encoding="utf-8")
        code, err = replay_in_process(path, capsys)
        if code != 0:
            one_sentence(code, err)
        codes.append(code)
    assert codes.count(2) > 700 and 0 in codes  # most mutations break the record, some not


def test_play_cannot_write(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from nos.__main__ import main

    code = main(["play", "--hands", "1", "--out", str(tmp_path / "no" / "such" / "r.json")])
    assert one_sentence(code, capsys.readouterr().err).startswith("error: cannot write ")


def test_r9_r71_a_version_2_record_is_read_without_the_step_kept_after_a_double() -> None:
    """Version 2 moved on after a double out of turn when the seat held no other (R9);
    version 3 records the decline of the step it now keeps (R71). A version 2 record is read
    by passing that step, to the same hand."""
    from nos.actions import DECLINE, parse_action
    from nos.deal import Deal
    from nos.errors import BadRecord
    from nos.players import random_action
    from nos.record import play_session, session_record
    from nos.record import replay as replay_record
    from nos.session import Session

    for seed in range(200):
        new = session_record(play_session(4, seed, 1, random_action))
        entry = new["hands"][0]
        hand = Session(4).start_hand(Deal.from_json(entry["deal"]))
        kept = []
        for text in entry["actions"]:
            if hand.empty_step_after_double():
                assert text == "decline"
                hand.apply(DECLINE)
                continue
            kept.append(text)
            hand.apply(parse_action(text))
        if len(kept) < len(entry["actions"]):
            break
    else:
        pytest.fail("no hand had a double out of turn with no other to follow it")
    old = edit(new, lambda d: (d.update(version=2), d["hands"][0].update(actions=kept)))
    assert replay_record(old).hands[0].ledger == replay_record(new).hands[0].ledger
    assert replay_record(old).chips == replay_record(new).chips
    with pytest.raises(BadRecord):  # (version 3 writes the step: leaving it out is wrong)
        replay_record(edit(old, lambda d: d.update(version=3)))


def test_r22_r24_no_settlement_before_the_hand_that_ended_is_finished() -> None:
    """A hand over but not yet finished (R22: its books closed, the next setter chosen):
    settling then would leave out its payments. Refused, naming the step; nothing changes,
    and after finish_hand() the settlement counts the hand."""
    from nos.observation import Observation
    from nos.players import random_action
    from nos.session import Session

    session = Session(3, seed=1)
    hand = session.start_hand()
    rng = random.Random(1)
    while not hand.over:
        hand.apply(random_action(Observation(hand, hand.current), rng))
    with pytest.raises(ValueError, match=r"finish_hand\(\)"):
        session.settle()
    assert session.settlement is None
    session.finish_hand()
    settled = session.settle()
    assert settled.chips == tuple(hand.chips) != (500, 500, 500)
