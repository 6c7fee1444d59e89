// Registers the offline service worker (sw.js) once the person can play, so that precaching
// the runtimes (about 15 MB) does not compete with booting and the first game; 15 s after the
// engine is ready at the latest. No inline script: the CSP forbids it.
let registered = false;

function registerServiceWorker() {
  if (registered || !("serviceWorker" in navigator)) return;
  registered = true;
  navigator.serviceWorker.register("./sw.js").catch((err) => {
    console.error("Nos: service worker registration failed:", err);
  });
}

if (document.body?.dataset.state === "playable") registerServiceWorker();
else window.addEventListener("nos:playable", registerServiceWorker, { once: true });
window.addEventListener("nos:ready", () => setTimeout(registerServiceWorker, 15000), { once: true });
