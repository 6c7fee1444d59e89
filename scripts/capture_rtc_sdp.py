#!/usr/bin/env python3
"""Captures real offer and answer SDPs of this machine's Chromium (web/together/rtc.js, two
browser contexts, no ICE servers) into tests/data/rtc_sdp.json, the samples of
tests/test_connection_text.py. Run under the browser lock, after `make vendor`:

    flock /tmp/nos-browser.lock .venv/bin/python scripts/capture_rtc_sdp.py

Two samples: "mdns", Chromium as it is (host addresses hidden behind mDNS .local names), and
"ips", with --disable-features=WebRtcHideLocalIpsWithMdns (the plain addresses, as Chromium
gives them to a page that may use the camera).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from scripts.browser_env import Server, launch_args  # noqa: E402

OUT = ROOT / "tests" / "data" / "rtc_sdp.json"
PAGE = "rules.html"  # any page of the site: rtc.js is imported into it
VARIANTS = {"mdns": [], "ips": ["--disable-features=WebRtcHideLocalIpsWithMdns"]}
EXCHANGE = """async ([role, sdp]) => {
  await import("./web/together/rtc.js");
  if (role === "offer") return await nosRtc.offer("guest");
  if (role === "answer") return await nosRtc.answer("host", sdp);
  await nosRtc.accept("guest", sdp);
  return "";
}"""


def capture(server: Server, flags: list[str]) -> dict:
    with sync_playwright() as pw:
        args = launch_args()
        args["args"] += flags
        browser = pw.chromium.launch(**args)
        host, guest = (browser.new_context().new_page() for _ in range(2))
        for page in (host, guest):
            page.goto(server.url + PAGE)
        offer = host.evaluate(EXCHANGE, ["offer", ""])
        answer = guest.evaluate(EXCHANGE, ["answer", offer])
        host.evaluate(EXCHANGE, ["accept", answer])
        browser.close()
    return {"offer": offer, "answer": answer}


def main() -> None:
    server = Server()
    try:
        samples = {name: capture(server, flags) for name, flags in VARIANTS.items()}
    finally:
        server.stop()
    samples["_how"] = __doc__.strip().splitlines()[0:3]
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(json.dumps(samples, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    for name in VARIANTS:
        print(name, "offer:\n" + samples[name]["offer"], "answer:\n" + samples[name]["answer"])


if __name__ == "__main__":
    main()
