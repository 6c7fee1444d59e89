// embed.html's first script (a file: the CSP forbids inline scripts). ?play=1 asks for a
// playable table: that is the app itself, index.html in its embedded mode (?embed=1), where
// the engine's worker starts; a position or a replay stays here, never loads Pyodide, and
// only then starts what it loads (embed.html's <template id="embed-boot">).
// ?bg=light|dark|system picks the background (default: the app's dark felt).
// Names are read as the pages' Python reads them (docs/embedding.md): in any case, the last
// of a name winning, values trimmed.
(() => {
  const params = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(location.search)) {
    params.set(name.toLowerCase(), value.trim());
  }
  if (params.get("play") === "1") {
    params.delete("play");
    params.set("embed", "1");
    location.replace(`./index.html?${params}`);
    return;
  }
  const bg = params.get("bg");
  document.documentElement.dataset.bg = ["light", "dark", "system"].includes(bg) ? bg : "dark";
  // (A parsed <script> that is cloned keeps its "already started" mark: make it anew.)
  for (const node of document.getElementById("embed-boot").content.children) {
    if (node.tagName === "SCRIPT") {
      const script = document.createElement("script");
      script.type = node.type;
      script.src = node.getAttribute("src");
      document.head.append(script);
    } else {
      document.head.append(node.cloneNode(true));
    }
  }
})();

// A message to embed.html as web/site/embed_page.py reads it: null if it is someone else's
// (its type does not start with "nos:"), "!window" if a window other than the page around
// sent it (or that page is not at the origin ?host= names), "!long" if its JSON is longer
// than `limit`, else its JSON. Never thrown (a cycle, a function: null). Done here in the
// browser: MicroPython took seconds to read a message of megabytes before refusing it, and
// cannot tell whether two windows are one.
window.nosMessage = (event, limit, host) => {
  const d = event.data;
  if (d === null || typeof d !== "object" || typeof d.type !== "string" ||
      !d.type.startsWith("nos:")) return null;
  if (event.source !== window.parent || (host && event.origin !== host)) return "!window";
  try {
    const text = JSON.stringify(d);
    return text.length > limit ? "!long" : text;
  } catch (e) {
    return null;
  }
};
