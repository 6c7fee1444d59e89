// Storage the browser may refuse: in a page framed by another site while third-party storage
// is blocked (private windows, some privacy settings), reading `localStorage` throws and
// IndexedDB refuses every open. Imported before PyScript (web/boot.js, web/unpack.js) and
// before Pyodide (web/pyodide.mjs).
//
// - `nosStorage`: the page's localStorage for MicroPython (web/shared/browser.py), or null where
//   reading it throws: MicroPython cannot catch what a property's getter throws, and stops.
// - PyScript opens IndexedDB stores of its own as it starts: "@pyscript.fs" on every page, and
//   in the engine's worker a cache of Pyodide's packages, which it awaits before it loads
//   Pyodide at all. Refused, the worker would never start and every page would log uncaught
//   errors (PyScript's handler dispatches the refusal's event again, which throws). A refused
//   open is answered from memory instead, for as long as the page lives. Nos keeps nothing of
//   its own in IndexedDB.

globalThis.nosStorage = (() => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
})();

const memory = new Map(); // database name -> Map of its entries (one store each, as PyScript's)

// Answers a request of the memory store on the next microtask, after the caller has set its
// handlers (PyScript sets them right after the call).
function answer(result) {
  const request = { result };
  queueMicrotask(() => request.onsuccess?.({ type: "success", target: request }));
  return request;
}

function memoryDatabase(entries) {
  const store = {
    get: (key) => answer(entries.get(key)),
    getKey: (key) => answer(entries.has(key) ? key : undefined),
    getAll: () => answer([...entries.values()]),
    getAllKeys: () => answer([...entries.keys()]),
    count: () => answer(entries.size),
    put: (value, key) => {
      entries.set(key, value);
      return answer(key);
    },
    delete: (key) => {
      entries.delete(key);
      return answer(undefined);
    },
    clear: () => {
      entries.clear();
      return answer(undefined);
    },
  };
  return {
    objectStoreNames: { length: 1, contains: () => true },
    createObjectStore: () => store,
    transaction: () => ({ objectStore: () => store }),
    close() {},
  };
}

// The refused request's own handlers, called as IndexedDB would call them for a new database.
function openFromMemory(request, name) {
  if (!memory.has(name)) memory.set(name, new Map());
  const db = memoryDatabase(memory.get(name));
  const transaction = {};
  request.onupgradeneeded?.({ type: "upgradeneeded", target: { result: db, transaction } });
  transaction.oncomplete?.({ type: "complete" });
  request.onsuccess?.({ type: "success", target: { result: db } });
}

const factory = globalThis.IDBFactory?.prototype;
if (factory && !factory.open.nosFallback) {
  const open = factory.open;
  const guarded = function (name, ...rest) {
    const request = open.call(this, name, ...rest);
    // Added before the caller's onerror, so it runs first and can keep that one from running.
    request.addEventListener("error", (event) => {
      event.stopImmediatePropagation();
      event.preventDefault();
      setTimeout(() => openFromMemory(request, String(name)));
    });
    return request;
  };
  guarded.nosFallback = true;
  factory.open = guarded;
}
