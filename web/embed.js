// embed.html's first script (a file: the CSP forbids inline scripts). ?play=1 asks for a
// playable table: that is the app itself, index.html in its embedded mode (?embed=1), where
// the engine's worker starts; a position or a replay stays here and never loads Pyodide.
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
})();
