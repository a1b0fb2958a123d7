// Research Atlas service worker: the app opens offline after one visit, and a new deploy is
// picked up on the next one.
//
// This file is a template. `cargo xtask dist` (xtask/src/offline.rs) stamps the two constants
// below: VERSION, a hash of everything precached (so a new deploy is a byte-different sw.js,
// which the browser installs), and PRECACHE, the files to fetch at install, relative to this
// file, which sits at the site's base path (`/` or `/atlas/`) so that its scope is the app.
//
// - Navigations: network first, so a page is never stale while online; offline, the cached
//   app shell, 404.html (the app renders every path itself).
// - The app's files (hashed names, icons, manifest): cache first, from this version's cache.
// - data/: network first, and every whole good response is kept, so what was seen online opens
//   offline. A byte range (the connections page's records) is not kept: offline it is answered
//   with the whole file when that was precached, and the page takes its range out of it.
const VERSION = 'unstamped';
const PRECACHE = [];

const SCOPE = new URL(self.registration.scope);
// Several deployments may share an origin (`/atlas/`, `/atlas-staging/`): each owns only its
// own caches, named after its scope.
const CACHE_PREFIX = `research-atlas ${SCOPE.pathname} `;
const CACHE = CACHE_PREFIX + VERSION;
const SHELL = new URL('404.html', SCOPE).href;
const DATA = new URL('data/', SCOPE).href;

// Files whose name carries a content hash (`main-81d470611f3ea60a.css`) may come from the HTTP
// cache; everything else is revalidated, so a new version never precaches an old file.
const HASHED = /-[0-9a-f]{16}(_bg)?\.[a-z]+$/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(
        PRECACHE.map((url) => new Request(url, { cache: HASHED.test(url) ? 'default' : 'no-cache' })),
      );
      // The next visit, or this one, uses the new version at once: navigations are network
      // first, so a page already open keeps working with the files it has.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(SCOPE.href)) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigation(request));
  } else if (request.url.startsWith(DATA)) {
    event.respondWith(networkFirst(event, request));
  } else {
    event.respondWith(cacheFirst(request));
  }
});

/** The page from the network; offline, the app's shell, which renders every path. */
async function navigation(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(SHELL, { cacheName: CACHE });
    if (cached) return cached;
    throw error;
  }
}

/** A data file from the network, kept for offline use; offline, the kept copy. */
async function networkFirst(event, request) {
  try {
    const response = await fetch(request);
    if (response.status === 200 && !request.headers.has('range')) {
      const copy = response.clone();
      event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
    }
    return response;
  } catch (error) {
    const cached = await caches.match(request, { cacheName: CACHE });
    if (cached) return cached;
    throw error;
  }
}

/** One of the app's own files: this version's copy, or the network for anything not precached. */
async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: CACHE });
  return cached ?? fetch(request);
}
