"""The game record and the command line: ``python -m nos play`` writes a record that
``python -m nos replay`` checks action by action; its chips and ledger agree (R1, R23, R24);
the same seed gives the same record; a malformed record is refused with exit status 2 and one
line on stderr (never a traceback)."""

from __future__ import annotations

import copy
import json
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
    """A four-player record of three hands (seed 7)."""
    path = play(tmp_path_factory.mktemp("record"), 4, 7, 3)
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
    assert (record["format"], record["version"], record["players"]) == ("nos-record", 1, 4)
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
    line = refused_record(tmp_path, json.dumps(edit(record, lambda d: d.update(version=2))))
    assert "version 2" in line
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
    assert line.startswith("error: hand 1: bad deal") and what in line


def test_malformed_illegal_action_in_hand_1_at_index_5(
    tmp_path: Path, record: dict[str, Any]
) -> None:
    assert len(record["hands"][1]["actions"]) > 6
    data = edit(record, lambda d: d["hands"][1]["actions"].__setitem__(5, "6-6@7>6"))
    line = refused_record(tmp_path, json.dumps(data))
    assert line.startswith("error: hand 1, action 5: '6-6@7>6' is illegal: R")
    data = edit(record, lambda d: d["hands"][1]["actions"].__setitem__(5, "jump"))
    line = refused_record(tmp_path, json.dumps(data))
    assert line.startswith("error: hand 1, action 5: ") and "not an action" in line


def test_malformed_illegal_action_in_hand_0(tmp_path: Path, record: dict[str, Any]) -> None:
    data = edit(record, lambda d: d["hands"][0]["actions"].insert(0, "pass"))
    line = refused_record(tmp_path, json.dumps(data))
    assert line.startswith("error: hand 0, action 0: 'pass' is illegal: R")


def test_malformed_truncated_hand(tmp_path: Path, record: dict[str, Any]) -> None:
    data = edit(record, lambda d: d["hands"][0].__setitem__("actions",
                                                            d["hands"][0]["actions"][:4]))
    assert "hand 1" in refused_record(tmp_path, json.dumps(data))


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
