"""Every path a comment, a docstring or a doc names exists: in the .py, .js, .mjs, .toml and
.html files' comments and docstrings, and anywhere in the .md files (a moved module leaves no
stale path behind). A path is one that starts with a folder of this repository (``web/``,
``nos/``, …, or a build output's: ``vendor/``, ``build/``, ``test-results/``) or with ``./``
or ``../``; it exists, or is a build output (.gitignore), or is the rulings, which live
beside the repository (``shared/rules/``). Placeholders in capitals (``web/words/LANG.json``)
name no file."""

from __future__ import annotations

import ast
import fnmatch
import io
import re
import subprocess
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
KINDS = (".py", ".js", ".mjs", ".toml", ".html", ".md")
# A path-like word: folders and a name, perhaps with an extension, or a folder ending in /.
PATH = re.compile(r"(?<![\w/.<>{*$@%-])((?:\.{1,2}/)?(?:[A-Za-z0-9_][\w.-]*/)+(?:[\w.-]*[\w-])?)")
BUILT = ["vendor", "node_modules", "build", "test-results", "_site", "out"]
OUTSIDE = ("shared/rules/",)  # the rulings (RULINGS.md), beside the repository


def tracked() -> list[str]:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.split()
    return [f for f in listed if (ROOT / f).is_file()]


FILES = tracked()
TOP = {f.split("/")[0] for f in FILES if "/" in f} | set(BUILT)
IGNORED = [line.strip().strip("/") for line in
           (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
           if line.strip() and not line.startswith("#")]


def remarks(name: str, text: str) -> list[tuple[int, str]]:
    """(line, text) of the comments and docstrings of a source file, every line of a doc."""
    if name.endswith(".md"):
        return list(enumerate(text.splitlines(), 1))
    out: list[tuple[int, str]] = []
    if name.endswith(".py"):
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT:
                out.append((tok.start[0], tok.string))
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef |
                          ast.AsyncFunctionDef) and ast.get_docstring(node, clean=False):
                first = node.body[0].lineno
                out += [(first + i, line) for i, line in
                        enumerate(ast.get_docstring(node, clean=False).splitlines())]
        return out
    pattern = {".toml": r"#[^\n]*", ".html": r"<!--.*?-->"}.get(Path(name).suffix,
                                                                r"//[^\n]*|/\*.*?\*/")
    for m in re.finditer(pattern, text, re.S):
        line = text.count("\n", 0, m.start()) + 1
        out += [(line + i, part) for i, part in enumerate(m.group(0).splitlines())]
    return out


def named_paths(line: str) -> list[str]:
    line = re.sub(r"\w+://\S+", "", line)  # (addresses are not the repository's paths)
    found = []
    for m in PATH.finditer(line):
        if line[m.end():m.end() + 1] in ("<", "{", "*"):  # (web/words/<lang>.json)
            continue
        path = m.group(1).rstrip(".")
        first = path.split("/")[0]
        if first not in TOP and first not in (".", ".."):
            continue
        if re.search(r"(^|/)[A-Z]{2,}(\.|/|$)", path):  # a placeholder: LANG, NAME, DIR
            continue
        found.append(path)
    return found


def exists(path: str, where: Path) -> bool:
    if any(mark in path for mark in OUTSIDE):
        return True
    base = where if path.startswith(("./", "../")) else ROOT
    if (base / path).exists() or (ROOT / path).exists():
        return True
    stem, dot, attr = path.rpartition(".")
    if dot and "/" not in attr and (ROOT / (stem + ".py")).is_file():
        return True  # a module's name and attribute: tests/web_views.LANGS
    clean = path.lstrip("./").rstrip("/")
    return any(fnmatch.fnmatch(clean, pat) or clean.startswith(pat + "/") for pat in IGNORED)


def missing_paths() -> list[str]:
    out = []
    for name in FILES:
        if not name.endswith(KINDS) or name.split("/")[0] in BUILT:
            continue
        text = (ROOT / name).read_text(encoding="utf-8", errors="replace")
        for line, remark in remarks(name, text):
            for path in named_paths(remark):
                if not exists(path, (ROOT / name).parent):
                    out.append(f"{name}:{line}: {path}")
    return out


def test_every_path_named_in_a_comment_or_a_doc_exists() -> None:
    assert missing_paths() == []


@pytest.mark.parametrize(("line", "paths"), [
    ("# mpy.toml hands web/page.pack to web/start.py", ["web/page.pack", "web/start.py"]),
    ("see docs/bots.md and ./web/boot.js, not open/locked/", ["docs/bots.md", "./web/boot.js"]),
    ("`web/words/<lang>.json`, web/words/LANG.json, https://example.org/web/x.py", []),
])
def test_the_paths_of_a_line(line: str, paths: list[str]) -> None:
    assert named_paths(line) == paths
    assert exists("web/page.pack", ROOT) and not exists("web/start.py", ROOT)
