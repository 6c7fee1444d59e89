"""web/pyodide-snapshot.bin: the memory snapshot web/pyodide.mjs starts the engine's Pyodide
from (made in Node by scripts/snapshot_pyodide.mjs; format described there).

Rebuilt only when Pyodide or the snapshot script changed: the stamp in the file's header is
their hash. A snapshot is not reproducible byte for byte (CPython's start draws random
numbers), so rebuilding it without need would change the service worker's cache version.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import struct
import subprocess
import tempfile
import zlib
from pathlib import Path

SNAPSHOT = "web/pyodide-snapshot.bin"
SNAPSHOT_SCRIPT = "scripts/snapshot_pyodide.mjs"
# The interpreter the snapshot is of: its package.json names the version, and the
# snapshot is only valid for that exact pyodide.asm.wasm.
PYODIDE_FILES = ["node_modules/pyodide/package.json", "node_modules/pyodide/pyodide.asm.wasm"]
MAGIC = b"NOSSNAP1"


def snapshot_stamp(root: Path) -> str:
    """Hash of what the snapshot is made from: the script and Pyodide."""
    h = hashlib.sha256()
    for rel in [SNAPSHOT_SCRIPT, *PYODIDE_FILES]:
        path = root / rel
        h.update(rel.encode() + b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest() if path.is_file() else b"-")
    return "nos-snapshot " + h.hexdigest()[:32]


def read_header(path: Path) -> dict | None:
    """The snapshot's JSON header, or None if the file is missing or not a snapshot."""
    try:
        with gzip.open(path, "rb") as f:
            if f.read(len(MAGIC)) != MAGIC:
                return None
            (length,) = struct.unpack("<I", f.read(4))
            header = json.loads(f.read(length))
    except (OSError, EOFError, struct.error, ValueError, zlib.error):
        return None
    return header if isinstance(header, dict) else None


def read_memory(path: Path) -> tuple[dict, bytes]:
    """(header, the whole memory image) of a snapshot file, zero pages restored."""
    data = gzip.decompress(path.read_bytes())
    if not data.startswith(MAGIC):
        raise ValueError(f"{path} is not a Nos Pyodide snapshot")
    (length,) = struct.unpack_from("<I", data, len(MAGIC))
    start = len(MAGIC) + 4
    header = json.loads(data[start:start + length])
    memory = bytearray(header["size"])
    offset = start + length
    page = header["page"]
    for first, count in header["runs"]:
        length = min((first + count) * page, header["size"]) - first * page  # last page: short
        memory[first * page:first * page + length] = data[offset:offset + length]
        offset += length
    if offset != len(data):
        raise ValueError(f"{path}: {len(data) - offset} bytes after the last run of pages")
    return header, bytes(memory)


def build_snapshot(root: Path) -> bool:
    """Make web/pyodide-snapshot.bin unless it is current; returns whether it was made."""
    stamp = snapshot_stamp(root)
    out = root / SNAPSHOT
    header = read_header(out)
    if header is not None and header.get("stamp") == stamp:
        return False
    node = shutil.which("node")
    if node is None:
        raise SystemExit("build_web: Node.js is missing: it takes the Pyodide snapshot with "
                         "the npm pyodide package (install nodejs and run `npm ci`)")
    missing = [rel for rel in PYODIDE_FILES if not (root / rel).is_file()]
    if missing:
        raise SystemExit(f"build_web: {missing[0]} is missing: run `npm ci` first")
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=out.parent, prefix=out.name + ".", suffix=".tmp")
    os.close(fd)  # a name of its own: two builds may run at once (e.g. two test sessions)
    temp = Path(name)
    proc = subprocess.run([node, SNAPSHOT_SCRIPT, str(temp), stamp],
                          cwd=root, capture_output=True, text=True)
    made = read_header(temp)
    if proc.returncode != 0 or made is None or made.get("stamp") != stamp:
        temp.unlink(missing_ok=True)
        detail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["no output"]
        raise SystemExit(f"build_web: taking the Pyodide snapshot failed: {detail[0]}")
    temp.chmod(0o644)  # readable by the web server
    temp.replace(out)
    return True
