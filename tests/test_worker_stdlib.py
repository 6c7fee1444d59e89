"""web/python_stdlib.zip, the standard library the engine's worker starts with: only the
modules it needs, compiled (scripts/trim_stdlib.mjs). A module the worker imports and the
zip lacks must fail here, never a player: the worker's API is driven in Node under the
trimmed zip, and every import nothing could satisfy is reported."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NODE = shutil.which("node")
spec = importlib.util.spec_from_file_location("nos_build_web_stdlib",
                                              ROOT / "scripts" / "build_web.py")
build_web = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_web)
STDLIB = ROOT / build_web.STDLIB_ZIP
WORKER = ROOT / build_web.WORKER_ZIP

pytestmark = pytest.mark.skipif(NODE is None or not (ROOT / "node_modules/pyodide").is_dir(),
                                reason="needs Node.js and `npm ci`")


def check(stdlib: Path, sessions: int, hands: int, expert: int, seed: int) -> dict:
    """scripts/trim_stdlib.mjs --check: what the drive did and what it missed."""
    out = subprocess.run(
        [NODE, build_web.STDLIB_TRIMMER, "--check", str(stdlib), str(WORKER),
         str(sessions), str(hands), str(expert), str(seed),
         *build_web.stdlib_sources(ROOT)],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=True).stdout
    return json.loads(out.splitlines()[-1])


def test_the_zip_is_current_and_only_bytecode():
    assert build_web.stdlib_built_stamp(ROOT) == build_web.stdlib_stamp(ROOT)
    with zipfile.ZipFile(STDLIB) as archive:
        names = archive.namelist()
    assert names == sorted(names) and all(n.endswith(".pyc") for n in names)
    # Pyodide's own start, the engine's json and random, the record link's zlib text.
    assert {"_pyodide/__init__.pyc", "json/__init__.pyc", "random.pyc", "base64.pyc"} \
        <= set(names)
    with zipfile.ZipFile(ROOT / "node_modules/pyodide/python_stdlib.zip") as full:
        assert len(names) < len(full.namelist()) / 3


def test_the_worker_runs_under_the_trimmed_library():
    """Other seeds and more sessions than the build drove, every level and player count,
    share and the replay of the shared hand, undo, restore and the settlement, the
    expert's search."""
    result = check(STDLIB, sessions=18, hands=3, expert=6, seed=20261124)
    assert result["error"] is None
    assert result["missing"] == []
    done = result["done"]
    assert done["levels"] == ["beginner", "club", "expert"]
    assert done["hands"] >= 12 * 3 and done["actions"] > 100 and done["bot_actions"] > 1000
    assert done["replays"] >= 12 * 3


def test_a_module_the_zip_lacks_fails_the_check(tmp_path):
    """The check is not blind: without `base64` (the record link's) it names it."""
    lacking = tmp_path / "stdlib.zip"
    with zipfile.ZipFile(STDLIB) as src, zipfile.ZipFile(lacking, "w") as out:
        for entry in src.infolist():
            if entry.filename != "base64.pyc":
                out.writestr(entry, src.read(entry))
        out.comment = src.comment
    result = check(lacking, sessions=1, hands=1, expert=0, seed=1)
    assert "base64" in result["missing"]
    assert "No module named 'base64'" in result["error"]


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
