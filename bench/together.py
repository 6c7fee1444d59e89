"""Played together (docs/together.md): a guest's boot against a bare MicroPython page, and a
guest's round trip, in one run.

    .venv/bin/python -m bench.together [--rounds 5] [--moves 30]

One Chromium on loopback. A host page starts a 3-player game with two people at devices of
their own. Each round, the host invites seat 1 anew; a guest page opens the invitation's
link (warm: from the HTTP cache of its context, loaded once before the rounds), and the
bench pastes its answer into the host at once. Alternating with each round, the bare page
(bench/bare-micropython.html: PyScript's MicroPython running one line) loads warm in its own
context. Printed, medians in ms from navigation start: the guest's answer shown
(nos:guest-answer), its first view drawn (nos:guest-view), the bare page's boot (nos:bare),
and their ratios. Between the two, the answer travels to the host: a person's step (they
scan the code), here the bench's paste (fill and click, ≈ 100 ms of Playwright). The first
view's figure is the page's own time: the answer shown, plus the time from the host's
taking the answer (nos:host-accept, on the guest's clock through both timeOrigins) to the
view drawn, which holds the WebRTC handshake (to nos:guest-open), the host's sending (to
nos:guest-heard) and the guest's drawing; with the paste it is printed too. Then the
guest plays `--moves` of its decisions: each request's round trip (nos:guest-act, from its
send to its reply's arrival) and the host engine's share of it (nos:host-engine).
Goals (issue 50): the first view within 1.5× the bare boot, warm; a round trip ≤ 100 ms
(median, loopback) plus the host's engine time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scripts.browser_env import Server, launch_args  # noqa: E402

MARKS = "Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"
MEASURES = ("name => performance.getEntriesByName(name, 'measure').map(m => m.duration)")


def start_host(browser, url: str):
    page = browser.new_context(bypass_csp=True).new_page()
    page.goto(url + "?delay=0")
    page.wait_for_selector("body[data-state=playable]", state="attached", timeout=120_000)
    page.click("[data-cmd=new-game]")
    for param, value in (("players", "3"), ("people", "2"), ("level", "beginner"),
                         ("together", "1")):
        page.click(f"#newgame-dialog [data-param={param}][data-value='{value}']")
    page.click("#newgame-ok")
    page.wait_for_selector("#together-dialog[open]")
    return page


def join(host, guest) -> dict:
    """Invite seat 1 anew, open the link in `guest`, paste its answer: the guest's marks,
    and `host-accept`, when the host took the answer, on the guest's clock."""
    guest.goto("about:blank")  # (a guest that left: its seat waits for it)
    if not host.locator("#together-dialog[open]").count():
        host.click("#together-open")
    host.click("#together-dialog [data-cmd=together-invite][data-seat='1']")
    host.wait_for_function("document.getElementById('together-link')?.value.includes('#join')")
    guest.goto(host.input_value("#together-link"))
    guest.wait_for_function("document.getElementById('together-mine')?.value.length > 20",
                            timeout=60_000)
    host.fill("#together-answer", guest.input_value("#together-mine"))
    host.click("#together-dialog [data-cmd=together-accept]")
    guest.wait_for_function("performance.getEntriesByName('nos:guest-view').length > 0",
                            timeout=60_000)
    host.wait_for_selector("#together-dialog li[data-seat='1'][data-state=joined]")
    marks = guest.evaluate(MARKS)
    took = host.evaluate("performance.timeOrigin + "
                         "performance.getEntriesByName('nos:host-accept').at(-1).startTime")
    marks["host-accept"] = took - guest.evaluate("performance.timeOrigin")
    return marks


def bare(context, url: str) -> float:
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url + "bench/bare-micropython.html")
    page.wait_for_selector("body[data-state=ready]", state="attached", timeout=60_000)
    return page.evaluate(MARKS)["nos:bare"]


def play(host, guest, moves: int) -> None:
    """The guest's decisions (the first legal one each time); the host's, and the computer
    player's, as they come."""
    from tests.e2e.e2e_play import one_move  # (the tests' way of clicking a decision)

    done = 0
    for _ in range(2000):
        if done >= moves:
            return
        for page in (host, guest):
            if page.get_attribute("body", "data-state") == "playable" and \
                    page.get_attribute("body", "data-waiting-for") == "human":
                replies = int(page.get_attribute("body", "data-replies"))
                one_move(page, settle_after=False)
                page.wait_for_function(f"+document.body.dataset.replies > {replies}")
                done += page is guest
        if host.get_attribute("body", "data-waiting-for") == "next_hand":
            host.click("[data-cmd=next-hand]")
        host.wait_for_timeout(20)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--moves", type=int, default=30)
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    server = Server()
    answers, views, bares, opens, heard, took = [], [], [], [], [], []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(**launch_args())
            host = start_host(browser, server.url)
            guest_context = browser.new_context(bypass_csp=True)
            guest = guest_context.new_page()
            bare_context = browser.new_context(bypass_csp=True)
            join(host, guest)  # (the guest's files in its HTTP cache: warm from now on)
            bare(bare_context, server.url)
            for k in range(args.rounds):
                for kind in (("guest", "bare") if k % 2 == 0 else ("bare", "guest")):
                    if kind == "bare":
                        bares.append(bare(bare_context, server.url))
                    else:
                        marks = join(host, guest)
                        answers.append(marks["nos:guest-answer"])
                        views.append(marks["nos:guest-view"])
                        opens.append(marks["nos:guest-open"])
                        heard.append(marks["nos:guest-heard"])
                        took.append(marks["host-accept"])
            host.click("#together-dialog [data-cmd=together-close]")
            play(host, guest, args.moves)
            trips = guest.evaluate(MEASURES, "nos:guest-act")
            engine = host.evaluate(MEASURES, "nos:host-engine")
            browser.close()
    finally:
        server.stop()
    b = statistics.median(bares)
    print(f"warm, {args.rounds} rounds, medians in ms from navigation start:")
    print(f"  bare MicroPython page          {b:7.0f}")
    print(f"  guest: answer shown            {statistics.median(answers):7.0f}"
          f"   {statistics.median(answers) / b:.2f}x the bare page")
    own = statistics.median(a + v - t for a, v, t in zip(answers, views, took, strict=True))
    print(f"  guest: first view drawn        {own:7.0f}"
          f"   {own / b:.2f}x the bare page (goal <= 1.5x), its own time: the answer"
          " shown, then from the host's taking it")
    print(f"    with the answer's way to the host (the bench's paste, "
          f"{statistics.median(t - a for t, a in zip(took, answers, strict=True)):.0f}) "
          f"{statistics.median(views):.0f}, {statistics.median(views) / b:.2f}x")
    print(f"    after the host took the answer: the channel open "
          f"{statistics.median(o - t for o, t in zip(opens, took, strict=True)):.0f}, "
          f"the host's first view sent "
          f"{statistics.median(h - o for h, o in zip(heard, opens, strict=True)):.0f} "
          f"and drawn {statistics.median(v - h for v, h in zip(views, heard, strict=True)):.0f}")
    if trips and engine:
        t, e = statistics.median(trips), statistics.median(engine)
        print(f"guest's actions: {len(trips)} round trips, median {t:.0f} ms "
              f"(p90 {sorted(trips)[int(0.9 * (len(trips) - 1))]:.0f}); the host engine's "
              f"share, median {e:.0f} ms over {len(engine)} requests; the rest {t - e:.0f} ms "
              "(goal <= 100 ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
