"""The rules text (web/rules/<lang>.md, the source of the rules page): every ruling has one
anchor, every link lands, every diagram is a canonical position the engine accepts, and every
worked example replays move by move to the ledger its text states."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nos.actions import parse_action
from nos.notation import SEATS
from nos.position import Position

ROOT = Path(__file__).resolve().parents[1]
TEXTS = sorted((ROOT / "web" / "rules").glob("*.md"))
RULINGS_MD = ROOT.parent / "shared" / "rules" / "RULINGS.md"
# The rulings of ../shared/rules/RULINGS.md (numbers with gaps), the house rules, and R51
# (the engine cites it for game 12, whose rulings are R51a and R51b).
RULINGS = ({f"R{n}" for n in [*range(1, 25), *range(40, 58), *range(60, 64), 70, 71]}
           | {"R51a", "R51b", "H1", "H2"})


def blocks(path: Path) -> dict:
    """The text's headings' ids, anchors, links, diagrams and examples; ``headings`` as
    (level, text, id) and ``order``, every id the page gets in document order (a diagram's
    is fig-1, fig-2, …), for tests/test_markup.py."""
    lines = path.read_text(encoding="utf-8").split("\n")
    out: dict = {"ids": [], "anchors": [], "links": [], "diagrams": [], "examples": [],
                 "headings": [], "order": []}
    example = None
    for line in lines:
        if example is not None:
            if line == ":::":
                out["examples"].append(example)
                example = None
            else:
                kind, _, rest = line.partition(" ")
                example["lines"].append((kind, rest))
            continue
        m = re.fullmatch(r"::: example \{#([a-z0-9-]+)\}", line)
        if m:
            example = {"id": m.group(1), "lines": []}
            out["ids"].append(m.group(1))
            out["order"].append(m.group(1))
            continue
        m = re.fullmatch(r"::: diagram (\S+) \| (.+)", line)
        if m:
            out["diagrams"].append((m.group(1), m.group(2)))
            out["order"].append(f"fig-{len(out['diagrams'])}")
            continue
        m = re.fullmatch(r"(#{2,3}) (.+) \{#([a-z0-9-]+)\}", line)
        if m:
            out["ids"].append(m.group(3))
            out["headings"].append((len(m.group(1)), m.group(2), m.group(3)))
            out["order"].append(m.group(3))
        anchors = re.findall(r"^(?:- )?\{#([A-Za-z0-9-]+)\} ", line)
        out["anchors"] += anchors
        out["order"] += anchors
        out["links"] += re.findall(r"\]\(#([^)]+)\)", line)
    assert example is None, f"{path.name}: an example is not closed with :::"
    return out


@pytest.fixture(scope="module", params=TEXTS, ids=lambda p: p.name)
def text(request) -> dict:
    return blocks(request.param)


def test_there_is_an_english_text() -> None:
    assert ROOT / "web" / "rules" / "en.md" in TEXTS


def test_every_ruling_has_exactly_one_anchor(text: dict) -> None:
    anchors = text["anchors"]
    assert {a for a in anchors if a in RULINGS} == RULINGS
    assert [a for a in anchors if anchors.count(a) > 1] == []


@pytest.mark.skipif(not RULINGS_MD.exists(), reason="../shared/rules is not beside the repo")
def test_the_rulings_are_those_of_rulings_md() -> None:
    text = RULINGS_MD.read_text(encoding="utf-8")
    found = set(re.findall(r"^- (R\d+[ab]?)\.", text, re.M))  # the list items
    found |= set(re.findall(r"^\| (R\d+[ab]?) \|", text, re.M))  # the table of the 17 games
    assert found == RULINGS - {"H1", "H2", "R51"}


def test_every_link_lands_and_every_game_has_its_section(text: dict) -> None:
    ids = set(text["ids"]) | set(text["anchors"])
    assert sorted(set(text["links"]) - ids) == []
    assert {f"game-{g}" for g in range(1, 18)} <= ids
    assert len(text["ids"]) == len(set(text["ids"]))


def test_every_diagram_is_a_canonical_position(text: dict) -> None:
    assert len(text["diagrams"]) >= 34  # the opening and a position in play of each game
    for position, caption in text["diagrams"]:
        assert str(Position.parse(position)) == position
        assert caption.strip()


def test_every_worked_example_replays_to_its_ledger(text: dict) -> None:
    assert {"example-wait", "example-first-three"} <= {e["id"] for e in text["examples"]}
    for example in text["examples"]:
        kinds = [k for k, _ in example["lines"]]
        assert kinds[0] == "position" and kinds[-1] == "ledger", example["id"]
        assert set(kinds[1:-1]) == {"step"}, example["id"]
        hand = Position.parse(example["lines"][0][1]).hand(seed=0)
        for _, step in example["lines"][1:-1]:
            action, _, why = step.partition(" | ")
            assert why.strip(), f"{example['id']}: {action} is not explained"
            hand.apply(parse_action(action))
        paid = ", ".join(f"{SEATS[p.payer]}>{SEATS[p.payee]} {p.amount} {p.rule}"
                         for p in hand.ledger)
        assert paid == example["lines"][-1][1], example["id"]
