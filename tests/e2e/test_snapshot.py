"""web/pyodide-snapshot.bin (scripts/snapshot_pyodide.mjs) and web/pyodide.mjs, which starts
the engine's Pyodide from it: the file is current and whole, and a start from it is a
Python like a fresh one. The browser's side (the service worker's copy, the fallback) is in
test_boot.py."""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
import zipfile

import pytest
from e2e_harness import ROOT, build_web, load_script

snap = load_script("nos_pyodide_snapshot", ROOT / "scripts" / "pyodide_snapshot.py")
SNAPSHOT = ROOT / snap.SNAPSHOT
NODE = shutil.which("node")
PYODIDE_VERSION = json.loads((ROOT / "node_modules/pyodide/package.json").read_text())["version"]


def test_snapshot_is_of_the_vendored_pyodide_and_current():
    header = snap.read_header(SNAPSHOT)
    assert header is not None
    assert header["pyodide"] == PYODIDE_VERSION
    assert header["stamp"] == build_web.snapshot_stamp(ROOT)  # not taken again by the build
    # web/pyodide.mjs imports the same vendored Pyodide the snapshot was taken of.
    wrapper = (ROOT / "web" / "pyodide.mjs").read_text(encoding="utf-8")
    assert f'"../vendor/pyodide/{PYODIDE_VERSION}/pyodide.mjs"' in wrapper


def test_snapshot_runs_of_pages_are_ordered_and_whole():
    header, memory = snap.read_memory(SNAPSHOT)  # raises if bytes are missing or left over
    assert len(memory) == header["size"] > 16 * 2**20
    runs, page = header["runs"], header["page"]
    ends = [(first, first + count) for first, count in runs]
    assert all(count > 0 for _, count in runs)
    gaps = zip(ends, ends[1:], strict=False)
    assert all(a_end < b_first for (_, a_end), (b_first, _) in gaps)  # zero pages between
    assert (ends[-1][1] - 1) * page < header["size"]  # the last page may be short
    stored = sum(min(end * page, header["size"]) - first * page for first, end in ends)
    # The zero pages are left out: the file holds about half of the memory.
    assert stored < 0.7 * header["size"]
    assert stored == len(gzip.decompress(SNAPSHOT.read_bytes())) - 12 - len(
        json.dumps(header, separators=(",", ":")))
    # Nothing of the machine that took it: Node would put its script's path into
    # sys.executable and os.environ["_"] (the e2e offline test compares with a fresh start).
    assert str(ROOT).encode() not in memory
    assert b"snapshot_pyodide" not in memory


def start_twice(snapshot: str) -> list[dict]:
    """web/pyodide.mjs run twice in Node with `snapshot` as the browser's copy ("-": none)."""
    out = subprocess.run([NODE, "tests/e2e/pyodide_start.mjs", snapshot], cwd=ROOT,
                         capture_output=True, text=True, timeout=120, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


@pytest.mark.skipif(NODE is None, reason="needs Node.js")
def test_a_start_from_the_snapshot_is_a_fresh_python():
    first, second = start_twice(str(SNAPSHOT))
    fresh, _ = start_twice("-")
    assert (first["start"], second["start"], fresh["start"]) == ("snapshot", "snapshot", "fresh")
    assert first["sum"] == second["sum"] == 2
    assert first["warnings"] == []
    # sys.path as after a fresh start: the working directory once, not twice.
    assert first["path"] == second["path"] == fresh["path"]
    assert first["path"].count("") == 1
    # `random` was reseeded: the snapshot froze its state as it was in the build.
    assert first["random"] != second["random"]


@pytest.mark.skipif(NODE is None, reason="needs Node.js")
def test_a_damaged_snapshot_means_a_fresh_start(tmp_path):
    data = gzip.decompress(SNAPSHOT.read_bytes())
    truncated = tmp_path / "truncated.gz"
    truncated.write_bytes(gzip.compress(data[: len(data) // 2]))
    first, _ = start_twice(str(truncated))
    assert first["start"] == "fresh"
    assert first["sum"] == 2
    assert len(first["warnings"]) == 1
    assert "snapshot could not be used" in first["warnings"][0]
    assert "damaged snapshot" in first["warnings"][0]


def test_the_snapshot_names_the_standard_library_it_was_taken_with():
    header = snap.read_header(SNAPSHOT)
    with zipfile.ZipFile(ROOT / build_web.STDLIB_ZIP) as archive:
        assert header["stdlib"] == archive.comment.decode() == build_web.stdlib_stamp(ROOT)


@pytest.mark.skipif(NODE is None, reason="needs Node.js")
def test_a_snapshot_of_another_standard_library_means_a_fresh_start(tmp_path):
    """Its zipimport would look for modules where another zip had them (scripts/
    snapshot_pyodide.mjs): web/pyodide.mjs compares the zip it mounted with the header."""
    data = gzip.decompress(SNAPSHOT.read_bytes())
    stamp = snap.read_header(SNAPSHOT)["stdlib"].encode()
    other = stamp[:-8] + b"00000000"  # the same length: the header's length is unchanged
    assert data.count(stamp) == 1
    changed = tmp_path / "other-stdlib.gz"
    changed.write_bytes(gzip.compress(data.replace(stamp, other, 1)))
    first, second = start_twice(str(changed))
    assert (first["start"], second["start"]) == ("fresh", "fresh")
    assert first["sum"] == 2
    assert "snapshot could not be used" in first["warnings"][0]
    assert "taken with the standard library " + other.decode() in first["warnings"][0]
