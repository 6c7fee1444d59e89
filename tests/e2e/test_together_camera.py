"""Played together's camera path in the page (issue 50): the host presses **Scan their
code**, its camera (Chromium's fake camera, playing a video of the guest's answer made by
web/together/qr.js) reads the code, and the guest's seat is theirs, with no text pasted.

This test launches its own Chromium: only it gets the fake camera's flags. The video's file
is written twice: a stand-in when the browser starts, the guest's answer once it shows one
(Chromium opens the file when a capture starts)."""

from __future__ import annotations

from e2e_harness import BOOT_TIMEOUT_MS, Guard
from test_qr_camera import code_of, write_y4m
from test_together_page import open_table

from scripts.browser_env import launch_args


def test_the_host_scans_a_guests_answer_with_its_camera_and_the_seat_is_theirs(
        site, browser_type, tmp_path) -> None:
    video = tmp_path / "answer.y4m"
    write_y4m(code_of("no answer yet", tmp_path), video)
    args = launch_args()
    args["args"] += ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
                     f"--use-file-for-fake-video-capture={video}"]
    browser = browser_type.launch(**args)
    guard = Guard()
    try:
        host_context = browser.new_context(permissions=["camera"])
        guest_context = browser.new_context()
        guard.watch(host_context)
        guard.watch(guest_context)
        host = open_table(host_context, site.url, (("players", "3"), ("people", "2"),
                                                   ("together", "1")))
        host.click("#together-dialog [data-cmd=together-invite][data-seat='1']")
        host.wait_for_function(
            "document.getElementById('together-link')?.value.includes('#join=')")
        guest = guest_context.new_page()
        guest.goto(host.input_value("#together-link"))
        guest.wait_for_function("document.getElementById('together-mine')?.value.length > 20",
                                timeout=BOOT_TIMEOUT_MS)
        answer = guest.input_value("#together-mine")
        write_y4m(code_of(answer, tmp_path), video)  # (what the host's camera sees now)

        scan = host.locator("#together-dialog [data-cmd=together-scan]")
        assert scan.count() == 1  # (offered: the browser has a camera and a reader)
        scan.click()
        host.wait_for_selector("#together-dialog li[data-seat='1'][data-state=joined]",
                               timeout=30_000)
        assert host.locator("#together-video").count() == 0  # (the camera stopped)
        guest.wait_for_selector("body[data-viewer='1']", state="attached", timeout=20_000)
        assert not host.locator("#together-dialog [role=alert]").count()
        guard.check()
    finally:
        browser.close()
