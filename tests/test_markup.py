"""web/site/markup.py, the rules text as HTML: every anchor, heading, diagram and worked
example of web/rules/<lang>.md comes out once and in order, the inline markup is escaped and
nested as it should be, the HTML is well formed, and MicroPython 1.27 makes the same."""

import ast
import importlib.util
import json
import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
import web_views
from test_rules_text import blocks

ROOT = Path(__file__).resolve().parents[1]
MARKUP = ROOT / "web" / "site" / "markup.py"
TEXTS = sorted((ROOT / "web" / "rules").glob("*.md"))
MJS = web_views.MICROPYTHON  # (as served)
RUNNER = ROOT / "tests" / "micropython_run.mjs"

_spec = importlib.util.spec_from_file_location("markup", MARKUP)
markup = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(markup)


class Tree(HTMLParser):
    """The ids, hrefs, text and tag problems of an HTML string."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.problems, self.ids, self.hrefs, self.text = [], [], [], [], []
        self.elements = {}  # id -> (tag, attrs)

    def handle_starttag(self, tag, attrs):
        self.stack.append(tag)
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.append(attrs["id"])
            self.elements[attrs["id"]] = (tag, attrs)
        if tag == "a":
            self.hrefs.append(attrs.get("href"))

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1:]}")
        else:
            self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


def tree(html: str) -> Tree:
    t = Tree()
    t.feed(html)
    t.close()
    return t


def source(path: Path) -> dict:
    """What the text holds, read independently of markup.py (tests/test_rules_text.py)."""
    found = blocks(path)
    return {"anchors": found["anchors"], "headings": found["headings"],
            "diagrams": found["diagrams"], "examples": found["examples"],
            "ids": found["order"]}


@pytest.fixture(scope="module", params=TEXTS, ids=lambda p: p.name)
def rules(request) -> dict:
    text = request.param.read_text(encoding="utf-8")
    return {"src": source(request.param), "out": markup.render(text), "text": text}


def test_there_are_three_texts():
    assert [p.name for p in TEXTS] == ["en.md", "nl.md", "pl.md"]


def test_the_html_is_well_formed_and_keeps_no_markup(rules):
    t = tree(rules["out"]["html"])
    assert t.problems == [] and t.stack == []
    text = "".join(t.text)
    for left in ("**", "](", "{#", ":::"):
        assert left not in text
    assert rules["out"]["html"].count("<h1>") == 1


def test_every_anchor_and_heading_id_is_an_id_exactly_once_in_text_order(rules):
    src, out = rules["src"], rules["out"]
    t = tree(out["html"])
    assert len(src["anchors"]) >= 50
    assert t.ids == src["ids"] == out["anchors"]
    assert len(set(t.ids)) == len(t.ids)
    for a in src["anchors"]:
        assert out["html"].count(f' id="{a}"') == 1
        tag, attrs = t.elements[a]
        assert tag in ("p", "li") and attrs["class"] == "ruling"
        assert f'<{tag} id="{a}" class="ruling"><a class="ruling-ref" href="#{a}">{a}</a> ' \
            in out["html"]


def test_headings_title_and_contents(rules):
    src, out = rules["src"], rules["out"]
    first = rules["text"].split("\n")[0]
    assert out["title"] == first[2:] and out["html"].startswith(f"<h1>{first[2:]}</h1>\n")
    for level, text, ident in src["headings"]:
        assert f'<h{level} id="{ident}">{markup.inline(text)}</h{level}>' in out["html"]
    assert out["toc"] == [[i, markup.text_of(t)] for lv, t, i in src["headings"] if lv == 2]
    assert ["games", "Game 1: ordinary"] not in out["toc"]  # h3s stay out
    assert len(out["toc"]) >= 15


def test_every_link_lands_or_leaves_over_http(rules):
    t = tree(rules["out"]["html"])
    assert t.hrefs
    for href in t.hrefs:
        assert href[1:] in t.ids if href.startswith("#") else href.startswith("https://")


def test_diagrams_are_the_figures_in_order(rules):
    src, out = rules["src"], rules["out"]
    assert len(src["diagrams"]) >= 34
    assert out["diagrams"] == [[f"fig-{n}", pos]
                               for n, (pos, _) in enumerate(src["diagrams"], start=1)]
    t = tree(out["html"])
    for n, (pos, caption) in enumerate(src["diagrams"], start=1):
        tag, attrs = t.elements[f"fig-{n}"]
        assert (tag, attrs["class"], attrs["data-pos"]) == ("figure", "diagram", pos)
        assert (f'<div class="diagram-svg" role="img" aria-label="{markup.plain(caption)}">'
                f"</div><figcaption>{markup.inline(caption)}</figcaption></figure>") \
            in out["html"]
    assert out["html"].count("<figure ") == len(src["diagrams"])


def test_examples_parse_as_the_rules_text_test_reads_them(rules):
    src, out = rules["src"], rules["out"]
    assert len(out["examples"]) == len(src["examples"]) >= 5
    t = tree(out["html"])
    for k, (want, got) in enumerate(zip(src["examples"], out["examples"], strict=True)):
        lines = want["lines"]
        steps = [list(rest.split(" | ", 1)) for kind, rest in lines if kind == "step"]
        ledger = [[e[0], e[2], int(e.split(" ")[1]), e.split(" ")[2]]
                  for kind, rest in lines if kind == "ledger" for e in rest.split(", ")]
        assert got["id"] == want["id"] and got["position"] == lines[0][1]
        assert got["steps"] == steps and got["ledger"] == ledger and ledger
        assert got["ledger_after"] == [len(steps) - 1] * len(ledger)
        paid = ", ".join(f"{p}>{q} {n} {r}" for p, q, n, r in got["ledger"])
        assert paid == lines[-1][1]
        tag, attrs = t.elements[want["id"]]
        assert (tag, attrs["class"], attrs["data-example"]) == ("section", "example", str(k))
        html = out["html"]
        start = html.index(f'<section class="example" id="{want["id"]}"')
        block = html[start: html.index("</section>", start)]
        assert '<div class="example-board"></div>' in block
        assert '<p class="example-ledger"></p>' in block
        items = re.findall(r'<li data-step="(\d+)">(.*?)</li>', block)
        assert items == [(str(i), markup.inline(s[1])) for i, s in enumerate(steps)]


def test_inline_markup():
    inline, plain = markup.inline, markup.plain
    assert inline("a **b** *c* d") == "a <strong>b</strong> <em>c</em> d"
    assert inline("**a *b* c**") == "<strong>a <em>b</em> c</strong>"
    assert inline("*a **b** c*") == "<em>a <strong>b</strong> c</em>"
    assert inline("***x***") == "<strong><em>x</em></strong>"
    assert inline("**unterminated") == "**unterminated"
    assert inline("*a **b*") == "<em>a **b</em>"
    assert inline("2 * 3 * 4") == "2 * 3 * 4"
    assert inline("see [R9](#R9).") == 'see <a href="#R9">R9</a>.'
    assert inline("[*x*](https://a.b/c_(d))") == '<a href="https://a.b/c_(d)"><em>x</em></a>'
    assert inline("**[a](#b)**") == '<strong><a href="#b">a</a></strong>'
    assert inline("[x](javascript:alert(1)) y") == "x y"
    assert inline("[x](data:text/html,hi)") == "x"
    assert inline('[x](#a"onclick="b)') == '<a href="#a&quot;onclick=&quot;b">x</a>'
    assert inline("[not a link] [x](#y") == "[not a link] [x](#y"
    assert inline("<script>alert('&')</script>") == \
        "&lt;script&gt;alert('&amp;')&lt;/script&gt;"
    assert inline("**<b>**") == "<strong>&lt;b&gt;</strong>"
    assert plain('**A** "b" [c](#d) <e>') == "A &quot;b&quot; c &lt;e&gt;"
    assert markup.text_of('**A** "b" [c](#d) <e>') == 'A "b" c <e>'
    assert plain("“I wait”, ż") == "“I wait”, ż"


SAMPLE = """# T & *t*

Intro **x**
goes on.

## Plain heading

### Sub {#sub}

{#R1} First <rule>.
- one
- {#R2} two [link](#R1)
  continued

::: diagram 1.2.3_a | A *caption* "q".

::: example {#ex}
position P.Q

step draw | Draws.
ledger
step 1-1@0>1 close | Plays **it**.
ledger a>b 5 R6, c>a 10 R9
ledger b>c 3 R14
:::
"""

SAMPLE_HTML = """<h1>T &amp; <em>t</em></h1>
<p>Intro <strong>x</strong> goes on.</p>
<h2>Plain heading</h2>
<h3 id="sub">Sub</h3>
<p id="R1" class="ruling"><a class="ruling-ref" href="#R1">R1</a> First &lt;rule&gt;.</p>
<ul>
<li>one</li>
<li id="R2" class="ruling"><a class="ruling-ref" href="#R2">R2</a> two <a href="#R1">link</a> \
continued</li>
</ul>
<figure class="diagram" id="fig-1" data-pos="1.2.3_a"><div class="diagram-svg" role="img" \
aria-label="A caption &quot;q&quot;."></div><figcaption>A <em>caption</em> &quot;q&quot;.\
</figcaption></figure>
<section class="example" id="ex" data-example="0" data-spec="{&quot;position&quot;: \
&quot;P.Q&quot;, &quot;steps&quot;: [[&quot;draw&quot;, &quot;Draws.&quot;], \
[&quot;1-1@0&gt;1 close&quot;, &quot;Plays **it**.&quot;]]}">
<div class="example-board"></div>
<ol class="example-steps">
<li data-step="0">Draws.</li>
<li data-step="1">Plays <strong>it</strong>.</li>
</ol>
<p class="example-ledger"></p>
</section>"""


def test_a_sample_renders_exactly():
    out = markup.render(SAMPLE)
    assert out["html"] == SAMPLE_HTML
    assert out["title"] == "T & t"
    assert out["toc"] == []  # the h2 has no id
    assert out["anchors"] == ["sub", "R1", "R2", "fig-1", "ex"]
    assert out["diagrams"] == [["fig-1", "1.2.3_a"]]
    assert out["examples"] == [{
        "id": "ex", "position": "P.Q",
        "steps": [["draw", "Draws."], ["1-1@0>1 close", "Plays **it**."]],
        "ledger": [["a", "b", 5, "R6"], ["c", "a", 10, "R9"], ["b", "c", 3, "R14"]],
        "ledger_after": [1, 1, 1]}]
    assert tree(out["html"]).problems == []


def test_edge_cases_of_blocks():
    out = markup.render("## A {#a}\n::: example {#e}\nstep draw | x\nledger a>b 1 R6\n")
    assert out["examples"][0]["ledger_after"] == [0]  # an unclosed example still ends
    assert out["toc"] == [["a", "A"]] and out["html"].endswith("</section>")
    assert markup.render("")["html"] == ""
    with pytest.raises(ValueError):
        markup.render("::: example {#e}\nledger a-b 1\n:::")


def test_the_source_keeps_to_the_micropython_subset():
    tree_ = ast.parse(MARKUP.read_text(encoding="utf-8"))
    for node in ast.walk(tree_):
        assert not isinstance(node, ast.Import | ast.ImportFrom | ast.Match | ast.ClassDef)
        assert not (isinstance(node, ast.Slice) and node.step is not None)
        assert not (isinstance(node, ast.FormattedValue) and node.format_spec is not None)
        assert not (isinstance(node, ast.Attribute) and node.attr in
                    {"ljust", "rjust", "zfill", "title", "removeprefix", "removesuffix"})
    assert len(MARKUP.read_text(encoding="utf-8").split("\n")) < 320


DRIVER = '''import json
import markup


def main(src, dst):
    with open(src) as f:
        job = json.load(f)
    out = open(dst, "w")
    out.write("[")
    for k, name in enumerate(job["texts"]):
        with open("/" + name) as f:
            text = f.read()
        if k:
            out.write(",")
        out.write(json.dumps(markup.render(text)))
        text = None
    for s in job["inline"]:
        out.write("," + json.dumps([markup.inline(s), markup.plain(s), markup.text_of(s)]))
    out.write("]")
    out.close()
'''

INLINE_CASES = ["**a *b* c**", "*a **b** c*", "***x***", "**x", "[x](javascript:y)",
                "<s> & \"q\"", "[*e*](https://a.b/(c))", "ż “q” **ł**", SAMPLE]


@pytest.mark.skipif(shutil.which("node") is None or not MJS.exists() or not RUNNER.exists(),
                    reason="needs node and the vendored MicroPython (npm ci)")
def test_micropython_renders_exactly_what_cpython_renders(tmp_path):
    driver = tmp_path / "mpy_driver.py"  # the runner's default driver module
    driver.write_text(DRIVER)
    job, dst = tmp_path / "job.json", tmp_path / "out.json"
    job.write_text(json.dumps({"texts": [p.name for p in TEXTS], "inline": INLINE_CASES}))
    files = [str(MARKUP), str(driver), *map(str, TEXTS)]
    run = subprocess.run(["node", str(RUNNER), MJS.as_uri(), str(job), str(dst), *files],
                         capture_output=True, text=True, timeout=300,
                         env={**os.environ, "MPY_DRIVER": "mpy_driver"})
    assert run.returncode == 0, run.stderr[-3000:]
    got = json.loads(dst.read_text(encoding="utf-8"))
    want = [markup.render(p.read_text(encoding="utf-8")) for p in TEXTS]
    want += [[markup.inline(s), markup.plain(s), markup.text_of(s)] for s in INLINE_CASES]
    want = json.loads(json.dumps(want))
    assert len(got) == len(want)
    for k, (a, b) in enumerate(zip(got, want, strict=True)):
        assert a == b, f"output {k} differs under MicroPython"


def test_a_ruling_link_has_the_title_it_is_given():
    """The page names each ruling's link to itself ("Link to ruling R1"), escaped; without a
    title function the links are as before."""
    out = markup.render(SAMPLE, 0, 0, lambda rule: f'Link to "{rule}"')["html"]
    titled = SAMPLE_HTML
    for rule in ("R1", "R2"):
        titled = titled.replace(f'href="#{rule}">{rule}<', f'href="#{rule}" title="Link to '
                                f'&quot;{rule}&quot;">{rule}<')
    assert out == titled != SAMPLE_HTML
    assert markup.render(SAMPLE)["html"] == SAMPLE_HTML
