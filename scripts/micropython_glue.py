"""MicroPython's JavaScript glue (micropython.mjs) as the site serves it: the npm package's,
without two costs of its debugging build (Emscripten's ASSERTIONS), each removed only where
it is safe.

    python scripts/micropython_glue.py SOURCE DEST

The npm build of @micropython/micropython-webassembly-pyscript keeps Emscripten's
ASSERTIONS. Its interpreter reaches most of its own C functions through JavaScript
trampolines (``invoke_ii`` and the like: setjmp/longjmp without wasm exceptions), each of
which looks the function up in a mirror of the wasm table and then asserts, with
``wasmTable.get``, that the mirror is current. That ``get`` is a slow call into the engine:
a quarter of MicroPython's time on the rules page (docs/performance.md). The glue never
writes the table (no ``wasmTable.set``, ``grow`` or ``addFunction``), so the mirror cannot
go stale and the assertion can never fail; it is removed.

The same build's ``FS.ErrnoError`` extends ``Error``: each one captures a stack trace, asks
the wasm for its ``strerror`` text and searches ``ERRNO_CODES`` for its name. The file
system throws one at every failed lookup, and an ``import`` makes two or three of those
(``name``, ``name.py`` before ``name.mpy``, in each folder of ``sys.path``): some 330 while
the rules page boots, about 50 µs each there. Every catcher of the glue reads only the
error's ``name`` and ``errno`` (nothing reads its ``code``: checked), so it is served as a
build without ASSERTIONS defines it, a plain object holding those two. (One that escaped
every catcher would then carry no message or stack, as in any release build.)

Anything else in the file, or a glue that differs from what each change expects, is served
exactly as published.

DEST is written only if its content would change (vendor.sh keeps mtimes of unchanged files).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ASSERTION = (b',assert(wasmTable.get(funcPtr)==func,"JavaScript-side Wasm function table '
             b'mirror is out of date!")')
# Ways the glue could change its table after start; with any of them the mirror can go stale.
TABLE_WRITES = (b"wasmTable.set(", b"wasmTable.grow(", b"addFunction(", b"setWasmTableEntry(")

ERRNO_ERROR = (b'ErrnoError:class extends Error{name="ErrnoError";constructor(errno){for(var key '
               b'in super(runtimeInitialized?(errno=>UTF8ToString(_strerror(errno)))(errno):""),'
               b'this.errno=errno,ERRNO_CODES)if(ERRNO_CODES[key]===errno){this.code=key;break}}}')
# Emscripten's library_fs.js without ASSERTIONS: the name the catchers test, and the errno.
ERRNO_RELEASE = b'ErrnoError:class{name="ErrnoError";constructor(errno){this.errno=errno}}'
CODE = re.compile(rb"\.code(?![\w$])")  # a property `code` read or written (not codePointAt)


def served(glue: bytes) -> bytes:
    """The glue as served: without ASSERTION when the table is never written; ErrnoError
    as a build without ASSERTIONS has it when no code reads an error's ``code``."""
    if glue.count(ASSERTION) == 1 and not any(w in glue for w in TABLE_WRITES):
        glue = glue.replace(ASSERTION, b"")
    if glue.count(ERRNO_ERROR) == 1 and len(CODE.findall(glue)) == len(CODE.findall(ERRNO_ERROR)):
        glue = glue.replace(ERRNO_ERROR, ERRNO_RELEASE)
    return glue


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
