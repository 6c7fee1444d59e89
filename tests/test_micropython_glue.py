"""MicroPython's JavaScript glue as the site serves it (scripts/micropython_glue.py): the npm
package's without the assertion that costs every call, and only where that is safe (the
glue never writes its wasm table); served as vendor.sh leaves it; and it runs Python,
exceptions through the trampolines included, as the published glue does."""

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
def test_the_assertion_alone_goes_and_only_because_the_table_is_never_written() -> None:
    published = (PACKAGE / "micropython.mjs").read_bytes()
    served = glue.served(published)
    assert published.count(glue.ASSERTION) == 1
    assert not any(w in published for w in glue.TABLE_WRITES)
    assert served == published.replace(glue.ASSERTION, b"")
    assert len(published) - len(served) == len(glue.ASSERTION)
    # The lookup it guarded is still there: the mirror, filled from the table once.
    assert b"wasmTableMirror[funcPtr]=func=wasmTable.get(funcPtr)" in served


def test_a_glue_that_writes_its_table_or_differs_is_served_as_published() -> None:
    lookup = b"getWasmTableEntry=funcPtr=>{var func=wasmTableMirror[funcPtr];return func"
    for text in (lookup + glue.ASSERTION + b";wasmTable.set(3,f)",
                 lookup + glue.ASSERTION + b";addFunction(f)",
                 lookup + glue.ASSERTION * 2,
                 lookup + b";"):
        assert glue.served(text) == text


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
    open(out, "w").write(json.dumps(said))
'''


@pytest.mark.skipif(shutil.which("node") is None or not web_views.MICROPYTHON.exists(),
                    reason="node or vendor/ is missing (make vendor)")
def test_the_served_glue_runs_python_and_its_exceptions(tmp_path: Path) -> None:
    """Every exception goes through the trampolines whose assertion is gone (nlr is
    setjmp/longjmp there): raised, caught, nested, and the recursion limit."""
    driver = tmp_path / "glue_driver.py"
    driver.write_text(DRIVER)
    src, dst = tmp_path / "in.json", tmp_path / "out.json"
    src.write_text("{}")
    run = subprocess.run(["node", str(RUNNER), web_views.MICROPYTHON.as_uri(), str(src),
                          str(dst), str(driver)], capture_output=True, text=True, timeout=300,
                         env={"MPY_DRIVER": "glue_driver", "PATH": "/usr/bin:/bin"})
    assert run.returncode == 0, run.stderr[-2000:]
    want = []
    for k in range(12):
        want.append(f"odd {k}" if k % 3 == 0 else k if k % 2 else "key missing")
    want += ["too deep", 40, sum(len(str(i) + "-" + str(i * i)) for i in range(2000))]
    assert json.loads(dst.read_text()) == want
