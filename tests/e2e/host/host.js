// The host page of tests/e2e/test_embed.py, on an origin of its own: it embeds the game's
// iframes as docs/embedding.md tells a site to, keeps every message they post (with the
// frame's id) and resizes each frame on nos:resize.
window.nosMessages = [];
addEventListener("message", (e) => {
  if (!e.data || typeof e.data.type !== "string" || !e.data.type.startsWith("nos:")) return;
  for (const f of document.querySelectorAll("iframe")) {
    if (f.contentWindow === e.source) {
      window.nosMessages.push({ frame: f.id, origin: e.origin, ...e.data });
      if (e.data.type === "nos:resize") f.style.height = e.data.height + "px";
    }
  }
});
window.embed = (id, src) => {
  const f = document.createElement("iframe");
  f.id = id;
  f.src = src;
  f.title = id;
  f.style.width = window.embedWidth || "900px";
  f.style.border = "0";
  document.body.append(f);
};
window.tell = (id, message) => {
  document.getElementById(id).contentWindow.postMessage(message, "*");
};
window.ad = (id, message) => {
  const f = document.createElement("iframe");
  f.src = "./ad.html#" + encodeURIComponent(JSON.stringify([id, message]));
  f.title = "ad";
  document.body.append(f);
};
