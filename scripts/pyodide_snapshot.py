"""web/pyodide-snapshot.bin, the memory snapshot web/pyodide.mjs starts the engine's Pyodide
from: reading the file (taken in Node by scripts/snapshot_pyodide.mjs, which describes the
format; scripts/build_web.py takes it when it is not current)."""

from __future__ import annotations

import gzip
import json
import struct
import zlib
from pathlib import Path

SNAPSHOT = "web/pyodide-snapshot.bin"
MAGIC = b"NOSSNAP1"
HEAD = struct.Struct("<8sI")  # MAGIC, then the length of the JSON header


def read_header(path: Path) -> dict | None:
    """The snapshot's JSON header, or None if the file is missing or not a snapshot (only
    the start of the file is inflated)."""
    try:
        with gzip.open(path, "rb") as f:
            magic, length = HEAD.unpack(f.read(HEAD.size))
            header = json.loads(f.read(length)) if magic == MAGIC else None
    except (OSError, EOFError, struct.error, ValueError, zlib.error):
        return None
    return header if isinstance(header, dict) else None


def read_memory(path: Path) -> tuple[dict, bytes]:
    """(header, the whole memory image) of a snapshot file, zero pages restored."""
    header = read_header(path)
    if header is None:
        raise ValueError(f"{path} is not a Nos Pyodide snapshot")
    data = gzip.decompress(path.read_bytes())
    offset = HEAD.size + HEAD.unpack_from(data)[1]  # after the JSON header
    size, page = header["size"], header["page"]
    memory = bytearray(size)
    for first, count in header["runs"]:
        start = first * page
        end = min(start + count * page, size)  # the last page may be short
        memory[start:end] = data[offset:offset + end - start]
        offset += end - start
    if offset != len(data):
        raise ValueError(f"{path}: {len(data) - offset} bytes after the last run of pages")
    return header, bytes(memory)
