#!/usr/bin/env python3
"""Static file server for the Nos site (stdlib only).

Serves --directory (default: the repository root) with the MIME types the runtimes need
(.mjs as JavaScript, .wasm as application/wasm, .toml, .json) and the same response headers
as production: the `[[headers]]` rules of netlify.toml in that directory, or else in the
repository (CSP, caching, ...), are applied here too, so the browser tests exercise the real
policy.

    python3 scripts/serve.py [--port 8000] [--bind 127.0.0.1] [--directory .] [--quiet]

`--port 0` picks a free port. The first line on stdout is always
`Serving http://HOST:PORT/ (bound to ADDRESS)` (flushed), so a test can start this as a
subprocess and read the port from it.
Dotfiles and dot-directories (.git, .venv, ...) are never served; directories without an
index.html answer 404 (no listings). Like the host (Netlify compresses on the fly), text,
scripts, JSON, SVG and WebAssembly go gzip-compressed to a browser that accepts it; files
that are compressed already (zip, PNG, the snapshot) go as they are.
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import functools
import gzip
import http.server
import io
import os
import re
import sys
from pathlib import Path

try:
    import tomllib
except ImportError:  # Python < 3.11: serve without the netlify.toml headers
    tomllib = None

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".toml": "application/toml",
    ".json": "application/json",
    ".py": "text/x-python",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html",
    ".md": "text/markdown",
}
TEXT_TYPES = ("text/", "application/javascript", "application/json", "application/toml")
COMPRESSED_TYPES = (*TEXT_TYPES, "application/wasm", "image/svg+xml",
                    "application/manifest+json")

# Used when netlify.toml is absent or sets no Cache-Control for a path (Netlify's own default
# is `public, max-age=0, must-revalidate`, which means the same: always revalidate).
DEFAULT_CACHE_CONTROL = "no-cache"


def netlify_pattern(path_glob: str) -> re.Pattern[str]:
    """Netlify `for` path -> regex: `*` matches anything (slashes too), `:name` one segment."""
    out = []
    for part in re.split(r"(\*|:[A-Za-z_]\w*)", path_glob):
        if part == "*":
            out.append(".*")
        elif part.startswith(":") and len(part) > 1:
            out.append("[^/]+")
        else:
            out.append(re.escape(part))
    return re.compile("^" + "".join(out) + "$")


def load_header_rules(directory: Path) -> list[tuple[re.Pattern[str], dict[str, str]]]:
    """[[headers]] of DIRECTORY/netlify.toml, else of the repository's (for an exported site)."""
    config = directory / "netlify.toml"
    if not config.is_file():
        config = ROOT / "netlify.toml"
    if not config.is_file() or tomllib is None:
        return []
    data = tomllib.loads(config.read_text(encoding="utf-8"))
    return [
        (netlify_pattern(rule["for"]), {k: str(v) for k, v in rule.get("values", {}).items()})
        for rule in data.get("headers", [])
    ]


def headers_for(rules, url_path: str) -> dict[str, str]:
    """All headers whose rule matches; a header set by several matching rules is joined
    with ", " as Netlify does (so netlify.toml should avoid overlapping rules)."""
    found: dict[str, str] = {}
    names: dict[str, str] = {}
    for pattern, values in rules:
        if pattern.match(url_path):
            for name, value in values.items():
                key = name.lower()
                if key in found:
                    found[key] = f"{found[key]}, {value}"
                else:
                    found[key], names[key] = value, name
    return {names[k]: v for k, v in found.items()}


@functools.lru_cache(maxsize=512)
def gzipped(path: str, mtime_ns: int, size: int) -> bytes:
    """A file's gzip, once per version of it (level 1: a local server should not make the
    browser wait; the bench reports gzip -6 sizes of its own)."""
    with open(path, "rb") as f:
        return gzip.compress(f.read(), 1, mtime=0)


class Handler(http.server.SimpleHTTPRequestHandler):
    rules: list = []
    quiet = False
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def guess_type(self, path):
        for name, value in headers_for(self.rules, self._url_path()).items():
            if name.lower() == "content-type":
                return value  # netlify.toml overrides the type, as on the host
        ctype = super().guess_type(path)
        if ctype.startswith(TEXT_TYPES) and "charset" not in ctype:
            ctype += "; charset=utf-8"
        return ctype

    def _url_path(self) -> str:
        # (A request line over 64 kB is answered 414 before it is read: no path is set.)
        return getattr(self, "path", "/").split("?", 1)[0].split("#", 1)[0]

    def send_head(self):
        url_path = self._url_path()
        if any(seg.startswith(".") for seg in url_path.split("/") if seg):
            self.send_error(404)
            return None
        path = self.translate_path(self.path)
        if os.path.isdir(path) and url_path.endswith("/"):
            path = os.path.join(path, "index.html")
        if (os.path.isfile(path) and "gzip" in self.headers.get("Accept-Encoding", "")
                and self.guess_type(path).startswith(COMPRESSED_TYPES)):
            return self._send_gzip(path)
        return super().send_head()

    def _send_gzip(self, path: str):
        """The file gzip-compressed (Content-Encoding), or 304 as SimpleHTTPRequestHandler
        answers an If-Modified-Since it meets."""
        stat = os.stat(path)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
                if int(stat.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self.end_headers()
                    return None
        body = gzipped(path, stat.st_mtime_ns, stat.st_size)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
        self.end_headers()
        return io.BytesIO(body)

    def list_directory(self, path):
        self.send_error(404)
        return None

    def end_headers(self):
        extra = headers_for(self.rules, self._url_path())
        lower = {k.lower() for k in extra}
        if "cache-control" not in lower:
            self.send_header("Cache-Control", DEFAULT_CACHE_CONTROL)
        for name, value in extra.items():
            if name.lower() == "content-type":
                continue  # the type guessed from the extension was already sent
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)

    def handle(self):
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            super().handle()


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_server(directory: Path, host: str = "127.0.0.1", port: int = 0, quiet: bool = False):
    directory = Path(directory).resolve()
    handler = type(
        "NosHandler", (Handler,), {"rules": load_header_rules(directory), "quiet": quiet}
    )
    return Server((host, port), functools.partial(handler, directory=str(directory)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Serve the Nos static site.")
    ap.add_argument("--port", type=int, default=8000, help="0 picks a free port (default 8000)")
    ap.add_argument("--bind", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    ap.add_argument("--directory", type=Path, default=ROOT, help="site root (default: repo)")
    ap.add_argument("--quiet", action="store_true", help="no request log")
    args = ap.parse_args(argv)
    server = make_server(args.directory, args.bind, args.port, args.quiet)
    host, port = server.server_address[:2]
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    print(f"Serving http://{shown}:{port}/ (bound to {host})", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
