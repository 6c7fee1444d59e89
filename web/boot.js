// Registers the offline service worker (sw.js) once the app is up, so that precaching the
// runtimes does not compete with the first boot. No inline script: the CSP forbids it.
function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("./sw.js").catch((err) => {
    console.error("Nos: service worker registration failed:", err);
  });
}

if (document.getElementById("app")?.dataset.state === "ready") registerServiceWorker();
else window.addEventListener("nos:ready", registerServiceWorker, { once: true });
