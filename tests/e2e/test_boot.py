"""The page boots in a real browser, stays on localhost, and boots again offline."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import time
import tomllib

import pytest
from e2e_harness import BOOT_TIMEOUT_MS, ROOT, SITE_ENTRIES, Guard, boot, is_local
from e2e_site import POSITION

NETLIFY = tomllib.loads((ROOT / "netlify.toml").read_text(encoding="utf-8"))
CSP = next(
    rule["values"]["Content-Security-Policy"]
    for rule in NETLIFY["headers"]
    if "Content-Security-Policy" in rule.get("values", {})
)


def site_copy(tmp_path, editable: tuple[str, ...] = ()):
    """A site for a server of the test's own: links to the built site (and netlify.toml,
    whose headers scripts/serve.py sends), with copies of the `editable` files instead."""
    site = tmp_path / "site"
    site.mkdir()
    for name in [*SITE_ENTRIES, "netlify.toml"]:
        if name in editable and (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, site / name)
        elif name in editable:
            shutil.copy(ROOT / name, site / name)
        else:
            (site / name).symlink_to(ROOT / name)
    return site


def engine_modules() -> list[str]:
    """The bytecode files the worker should hold: one `.pyc` per module of nos/."""
    return sorted(p.relative_to(ROOT).as_posix() + "c" for p in (ROOT / "nos").rglob("*.py"))


def poll_until(check, failure: str) -> None:
    """Until check() is true, for at most the boot timeout (a page's promise cannot be
    waited for with wait_for_function: it takes the promise itself as true)."""
    deadline = time.monotonic() + BOOT_TIMEOUT_MS / 1000
    while not check():
        assert time.monotonic() < deadline, failure
        time.sleep(0.2)


SNAPSHOT = "web/pyodide-snapshot.bin"
# The SHA-256 of the copy of the snapshot web/pyodide.mjs keeps, or "not cached".
CACHED_SNAPSHOT_DIGEST = (
    f"caches.open('nos.snapshot').then(c => c.match(new URL('./{SNAPSHOT}', location)))"
    ".then(r => r.arrayBuffer()).then(b => crypto.subtle.digest('SHA-256', b))"
    ".then(d => [...new Uint8Array(d)].map(x => x.toString(16).padStart(2, '0')).join(''),"
    " () => 'not cached')"
)


def wait_until_cached(page, data: bytes) -> None:
    """Until web/pyodide.mjs keeps `data` as the snapshot (it fetches it after the fresh
    start of a second visit, for the next)."""
    digest = hashlib.sha256(data).hexdigest()
    poll_until(lambda: page.evaluate(CACHED_SNAPSHOT_DIGEST) == digest,
               "the snapshot was not fetched for the next visit")


def another_pyodides(snapshot: bytes) -> bytes:
    """The snapshot file, as if taken of another Pyodide."""
    data = gzip.decompress(snapshot)
    return gzip.compress(data.replace(b'"pyodide":"314.0.7"', b'"pyodide":"314.0.0"', 1))


def page_without_service_worker(browser):
    """(context, guard, page) with service workers blocked and the HTTP cache on: the guard
    does not route (Playwright turns the HTTP cache off for a context it routes)."""
    context = browser.new_context(service_workers="block")
    g = Guard()
    g.watch(context, route=False)
    g.allowed_console = [re.compile("ERR_CACHE_MISS")]  # the tests' looks into the cache
    return context, g, context.new_page()


def test_page_boots_frame_first_then_worker(app, guard, record_boot):
    result = boot(app)
    record_boot("cold", result)

    # The MicroPython main thread drew the table before the Pyodide worker answered.
    assert 0 < result["frame_ms"] < result["ready_ms"]
    assert app.locator("#table #felt #table-svg").count() == 1
    # Then a game is dealt and shown (the person or the computer players to act).
    app.wait_for_selector("body[data-state=playable], body[data-state=bot]", state="attached",
                          timeout=BOOT_TIMEOUT_MS)
    assert app.locator("#table .seat").count() >= 2

    engine = result["engine"]
    assert engine["implementation"] == "cpython"
    assert engine["python"].startswith("3.14")
    assert engine["pyodide"] == "314.0.7"
    assert engine["echo"] == {"from": "main"}
    # The worker received the whole nos package, as bytecode, through pyscript.toml's [files].
    files = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))["files"]
    assert files == {"./web/worker.zip": "./*"}
    assert engine["nos_files"] == engine_modules()
    # The runtime's modules imported after Pyodide's start (PyScript's package, the stdlib's
    # html) came from the zip's bytecode: none was compiled at this boot. A PyScript or
    # Pyodide that no longer matches the zip shows up here as "source".
    runtime = engine["runtime_modules"]
    assert {"html", "html.entities", "pyscript.context", "pyscript.display"} <= set(runtime)
    assert {name for name, how in runtime.items() if how != "bytecode"} == set()
    # Nor was any other module: the standard library came compiled (web/python_stdlib.zip).
    assert engine["compiled_at_boot"] == []
    # A first visit has no copy of Pyodide's memory snapshot: Pyodide starts afresh.
    assert engine["pyodide_start"] == "fresh"

    # The document carries the production CSP (served by serve.py from netlify.toml).
    assert result["response"].headers["content-security-policy"] == CSP
    guard.check()


def test_warm_boot_from_service_worker(app, guard, record_boot):
    boot(app)
    app.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
    second = boot(app, reload=True)
    assert second["from_service_worker"]
    # The second visit fetched web/pyodide-snapshot.bin: the third starts from it.
    assert second["engine"]["pyodide_start"] == "fresh"
    wait_until_cached(app, (ROOT / SNAPSHOT).read_bytes())
    result = boot(app, reload=True)
    record_boot("warm (SW)", result)
    assert result["from_service_worker"]
    assert result["engine"]["pyodide_start"] == "snapshot"
    assert result["frame_ms"] < result["ready_ms"]
    guard.check()


def test_a_first_visit_does_not_fetch_the_snapshot(app, guard):
    """Most first visits are the only one: the 5 MB snapshot waits for a second
    (web/pyodide.mjs), and nothing else the page does not need is downloaded either."""
    assert boot(app)["engine"]["pyodide_start"] == "fresh"
    app.wait_for_selector("body[data-state=playable], body[data-state=bot]", state="attached",
                          timeout=BOOT_TIMEOUT_MS)
    app.wait_for_timeout(3000)  # web/pyodide.mjs would fetch it 2 s after the start
    assert app.evaluate(CACHED_SNAPSHOT_DIGEST) == "not cached"
    requested = {url.split("?")[0].rsplit("/vendor/", 1)[-1] for url in guard.requests}
    assert not any(u.endswith(SNAPSHOT) for u in guard.requests)
    # Neither Pyodide's full standard library nor the plugins the page turns off.
    assert not {u for u in requested if u.endswith("python_stdlib.zip") and "pyodide/" in u}
    assert not any(re.search(r"(codemirror|xterm|py-editor|py-terminal)", u) for u in requested)
    guard.check()


def test_worker_gets_pyscript_toml_from_the_page(browser, base_url):
    """web/boot.js creates the engine's worker with pyscript.toml's settings as JSON: the
    worker does not fetch the file and PyScript's TOML parser again before loading Pyodide."""
    context = browser.new_context(service_workers="block")  # no precache requests
    g = Guard()
    g.watch(context)
    page = context.new_page()
    boot(page, base_url + "/")
    worker = page.locator('script[type="py"][worker][name="engine"]')
    assert worker.count() == 1
    assert worker.get_attribute("src") == "./web/worker/worker.py"
    config = json.loads(worker.get_attribute("config"))
    assert config == tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    fetched = [u.split("?")[0].rsplit("/", 1)[-1] for u in g.requests]
    toml_chunks = [name for name in fetched if name.startswith("toml-")]
    assert fetched.count("pyscript.toml") == 1  # the page's read, none from the worker
    assert len(toml_chunks) == 1  # PyScript's TOML parser, loaded on the main thread only
    g.check()
    context.close()


@pytest.mark.parametrize("url, ready", [
    ("index.html", "#app[data-state=ready]"),
    ("rules.html?lang=en", "body[data-state=ready]"),
    (f"embed.html?pos={POSITION}", "body[data-state=ready]"),
])
def test_every_module_a_boot_imports_is_preloaded(browser, base_url, url, ready):
    """A module found only when the one importing it has arrived is fetched a round trip
    late (storage_guard.js, PyScript's TOML and error chunks on the rules page: its first
    diagram came 17-56 ms later, docs/performance.md). So every script of a cold boot is a
    <script src> of the page or a preload, none is first asked for by an import. (rules.html
    puts its interpreter's scripts and their preloads in at once, from a template, once its
    text is shown: web/site-rules.js; Chromium then counts a module preload as a script.)"""
    context = browser.new_context(service_workers="block")  # a cold boot, nothing precached
    page = context.new_page()
    page.goto(f"{base_url}/{url}")
    page.wait_for_selector(ready, state="attached", timeout=BOOT_TIMEOUT_MS)
    html = (ROOT / url.split("?")[0]).read_text(encoding="utf-8")
    named = {src.rsplit("/", 1)[-1] for pair in re.findall(
        r'<script[^>]* src="([^"]+)"|<link rel="modulepreload" href="([^"]+)"', html)
        for src in pair if src}
    imported = page.evaluate(
        "performance.getEntriesByType('resource').filter(e => e.initiatorType === 'script')"
        ".map(e => new URL(e.name).pathname.split('/').pop())")
    assert imported and set(imported) - named == set()
    context.close()


def test_unreadable_pyscript_toml_is_reported_not_hung(browser, base_url):
    """Without pyscript.toml no worker is created (it would fetch Pyodide from a CDN, which
    the CSP blocks, and the page would wait forever): the page says why, at once."""
    context = browser.new_context(service_workers="block")
    context.route("**/pyscript.toml", lambda route: route.fulfill(status=404, body="gone"))
    g = Guard()
    g.allowed_console = [re.compile("404|pyscript.toml could not be read|"
                                    "engine failed to start: web/boot.js: settings")]
    g.watch(context)
    page = context.new_page()
    page.goto(base_url + "/")
    page.wait_for_selector("#app[data-state=error]", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.text_content("#status") == ("The engine did not start: its settings could "
                                           "not be read; reload the page to try again.")
    assert page.get_attribute("body", "data-state") == "error"
    assert page.locator('script[type="py"][worker]').count() == 0
    assert [u for u in g.requests if not is_local(u)] == []
    assert [p for p in g.problems if not p.endswith("/pyscript.toml")] == []  # but its 404
    context.close()


def test_no_request_leaves_localhost(app, guard):
    boot(app)
    assert guard.requests, "the request log is empty: the guard is not watching"
    assert [u for u in guard.requests if not is_local(u)] == []
    kinds = {re.sub(r"^.*\.", "", u.split("?")[0]) for u in guard.requests}
    assert {"mjs", "wasm", "zip", "py", "toml"} <= kinds
    guard.check()


def test_guard_blocks_and_reports_foreign_requests(context, page):
    """The guard itself works: a foreign request is aborted and reported."""
    g = Guard()
    g.watch(context)
    page.goto("about:blank")
    outcome = page.evaluate(
        "fetch('https://example.org/x').then(() => 'loaded', e => 'blocked: ' + e.name)"
    )
    assert outcome.startswith("blocked")
    assert any("leaving localhost" in p for p in g.problems)


def test_offline_reload_boots_from_service_worker(context, page, make_server, record_boot):
    # Its own server (and so its own origin and service worker), to stop it mid-test.
    server = make_server()
    g = Guard()
    g.watch(context)
    first = boot(page, server.url)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
    # The service worker's one cache (and web/pyodide.mjs's count of fresh starts).
    version = re.search(r'"version": "(\w+)"', (ROOT / "sw-manifest.js").read_text())[1]
    assert sorted(page.evaluate("caches.keys()")) == [f"nos-{version}", "nos.snapshot"]
    g.check()

    server.stop()
    context.set_offline(True)
    again = boot(page, reload=True)
    record_boot("offline (SW)", again)
    assert again["from_service_worker"]
    # The same engine (the snapshot is not precached: only a second visit fetches it).
    assert again["engine"] == first["engine"]
    g.check()


def test_a_new_deploy_is_shown_on_the_next_load(context, page, make_server, tmp_path):
    """The service worker answers the page itself from its cache by Static Routing, without
    running: a new deploy must still be picked up (the reload after it installs the new
    version; the page then offers a reload, which shows it)."""
    site = site_copy(tmp_path, editable=("index.html", "sw-manifest.js"))
    server = make_server(site)
    g = Guard()
    g.watch(context)
    boot(page, server.url)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
    html = (site / "index.html").read_text(encoding="utf-8")
    (site / "index.html").write_text(html.replace("<title", "<!-- deploy 2 --><title", 1))
    manifest = (site / "sw-manifest.js").read_text(encoding="utf-8")
    (site / "sw-manifest.js").write_text(
        re.sub(r'"version": "\w+"', '"version": "deploy2deploy2000"', manifest))
    boot(page, reload=True)  # still the old version; the browser installs the new one
    # Installed and activated: the old version's cache is gone.
    poll_until(lambda: page.evaluate(
        "caches.keys().then(k => k.filter(n => n.startsWith('nos-')).join())")
               == "nos-deploy2deploy2000", "the new deploy was never installed")
    assert "deploy 2" not in page.content()
    # The page still runs the old version: it says so quietly and offers a reload.
    notice = page.locator("#update-notice")
    notice.wait_for(state="visible", timeout=10_000)
    assert notice.get_attribute("role") == "status"
    assert "new version" in notice.inner_text()
    with page.expect_navigation():
        page.click("#update-reload")
    page.wait_for_selector("#app[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert "<!-- deploy 2 -->" in page.content()
    assert page.locator("#update-notice").is_hidden()  # the version shown is the newest
    g.check()


def test_a_page_of_the_first_visit_left_open_is_told_of_a_new_deploy(
        context, page, make_server, tmp_path):
    """The first install takes over a page that had no service worker, and says nothing
    (its version is the one running); a later deploy taking it over is said, as in a page
    that booted under a service worker."""
    site = site_copy(tmp_path, editable=("sw-manifest.js",))
    server = make_server(site)
    g = Guard()
    g.watch(context)
    boot(page, server.url)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
    notice = page.locator("#update-notice")
    assert notice.is_hidden()
    manifest = (site / "sw-manifest.js").read_text(encoding="utf-8")
    (site / "sw-manifest.js").write_text(
        re.sub(r'"version": "\w+"', '"version": "deploy2deploy2000"', manifest))
    other = context.new_page()  # another page of the site: the browser looks for an update
    other.goto(server.url + "rules.html")
    poll_until(lambda: page.evaluate(
        "caches.keys().then(k => k.filter(n => n.startsWith('nos-')).join())")
               == "nos-deploy2deploy2000", "the new deploy was never installed")
    notice.wait_for(state="visible", timeout=10_000)
    other.close()
    g.check()


def test_without_a_service_worker_the_next_visit_starts_from_the_snapshot(
        browser, make_server, tmp_path):
    """After the fresh start of a second visit web/pyodide.mjs fetches the snapshot into the
    HTTP cache: a browser that runs no service worker starts Pyodide from it on the next."""
    server = make_server()
    context, g, page = page_without_service_worker(browser)
    assert boot(page, server.url)["engine"]["pyodide_start"] == "fresh"
    assert boot(page, reload=True)["engine"]["pyodide_start"] == "fresh"
    wait_until_cached(page, (ROOT / SNAPSHOT).read_bytes())
    again = boot(page, reload=True)
    assert not again["from_service_worker"]
    assert again["engine"]["pyodide_start"] == "snapshot"
    g.check()
    context.close()


def test_an_outdated_snapshot_is_replaced(browser, make_server, tmp_path):
    """After a deploy with another Pyodide, the kept copy of the old one is replaced, not
    kept for ever."""
    site = site_copy(tmp_path, editable=("web",))
    snapshot = site / SNAPSHOT
    current = snapshot.read_bytes()
    outdated = another_pyodides(current)
    snapshot.write_bytes(outdated)
    server = make_server(site)
    context, g, page = page_without_service_worker(browser)
    assert boot(page, server.url)["engine"]["pyodide_start"] == "fresh"  # nothing cached
    assert boot(page, reload=True)["engine"]["pyodide_start"] == "fresh"  # a second visit
    wait_until_cached(page, outdated)
    snapshot.write_bytes(current)  # the deploy
    assert boot(page, reload=True)["engine"]["pyodide_start"] == "fresh"  # the outdated copy
    wait_until_cached(page, current)  # revalidated and replaced
    assert boot(page, reload=True)["engine"]["pyodide_start"] == "snapshot"
    g.check()
    context.close()


@pytest.mark.parametrize("damage", ["not a snapshot", "another Pyodide's"])
def test_an_unusable_snapshot_means_a_fresh_start(damage, context, page, make_server, tmp_path):
    """web/pyodide.mjs starts Pyodide afresh, and says why in a warning, when the memory
    snapshot it finds in the cache cannot be used; the game is played as usual."""
    site = site_copy(tmp_path, editable=("web",))
    snapshot = site / SNAPSHOT
    if damage == "not a snapshot":
        snapshot.write_bytes(gzip.compress(b"NOSSNAP0 but not quite"))
    else:
        snapshot.write_bytes(another_pyodides(snapshot.read_bytes()))
    server = make_server(site)
    g = Guard()
    g.watch(context)
    warnings = []
    context.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    assert boot(page, server.url)["engine"]["pyodide_start"] == "fresh"
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
    assert boot(page, reload=True)["engine"]["pyodide_start"] == "fresh"  # fetches it
    wait_until_cached(page, (site / SNAPSHOT).read_bytes())
    again = boot(page, reload=True)
    assert again["from_service_worker"]
    assert again["engine"]["pyodide_start"] == "fresh"
    reason = "not a Nos Pyodide snapshot" if damage == "not a snapshot" else "Pyodide 314.0.0"
    assert any("snapshot could not be used" in w and reason in w for w in warnings), warnings
    # The worker never touches the DOM (pyscript.toml's sync_main_only): PyScript does not
    # warn that it cannot lend it `window` without SharedArrayBuffer.
    assert not any("SharedArrayBuffer" in w for w in warnings), warnings
    page.wait_for_selector("body[data-state=playable], body[data-state=bot]", state="attached",
                           timeout=BOOT_TIMEOUT_MS)
    g.check()


# Each source beyond `default-src 'self'; script-src 'self'` must be needed: without it the
# browser reports a CSP violation while booting.
RELAXATIONS = {  # id: (fragment removed from the CSP, violation expected then)
    "wasm": (" 'wasm-unsafe-eval'", "script-src wasm-eval"),  # compiling WebAssembly
    "worker-blob": ("; worker-src 'self' blob:", "worker-src blob"),  # its worker is a blob: URL
}
VIOLATIONS = ("window.__csp = [];"
              "document.addEventListener('securitypolicyviolation',"
              " e => window.__csp.push(e.effectiveDirective + ' ' + e.blockedURI + ' ' +"
              " e.sourceFile));")


@pytest.mark.parametrize("url, ready", [
    ("index.html", "body[data-state=playable], body[data-state=bot]"),
    ("rules.html?lang=en", "body[data-state=ready]"),
    (f"embed.html?pos={POSITION}", "body[data-state=ready]"),
])
def test_no_page_evaluates_text_as_script(browser, base_url, url, ready):
    """No 'unsafe-eval' in the CSP: each page boots under it with no violation, the app's
    engine worker too (PyScript would rebuild its worker hooks with Function(): web/unpack.js
    leaves them out; the embed reads messages without window.Function)."""
    assert "'unsafe-eval'" not in CSP and "'wasm-unsafe-eval'" in CSP
    context = browser.new_context(service_workers="block")
    g = Guard()
    g.watch(context)
    page = context.new_page()
    page.add_init_script(VIOLATIONS)
    page.goto(f"{base_url}/{url}")
    page.wait_for_selector(ready, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.__csp") == []
    g.check()
    context.close()


@pytest.mark.parametrize("removed", list(RELAXATIONS))
def test_each_csp_relaxation_is_needed(removed, context, page, make_server, tmp_path):
    fragment, expected = RELAXATIONS[removed]
    assert fragment in CSP
    site = site_copy(tmp_path, editable=("netlify.toml",))
    netlify = (site / "netlify.toml").read_text(encoding="utf-8")
    (site / "netlify.toml").write_text(netlify.replace(CSP, CSP.replace(fragment, "")))
    server = make_server(site)

    page.add_init_script(VIOLATIONS)
    page.goto(server.url)
    page.wait_for_function(
        "expected => window.__csp.some(v => v.startsWith(expected))",
        arg=expected,
        timeout=BOOT_TIMEOUT_MS,
    )


def test_the_app_is_installable_with_its_manifest_and_icons(app, guard):
    """A web app manifest (name, start URL, standalone, theme colour, icons of every kind)
    and a real favicon: each file the page links loads, and each PNG icon decodes at the
    size the manifest gives."""
    boot(app)
    found = app.evaluate(
        """async () => {
            const link = document.querySelector('link[rel=manifest]');
            const response = await fetch(link.href);
            const manifest = await response.json();
            const icons = [];
            for (const icon of manifest.icons) {
                const url = new URL(icon.src, link.href);
                const blob = await (await fetch(url)).blob();
                const size = icon.type === 'image/png'
                    ? await createImageBitmap(blob).then((b) => b.width + 'x' + b.height)
                    : 'any';
                icons.push([icon.sizes, icon.purpose, size, blob.type]);
            }
            const favicons = [...document.querySelectorAll('link[rel~=icon]')].map((l) => l.href);
            const statuses = await Promise.all(favicons.map((h) => fetch(h).then((r) => r.status)));
            return {manifest, icons, statuses,
                    theme: document.querySelector('meta[name=theme-color]').content};
        }"""
    )
    manifest = found["manifest"]
    assert manifest["short_name"] == "Nos" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "./index.html" and manifest["theme_color"] == found["theme"]
    for sizes, _, decoded, _ in found["icons"]:
        assert decoded == sizes  # "192x192" decodes as 192x192; the SVG is "any"
    kinds = {(sizes, purpose) for sizes, purpose, _, _ in found["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"),
            ("512x512", "maskable"), ("any", "any")} <= kinds
    assert found["statuses"] and set(found["statuses"]) == {200}
    guard.check()
