"""The diagram command line (scripts/diagram.py): a record replayed to hand N after K
actions is drawn as an SVG document showing that position's layout; hands are face down
unless --seat or --open, every seat by its name in the record (a bystander's view, never
"you"), in the language of --lang; bad input is one sentence on stderr and exit status 2
(never a traceback), like ``python -m nos replay``."""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import render_diagram as rd
import web_views
from test_record import HUGE, mutated, one_sentence

from nos.players import random_action
from nos.record import play_session, replay_to, session_record
from nos.view import position_view

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "diagram.py"
NS = "{http://www.w3.org/2000/svg}"


def diagram(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A four-player record of three hands (seed 7)."""
    path = tmp_path_factory.mktemp("diagram") / "game.json"
    run = subprocess.run([sys.executable, "-m", "nos", "play", "--players", "4", "--seed", "7",
                          "--hands", "3", "--out", str(path)], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return path


def tiles(root: ET.Element, cls: str) -> list[str]:
    return [g.get("data-tile") for g in root.iter(NS + "g")
            if cls in (g.get("class") or "").split()]


def placed(data: dict[str, Any], hand: int | None, after: int | None) -> list[str]:
    layout = replay_to(data, hand, after).hand.layout.to_json()
    return sorted([layout["set"]] + [t[0] for arm in layout["arms"] for t in arm["tiles"]])


def refused(run: subprocess.CompletedProcess[str], words: str) -> None:
    assert run.returncode == 2
    assert run.stdout == ""
    assert "Traceback" not in run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), run.stderr
    assert words in lines[0]


def test_the_final_position_by_default(record: Path, tmp_path: Path) -> None:
    out = tmp_path / "final.svg"
    run = diagram(record, "-o", out)
    assert run.returncode == 0 and run.stdout == "" and run.stderr == ""
    root = ET.fromstring(out.read_bytes())
    assert root.tag == NS + "svg"
    data = json.loads(record.read_text(encoding="utf-8"))
    assert sorted(tiles(root, "set-tile") + tiles(root, "layout-tile")) == placed(data, None,
                                                                                  None)
    assert root.find(NS + "title").text.startswith("Nos: Hand 3 ·")
    assert tiles(root, "seat-tile") == []  # face down by default


def test_hand_n_after_k_actions_to_stdout(record: Path) -> None:
    data = json.loads(record.read_text(encoding="utf-8"))
    run = diagram(record, "--hand", "2", "--after", "18")
    assert run.returncode == 0, run.stderr
    root = ET.fromstring(run.stdout.encode("utf-8"))
    assert root.find(NS + "title").text.startswith("Nos: Hand 2 ·")
    assert sorted(tiles(root, "set-tile") + tiles(root, "layout-tile")) == placed(data, 1, 18)
    # Before any action nothing lies on the table yet.
    root = ET.fromstring(diagram(record, "--hand", "1", "--after", "0").stdout.encode())
    assert tiles(root, "set-tile") == []


def test_one_seat_or_every_hand_open(record: Path) -> None:
    data = json.loads(record.read_text(encoding="utf-8"))
    hand = replay_to(data, 1, 18).hand
    root = ET.fromstring(diagram(record, "--hand", "2", "--after", "18", "--seat", "2")
                         .stdout.encode())
    assert tiles(root, "seat-tile") == [str(t) for t in sorted(hand.hands[2], reverse=True)]
    root = ET.fromstring(diagram(record, "--hand", "2", "--after", "18", "--open")
                         .stdout.encode())
    assert tiles(root, "seat-tile") == [str(t) for h in hand.hands
                                        for t in sorted(h, reverse=True)]
    assert tiles(root, "bone") == [str(t) for t in reversed(hand.stack)]


def test_every_seat_by_its_name_never_you(record: Path) -> None:
    """A record's reader is not one of its players: --seat turns that seat's tiles face up
    but still calls it by its name."""
    data = json.loads(record.read_text(encoding="utf-8"))
    words = web_views.words("en")
    for args in ([], ["--seat", "2"], ["--open"]):
        root = ET.fromstring(diagram(record, "--hand", "2", "--after", "18", *args)
                             .stdout.encode())
        rows = [g for g in root.iter(NS + "g") if "seat" in (g.get("class") or "").split()]
        assert [g.find(NS + "title").text.split(":")[0] for g in rows] == [
            words.capital(n) for n in data["names"]], args


@pytest.mark.parametrize("lang", ["nl", "pl"])
def test_lang_draws_the_diagram_in_that_language(record: Path, lang: str) -> None:
    if not (web_views.WORDS / f"{lang}.json").exists():
        pytest.skip(f"web/words/{lang}.json is not written yet")
    data = json.loads(record.read_text(encoding="utf-8"))
    view = position_view(replay_to(data, 1, 18), None)
    run = diagram(record, "--hand", "2", "--after", "18", "--lang", lang)
    assert run.returncode == 0 and run.stderr == "", run.stderr
    root = ET.fromstring(run.stdout.encode("utf-8"))
    caption = rd.caption_of(view, web_views.words(lang, view))
    assert caption != rd.caption_of(view, web_views.words("en", view))
    assert root.find(NS + "title").text == "Nos: " + caption
    assert " ".join(t.text for t in root.iter(NS + "text")
                    if t.get("class") == "caption") == caption  # (in lines that fit)
    # The same as --lang en but for the words: the same tiles.
    english = ET.fromstring(diagram(record, "--hand", "2", "--after", "18", "--lang", "en")
                            .stdout.encode("utf-8"))
    assert tiles(root, "layout-tile") == tiles(english, "layout-tile") != []


@pytest.mark.parametrize(("args", "words"), [
    (["--hand", "0"], "--hand must be 1–3: the record has 3 hands, not 0"),
    (["--hand", "4"], "--hand must be 1–3"),
    (["--hand", "1", "--after", "-1"], "--after must be 0–"),
    (["--hand", "1", "--after", "999"], "not 999"),
    (["--seat", "4"], "--seat must be a seat 0–3, not 4"),
    (["--hand", "two"], "invalid int value"),
    (["--seat", "1", "--open"], "not allowed with argument"),
    (["--lang", "xx"], "--lang must be en, nl or pl, not 'xx'"),
    (["--lang", "EN"], "--lang must be en, nl or pl, not 'EN'"),
])
def test_bad_arguments(record: Path, args: list[str], words: str) -> None:
    run = diagram(record, *args)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert run.stdout == ""
    assert words in run.stderr, run.stderr
    if not words.startswith(("invalid", "not allowed")):  # argparse adds its usage line
        refused(run, words)


def test_missing_or_damaged_record(record: Path, tmp_path: Path) -> None:
    refused(diagram(tmp_path / "nope.json"), "cannot read")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    refused(diagram(bad), "not valid JSON")
    data = json.loads(record.read_text(encoding="utf-8"))
    data["hands"][1]["actions"][5] = "6-6@9>6"
    bad.write_text(json.dumps(data), encoding="utf-8")
    refused(diagram(bad, "--hand", "1"), "hand 2, action 6")
    data["hands"], data["settlement"] = [], None
    bad.write_text(json.dumps(data), encoding="utf-8")
    refused(diagram(bad), "has no hands")
    refused(diagram(record, "-o", tmp_path / "no" / "such" / "dir.svg"), "cannot write")


def test_replay_to_is_checked() -> None:
    with pytest.raises(ValueError, match="no hands"):
        replay_to({"format": "nos-record", "version": 1, "players": 3, "hands": []})


# ------------------------------------------------------- the same bad records as replay
def tied_record() -> dict[str, Any]:
    """One three-player hand that ends in a tie between seats 1 and 2 (R22)."""
    return session_record(play_session(3, 6, 1, random_action))


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: (d.update(seed=None), d["hands"][0].pop("tiebreak")),
     "hand 1: the hand ended in a tie for the highest count (R22) but the record has no "
     "tiebreak and no seed"),
    (lambda d: d.update(names=["\ud800", "b", "c"]), "the name of seat 0"),
    (lambda d: d["hands"][0].update(setter=False), "the record says seat false is on set"),
    (lambda d: d["hands"][0].update(tiebreak=[[[1.0, "6-6"], [2, "4-3"]]]), "bad tiebreak"),
    (lambda d: d["hands"][0].update(deal="6-6"), "bad deal: a deal is an object"),
    (lambda d: d.update(options={"H1": "yes"}), "option H1 must be true or false"),
    (lambda d: d.update(seed="HUGE"), "more than 4,300 digits"),
], ids=["r22 tie without tiebreak or seed", "name surrogate", "setter false", "tiebreak seat 1.0",
        "deal text", "H1 yes", "huge number"])
def test_bad_record_is_one_sentence(tmp_path: Path, change: Any, words: str) -> None:
    data = tied_record()
    assert data["hands"][0]["setter"] == 0 and data["hands"][0]["tiebreak"]
    change(data)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data).replace('"HUGE"', HUGE), encoding="utf-8")
    refused(diagram(bad, "--open"), words)


def load_script() -> Any:
    spec = importlib.util.spec_from_file_location("diagram_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_r70_fuzzed_records_are_refused_in_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], record: Path
) -> None:
    script = load_script()
    rng = random.Random(71)
    records = [json.loads(record.read_text(encoding="utf-8")), tied_record()]
    path = tmp_path / "fuzzed.json"
    codes = []
    for _ in range(600):
        path.write_text(mutated(rng.choice(records), rng), encoding="utf-8")
        args = rng.choice([[], ["--open"], ["--hand", "1", "--after", "3", "--seat", "1"]])
        code = script.main([str(path), "-o", str(tmp_path / "out.svg"), *args])
        err = capsys.readouterr().err
        if code != 0:
            one_sentence(code, err)
        codes.append(code)
    assert codes.count(2) > 400 and 0 in codes


def test_a_missing_or_broken_catalogue_is_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], record: Path,
    monkeypatch: pytest.MonkeyPatch
) -> None:
    script = load_script()
    words = tmp_path / "web" / "words"
    words.mkdir(parents=True)
    (words / "pl.json").write_text("{not json", encoding="utf-8")
    (words / "nl.json").write_text('{"lang": "nl", "words": []}', encoding="utf-8")
    monkeypatch.setattr(script, "ROOT", tmp_path)
    monkeypatch.setattr(script, "WORDS", words)
    for lang, said in [("en", "cannot read the en words (web/words/en.json)"),
                       ("pl", "cannot read the pl words (web/words/pl.json)"),
                       ("nl", "web/words/nl.json is not a word catalogue")]:
        assert script.main([str(record), "--lang", lang]) == 2
        out = capsys.readouterr()
        assert out.out == ""
        one_sentence(2, out.err)
        assert said in out.err, out.err
