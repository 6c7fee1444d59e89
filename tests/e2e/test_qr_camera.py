"""The page reads a QR code from the camera (issue 50): Chromium's fake camera plays a video
of a code made by web/together/qr.js, and nosQr.startScan's callback receives its text.

This test launches its own Chromium: only it gets the fake camera's flags."""

from __future__ import annotations

import base64
import json
import random
import subprocess

import pytest
from e2e_harness import ROOT, Guard

from scripts.browser_env import launch_args

WIDTH, HEIGHT, PX = 640, 480, 6  # the video's frame, and the pixels of a module in it
QUIET = 4
LINK = "https://nos.example.org/index.html#join=" + base64.urlsafe_b64encode(
    random.Random(50).randbytes(150)).decode().rstrip("=")[:180]


def code_of(text: str, tmp_path) -> dict:
    """The code qr.js makes of `text` (tests/qr_run.mjs, in Node)."""
    src, dst = tmp_path / "in.json", tmp_path / "out.json"
    src.write_text(json.dumps([text]), encoding="utf-8")
    run = subprocess.run(["node", "--experimental-default-type=module",
                          str(ROOT / "tests" / "qr_run.mjs"),
                          str(ROOT / "web" / "together" / "qr.js"),
                          str(ROOT / "vendor" / "jsqr" / "1.4.0" / "jsQR.js"), str(src),
                          str(dst)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(dst.read_text(encoding="utf-8"))[0]


def write_y4m(code: dict, path) -> None:
    """A video (YUV4MPEG2, 4:2:0) of the code, black on white in the middle of the frame."""
    side = (code["size"] + 2 * QUIET) * PX
    left, top = (WIDTH - side) // 2, (HEIGHT - side) // 2
    luma = bytearray(b"\xff" * (WIDTH * HEIGHT))
    for r, row in enumerate(code["dark"]):
        for c, dark in enumerate(row):
            if dark:
                x, y = left + (c + QUIET) * PX, top + (r + QUIET) * PX
                for dy in range(PX):
                    start = (y + dy) * WIDTH + x
                    luma[start:start + PX] = b"\x00" * PX
    chroma = b"\x80" * (WIDTH * HEIGHT // 2)  # both chroma planes, grey
    frame = b"FRAME\n" + bytes(luma) + chroma
    header = f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F10:1 Ip A1:1 C420jpeg\n".encode()
    path.write_bytes(header + frame * 2)


def open_page(site, browser_type, tmp_path, allowed: bool):
    """A page of the site's origin (so the production CSP applies) in a Chromium whose fake
    camera shows the code of LINK; camera permission granted if `allowed`."""
    video = tmp_path / "code.y4m"
    write_y4m(code_of(LINK, tmp_path), video)
    args = launch_args()
    args["args"] += ["--use-fake-device-for-media-stream",
                     f"--use-file-for-fake-video-capture={video}"]
    if allowed:
        args["args"].append("--use-fake-ui-for-media-stream")
    browser = browser_type.launch(**args)
    context = browser.new_context(permissions=["camera"] if allowed else [])
    guard = Guard()
    guard.watch(context)
    page = context.new_page()
    page.goto(site.url + "tests/e2e/qr_scan.html")
    yield page, guard
    guard.check()
    context.close()
    browser.close()


@pytest.fixture
def camera_page(site, browser_type, tmp_path):
    yield from open_page(site, browser_type, tmp_path, allowed=True)


@pytest.fixture
def camera_page_refused(site, browser_type, tmp_path):
    yield from open_page(site, browser_type, tmp_path, allowed=False)


# qr.js imported, and a scan started on the page's video that keeps what it reads.
START_SCAN = """
        await import("/web/together/qr.js");
        window.read = [];
        window.started = await nosQr.startScan(document.getElementById("camera"),
                                               (text) => window.read.push(text));
    }"""


def test_a_code_shown_to_the_camera_is_read_once(camera_page) -> None:
    page, guard = camera_page
    assert len(LINK) == 220
    page.evaluate("async () => {" + START_SCAN)
    assert page.evaluate("window.started") == ""
    assert page.evaluate("nosQr.canScan()") is True
    page.wait_for_function("window.read.length > 0", timeout=20_000)
    page.wait_for_timeout(1000)  # a few more frames of the same code
    assert page.evaluate("window.read") == [LINK]
    # Where the browser has no BarcodeDetector (Chromium on Linux), the reader was fetched
    # for the scan.
    if not page.evaluate("typeof BarcodeDetector !== 'undefined'"):
        assert any(u.endswith("/vendor/jsqr/1.4.0/jsQR.js") for u in guard.requests)
    page.evaluate("nosQr.stopScan()")
    assert page.evaluate("document.getElementById('camera').srcObject") is None


def test_the_reader_is_fetched_only_when_a_scan_starts(camera_page) -> None:
    page, guard = camera_page
    page.evaluate("""async () => {
        await import("/web/together/qr.js");
        window.svg = nosQr.svg("Nos");
    }""")
    assert page.evaluate("window.svg").startswith("<svg")
    assert any(u.endswith("/web/together/qr.js") for u in guard.requests)
    assert not any("jsQR" in u for u in guard.requests)


def test_a_camera_the_person_refused_says_denied(camera_page_refused) -> None:
    page, _ = camera_page_refused
    result = page.evaluate("""async () => {
        await import("/web/together/qr.js");
        return await nosQr.startScan(document.getElementById("camera"), () => {});
    }""")
    assert result == "denied"
    assert page.evaluate("document.getElementById('camera').srcObject") is None


def test_where_the_browser_reads_codes_itself_its_detector_is_used(camera_page) -> None:
    """Chromium on Linux has no BarcodeDetector: a stand-in shows that where one reads QR
    codes (Android, macOS), the scan asks it about the video and never fetches jsQR."""
    page, guard = camera_page
    page.evaluate("""async () => {
        window.BarcodeDetector = class {
            static async getSupportedFormats() { return ["qr_code", "ean_13"]; }
            constructor(options) { window.detectorFormats = options.formats; }
            async detect(source) {
                return source instanceof HTMLVideoElement && source.videoWidth > 0
                    ? [{ rawValue: "read by the browser" }] : [];
            }
        };
""" + START_SCAN)
    assert page.evaluate("window.started") == ""
    page.wait_for_function("window.read.length > 0", timeout=20_000)
    page.wait_for_timeout(500)
    assert page.evaluate("window.read") == ["read by the browser"]
    assert page.evaluate("window.detectorFormats") == ["qr_code"]
    assert not any("jsQR" in u for u in guard.requests)
    page.evaluate("nosQr.stopScan()")


def test_the_callback_may_stop_the_scan(camera_page) -> None:
    """The host stops scanning as soon as it has an answer: the camera is given back."""
    page, _ = camera_page
    page.evaluate("""async () => {
        await import("/web/together/qr.js");
        window.read = [];
        const video = document.getElementById("camera");
        window.started = await nosQr.startScan(video, (text) => {
            window.read.push(text);
            window.tracks = video.srcObject.getTracks();
            nosQr.stopScan();
        });
    }""")
    page.wait_for_function("window.read.length > 0", timeout=20_000)
    assert page.evaluate("window.read") == [LINK]
    assert page.evaluate("document.getElementById('camera').srcObject") is None
    assert page.evaluate("window.tracks.map((t) => t.readyState)") == ["ended"]


def test_a_scan_stopped_while_the_camera_opens_reports_nothing(camera_page) -> None:
    """The person presses "Scan" again at once: no error, and the camera is given back."""
    page, _ = camera_page
    result = page.evaluate("""async () => {
        await import("/web/together/qr.js");
        const video = document.getElementById("camera");
        const started = nosQr.startScan(video, () => {});
        nosQr.stopScan();
        const result = await started;
        return [result, video.srcObject === null];
    }""")
    assert result == ["", True]
