"""Fast checks of the site's build outputs and of scripts/serve.py (no browser)."""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import sys
import tomllib
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET

import pytest
from e2e_harness import ROOT, build_web, load_script

PYODIDE_FILES = {
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
}


def fetch(url: str):
    try:
        with urllib.request.urlopen(url, timeout=10) as resp:
            return resp.status, resp.headers, resp.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers, b""


def test_engine_bytecode_is_built_from_the_current_sources():
    result = subprocess.run(
        [sys.executable, "scripts/build_web.py", "--check"], cwd=ROOT, capture_output=True
    )
    assert result.returncode == 0, result.stderr.decode()


def test_index_preloads_the_main_thread_bytecode():
    """Every file mpy.toml hands to MicroPython is preloaded by index.html: fetched when the
    worker's Pyodide starts, they waited behind its 13 MB in the cache (77-430 ms, warm)."""
    files = tomllib.loads((ROOT / "mpy.toml").read_text(encoding="utf-8"))["files"]
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    preloaded = set(re.findall(r'<link rel="preload" href="([^"]+)" as="fetch" crossorigin>',
                               html))
    assert files and set(files) <= preloaded


def test_vendor_holds_exactly_the_runtime_files():
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    versions = {
        "pyodide": lock["node_modules/pyodide"]["version"],
        "pyscript": lock["node_modules/@pyscript/core"]["version"],
        "micropython": lock["node_modules/@micropython/micropython-webassembly-pyscript"][
            "version"
        ],
        "qrcode-generator": lock["node_modules/qrcode-generator"]["version"],
        "jsqr": lock["node_modules/jsqr"]["version"],
    }
    assert versions == {"pyodide": "314.0.7", "pyscript": "0.7.31", "micropython": "1.27.0",
                        "qrcode-generator": "2.0.4", "jsqr": "1.4.0"}
    files = {p.relative_to(ROOT / "vendor").as_posix() for p in (ROOT / "vendor").rglob("*")}
    files = {f for f in files if (ROOT / "vendor" / f).is_file()}
    assert {f for f in files if f.startswith("pyodide/")} == {
        f"pyodide/314.0.7/{name}" for name in PYODIDE_FILES
    }
    assert {f for f in files if f.startswith("micropython/")} == {
        "micropython/1.27.0/micropython.mjs",
        "micropython/1.27.0/micropython.wasm",
    }
    # web/together/qr.js: the generator's ES module, the reader's browser bundle and its licence.
    assert {f for f in files if f.startswith(("qrcode-generator/", "jsqr/"))} == {
        "qrcode-generator/2.0.4/qrcode.mjs", "jsqr/1.4.0/jsQR.js", "jsqr/1.4.0/LICENSE"}
    pyscript = {f for f in files if f.startswith("pyscript/0.7.31/")}
    assert {"pyscript/0.7.31/core.js", "pyscript/0.7.31/core.css"} <= pyscript
    assert not [f for f in files if f.endswith(".map")]
    assert files == {f for f in files if f.split("/")[0] in versions}


def _manifest() -> dict:
    text = (ROOT / "sw-manifest.js").read_text()
    return json.loads(text[text.index("{") : text.rindex("}") + 1])


def published_but_not_precached() -> set[str]:
    """What the site publishes (web/, assets/, vendor/: not the rules texts, which it serves
    as the pages written from them, web/rules/<lang>.html) and does not precache."""
    precached = {u.removeprefix("./") for u in _manifest()["files"]}
    return {p.relative_to(ROOT).as_posix() for top in ("web", "assets", "vendor")
            for p in (ROOT / top).rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".md"} - precached


def test_precache_lists_what_the_pages_request_and_nothing_else():
    """tests/e2e/test_site.py checks that the pages request nothing else."""
    manifest = _manifest()
    assert re.fullmatch(r"[0-9a-f]{16}", manifest["version"])
    urls = set(manifest["files"])
    assert {"./", "./index.html", "./mpy.toml", "./pyscript.toml", "./web/worker.zip",
            "./web/python_stdlib.zip", "./web/page.pack", "./web/site.pack",
            "./web/rules/en.html", "./web/rules/nl.html", "./web/rules/pl.html"} <= urls
    assert all((ROOT / u).is_file() for u in urls - {"./"})
    # The QR maker and reader (web/together/qr.js): joining works offline, on a hotspot.
    assert {"./web/together/qr.js", "./vendor/qrcode-generator/2.0.4/qrcode.mjs",
            "./vendor/jsqr/1.4.0/jsQR.js"} <= urls
    left_out = published_but_not_precached()
    # The modules the packs and web/worker.zip hold (PyScript runs the three entry scripts).
    sources = {f for f in left_out if f.endswith(".py")}
    assert sources and all(f.startswith("web/") for f in sources)
    assert {"./web/page/start.py", "./web/site/start.py", "./web/worker/worker.py"} <= urls
    # The snapshot (a second visit fetches it) and Pyodide's full library (not used).
    assert {"web/pyodide-snapshot.bin", "vendor/pyodide/314.0.7/python_stdlib.zip"} <= left_out
    # PyScript's plugins the pages turn off, and what only they import.
    pyscript = {f.rsplit("/", 1)[1] for f in left_out if f.startswith("vendor/pyscript/")}
    for prefix in ("py-editor-", "py-game-", "py-terminal-", "codemirror", "xterm", "donkey-",
                   "deprecations-manager-"):
        assert any(name.startswith(prefix) for name in pyscript), prefix
    assert {f"./vendor/pyscript/0.7.31/{name}" for name in ("core.js", "core.css")} <= urls
    assert not left_out - sources - {"web/pyodide-snapshot.bin",
                                     "vendor/pyodide/314.0.7/python_stdlib.zip"} \
        - {f"vendor/pyscript/0.7.31/{name}" for name in pyscript}
    # The engine goes to the browser as bytecode only: its sources are not published.
    assert not [u for u in urls if u.startswith("./nos/")]
    assert "./sw.js" not in urls


def test_export_copies_exactly_the_site(tmp_path):
    dest = tmp_path / "site"
    count = build_web.export_site(ROOT, dest)
    exported = {p.relative_to(dest).as_posix() for p in dest.rglob("*") if p.is_file()}
    precached = {u.removeprefix("./") for u in _manifest()["files"]} - {""}
    assert exported == precached | {"sw.js", "sw-manifest.js"} | published_but_not_precached()
    assert count == len(exported)


def test_table_is_well_formed_and_csp_safe():
    from e2e_play import web_views  # (puts web/'s folders on sys.path)

    markup = load_script("nos_web_table", ROOT / "web" / "draw" / "render_table.py").table_html(
        None, None, web_views.words("en"))
    root = ET.fromstring(markup)
    ids = {el.get("id") for el in root.iter()}
    assert {"table-svg", "felt"} <= ids
    assert "style=" not in markup  # inline style attributes would break under style-src 'self'


@pytest.fixture(scope="module")
def served(site):
    return site.url


@pytest.mark.parametrize(
    ("path", "content_type"),
    [
        ("index.html", "text/html"),
        ("vendor/pyodide/314.0.7/pyodide.mjs", "text/javascript"),
        ("vendor/pyodide/314.0.7/pyodide.asm.wasm", "application/wasm"),
        ("vendor/micropython/1.27.0/micropython.mjs", "text/javascript"),
        ("vendor/pyodide/314.0.7/pyodide-lock.json", "application/json"),
        ("pyscript.toml", "application/toml"),
        ("sw.js", "text/javascript"),
        ("web/pyodide.mjs", "text/javascript"),
        ("web/pyodide-snapshot.bin", "application/octet-stream"),
        ("manifest.webmanifest", "application/manifest+json"),
        ("assets/icons/icon.svg", "image/svg+xml"),
        ("assets/icons/icon-512.png", "image/png"),
    ],
)
def test_serve_mime_types(served, path, content_type):
    status, headers, _ = fetch(served + path)
    assert status == 200
    assert headers["Content-Type"].split(";")[0] == content_type
    # The snapshot is gzip data that web/pyodide.mjs inflates itself: no server may mark
    # it Content-Encoding (the browser would then inflate it first).
    assert "Content-Encoding" not in headers


def test_serve_caching_and_security_headers(served):
    _, sw, _ = fetch(served + "sw.js")
    assert sw["Cache-Control"] == "no-cache"
    _, wasm, _ = fetch(served + "vendor/pyodide/314.0.7/pyodide.asm.wasm")
    assert "immutable" in wasm["Cache-Control"]
    _, page, _ = fetch(served)
    assert page["Cache-Control"] == "no-cache"
    csp = page["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "frame-ancestors *" in csp
    assert "X-Frame-Options" not in page  # framing by any site is allowed


@pytest.mark.parametrize("path", [".git/HEAD", ".gitignore", "web/", "no-such-file"])
def test_serve_hides_dotfiles_and_listings(served, path):
    status, _, _ = fetch(served + path)
    assert status == 404


def test_the_site_evaluates_no_text_as_script():
    """No 'unsafe-eval' in the CSP, and none of the site's own code needs it: no eval() or
    Function() (embed_page.py used window.Function to read messages: web/embed.js does)."""
    netlify = tomllib.loads((ROOT / "netlify.toml").read_text(encoding="utf-8"))
    policies = [rule["values"]["Content-Security-Policy"] for rule in netlify["headers"]
                if "Content-Security-Policy" in rule["values"]]
    assert policies and not any("'unsafe-eval'" in p for p in policies)
    found = []
    for path in sorted((ROOT / "web").rglob("*")):
        if path.suffix in (".js", ".mjs", ".py"):
            text = path.read_text(encoding="utf-8")
            found += [f"{path.relative_to(ROOT)}: {m}" for m in
                      re.findall(r"\b(?:eval|Function)\s*\(|setTimeout\(\s*[\"'`]", text)]
    assert found == []


def test_serve_answers_a_request_line_over_64_kb_with_414(served):
    """http.server refuses a request line over 65,536 bytes before it reads a path: the
    answer is a 414 with the site's headers, not a traceback and an empty response."""
    status, headers, _ = fetch(served + "index.html?x=" + "a" * 70_000)
    assert status == 414
    assert "default-src 'self'" in headers["Content-Security-Policy"]


def fetch_gzip(url: str, since: str | None = None):
    """(status, headers, body as sent) of a request that accepts gzip."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    if since:
        request.add_header("If-Modified-Since", since)
    try:
        with urllib.request.urlopen(request, timeout=30) as resp:
            return resp.status, resp.headers, resp.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers, b""


@pytest.mark.parametrize("path", ["", "index.html", "web/pyodide.mjs", "mpy.toml",
                                  "vendor/pyodide/314.0.7/pyodide.asm.wasm",
                                  "web/words/nl.json", "assets/icons/icon.svg"])
def test_serve_compresses_like_the_host(served, path):
    """Text, scripts, JSON, SVG and WebAssembly go gzip-compressed to a browser that accepts
    it, as Netlify sends them; a revalidation still gets its 304."""
    status, headers, body = fetch_gzip(served + path)
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert headers["Vary"] == "Accept-Encoding"
    assert int(headers["Content-Length"]) == len(body)
    assert gzip.decompress(body) == (ROOT / (path or "index.html")).read_bytes()
    assert fetch_gzip(served + path, since=headers["Last-Modified"])[0] == 304


@pytest.mark.parametrize("path", ["web/pyodide-snapshot.bin", "web/worker.zip",
                                  "web/python_stdlib.zip", "assets/icons/icon-192.png"])
def test_serve_sends_compressed_files_as_they_are(served, path):
    status, headers, body = fetch_gzip(served + path)
    assert status == 200 and "Content-Encoding" not in headers
    assert body == (ROOT / path).read_bytes()
