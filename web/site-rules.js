// rules.html: the rules text with every diagram, as the build wrote and drew it
// (scripts/rules_pages.py: web/rules/<lang>.html, <lang>.narrow.html for a phone), put in as
// soon as it arrives, before MicroPython starts: the page reads whole even if the interpreter
// never does. Each drawing comes as the text of a <script type="text/x-nos-svg"> (read as
// text, not made into elements) beside an empty <svg> of its size; those in view become
// elements before the first frame, the others just after, nearest first: building the 40,000
// elements of 34 diagrams at once took the first frame 60 ms longer (docs/performance.md).
// MicroPython (web/site/rules_page.py) then starts, and steps the worked examples.
// The language is chosen as web/shared/languages.py's choose_language does.
"use strict";
(() => {
  const LANGS = ["en", "nl", "pl"]; // languages.LANGUAGES (tests/test_rules_pages.py)
  const NARROW_BELOW = 720; // render_diagram.NARROW_BELOW, CSS px (the same test)
  const LANG_KEY = "nos.lang"; // dom.LANG_KEY: the language chosen before
  const DRAWING = 'script[type="text/x-nos-svg"]';
  const SLICE_MS = 16; // drawings made between two turns of the browser
  const narrow = () => innerWidth < NARROW_BELOW;
  const pageUrl = (lang, small) => `./web/rules/${lang}${small ? ".narrow" : ""}.html`;
  // A turn to the browser: scheduler.yield() where it has one (no timer's 4 ms floor).
  const nextTurn = () => (window.scheduler && scheduler.yield ? scheduler.yield()
    : new Promise((done) => setTimeout(done)));
  const nextFrame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done)));

  function stored() {
    try {
      return localStorage.getItem(LANG_KEY);
    } catch (err) {
      return null; // storage refused (a strict browser)
    }
  }

  function chooseLanguage() {
    const asked = new URLSearchParams(location.search).getAll("lang").pop();
    if (asked) {
      const code = asked.trim().toLowerCase();
      if (LANGS.includes(code)) {
        try {
          localStorage.setItem(LANG_KEY, code);
        } catch (err) {
          // not remembered
        }
        return code;
      }
    }
    for (const each of [stored(), ...(navigator.languages || [])]) {
      const code = String(each || "").trim().toLowerCase().replace("_", "-").split("-")[0];
      if (LANGS.includes(code)) return code;
    }
    return "en";
  }

  async function fetchText(url) {
    try {
      const response = await fetch(url, { priority: "high" });
      return response.ok ? await response.text() : null;
    } catch (err) {
      return null; // no network, offline without it
    }
  }

  const parsed = new Promise((done) => {
    if (document.readyState !== "loading") done();
    else document.addEventListener("readystatechange", done, { once: true });
  });
  let small = narrow();
  // What rules_page.py reads: the language shown, and show() to put in another.
  const rules = { lang: chooseLanguage(), show };
  window.nosRules = rules;

  // The text in `lang` put in (its bar moved into the header), the reader brought to the
  // URL's #R14, every diagram drawn; resolves to `lang`, or null if it could not be had.
  async function show(lang) {
    const [html] = await Promise.all([fetchText(pageUrl(lang, small)), parsed]);
    const main = document.getElementById("rules");
    if (html === null || !main) return null;
    main.innerHTML = html;
    const bar = main.querySelector("template#rules-bar");
    const header = document.querySelector(".site-top");
    if (bar && header) header.replaceChildren(bar.content);
    if (bar) bar.remove();
    rules.lang = lang;
    main.dataset.lang = lang;
    document.documentElement.lang = lang;
    const title = main.querySelector("h1");
    if (title) document.title = title.textContent;
    jumpToAnchor();
    if (document.body.dataset.state === "loading") document.body.dataset.state = "diagrams";
    await drawAll(main);
    return lang;
  }

  // The drawings under `root` made elements: those within a screen of the view at once
  // (the frame that shows them: nos:first-diagram, bench/site.py), then the others by
  // distance from the view (nos:diagrams).
  async function drawAll(root) {
    const holders = [...root.querySelectorAll(".diagram-svg, .example-board")]
      .filter((holder) => holder.querySelector(DRAWING));
    const height = innerHeight;
    const away = holders.map((holder) => {
      const box = holder.getBoundingClientRect();
      return [box.bottom < 0 ? -box.bottom : Math.max(0, box.top - height), holder];
    }).sort((a, b) => a[0] - b[0]);
    let k = 0;
    while (k < away.length && away[k][0] < height) draw(away[k++][1]);
    await nextFrame();
    performance.mark("nos:first-diagram");
    while (k < away.length) {
      const start = performance.now();
      while (k < away.length && performance.now() - start < SLICE_MS) draw(away[k++][1]);
      await nextTurn();
    }
    performance.mark("nos:diagrams");
  }

  function draw(holder) {
    const drawing = holder.querySelector(DRAWING);
    if (!drawing) return; // (drawn by rules_page.py meanwhile)
    holder.innerHTML = drawing.textContent;
    const figure = holder.closest("figure");
    if (figure) figure.dataset.drawn = "1";
  }

  // MicroPython (rules.html's <template id="interpreter">: PyScript through web/unpack.js,
  // web/site/start.py and their preloads), started once.
  function startInterpreter() {
    const boot = document.getElementById("interpreter");
    if (boot) {
      boot.remove();
      document.body.append(boot.content);
    }
  }

  // Bring the URL's #R14 into view (the page was empty when the browser looked for it) and
  // mark it as :target would have (site.css .targeted) until another anchor is followed.
  function jumpToAnchor() {
    const node = location.hash ? document.getElementById(location.hash.slice(1)) : null;
    if (!node) return;
    node.scrollIntoView();
    node.classList.add("targeted");
    addEventListener("hashchange", () => node.classList.remove("targeted"), { once: true });
  }

  // A window turned from a phone's width to a wider one, or back: the diagrams drawn for
  // the other width (the examples still at their start too; rules_page.py draws the others).
  async function redraw() {
    small = narrow();
    const want = small;
    const html = await fetchText(pageUrl(rules.lang, want));
    if (html === null || want !== small) return;
    const other = document.createElement("template");
    other.innerHTML = html;
    const main = document.getElementById("rules");
    const swap = (node, selector) => {
      const from = other.content.querySelector(`#${node.id}`);
      const into = node.querySelector(selector);
      const drawn = from && from.querySelector(selector);
      if (into && drawn) into.replaceWith(drawn);
    };
    for (const figure of main.querySelectorAll("figure.diagram[id]")) {
      swap(figure, ".diagram-svg");
    }
    for (const example of main.querySelectorAll("section.example[id]")) {
      if ((example.dataset.step || "0") === "0") swap(example, ".example-board");
    }
    await drawAll(main);
  }

  rules.shown = show(rules.lang);
  rules.shown.then(startInterpreter, startInterpreter);
  addEventListener("resize", () => {
    if (narrow() !== small) redraw();
  });
  // The worked examples step with MicroPython: should it fail to start, each says so.
  const failed = () => {
    if (document.body && document.body.dataset.state !== "ready") {
      document.body.dataset.state = "error";
    }
  };
  addEventListener("error", failed);
  addEventListener("unhandledrejection", failed);
})();
