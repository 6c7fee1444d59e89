"""The engine under MicroPython 1.27: the rules page and the embeds replay records and read
positions with it on the main thread, without Pyodide (docs/architecture.md). The same
driver (tests/mpy_engine_driver.py) runs under CPython and under MicroPython (Node, with the
stand-ins of web/compat/), and every output must be identical: replays of sessions of 3, 4
and 5 players with both house rules (ledgers, positions along the way), every diagram of
the rules texts and bad texts of every kind (views, legal actions, one action applied,
refusals word for word)."""

from __future__ import annotations

import base64
import json
import re
import shutil
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
import web_views

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web" / "shared"))
import record_link  # noqa: E402  (web/shared/, shared by the worker and the page)

from nos.house_rules import Options
from nos.players import random_action
from nos.record import play_session, session_record

ROOT = Path(__file__).resolve().parents[1]
MJS = web_views.MICROPYTHON  # (as served)
RUNNER = ROOT / "tests" / "micropython_run.mjs"
DRIVER = ROOT / "tests" / "mpy_engine_driver.py"
COMPAT = sorted((ROOT / "web" / "compat").glob("*.py"))
BAD_TEXTS = [
    "", "500.500", "500.500.500.500_a66_2_-.-.-.-_play-b_5521.4130.5322.5043_b12",
    "500.500.500.500_a66_2_65b.-.-.-_play-b_55.41.53.50_b12",
    "500.500.500_a66_1_65b_play-b_5521.4130.5322_b9", "x_y_z", "500.500.500_a\x01_-",
    "500.500.500.500_a66_11.here0.ordinary_65b.-_play-c_433220.544441.55514030.64635300_b12",
    "500.500.500.500_a66_1_65b.-_play-d_433220.544441.55514030.64635300_b12_tb0",
    "500.500.500.500_a66_1_55b*44b*33b*22b*11b*00b*65b*64b*63b*62b*.-_play-b_6160.545352."
    "515043.424140_b6",
]
# First hands whose hidden tiles must leave the highest double to the setter (R4).
FIRST_HANDS = ["500.500.500.500_a_-_-_set-a_n4.n4.n4.n4_b12_f",
               "500.500.500_a_-_-_set-a_65432110n1.n5.n5_b13_f"]


def declaring(obs, rng):
    """A random player that declares doubles whenever it may (R8): "declare 5-5 4-4 1-1"
    is read by `parse_tiles`, which MicroPython could not (its `re` has no split())."""
    declare = [a for a in obs.legal if str(a).startswith("declare ")]
    return declare[0] if declare else random_action(obs, rng)


def inputs() -> dict:
    records = [session_record(play_session(n, seed, 2, random_action, Options(h1, h2)))
               for n, seed, h1, h2 in ((3, 1, False, False), (4, 2, True, False),
                                       (5, 3, False, True), (4, 4, True, True))]
    records.append(session_record(play_session(4, 17, 2, declaring, Options())))
    assert any(a.startswith("declare ") for h in records[-1]["hands"] for a in h["actions"])
    damaged = json.loads(json.dumps(records[0]))
    damaged["hands"][0]["actions"][3] = "6-6@9>1"
    records.append(damaged)
    texts = []
    for md in sorted((ROOT / "web" / "rules").glob("*.md")):
        texts += re.findall(r"^::: diagram (\S+)", md.read_text(encoding="utf-8"), re.M)
        texts += re.findall(r"^position (\S+)", md.read_text(encoding="utf-8"), re.M)
    # A short link to a record nested 3,000 deep: refused before its parse exhausts the stack.
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    deep = packer.compress(('{"format": ' + "[" * 3000 + "1" + "]" * 3000 + "}").encode())
    deep = base64.urlsafe_b64encode(deep + packer.flush()).decode().rstrip("=")
    links = [record_link.encode(r) for r in records[:2]] + ["", "!!", "q1ZK", "x" * 300000,
                                                            deep]
    return {"records": records, "positions": sorted(set(texts)) + FIRST_HANDS + BAD_TEXTS,
            "links": links}


def test_micropython_replays_and_reads_positions_exactly_as_cpython(tmp_path: Path) -> None:
    if shutil.which("node") is None or not MJS.exists():
        pytest.skip("node or the MicroPython npm package is missing (make vendor)")
    src, dst, want = tmp_path / "in.json", tmp_path / "out.json", tmp_path / "want.json"
    data = inputs()
    src.write_text(json.dumps(data))
    sys.path.insert(0, str(DRIVER.parent))
    try:
        import mpy_engine_driver
    finally:
        sys.path.remove(str(DRIVER.parent))
    mpy_engine_driver.main(str(src), str(want))
    expected = json.loads(want.read_text())
    run = subprocess.run(["node", str(RUNNER), MJS.as_uri(), str(src), str(dst), str(DRIVER),
                          *map(str, COMPAT), str(ROOT / "web/shared/record_link.py"),
                          str(ROOT / "web/shared/safe_json.py"),
                          str(ROOT / "nos")],
                         capture_output=True, text=True, timeout=600,
                         env={"MPY_DRIVER": "mpy_engine_driver", "PATH": "/usr/bin:/bin"})
    assert run.returncode == 0, run.stderr[-3000:]
    got = json.loads(dst.read_text())
    # Something real was compared: refusals and views both.
    assert any(r[0] == "refused" for r in got["records"])
    assert sum(p[0] == "refused" for p in got["positions"]) == len(BAD_TEXTS)
    assert len(got["positions"]) > 30
    assert got["links"][2:] == ["refused"] * 5 and all(link[1] for link in got["links"][:2])
    for key in ("links", "records", "positions"):
        for i, (g, e) in enumerate(zip(got[key], expected[key], strict=True)):
            assert g == e, f"{key}[{i}] differs under MicroPython"
