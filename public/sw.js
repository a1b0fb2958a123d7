// Research Atlas service worker: the app opens offline after one visit, and a new deploy is
// picked up on the next one.
//
// This file is a template. `cargo xtask dist` (release/src/offline.rs) stamps the constants
// below: VERSION, a hash of everything precached (so a new deploy is a byte-different sw.js,
// which the browser installs), GENERATION, the data generation of the build (its compiled
// files are under data/<GENERATION>/), and PRECACHE, the files to fetch at install, relative to
// this file, which sits at the site's base path (`/` or `/atlas/`) so that its scope is the app.
//
// - Navigations: network first, so a page is never stale while online; offline, the cached
//   app shell, 404.html (the app renders every path itself).
// - The app's files (hashed names, icons, manifest): cache first, from this version's cache.
// - data/<generation>/: a generation's files never change, so cache first, from any of this
//   site's caches; a whole good response is kept in the cache of the version that has its
//   generation, so what was seen online opens offline, and no cache holds two generations'
//   files under one name. A byte range (the connections page's records) is not kept: offline it
//   is answered with the whole file when that was kept, and the page takes its range out of it.
// - data/generation.txt (which generation the site serves now) always goes to the host.
// - Other data/ files (the authoring JSON and its schema): network first, kept.
//
// A new version takes over only once it has precached every file of its list (`addAll` fails
// whole), and it keeps the previous version's cache beside its own: a tab still open on the
// previous generation goes on working, offline too. Older caches are deleted; a newer version's
// (installing while this one activates) is left to it.
const VERSION = 'unstamped';
const GENERATION = 'unstamped';
const PRECACHE = [];

const SCOPE = new URL(self.registration.scope);
// Several deployments may share an origin (`/atlas/`, `/atlas-staging/`): each owns only its
// own caches, named after its scope.
const CACHE_PREFIX = `research-atlas ${SCOPE.pathname} `;
// Named after the data generation too, so that a compiled file finds the cache of its own.
const CACHE = `${CACHE_PREFIX}${VERSION} ${GENERATION}`;
const SHELL = new URL('404.html', SCOPE).href;
const DATA = new URL('data/', SCOPE).href;
const POINTER = new URL('data/generation.txt', SCOPE).href;
// A compiled file's generation, from its URL below DATA.
const GENERATION_OF = /^([0-9a-f]{16})\//;

// Files whose name carries a content hash (`main-81d470611f3ea60a.css`) may come from the HTTP
// cache; everything else is revalidated, so a new version never precaches an old file.
const HASHED = /-[0-9a-f]{16}(_bg)?\.[a-z]+$/;

/** Whether the file at `url` (relative to the scope) never changes: a hashed name, or a generation's. */
function immutable(url) {
  const path = new URL(url, SCOPE).href;
  return HASHED.test(path) || (path.startsWith(DATA) && GENERATION_OF.test(path.slice(DATA.length)));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        await cache.addAll(
          PRECACHE.map((url) => new Request(url, { cache: immutable(url) ? 'default' : 'no-cache' })),
        );
      } catch (error) {
        // A version that did not install leaves no cache: the caches are the versions that did,
        // in the order they did, which is what `activate` reads.
        await caches.delete(CACHE);
        throw error;
      }
      // The next visit, or this one, uses the new version at once: navigations are network
      // first, so a page already open keeps working with the files it has.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // This site's caches, oldest first (the order they were made in): those before the
      // previous version's go. A cache made after this version's is a newer version installing
      // (its check can overtake this activation): it is not this version's to judge.
      const own = await ownCaches();
      const at = own.indexOf(CACHE);
      for (const name of own.slice(0, Math.max(at - 1, 0))) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** The names of this site's caches, oldest first. */
async function ownCaches() {
  return (await caches.keys()).filter((name) => name.startsWith(CACHE_PREFIX));
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(SCOPE.href)) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigation(request));
  } else if (request.url === POINTER || request.url.startsWith(POINTER + '?')) {
    // Straight to the host: the app asks it whether the site has moved on.
  } else if (request.url.startsWith(DATA)) {
    const generation = GENERATION_OF.exec(request.url.slice(DATA.length));
    event.respondWith(generation ? compiled(event, request, generation[1]) : networkFirst(event, request));
  } else {
    event.respondWith(cacheFirst(request));
  }
});

/**
 * A compiled file of `generation`: any of this site's caches has the one version of it there is;
 * otherwise the network, the response kept in the cache of the version of that generation (the
 * cache names end with it). Offline, a byte range is cut from a kept whole file by the page.
 */
async function compiled(event, request, generation) {
  for (const name of (await ownCaches()).reverse()) {
    const cache = await caches.open(name);
    const cached = await cache.match(request.url);
    if (cached) return cached;
  }
  const response = await fromNetwork(request);
  if (response.status === 200 && !request.headers.has('range')) {
    const home = (await ownCaches()).reverse().find((name) => name.endsWith(` ${generation}`));
    if (home) {
      const copy = response.clone();
      event.waitUntil(caches.open(home).then((cache) => cache.put(request, copy)));
    }
  }
  return response;
}

/**
 * `fetch(request)`; a request the page gave up on (it navigated away, or aborted it) answers with
 * an empty response nobody reads, rather than an error the browser reports as the worker's.
 */
async function fromNetwork(request) {
  try {
    return await fetch(request);
  } catch (error) {
    if (request.signal?.aborted || error?.name === 'AbortError') {
      return new Response(null, { status: 499, statusText: 'Request abandoned' });
    }
    throw error;
  }
}

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
    const response = await fromNetwork(request);
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

/**
 * One of the app's own files: this version's copy (a hashed one from the previous version's
 * cache too, for a tab still on it), or the network for anything not precached.
 */
async function cacheFirst(request) {
  const names = HASHED.test(request.url) ? (await ownCaches()).reverse() : [CACHE];
  for (const name of names) {
    const cached = await caches.match(request, { cacheName: name });
    if (cached) return cached;
  }
  return fromNetwork(request);
}
