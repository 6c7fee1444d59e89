"""The page's state (web/page/state.py) changes only through its own module: every part
(`page.link`, `page.shown`, `page.move`, `page.dialogs`, `page.together`, `page.drawn`)
is changed by its `set`, `count`, `put` and `drop` or a method of state.py, never by an
assignment, an item assignment or a list or dict method elsewhere. Read from the source
with `ast`, so a change through a local name for the part (`tg = page.together`) counts
too; and `set` refuses a name the part does not have.

The parts note what changed, and the page's one redraw (display.redraw) draws what the
changes touch: every name its lists give is one of the state's."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
import state

PAGE = Path(__file__).resolve().parent.parent / "web" / "page"
PARTS = {"link", "shown", "move", "dialogs", "together", "drawn"}
# Methods of a list, dict or set that change it in place.
MUTATORS = {"append", "extend", "insert", "remove", "pop", "popitem", "clear", "update",
            "setdefault", "add", "discard", "sort", "reverse"}


def _part(node: ast.AST, names: dict[str, str]) -> str | None:
    """The part `node` is (`page.<part>`, or a local name bound to one), else None."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
            node.value.id == "page" and node.attr in PARTS:
        return node.attr
    if isinstance(node, ast.Name):
        return names.get(node.id)
    return None


def _local_names(fn: ast.AST) -> dict[str, str]:
    """The function's local names for parts of the page or what they hold:
    `tg = page.together`, `ng = page.dialogs.new_game`, also in a tuple
    (`tg, x = page.together, 1`)."""
    names = {}
    for node in ast.walk(fn):
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        target, value = node.targets[0], node.value
        pairs = [(target, value)]
        if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple):
            pairs = list(zip(target.elts, value.elts, strict=False))
        for t, v in pairs:
            part = _part(v, {}) or (isinstance(v, ast.Attribute) and _part(v.value, {}))
            if isinstance(t, ast.Name) and part:
                names[t.id] = part
    return names


def _within(node: ast.AST, names: dict[str, str]) -> bool:
    """node is an attribute of a part, or an item or attribute of one (`tg.seats[s]`)."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        if _part(node.value, names):
            return True
        node = node.value
    return False


def changes_outside_state(path: Path) -> list[str]:
    """Each line of `path` that changes a part of the page's state other than through it."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        names = _local_names(fn)
        for node in ast.walk(fn):
            targets = []
            if isinstance(node, ast.Assign):
                for t in node.targets:
                    targets += t.elts if isinstance(t, ast.Tuple) else [t]
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            elif isinstance(node, ast.Delete):
                targets = node.targets
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    node.func.attr in MUTATORS and _within(node.func.value, names):
                targets = [node.func.value]
            for t in targets:
                if (isinstance(t, ast.Attribute) and (_part(t.value, names) or
                                                      _within(t.value, names))) or \
                        (isinstance(t, ast.Subscript) and _within(t, names)) or \
                        (isinstance(t, ast.Attribute) and _part(t, names)):
                    found.append((node.lineno, f"{path.name}:{node.lineno}: {ast.unparse(t)}"))
    return [text for _, text in sorted(set(found))]


MODULES = sorted(p for p in PAGE.glob("*.py") if p.name != "state.py")


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_page_module_but_state_changes_the_pages_state(path: Path) -> None:
    assert changes_outside_state(path) == []


def test_the_reader_finds_each_way_of_changing_it(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "def f(page):\n"
        "    tg, n = page.together, 1\n"
        "    move = page.move\n"
        "    page.shown.notice = None\n"
        "    tg.state = 'joined'\n"
        "    tg.seats[1] = 'free'\n"
        "    page.link.gen += 1\n"
        "    move.drag, other = None, 2\n"
        "    tg.ready.pop(1, None)\n"
        "    page.drawn.log_cache.clear()\n"
        "    ng = page.dialogs.new_game\n"
        "    ng['seed'] = ''\n"
        "    page.shown.set(notice=None)\n"  # (the ways that are allowed)
        "    tg.put('seats', 1, 'free')\n"
        "    anchor = make()\n"
        "    anchor.href = 'x'\n", encoding="utf-8")
    assert [line.split(": ")[1] for line in changes_outside_state(sample)] == [
        "page.shown.notice", "tg.state", "tg.seats[1]", "page.link.gen", "move.drag",
        "tg.ready", "page.drawn.log_cache", "ng['seed']"]


def test_a_part_refuses_a_name_it_does_not_have() -> None:
    page = state.Page()
    page.shown.set(notice={"key": "notice.wait_turn"})
    assert page.shown.notice == {"key": "notice.wait_turn"}
    with pytest.raises(AttributeError, match="nootice"):
        page.shown.set(nootice=None, notice=None)
    assert page.shown.notice == {"key": "notice.wait_turn"}  # (nothing changed)
    assert page.link.count("gen") == 1 and page.link.count("pending", -1) == -1
    page.together.put("seats", 2, "joined")
    assert page.together.drop("seats", 2) == "joined" and page.together.drop("seats", 2) is None


def test_the_changes_are_noted_once_and_the_drawings_memory_is_no_change() -> None:
    page = state.Page()
    assert page.changes() == set()
    page.move.set(tile="6-5")
    page.move.clear()
    page.link.count("replies")
    page.together.put("seats", 1, "free")
    page.drawn.set(hand_html="<svg/>")
    assert page.changes() == {"move.tile", "link.replies", "together.seats"}  # (choice,
    # confirm and settle, which `clear` set as they were, did not change)
    assert page.changes() == set()


def test_each_change_the_redraw_names_is_one_of_the_states() -> None:
    """Every "part.name" the page's modules give (display.redraw's lists, the names each
    dialog registers with display.draws, the names a redraw is limited to) is a name of
    the state's, so a misspelt one cannot leave a change undrawn."""
    page = state.Page()
    found = set()
    for path in PAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            for item in node.elts if isinstance(node, ast.Tuple) else []:  # (a list of names)
                if isinstance(item, ast.Constant) and isinstance(item.value, str) and \
                        re.fullmatch(r"(link|shown|move|dialogs|together|drawn)\.\w+",
                                     item.value):
                    found.add(item.value)
    assert len(found) > 50
    for name in found:
        part, attr = name.split(".")
        assert part != "drawn" and hasattr(getattr(page, part), attr), name


def test_a_value_set_as_it_was_is_no_change_and_a_redraw_may_take_only_some() -> None:
    page = state.Page()
    view = {"hand": {}}
    page.shown.set(view=view, notice=None, lang="en", zoom=None)
    page.move.set(tile=None, close=False)
    assert page.changes() == {"shown.view"}
    page.shown.set(view=view, size=(300, 200))
    page.shown.set(size=(300, 200))  # (another tuple: a change, drawn once)
    page.link.set(busy=True)
    page.shown.advise({"hand": {}, "coach": {}})
    assert page.changes(("link.busy", "shown.refined")) == {"link.busy", "shown.refined"}
    assert page.changes() == {"shown.size"}
