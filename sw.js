// Offline service worker. Precaches every app and runtime file listed in sw-manifest.js
// (written by scripts/build_web.py at build time, with a cache name that is a hash of their
// contents), then answers same-origin GETs cache-first. After one visit the app, worker
// included, boots with the server unreachable.
importScripts("./sw-manifest.js");

const { version, files } = self.NOS_PRECACHE;
const CACHE = `nos-${version}`;

// Static routing (Chromium ≥ 123): the page itself (without a query: one with a query goes
// to the fetch handler, which finds it without), the configs, the app's and the runtime files
// are answered straight from this version's cache by the browser itself, without starting
// this worker or running its fetch handler: on a warm boot the document then does not wait
// for the worker to start, and the worker does not see the boot's ≈ 100 requests. A miss
// falls back to the network. Other browsers ignore this and use the fetch handler.
function staticRoutes(event) {
  if (!event.addRoutes) return Promise.resolve();
  const scope = new URL(self.registration.scope).pathname;
  return event
    .addRoutes(
      [
        { pathname: scope, search: "" }, // the page itself, without a query
        { pathname: `${scope}index.html`, search: "" },
        { pathname: `${scope}*.toml` },
        { pathname: `${scope}web/*` },
        { pathname: `${scope}assets/*` },
        { pathname: `${scope}vendor/*` },
      ].map((urlPattern) => ({ condition: { urlPattern }, source: { cacheName: CACHE } })),
    )
    .catch((err) => console.warn("Nos: static routes not added:", err));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      await staticRoutes(event);
      const cache = await caches.open(CACHE);
      // "no-cache": revalidate with the server (cheap 304s) instead of trusting a stale copy.
      await cache.addAll(files.map((url) => new Request(url, { cache: "no-cache" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith("nos-") && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

// One handle on the cache for the worker's lifetime (opening it per request is wasted work).
let opened = null;
const cache = () => (opened ??= caches.open(CACHE));

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const precache = await cache();
      // Exact match first: Chromium answers it from the cache's index, whereas
      // `ignoreSearch` scans every entry (≈ 90 here) for each of the ≈ 100 requests of a boot.
      // Only a URL with a query (e.g. "/?seed=3") needs the second, query-less lookup.
      let hit = await precache.match(request);
      if (!hit && url.search) hit = await precache.match(url.origin + url.pathname);
      if (!hit) return fetch(request);
      // A response the host reached through a redirect cannot answer a navigation: copy it.
      return hit.redirected
        ? new Response(hit.body, { status: hit.status, statusText: hit.statusText, headers: hit.headers })
        : hit;
    })(),
  );
});
