"""The command line's manners (issue 52): a bad argument is one line with its value cut, long
work shows its progress on a terminal and stops cleanly on Ctrl-C keeping what it did, a
malformed seal is refused, and a closed pipe ends it without a traceback."""

from __future__ import annotations

import json
import os
import pty
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from nos.__main__ import MAX_HANDS, main

ROOT = Path(__file__).resolve().parents[1]


def nos(*args: str, **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "nos", *args], cwd=ROOT, **kwargs)


@pytest.mark.parametrize("args", [
    ["play", "--hands", "9" * 5000, "--out", "x.json"],
    ["play", "--players", "7" * 300, "--out", "x.json"],
    ["position", "--hand", "x" * 300, "--check", "x"],
    ["verify", "a" * 300],
    ["replay"],
    ["frobnicate" + "x" * 300],
])
def test_a_bad_argument_is_one_line_with_its_value_cut(args, capsys):
    with pytest.raises(SystemExit) as ended:
        main(args)
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and "usage:" not in err
    assert len(err) < 300 and "…" in err or len(err) < 200


def test_play_refuses_more_hands_than_a_record_holds(capsys, tmp_path):
    assert main(["play", "--hands", str(MAX_HANDS + 1), "--out", str(tmp_path / "r.json")]) == 2
    assert capsys.readouterr().err == f"error: --hands must be 1-{MAX_HANDS:,}, not 100001\n"


def test_verify_refuses_a_malformed_seal(capsys):
    seed = "0123456789abcdef" * 2
    assert main(["verify", seed, "--players", "3", "--seal", "x"]) == 2
    err = capsys.readouterr().err
    assert err == "error: a seal is 64 hexadecimal digits (0-9, a-f), not 'x'\n"
    assert main(["verify", seed, "--players", "3", "--seal", "0" * 64]) == 1  # (well formed)
    assert "does NOT match" in capsys.readouterr().out


def test_long_play_shows_progress_on_a_terminal_and_ctrl_c_keeps_the_hands_played(tmp_path):
    out = tmp_path / "r.json"
    leader, follower = pty.openpty()
    proc = nos("play", "--hands", str(MAX_HANDS), "--out", str(out), stdout=subprocess.PIPE,
               stderr=follower)
    os.close(follower)
    time.sleep(3)
    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=60) == 130
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    os.close(leader)
    text = shown.decode()
    assert f"of {MAX_HANDS:,}" in text and "\rhand " in text  # (progress, twice a second)
    assert "stopped after" in text and "Traceback" not in text
    record = json.loads(out.read_text())
    assert record["settlement"] is None and len(record["hands"]) > 1
    replayed = subprocess.run([sys.executable, "-m", "nos", "replay", str(out)], cwd=ROOT,
                              capture_output=True, text=True)
    assert replayed.returncode == 0 and json.loads(replayed.stdout)["hands"] == len(
        record["hands"])


def test_no_progress_when_stderr_is_not_a_terminal(tmp_path):
    proc = nos("play", "--hands", "800", "--out", str(tmp_path / "r.json"),
               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0 and err == b"" and json.loads(out)["hands"] == 800


def test_a_closed_pipe_ends_the_output_without_a_traceback(tmp_path):
    """``python -m nos replay F | head -c1``: the reader goes after one byte."""
    record = tmp_path / "r.json"
    assert main(["play", "--hands", "300", "--out", str(record)]) == 0
    proc = nos("replay", str(record), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout.read(1) == b"{"
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert "Traceback" not in err and "BrokenPipeError" not in err
