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
