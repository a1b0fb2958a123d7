// The browser benchmark: a release build served from loopback with gzip, in headless Chromium, at
// several dataset sizes; and MiniSearch and FlexSearch on the same records in the same browser.
//
// usage: node bench/browser.mjs --dist DIR --size N=FILE@DATADIR [--size …] --out FILE.json [--timeout-s S]
//   FILE: the dataset's authoring JSON (the peers index it); DATADIR: what `cargo xtask build-data`
//   made of it, served as the site's data/ folder.
//
// Prints one line per figure and writes a JSON array with one object per (size, system), keys as
// in bench/results.json. `cargo xtask bench` runs it; see docs/performance.md.
import { chromium } from '@playwright/test';
import { createServer } from 'node:http';
import { open, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const opt = (name) => args.filter((_, i) => args[i - 1] === `--${name}`);
const dist = resolve(opt('dist')[0] ?? '../dist');
const out = opt('out')[0];
const timeout = Number(opt('timeout-s')[0] ?? 180) * 1000;
// `--size N=FILE@DATADIR`, or `--size N:faculty=…` for a faculty list (`gen-data --shape
// faculty`), typed as a new user would: a person's whole name.
const sizes = opt('size').map((s) => {
  const [head, rest] = s.split('=');
  const [n, shape] = head.split(':');
  const [file, dataDir] = rest.split('@');
  return { researchers: Number(n), shape: shape ?? 'research', file: resolve(file), dataDir: resolve(dataDir) };
});
if (!out || sizes.length === 0 || sizes.some((s) => !s.dataDir)) {
  console.error('usage: node bench/browser.mjs --dist DIR --size N=FILE@DATADIR [--size …] --out FILE.json');
  process.exit(2);
}
const modules = resolve(new URL('..', import.meta.url).pathname, 'node_modules');
const peerScripts = {
  '/__peers/minisearch.js': join(modules, 'minisearch/dist/umd/index.js'),
  '/__peers/flexsearch.js': join(modules, 'flexsearch/dist/flexsearch.bundle.min.js'),
};
const peersPage = `<!doctype html><meta charset="utf-8"><title>peers</title>
<script src="/__peers/minisearch.js"></script><script src="/__peers/flexsearch.js"></script>`;

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.bin': 'application/octet-stream',
  '.svg': 'image/svg+xml',
};

/** A static server over `dist` that answers `data/…` from `dataDir` (the compiled dataset),
 * gzips what a static host would, and serves index.html for unknown paths. */
async function serve(dataDir) {
  const cache = new Map();
  // The page names its data's generation (`data/<generation>/…`); every size is served as it.
  const below = (path) => path.slice('/data/'.length).replace(/^[0-9a-f]{16}\//, '');
  const dataFile = (path) => join(dataDir, normalize(below(path)).replace(/^(\.\.[/\\])+/, ''));
  const body = async (path) => {
    if (!cache.has(path)) {
      let file;
      if (path.startsWith('/data/')) file = dataFile(path);
      else if (peerScripts[path]) file = peerScripts[path];
      else if (path === '/__peers.html') file = null;
      else file = join(dist, normalize(path).replace(/^(\.\.[/\\])+/, ''));
      let raw;
      try {
        raw = file ? await readFile(file) : Buffer.from(peersPage);
      } catch {
        if (path.startsWith('/data/')) {
          // A missing data file is a 404, as on a static host.
          return { raw: Buffer.from('not found'), gz: gzipSync('not found'), type: 'text/plain', status: 404 };
        }
        raw = await readFile(join(dist, 'index.html'));
        path = '/index.html';
      }
      const type = types[extname(path)] ?? (path === '/__peers.html' ? types['.html'] : 'application/octet-stream');
      // Gzipped when first sent whole (never, for the files only read by byte range).
      let gz = null;
      cache.set(path, { raw, get gz() { return (gz ??= gzipSync(raw, { level: 6 })); }, type });
    }
    return cache.get(path);
  };
  const server = createServer(async (req, res) => {
    let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path.endsWith('/')) path += 'index.html';
    // A byte range of a data file is read from the disk and sent as it is, as static hosts do
    // (reading the whole file first, 246 MB of network records at 100,000, is not what they do).
    const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    if (range && path.startsWith('/data/')) {
      const handle = await open(dataFile(path)).catch(() => null);
      if (handle) {
        try {
          const size = (await handle.stat()).size;
          const [from, to] = [Number(range[1]), Math.min(Number(range[2]), size - 1)];
          const part = Buffer.alloc(Math.max(0, to - from + 1));
          await handle.read(part, 0, part.length, from);
          res.writeHead(206, { 'content-type': types['.bin'], 'cache-control': 'no-store', 'content-range': `bytes ${from}-${to}/${size}` });
          return res.end(part);
        } finally {
          await handle.close();
        }
      }
    }
    const file = await body(path);
    const { raw, type, status = 200 } = file;
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const gz = gzip ? file.gz : null;
    res.writeHead(status, {
      'content-type': type,
      'cache-control': 'no-store',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(gzip ? gz : raw);
  });
  // A static host sends files compressed ahead of time (or from its cache after the first
  // visitor), not compressed while the visitor waits: compress what first visits fetch whole
  // before anything is measured, the app's files and data/'s top level (directory.bin is 38 MB at
  // 100,000 researchers; gzipping it here took about 0.7 s of the first visit's search-ready
  // time) and each data folder's index and opening file. The other data files (packs, chunks,
  // shards, each a few megabytes at most) are compressed when first asked for.
  const whole = [];
  for (const f of await readdir(dist, { withFileTypes: true })) if (f.isFile()) whole.push(`/${f.name}`);
  for (const f of await readdir(dataDir, { withFileTypes: true })) {
    if (f.isFile() && !f.name.endsWith('.json')) whole.push(`/data/${f.name}`);
    if (f.isDirectory()) whole.push(`/data/${f.name}/index.bin`, `/data/${f.name}/start.bin`);
  }
  for (const path of whole) (await body(path)).gz;
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, base: `http://127.0.0.1:${server.address().port}/` };
}

const quantile = (xs, q) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const round = (x, d = 2) => (x == null ? null : Number(x.toFixed(d)));

/** The typing sequence for a dataset: the prefixes of a topic word and a surname it contains. */
async function typingSequence(dataFile, shape) {
  const bytes = (await stat(dataFile)).size;
  let topicName;
  let researcherName;
  if (bytes < 256e6) {
    const data = JSON.parse(await readFile(dataFile, 'utf8'));
    topicName = data.topics[0]?.name;
    researcherName = data.researchers[0]?.name;
  } else {
    // Too long for one string (100,000 researchers): the first topic and researcher are near
    // the start of `gen-data`'s files, which list the vocabulary and the researchers first.
    const handle = await open(dataFile);
    const head = Buffer.alloc(4 << 20);
    await handle.read(head, 0, head.length, 0);
    await handle.close();
    const text = head.toString('utf8');
    const firstName = (key) => {
      const at = text.indexOf(`"${key}": [`);
      return at < 0 ? undefined : JSON.parse(`"${/"name": "((?:[^"\\]|\\.)*)"/.exec(text.slice(at))?.[1] ?? ''}"`) || undefined;
    };
    topicName = firstName('topics');
    researcherName = firstName('researchers');
  }
  const topic = (topicName ?? 'learning').split(/\s+/)[0].toLowerCase();
  const surname = (researcherName ?? 'luo').split(/\s+/).pop().toLowerCase();
  const text = shape === 'faculty' ? (researcherName ?? 'luo').toLowerCase() : `${topic} ${surname}`;
  const seq = [];
  for (let i = 1; i <= text.length; i++) seq.push(text.slice(0, i));
  return { seq, bytes };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--disable-quic', '--no-first-run', '--enable-precise-memory-info'],
});

/** Browser contexts still open: closed when a measurement fails half-way. */
const contexts = new Set();
async function track(pending) {
  const context = await pending;
  contexts.add(context);
  context.on('close', () => contexts.delete(context));
  return context;
}
async function closeAll() {
  for (const c of [...contexts]) await c.close().catch(() => {});
}

/** Research Atlas: first card, search ready, keystrokes, query time, bytes, memory. */
async function atlas(base, seq) {
  // No service worker: its precaching would add downloads to what is measured, and its list is
  // the bundled dataset's, not the one served here.
  const context = await track(browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' }));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // Bytes of the profiles' detail packs (data/people/N.bin).
  let packBytes = 0;
  const packRequests = new Set();
  cdp.on('Network.requestWillBeSent', (e) => { if (e.request.url.includes('/data/people/')) packRequests.add(e.requestId); });
  cdp.on('Network.loadingFinished', (e) => {
    if (packRequests.has(e.requestId)) packBytes += e.encodedDataLength;
  });
  await page.addInitScript(() => {
    const bench = (window.__bench = { firstCard: null, measures: [], wasm: null });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bench.measures.push({ name: e.name, start: e.startTime, duration: e.duration });
    }).observe({ type: 'measure', buffered: true });
    addEventListener('TrunkApplicationStarted', (e) => { bench.wasm = e.detail.wasm; });
    // History writes made while typing (browsers limit them; the app paces them).
    bench.history = 0;
    for (const name of ['pushState', 'replaceState']) {
      const original = history[name].bind(history);
      history[name] = (...args) => { bench.history += 1; return original(...args); };
    }
    // Event Timing: every interaction slower than a frame (the browser reports none faster).
    bench.events = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.interactionId) bench.events.push({ id: e.interactionId, name: e.name, duration: e.duration });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
    const mo = new MutationObserver(() => {
      if (bench.firstCard == null && document.querySelector('[data-testid=researcher-card]')) {
        mo.disconnect();
        // The next frame after the card entered the DOM: when it is painted.
        requestAnimationFrame(() => setTimeout(() => {
          bench.firstCard = performance.now();
          // What had arrived by then, headers included: a file still in flight (the directory
          // loading beside the first page) has no entry yet and does not count.
          const nav = performance.getEntriesByType('navigation')[0];
          bench.firstCardBytes = (performance.getEntriesByType('resource'))
            .filter((r) => r.responseEnd <= bench.firstCard)
            .reduce((n, r) => n + r.transferSize, nav ? nav.transferSize : 0);
        }, 0));
      }
    });
    mo.observe(document, { childList: true, subtree: true });
  });
  await page.goto(base);
  await page.waitForFunction(() => window.__bench.firstCard != null, null, { timeout, polling: 50 });
  // Counted in the page at the paint: counting here, when the wait above ends, took in whatever
  // arrived meanwhile (at 20,000 once the whole 3.6 MB directory, on a slow poll).
  const initialBytes = await page.evaluate(() => window.__bench.firstCardBytes);
  // The first cards may come from the first page, before the index: search is usable once the
  // app has decoded (or built) it, which it marks with the User Timing measure `atlas:index`.
  await page.waitForFunction(() => window.__bench.measures.some((m) => m.name === 'atlas:index'), null, { timeout, polling: 20 });
  const load = await page.evaluate(() => {
    const b = window.__bench;
    const index = b.measures.find((m) => m.name === 'atlas:index');
    return { firstCard: b.firstCard, searchReady: index.start + index.duration };
  });
  await page.waitForTimeout(500);
  const memory = await page.evaluate(() => (performance.memory.usedJSHeapSize + (window.__bench.wasm?.memory?.buffer.byteLength ?? 0)) / 1e6);
  // Type the sequence: input event to the next paint after the DOM changed.
  const keystrokes = [];
  const queryMs = [];
  const withFacetsMs = [];
  for (const q of seq) {
    const r = await page.evaluate((q) => new Promise((done) => {
      const b = window.__bench;
      const before = b.measures.length;
      const input = document.querySelector('input[type=search]');
      const t0 = performance.now();
      let settled = false;
      const finish = () => {
        if (settled) return;
        settled = true;
        obs.disconnect();
        const since = b.measures.slice(before);
        const searches = since.filter((m) => m.name === 'atlas:search').map((m) => m.duration);
        const facets = since.filter((m) => m.name === 'atlas:facets').map((m) => m.duration);
        done({ ms: performance.now() - t0, searches, facets });
      };
      const obs = new MutationObserver(() => { obs.disconnect(); requestAnimationFrame(() => setTimeout(finish, 0)); });
      obs.observe(document.querySelector('main'), { childList: true, subtree: true, characterData: true, attributes: true });
      input.value = q;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      setTimeout(finish, 5000);
    }), q);
    keystrokes.push(r.ms);
    queryMs.push(...r.searches);
    // Each search is followed by its facet counts (timed apart): the two together.
    withFacetsMs.push(...r.searches.map((ms, i) => ms + (r.facets[i] ?? 0)));
    await page.waitForTimeout(30);
  }
  // The typing sequence twice over, so the figures rest on a couple of dozen keystrokes.
  const typed = await typeLikeAPerson(page, `${seq[seq.length - 1]} ${seq[seq.length - 1]}`);
  // A profile opened from a card: click to the profile shown whole (its pack fetched, decoded
  // and rendered, no loading state left), and the pack's bytes.
  const profileMs = await page.evaluate(() => new Promise((done) => {
    const link = document.querySelector('[data-testid=researcher-card] h2 a, [data-testid=researcher-card] a');
    const t0 = performance.now();
    const poll = () => {
      const shown = document.querySelector('[data-testid=profile]')
        && !document.querySelector('main .loading, main [aria-busy=true]');
      if (shown) requestAnimationFrame(() => setTimeout(() => done(performance.now() - t0), 0));
      else if (performance.now() - t0 > 20000) done(null);
      else requestAnimationFrame(poll);
    };
    link.click();
    poll();
  }));
  await context.close();
  return {
    system: 'research-atlas',
    first_card_ms: round(load.firstCard, 1),
    search_ready_ms: round(load.searchReady, 1),
    keystroke_p50_ms: round(quantile(keystrokes, 0.5)),
    keystroke_p95_ms: round(quantile(keystrokes, 0.95)),
    query_p50_ms: round(quantile(queryMs, 0.5), 3),
    query_p95_ms: round(quantile(queryMs, 0.95), 3),
    query_facets_p50_ms: round(quantile(withFacetsMs, 0.5), 3),
    query_facets_p95_ms: round(quantile(withFacetsMs, 0.95), 3),
    initial_bytes_gz: initialBytes,
    memory_mb: round(memory, 1),
    profile_click_ms: round(profileMs, 1),
    profile_pack_bytes_gz: packBytes,
    ...typed,
  };
}

/** A link to a search opened cold (`/?q=WORD`, as a shared link or a search engine gives it):
 * navigation to the first answer painted (the query answered, its cards in the page, no
 * publication titles still being searched) and the bytes that had arrived by then; with `throttle`,
 * over Chromium's network emulation (a phone's connection). */
async function firstAnswer(base, word, throttle) {
  const context = await track(browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' }));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (throttle) await cdp.send('Network.emulateNetworkConditions', throttle);
  await page.addInitScript(() => {
    const bench = (window.__answer = { at: null, bytes: null });
    // The app has answered the query (User Timing `atlas:search`), its cards are in the page
    // and no publication titles are still being searched for it.
    const answered = () => performance.getEntriesByName('atlas:search').length > 0
      && document.querySelector('[data-testid=results] [data-testid=researcher-card]')
      && !document.querySelector('[data-testid=titles-pending]');
    const mo = new MutationObserver(() => {
      if (bench.at != null || !answered()) return;
      mo.disconnect();
      requestAnimationFrame(() => setTimeout(() => {
        bench.at = performance.now();
        const nav = performance.getEntriesByType('navigation')[0];
        bench.bytes = (performance.getEntriesByType('resource'))
          .filter((r) => r.responseEnd <= bench.at)
          .reduce((n, r) => n + r.transferSize, nav ? nav.transferSize : 0);
      }, 0));
    });
    mo.observe(document, { childList: true, subtree: true, attributes: true });
  });
  await page.goto(`${base}?q=${encodeURIComponent(word)}`);
  await page.waitForFunction(() => window.__answer.at != null, null, { timeout: timeout * 2, polling: 50 });
  const r = await page.evaluate(() => window.__answer);
  await context.close();
  return { ms: r.at, bytes: r.bytes };
}

/** A phone's connection, as the issue puts it: 9 Mbit/s down, 150 ms round trip. */
const PHONE = { offline: false, latency: 150, downloadThroughput: 9e6 / 8, uploadThroughput: 9e6 / 8 };

/**
 * `/publications` opened cold: navigation to the first entry painted, the bytes fetched before
 * it (compressed, as sent) and the memory then; then a text filter of the first entry's first
 * long word, from the input event to its results painted, and the bytes that fetched.
 */
async function publications(base) {
  const context = await track(browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' }));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => { bytes += e.encodedDataLength; });
  await page.addInitScript(() => {
    const bench = (window.__bench = { first: null, wasm: null });
    addEventListener('TrunkApplicationStarted', (e) => { bench.wasm = e.detail.wasm; });
    const mo = new MutationObserver(() => {
      // The app's list (a pre-rendered page's entries are not the app's).
      if (bench.first == null && bench.wasm && document.querySelector('[data-testid=publication]')) {
        mo.disconnect();
        requestAnimationFrame(() => setTimeout(() => { bench.first = performance.now(); }, 0));
      }
    });
    mo.observe(document, { childList: true, subtree: true });
  });
  await page.goto(new URL('publications', base).href);
  await page.waitForFunction(() => window.__bench.first != null, null, { timeout, polling: 50 });
  const firstBytes = bytes;
  const firstMs = await page.evaluate(() => window.__bench.first);
  const memory = await page.evaluate(() => (performance.memory.usedJSHeapSize + (window.__bench.wasm?.memory?.buffer.byteLength ?? 0)) / 1e6);
  const word = await page.evaluate(() => document.querySelector('[data-testid=publication] .pub-title').textContent
    .split(/\s+/).map((w) => w.replace(/[^\p{L}]/gu, '')).find((w) => w.length >= 5) ?? 'system');
  const before = bytes;
  const filterMs = await page.evaluate((word) => new Promise((done) => {
    const count = () => document.querySelector('[data-testid=publication-count]')?.textContent;
    const was = count();
    const input = document.querySelector('input.pub-search');
    const t0 = performance.now();
    const poll = () => {
      if (count() !== was) requestAnimationFrame(() => setTimeout(() => done(performance.now() - t0), 0));
      else if (performance.now() - t0 > 20000) done(null);
      else requestAnimationFrame(poll);
    };
    input.value = word;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    poll();
  }), word);
  await page.waitForTimeout(200);
  const filterBytes = bytes - before;
  await context.close();
  return {
    publications_first_ms: round(firstMs, 1),
    publications_bytes_gz: firstBytes,
    publications_memory_mb: round(memory, 1),
    publications_filter_ms: round(filterMs, 1),
    publications_filter_bytes_gz: filterBytes,
  };
}

/**
 * `/connections` opened cold: navigation to the app's first drawing painted (the neighbourhood
 * of the best-connected researcher), the bytes fetched before it as sent (the network's records
 * come by byte range, uncompressed) and the memory then.
 */
async function connections(base) {
  const context = await track(browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' }));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => { bytes += e.encodedDataLength; });
  await page.addInitScript(() => {
    const bench = (window.__bench = { first: null, wasm: null });
    addEventListener('TrunkApplicationStarted', (e) => { bench.wasm = e.detail.wasm; });
    const mo = new MutationObserver(() => {
      if (bench.first == null && bench.wasm && document.querySelector('[data-testid=connections-answer][aria-busy=false] [data-testid=graph-node]')) {
        mo.disconnect();
        requestAnimationFrame(() => setTimeout(() => { bench.first = performance.now(); }, 0));
      }
    });
    mo.observe(document, { childList: true, subtree: true, attributes: true });
  });
  await page.goto(new URL('connections', base).href);
  await page.waitForFunction(() => window.__bench.first != null, null, { timeout, polling: 50 });
  const firstBytes = bytes;
  const firstMs = await page.evaluate(() => window.__bench.first);
  const memory = await page.evaluate(() => (performance.memory.usedJSHeapSize + (window.__bench.wasm?.memory?.buffer.byteLength ?? 0)) / 1e6);
  await context.close();
  return {
    connections_first_ms: round(firstMs, 1),
    connections_bytes: firstBytes,
    connections_memory_mb: round(memory, 1),
  };
}

/**
 * Types `text` into the cleared search box with real key presses at about 8 keys a second and
 * reads each keystroke's input-to-next-paint from the Event Timing API (the measure behind
 * Interaction to Next Paint): the longest event of each interaction. A keystroke the browser
 * reports nothing for took under 16 ms, and counts as 16 ("within a frame"). Also counts the
 * history writes made while typing.
 */
async function typeLikeAPerson(page, text) {
  const box = page.locator('input[type=search]').first();
  await box.fill('');
  await page.waitForTimeout(1500);
  await box.focus();
  const before = await page.evaluate(() => ({ events: window.__bench.events.length, history: window.__bench.history }));
  await page.keyboard.type(text, { delay: 125 });
  await page.waitForTimeout(1500);
  const after = await page.evaluate((before) => ({
    events: window.__bench.events.slice(before.events),
    history: window.__bench.history - before.history,
  }), before);
  const slowest = new Map();
  for (const e of after.events) slowest.set(e.id, Math.max(slowest.get(e.id) ?? 0, e.duration));
  const slow = [...slowest.values()];
  const inp = [...slow, ...Array(Math.max(0, text.length - slow.length)).fill(16)];
  return {
    inp_p50_ms: round(quantile(inp, 0.5)),
    inp_p95_ms: round(quantile(inp, 0.95)),
    inp_max_ms: round(Math.max(...inp)),
    inp_over_frame: slow.filter((d) => d > 16).length,
    keys_typed: text.length,
    typing_history_calls: after.history,
  };
}

/** The records the peers index, with the fields they index and no other (no abstracts,
 * citations or careers' details), as `data/peers.json` beside the compiled data: the generated
 * authoring file outgrew what a page is given (288 MB at 20,000). False when it cannot be made. */
async function writePeersJson(file, dataDir) {
  let data;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return false;
  }
  const pick = (o, keys) => Object.fromEntries(keys.filter((k) => o[k] != null).map((k) => [k, o[k]]));
  const slim = {
    organizations: data.organizations.map((o) => pick(o, ['id', 'name', 'short_name'])),
    topics: data.topics.map((t) => pick(t, ['id', 'name'])),
    venues: data.venues.map((v) => pick(v, ['id', 'name', 'short_name'])),
    publications: data.publications.map((p) => pick(p, ['id', 'title', 'venue'])),
    researchers: data.researchers.map((r) => ({
      ...pick(r, ['name', 'native_name', 'alternative_names', 'organization', 'topics', 'interests', 'publications']),
      positions: (r.positions ?? []).map((p) => ({ organization: p.organization })),
      education: (r.education ?? []).map((e) => ({ organization: e.organization })),
      awards: (r.awards ?? []).map((a) => ({ name: a.name })),
      talks: (r.talks ?? []).map((t) => ({ title: t.title })),
      projects: (r.projects ?? []).map((p) => ({ name: p.name })),
    })),
  };
  await writeFile(join(dataDir, 'peers.json'), JSON.stringify(slim));
  return true;
}

/** MiniSearch and FlexSearch, each in a page of its own: fetch and parse the records' indexed
 * fields (`data/peers.json`), index the same fields of the same records, then time each query of the typing sequence (search alone, no
 * rendering). Memory is read in that page once its index is built and queried, the parsed records
 * still held, as the app's is read with its directory decoded (JS heap; the peers have no wasm). */
async function peers(base, seq) {
  const rows = [];
  for (const system of ['minisearch', 'flexsearch']) rows.push(await peer(base, seq, system));
  return rows;
}

async function peer(base, seq, system) {
  const context = await track(browser.newContext());
  const page = await context.newPage();
  page.setDefaultTimeout(timeout);
  await page.goto(`${base}__peers.html`);
  const r = await page.evaluate(async ({ seq, system }) => {
    const q = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };
    const t0 = performance.now();
    const data = await (await fetch('data/peers.json')).json();
    const parsed = performance.now();
    const name = (list) => new Map(list.map((x) => [x.id, x.name ?? x.short_name]));
    const orgs = name(data.organizations);
    const topics = name(data.topics);
    const venues = new Map(data.venues.map((v) => [v.id, `${v.short_name} ${v.name}`]));
    const pubs = new Map(data.publications.map((p) => [p.id, `${p.title} ${venues.get(p.venue) ?? ''}`]));
    const docs = data.researchers.map((r, id) => ({
      id,
      name: [r.name, r.native_name, ...(r.alternative_names ?? [])].filter(Boolean).join(' '),
      org: [orgs.get(r.organization), ...(r.positions ?? []).map((p) => orgs.get(p.organization)), ...(r.education ?? []).map((e) => orgs.get(e.organization))].filter(Boolean).join(' '),
      topics: [...(r.topics ?? []).map((t) => topics.get(t)), ...(r.interests ?? [])].filter(Boolean).join(' '),
      pubs: (r.publications ?? []).map((p) => pubs.get(p)).join(' '),
      other: [...(r.awards ?? []).map((a) => a.name), ...(r.talks ?? []).map((t) => t.title), ...(r.projects ?? []).map((p) => p.name)].join(' '),
    }));
    const prepared = performance.now();
    const fields = ['name', 'org', 'topics', 'pubs', 'other'];
    const start = performance.now();
    let search;
    if (system === 'minisearch') {
      const ms = new MiniSearch({ fields, searchOptions: { prefix: true, combineWith: 'AND' } });
      ms.addAll(docs);
      search = (s) => ms.search(s);
    } else {
      const fx = new FlexSearch.Document({ document: { id: 'id', index: fields }, tokenize: 'forward' });
      for (const d of docs) fx.add(d);
      search = (s) => fx.search(s, { limit: docs.length });
    }
    const built = performance.now();
    const times = seq.map((s) => { const a = performance.now(); search(s); return performance.now() - a; });
    // Kept alive until memory is read: what a page searching with it would hold.
    window.__peer = { data, search };
    return { build: built - start, ready: built - t0, parse: parsed - t0, p50: q(times, 0.5), p95: q(times, 0.95) };
  }, { seq, system });
  const memory = await page.evaluate(() => performance.memory.usedJSHeapSize / 1e6);
  await context.close();
  return {
    system,
    first_card_ms: null,
    search_ready_ms: round(r.ready, 1),
    keystroke_p50_ms: null,
    keystroke_p95_ms: null,
    query_p50_ms: round(r.p50, 3),
    query_p95_ms: round(r.p95, 3),
    initial_bytes_gz: null,
    memory_mb: round(memory, 1),
    index_build_ms: round(r.build, 1),
    json_parse_ms: round(r.parse, 1),
  };
}

const KEYS = ['first_card_ms', 'search_ready_ms', 'keystroke_p50_ms', 'keystroke_p95_ms', 'inp_p50_ms', 'inp_p95_ms', 'inp_max_ms', 'inp_over_frame', 'keys_typed', 'typing_history_calls', 'query_p50_ms', 'query_p95_ms', 'query_facets_p50_ms', 'query_facets_p95_ms', 'initial_bytes_gz', 'first_answer_ms', 'first_answer_bytes_gz', 'throttled_first_answer_ms', 'throttled_first_answer_bytes_gz', 'memory_mb', 'profile_click_ms', 'profile_pack_bytes_gz', 'publications_first_ms', 'publications_bytes_gz', 'publications_memory_mb', 'publications_filter_ms', 'publications_filter_bytes_gz', 'connections_first_ms', 'connections_bytes', 'connections_memory_mb'];
const rows = [];
for (const { researchers, shape, file, dataDir } of sizes) {
  const { seq, bytes } = await typingSequence(file, shape);
  const { server, base } = await serve(dataDir);
  console.error(`bench: ${researchers} researchers, ${shape} (${(bytes / 1e6).toFixed(1)} MB of JSON), typing ${JSON.stringify(seq.at(-1))}`);
  // A system that does not finish (time-out, out of memory) gets a row of nulls and the reason.
  const failed = (system, e) => [{ system, ...Object.fromEntries(KEYS.map((k) => [k, null])), error: String(e.message ?? e).split('\n')[0] }];
  const word = seq[seq.length - 1].split(' ').pop();
  const answerRow = async () => {
    const fast = await firstAnswer(base, word, null);
    const slow = await firstAnswer(base, word, PHONE);
    return {
      first_answer_ms: round(fast.ms, 1),
      first_answer_bytes_gz: fast.bytes,
      throttled_first_answer_ms: round(slow.ms, 1),
      throttled_first_answer_bytes_gz: slow.bytes,
    };
  };
  const atlasRows = await atlas(base, seq).then(
    async (r) => [{
      ...r,
      ...(await answerRow().catch(async (e) => { await closeAll(); return { first_answer_error: String(e.message ?? e).split('\n')[0] }; })),
      ...(await publications(base).catch(async (e) => { await closeAll(); return { publications_error: String(e.message ?? e).split('\n')[0] }; })),
      ...(await connections(base).catch(async (e) => { await closeAll(); return { connections_error: String(e.message ?? e).split('\n')[0] }; })),
    }],
    async (e) => { await closeAll(); return failed('research-atlas', e); },
  );
  // The peers load the whole authoring file into the page: past a few hundred megabytes that is
  // more than a browser tab takes, so they are not run there.
  const tooBig = new Error(`not run: the ${(bytes / 1e6).toFixed(0)} MB file is past what one string holds here`);
  const peerRows = bytes > 500e6 || !(await writePeersJson(file, dataDir))
    ? [...failed('minisearch', tooBig), ...failed('flexsearch', tooBig)]
    : await peers(base, seq).catch(async (e) => { await closeAll(); return [...failed('minisearch', e), ...failed('flexsearch', e)]; });
  for (const row of [...atlasRows, ...peerRows]) {
    rows.push({ researchers, shape, ...row });
    console.error(`bench:   ${row.system}: ${JSON.stringify(row)}`);
  }
  server.close();
}
await browser.close();

const gz = async (suffix) => {
  const files = (await readdir(dist)).filter((f) => f.endsWith(suffix));
  let total = 0;
  for (const f of files) total += gzipSync(await readFile(join(dist, f)), { level: 9 }).length;
  return total;
};
// The main module (all that `/` loads), the route chunks (each fetched by its pages), the JS.
const bundle = {
  wasm_gz_bytes: await gz('_bg.wasm'),
  chunks_gz_bytes: (await gz('.wasm')) - (await gz('_bg.wasm')),
  js_gz_bytes: await gz('.js'),
};
await writeFile(out, JSON.stringify({ results: rows, bundle }, null, 2) + '\n');
console.error(`bench: wrote ${out}`);
