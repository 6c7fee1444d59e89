"""MicroPython's JavaScript glue (micropython.mjs) as the site serves it: the npm package's,
without the one assertion that costs every Python call.

    python scripts/micropython_glue.py SOURCE DEST

The npm build of @micropython/micropython-webassembly-pyscript keeps Emscripten's
ASSERTIONS. Its interpreter reaches most of its own C functions through JavaScript
trampolines (``invoke_ii`` and the like: setjmp/longjmp without wasm exceptions), each of
which looks the function up in a mirror of the wasm table and then asserts, with
``wasmTable.get``, that the mirror is current. That ``get`` is a slow call into the engine:
a quarter of MicroPython's time on the rules page (docs/performance.md). The glue never
writes the table (no ``wasmTable.set``, ``grow`` or ``addFunction``), so the mirror cannot
go stale and the assertion can never fail; it is removed. Anything else in the file, or a
glue that does write its table, is served exactly as published.

DEST is written only if its content would change (vendor.sh keeps mtimes of unchanged files).
"""

from __future__ import annotations

import sys
from pathlib import Path

ASSERTION = (b',assert(wasmTable.get(funcPtr)==func,"JavaScript-side Wasm function table '
             b'mirror is out of date!")')
# Ways the glue could change its table after start; with any of them the mirror can go stale.
TABLE_WRITES = (b"wasmTable.set(", b"wasmTable.grow(", b"addFunction(", b"setWasmTableEntry(")


def served(glue: bytes) -> bytes:
    """The glue as served: without ASSERTION when the table is never written."""
    if glue.count(ASSERTION) != 1 or any(w in glue for w in TABLE_WRITES):
        return glue
    return glue.replace(ASSERTION, b"")


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: micropython_glue.py SOURCE DEST", file=sys.stderr)
        return 2
    source, dest = Path(argv[0]), Path(argv[1])
    glue = served(source.read_bytes())
    if not dest.is_file() or dest.read_bytes() != glue:
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = dest.with_suffix(".tmp")
        tmp.write_bytes(glue)
        tmp.replace(dest)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
