"""The main-thread modules (all but web/page/'s DOM glue) under MicroPython 1.27, the
interpreter the page runs them with: the same views give the same SVG and HTML, byte for
byte, as in CPython; and their source keeps to the subset MicroPython has."""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess

import mpy_driver
import pytest
import web_views
from web_views import MAIN_THREAD_MODULES, ROOT, WEB

MJS = web_views.MICROPYTHON  # (as served)
RUNNER = ROOT / "tests" / "micropython_run.mjs"
DRIVER = ROOT / "tests" / "mpy_driver.py"
# Every module MicroPython runs: the pure ones above and the page's DOM glue (web/page/).
MAIN_THREAD_FILES = sorted({web_views.module_path(m) for m in MAIN_THREAD_MODULES} |
                           {p for p in (WEB / "page").glob("*.py") if p.name != "start.py"} |
                           {WEB / "shared" / "browser.py"})  # (PyScript's: not run here)


def fixture_views() -> dict:
    """Views of every kind, the catalogues of every language and events of every key."""
    views = [v for _, v in web_views.sample_views(per_game=3)]
    views.append(web_views.announce_view())
    views.append(web_views.announce_view(4, web_views.human_on_set(4, zero=True)))
    views.append(web_views.session_view())  # a long log: fits MicroPython's 1 MB heap
    coached, review = web_views.coached_view_and_review()
    views.append(coached)
    views.append(web_views.coached_announce_view())
    return {"views": views, "words": web_views.catalogues(), "events": web_views.events(),
            "positions": position_texts(), "reviews": [review]}


def position_texts() -> list[str]:
    """Position texts good and bad: those of the tests and of real hands of every game."""
    import random

    from test_position import BAD_RULES, BAD_SYNTAX, positions_of_play

    texts = [*BAD_SYNTAX, *BAD_RULES]
    for game in range(1, 18):
        seen = [str(p.seen_by(random.Random(game).randrange(4)))
                for _, p in positions_of_play(4, game, game)]
        texts += seen[:: max(1, len(seen) // 4)]
    return texts


@pytest.mark.skipif(shutil.which("node") is None or not MJS.exists(),
                    reason="needs node and the vendored MicroPython (npm ci)")
def test_micropython_draws_exactly_what_cpython_draws(tmp_path):
    views = fixture_views()
    src, dst = tmp_path / "views.json", tmp_path / "out.json"
    src.write_text(json.dumps(views))
    files = [str(web_views.module_path(m)) for m in MAIN_THREAD_MODULES] + [str(DRIVER)]
    run = subprocess.run(["node", str(RUNNER), MJS.as_uri(), str(src), str(dst), *files],
                         capture_output=True, text=True, timeout=600)  # (≈ 15 s here)
    assert run.returncode == 0, run.stderr[-3000:]
    got = json.loads(dst.read_text())
    want = json.loads(json.dumps(mpy_driver.render_all(views)))
    assert len(got) == len(want)
    for k, (a, b) in enumerate(zip(got, want, strict=True)):
        assert a == b, f"output {k} differs under MicroPython"


# ---------------------------------------------------------------- the subset, statically
MISSING_MODULES = {"dataclasses", "typing", "enum", "__future__", "traceback", "bisect",
                   "xml", "abc", "contextlib", "textwrap", "string", "decimal", "fractions"}
MISSING_METHODS = {"ljust", "rjust", "zfill", "title", "casefold", "center", "swapcase",
                   "expandtabs", "format_map", "removeprefix", "removesuffix", "isidentifier",
                   "bit_length", "hexdigest"}
MISSING_NAMES = {"Counter", "round", "lru_cache", "dataclass"}


@pytest.mark.parametrize("path", MAIN_THREAD_FILES, ids=lambda p: p.name)
def test_main_thread_source_avoids_what_micropython_lacks(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    problems = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", "?")
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in MISSING_MODULES:
                    problems.append(f"{line}: import {alias.name}")
        elif isinstance(node, ast.ImportFrom):
            if (node.module or "").split(".")[0] in MISSING_MODULES:
                problems.append(f"{line}: from {node.module}")
        elif isinstance(node, ast.Match):
            problems.append(f"{line}: match statement")
        elif isinstance(node, ast.Attribute) and node.attr in MISSING_METHODS:
            problems.append(f"{line}: .{node.attr}()")
        elif isinstance(node, ast.Name) and node.id in MISSING_NAMES:
            problems.append(f"{line}: {node.id}")
        elif isinstance(node, ast.Slice) and node.step is not None:
            problems.append(f"{line}: a slice with a step")
        elif isinstance(node, ast.ClassDef) and node.decorator_list:
            problems.append(f"{line}: a class decorator")
        elif isinstance(node, ast.JoinedStr):
            for part in node.values:
                if isinstance(part, ast.FormattedValue) and part.format_spec is not None:
                    problems.append(f"{line}: an f-string format spec (formats differ)")
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and isinstance(
                node.left, ast.Constant) and isinstance(node.left.value, str) and "f" in \
                node.left.value.split("%")[-1][:3]:
            problems.append(f"{line}: % float formatting (rounds differently)")
    assert problems == []


def test_mpy_toml_hands_every_main_thread_module_to_micropython_as_bytecode_in_one_pack():
    import importlib.util
    import tomllib

    spec = importlib.util.spec_from_file_location("nos_build_web", ROOT / "scripts/build_web.py")
    build_web = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_web)
    files = tomllib.loads((ROOT / "mpy.toml").read_text(encoding="utf-8"))["files"]
    assert files == {"./" + build_web.MPY_PACK: "./page.pack"}
    build_web.compile_main_thread(ROOT)
    pack = build_web.read_pack((ROOT / build_web.MPY_PACK).read_bytes())
    assert set(pack) == {p.stem for p in MAIN_THREAD_FILES}
    # Each module is MicroPython bytecode (an .mpy starts with "M" and its version).
    assert all(code[:1] == b"M" and len(code) > 16 for code in pack.values())


def test_every_page_that_runs_a_pack_loads_the_script_that_unpacks_it_before_start_py():
    """web/unpack.js writes a pack's modules out in JavaScript (start.py only as a fallback,
    slower, with a console warning). The rules page and the embeds load PyScript only
    through it, so that its hook is in place before PyScript can start start.py."""
    boot = (ROOT / "web/boot.js").read_text(encoding="utf-8")
    assert 'import "./unpack.js";' in boot
    unpack = (ROOT / "web/unpack.js").read_text(encoding="utf-8")
    assert re.search(r'^import \{ hooks \} from "\.\./vendor/pyscript/[\d.]+/core\.js";', unpack,
                     re.M)
    for page in ["rules.html", "embed.html"]:
        html = (ROOT / page).read_text(encoding="utf-8")
        assert '<script type="module" src="./vendor/pyscript/' not in html, page
        assert html.index('<script type="module" src="./web/unpack.js">') < html.index(
            '<script type="mpy"'), page
