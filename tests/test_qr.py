"""The QR codes of "play together" (issue 50): web/together/qr.js makes them, and the reader
the page uses where BarcodeDetector is missing (the vendored jsQR) reads them back, in Node."""

from __future__ import annotations

import base64
import json
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
QR_JS = ROOT / "web" / "together" / "qr.js"
RUNNER = ROOT / "tests" / "qr_run.mjs"
JSQR = ROOT / "vendor" / "jsqr" / "1.4.0" / "jsQR.js"
QUIET = 4


def join_link(length: int) -> str:
    """A link of `length` characters as the host shows it: a base64url connection text."""
    head = "https://nos.example.org/index.html#join="
    blob = random.Random(50).randbytes(length)
    return head + base64.urlsafe_b64encode(blob).decode().rstrip("=")[:length - len(head)]


LINK = join_link(220)
ANSWER = base64.urlsafe_b64encode(random.Random(7).randbytes(120)).decode().rstrip("=")[:150]
TEXTS = ["Nos", "https://nos.example.org/", LINK, join_link(213), ANSWER,
         "Speel samen — zagrajmy razem: żółć, 🀄 ドミノ", "x" * 500]


@pytest.fixture(scope="module")
def codes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    if shutil.which("node") is None or not JSQR.exists():
        pytest.skip("node or the vendored QR reader is missing (make vendor)")
    tmp = tmp_path_factory.mktemp("qr")
    src, dst = tmp / "in.json", tmp / "out.json"
    src.write_text(json.dumps(TEXTS), encoding="utf-8")
    # qr.js is an ES module with a .js name in a package without "type": say so to Node.
    run = subprocess.run(["node", "--experimental-default-type=module", str(RUNNER), str(QR_JS),
                          str(JSQR), str(src), str(dst)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    return {c["text"]: c for c in json.loads(dst.read_text(encoding="utf-8"))}


def path_modules(svg: str) -> tuple[int, list[list[bool]]]:
    """The viewBox's side and the modules the <path> covers (one count per module), read
    back from the markup: each subpath is `M x y h w v1 h-w z`, a run of dark modules."""
    side = int(re.fullmatch(r".*viewBox=\"0 0 (\d+) \1\".*", svg, re.S).group(1))
    d = re.search(r'<path fill="#000" d="([^"]*)"', svg).group(1)
    runs = re.findall(r"M(\d+) (\d+)h(\d+)v1h-(\d+)z", d)
    assert "".join(f"M{x} {y}h{w}v1h-{w2}z" for x, y, w, w2 in runs) == d
    cover = [[0] * side for _ in range(side)]
    for x, y, w, w2 in runs:
        assert w == w2
        for c in range(int(x), int(x) + int(w)):
            cover[int(y)][c] += 1
    assert all(n <= 1 for row in cover for n in row), "a module is drawn twice"
    return side, [[n == 1 for n in row] for row in cover]


@pytest.mark.parametrize("text", TEXTS)
def test_the_code_reads_back_as_its_text(codes: dict[str, dict], text: str) -> None:
    code = codes[text]
    assert code["decoded"] == text
    assert code["size"] == 17 + 4 * code["version"] == len(code["dark"])
    assert code["versionOf"] == code["version"]


@pytest.mark.parametrize("text", TEXTS)
def test_the_svg_path_covers_exactly_the_dark_modules(codes: dict[str, dict], text: str) -> None:
    code = codes[text]
    side, drawn = path_modules(code["svg"])
    assert side == code["size"] + 2 * QUIET
    want = [[False] * side for _ in range(side)]
    for r, row in enumerate(code["dark"]):
        for c, dark in enumerate(row):
            want[r + QUIET][c + QUIET] = dark
    assert drawn == want


def test_the_svg_is_dark_on_white_and_sized_by_the_page(codes: dict[str, dict]) -> None:
    svg = codes[LINK]["svg"]
    head = svg[:svg.index(">")]
    assert "width" not in head and "height" not in head
    assert 'shape-rendering="crispEdges"' in head
    side = codes[LINK]["size"] + 2 * QUIET
    assert f'<rect width="{side}" height="{side}" fill="#fff"/>' in svg
    assert svg.count("<path") == 1 and "<title" not in svg and "aria" not in svg


def test_a_join_link_of_220_characters_stays_within_version_10(codes: dict[str, dict]) -> None:
    assert len(LINK) == 220 and len(ANSWER) == 150
    # 220 bytes need version 11 at error correction M: the code falls back to L, which holds
    # them in version 9.
    assert (codes[LINK]["version"], codes[LINK]["level"]) == (9, "L")
    # Up to 213 bytes, version 10 holds them at M.
    assert (codes[join_link(213)]["version"], codes[join_link(213)]["level"]) == (10, "M")
    assert (codes[ANSWER]["version"], codes[ANSWER]["level"]) == (8, "M")


def test_the_smallest_version_at_error_correction_m(codes: dict[str, dict]) -> None:
    assert (codes["Nos"]["version"], codes["Nos"]["level"]) == (1, "M")
    # Too long for version 10 even at L: M, at the smallest version that holds it.
    assert (codes["x" * 500]["version"], codes["x" * 500]["level"]) == (17, "M")
