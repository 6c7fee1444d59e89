// rules.html: installs the site's service worker (sw.js) a while after the rules are shown,
// as the app does once playable, so that the rules, the embeds and the app all work offline
// after this first visit. (An embed never installs it in another site's page.)
if ("serviceWorker" in navigator) {
  addEventListener("load", () => setTimeout(() => {
    navigator.serviceWorker.register("./sw.js").catch((err) => {
      console.error("Nos: service worker registration failed:", err);
    });
  }, 5000), { once: true });
}
