"""MicroPython's JavaScript glue as the site serves it (scripts/micropython_glue.py): the npm
package's without the assertion that costs every call and with the file system's errors as
a build without ASSERTIONS makes them, each only where that is safe; served as vendor.sh
leaves it; and it runs Python, exceptions through the trampolines and failed file lookups
included, as the published glue does."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
from pathlib import Path

import pytest
import web_views

ROOT = web_views.ROOT
PACKAGE = ROOT / "node_modules/@micropython/micropython-webassembly-pyscript"
RUNNER = ROOT / "tests" / "micropython_run.mjs"
_spec = importlib.util.spec_from_file_location("micropython_glue",
                                               ROOT / "scripts" / "micropython_glue.py")
glue = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(glue)

needs_package = pytest.mark.skipif(not (PACKAGE / "micropython.mjs").exists(),
                                   reason="node_modules is missing (make vendor)")


@needs_package
def test_the_two_changes_alone_and_only_where_they_are_safe() -> None:
    published = (PACKAGE / "micropython.mjs").read_bytes()
    served = glue.served(published)
    assert published.count(glue.ASSERTION) == 1
    assert not any(w in published for w in glue.TABLE_WRITES)
    assert published.count(glue.ERRNO_ERROR) == 1
    assert served == published.replace(glue.ASSERTION, b"").replace(glue.ERRNO_ERROR,
                                                                    glue.ERRNO_RELEASE)
    assert len(published) - len(served) == (len(glue.ASSERTION) + len(glue.ERRNO_ERROR) -
                                            len(glue.ERRNO_RELEASE))
    # The lookup it guarded is still there: the mirror, filled from the table once.
    assert b"wasmTableMirror[funcPtr]=func=wasmTable.get(funcPtr)" in served
    # Every catcher of a file system error tells it by its name and answers with its errno.
    assert served.count(b'"ErrnoError"!==e.name') >= 10
    assert glue.CODE.findall(served) == []


def test_a_glue_that_writes_its_table_or_differs_is_served_as_published() -> None:
    lookup = b"getWasmTableEntry=funcPtr=>{var func=wasmTableMirror[funcPtr];return func"
    for text in (lookup + glue.ASSERTION + b";wasmTable.set(3,f)",
                 lookup + glue.ASSERTION + b";addFunction(f)",
                 lookup + glue.ASSERTION * 2,
                 lookup + b";",
                 b"FS={" + glue.ERRNO_ERROR + b"};if(e.code==='ENOENT')x()",  # a reader
                 b"FS={" + glue.ERRNO_ERROR * 2 + b"}"):
        assert glue.served(text) == text
    # Each change stands alone: the errors change in a glue whose table is written.
    text = lookup + glue.ASSERTION + b";wasmTable.set(3,f);FS={" + glue.ERRNO_ERROR + b"}"
    assert glue.served(text) == text.replace(glue.ERRNO_ERROR, glue.ERRNO_RELEASE)


@needs_package
def test_vendor_serves_the_glue_so(tmp_path: Path) -> None:
    if not web_views.MICROPYTHON.exists():
        pytest.skip("vendor/ is missing (make vendor)")
    assert web_views.MICROPYTHON.read_bytes() == glue.served(
        (PACKAGE / "micropython.mjs").read_bytes())
    assert (web_views.MICROPYTHON.parent / "micropython.wasm").read_bytes() == (
        PACKAGE / "micropython.wasm").read_bytes()
    # Written only when its content changes (vendor.sh keeps the mtimes of the others).
    copy = tmp_path / "micropython.mjs"
    assert glue.main([str(PACKAGE / "micropython.mjs"), str(copy)]) == 0
    stamp = copy.stat().st_mtime_ns
    assert glue.main([str(PACKAGE / "micropython.mjs"), str(copy)]) == 0
    assert copy.stat().st_mtime_ns == stamp
    assert copy.read_bytes() == web_views.MICROPYTHON.read_bytes()


DRIVER = '''
import json
import os


class Odd(Exception):
    pass


def deep(n):
    return 0 if n == 0 else 1 + deep(n - 1)


def fails(k):
    if k % 3 == 0:
        raise Odd(k)
    return {"k": k}[k % 2 and "k" or "missing"]


def main(inp, out):
    said = []
    for k in range(12):
        try:
            said.append(fails(k))
        except Odd as exc:
            said.append("odd " + str(exc.args[0]))
        except KeyError as exc:
            said.append("key " + exc.args[0])
    try:
        deep(100000)
    except RuntimeError:
        said.append("too deep")
    said.append(deep(40))
    said.append(sum(len(str(i) + "-" + str(i * i)) for i in range(2000)))
    for name in ("not_a_module", "nos_missing.deeper"):  # (failed lookups in every folder)
        try:
            __import__(name)
        except ImportError:
            said.append("no " + name)
    for path in ("/missing.txt", "/missing/inside.txt"):
        try:
            open(path)
        except OSError as exc:
            said.append(["open", path, exc.errno])
        try:
            os.stat(path)
        except OSError as exc:
            said.append(["stat", path, exc.errno])
    os.mkdir("/made")
    try:
        os.mkdir("/made")
    except OSError as exc:
        said.append(["mkdir", exc.errno])
    said.append(sorted(os.listdir("/made")))
    open(out, "w").write(json.dumps(said))
'''


@pytest.mark.skipif(shutil.which("node") is None or not web_views.MICROPYTHON.exists(),
                    reason="node or vendor/ is missing (make vendor)")
def test_the_served_glue_runs_python_and_its_exceptions(tmp_path: Path) -> None:
    """Every exception goes through the trampolines whose assertion is gone (nlr is
    setjmp/longjmp there): raised, caught, nested, and the recursion limit; and the file
    system's errors, now plain objects, reach Python as the same OSError and ImportError as
    under the published glue."""
    driver = tmp_path / "glue_driver.py"
    driver.write_text(DRIVER)
    src = tmp_path / "in.json"
    src.write_text("{}")

    def run(mjs: Path) -> list:
        dst = tmp_path / "out.json"
        done = subprocess.run(["node", str(RUNNER), mjs.as_uri(), str(src), str(dst),
                               str(driver)], capture_output=True, text=True, timeout=300,
                              env={"MPY_DRIVER": "glue_driver", "PATH": "/usr/bin:/bin"})
        assert done.returncode == 0, done.stderr[-2000:]
        return json.loads(dst.read_text())

    want = []
    for k in range(12):
        want.append(f"odd {k}" if k % 3 == 0 else k if k % 2 else "key missing")
    want += ["too deep", 40, sum(len(str(i) + "-" + str(i * i)) for i in range(2000))]
    want += ["no not_a_module", "no nos_missing.deeper"]
    said = run(web_views.MICROPYTHON)
    assert said[:len(want)] == want
    # Emscripten's ENOENT (44) and EEXIST (20), and nothing listed in a new folder.
    assert said[len(want):] == [["open", "/missing.txt", 44], ["stat", "/missing.txt", 44],
                                ["open", "/missing/inside.txt", 44],
                                ["stat", "/missing/inside.txt", 44], ["mkdir", 20], []]
    if (PACKAGE / "micropython.mjs").exists():
        assert run(PACKAGE / "micropython.mjs") == said
