// The browser benchmark's cold opens of the app's other ways in, each in a fresh page: a search
// link (`/?q=WORD`, on loopback and over a phone's connection), `/publications` (and a text filter
// there) and `/connections`; time to the first paint that counts, bytes and memory.
import { appMemory, appPage, round } from './browser-session.mjs';

/** A phone's connection, as the issue puts it: 9 Mbit/s down, 150 ms round trip. */
const PHONE = { offline: false, latency: 150, downloadThroughput: 9e6 / 8, uploadThroughput: 9e6 / 8 };

/** The search link for `word` opened cold on loopback, then over a phone's connection. */
export async function firstAnswers(session, base, word) {
  const fast = await firstAnswer(session, base, word, null);
  const slow = await firstAnswer(session, base, word, PHONE);
  return {
    first_answer_ms: round(fast.ms, 1),
    first_answer_bytes_gz: fast.bytes,
    throttled_first_answer_ms: round(slow.ms, 1),
    throttled_first_answer_bytes_gz: slow.bytes,
  };
}

/** A link to a search opened cold (`/?q=WORD`, as a shared link or a search engine gives it):
 * navigation to the first answer painted (the query answered, its cards in the page, no
 * publication titles still being searched) and the bytes that had arrived by then; with `throttle`,
 * over Chromium's network emulation (a phone's connection). */
async function firstAnswer(session, base, word, throttle) {
  const { context, page, cdp } = await appPage(session);
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
  await page.waitForFunction(() => window.__answer.at != null, null, { timeout: session.timeout * 2, polling: 50 });
  const r = await page.evaluate(() => window.__answer);
  await context.close();
  return { ms: r.at, bytes: r.bytes };
}

/**
 * `path` opened cold: navigation until the app (started, not a pre-rendered page) has put
 * `selector` in the page (watched with MutationObserver's `observe` options) and painted it.
 * Gives the page, a count of the bytes fetched so far as sent (`bytes()`), and at that paint the
 * time, the bytes and the memory.
 */
async function openCold(session, base, path, selector, observe) {
  const { context, page, cdp } = await appPage(session);
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => { bytes += e.encodedDataLength; });
  await page.addInitScript(({ selector, observe }) => {
    const bench = (window.__bench = { first: null, wasm: null });
    addEventListener('TrunkApplicationStarted', (e) => { bench.wasm = e.detail.wasm; });
    const mo = new MutationObserver(() => {
      // The app's (a pre-rendered page's entries are not the app's).
      if (bench.first == null && bench.wasm && document.querySelector(selector)) {
        mo.disconnect();
        requestAnimationFrame(() => setTimeout(() => { bench.first = performance.now(); }, 0));
      }
    });
    mo.observe(document, observe);
  }, { selector, observe });
  await page.goto(new URL(path, base).href);
  await page.waitForFunction(() => window.__bench.first != null, null, { timeout: session.timeout, polling: 50 });
  const firstBytes = bytes;
  const firstMs = await page.evaluate(() => window.__bench.first);
  const memory = await appMemory(page);
  return { context, page, bytes: () => bytes, firstMs, firstBytes, memory };
}

/**
 * `/publications` opened cold: navigation to the first entry painted, the bytes fetched before
 * it (compressed, as sent) and the memory then; then a text filter of the first entry's first
 * long word: from the input event to its results painted and the bytes of the list's files that
 * had arrived by then, and on to the facets counted (the venues', types' and honours' counts come
 * after the list, with their parts) and the bytes of every file the filter fetched.
 */
export async function publications(session, base) {
  const { context, page, firstMs, firstBytes, memory } = await openCold(
    session, base, 'publications', '[data-testid=publication]', { childList: true, subtree: true });
  const word = await page.evaluate(() => document.querySelector('[data-testid=publication] .pub-title').textContent
    .split(/\s+/).map((w) => w.replace(/[^\p{L}]/gu, '')).find((w) => w.length >= 5) ?? 'system');
  const filter = await page.evaluate((word) => new Promise((done) => {
    const count = () => document.querySelector('[data-testid=publication-count]')?.textContent;
    const counting = () => document.querySelector('[data-testid=pub-counting]') != null;
    const was = count();
    const input = document.querySelector('input.pub-search');
    const t0 = performance.now();
    // The list's files fetched for the filter that had arrived by `at` (as sent, compressed;
    // not the directory the page loads while idle).
    const arrived = (at) => performance.getEntriesByType('resource')
      .filter((r) => r.startTime >= t0 && r.responseEnd <= at && r.name.includes('/pubs/'))
      .reduce((n, r) => n + r.transferSize, 0);
    const out = { ms: null, bytes: null, facetsMs: null, facetsBytes: null };
    const painted = (then) => requestAnimationFrame(() => setTimeout(() => then(performance.now()), 0));
    const poll = () => {
      if (out.ms == null && count() !== was) {
        painted((at) => { out.ms = at - t0; out.bytes = arrived(at); requestAnimationFrame(poll); });
        return;
      }
      if (out.ms != null && !counting()) {
        painted((at) => { out.facetsMs = at - t0; out.facetsBytes = arrived(at); done(out); });
        return;
      }
      if (performance.now() - t0 > 20000) done(out);
      else requestAnimationFrame(poll);
    };
    input.value = word;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    poll();
  }), word);
  await context.close();
  return {
    publications_first_ms: round(firstMs, 1),
    publications_bytes_gz: firstBytes,
    publications_memory_mb: round(memory, 1),
    publications_filter_ms: round(filter.ms, 1),
    publications_filter_bytes_gz: filter.bytes,
    publications_facets_ms: round(filter.facetsMs, 1),
    publications_facets_bytes_gz: filter.facetsBytes,
  };
}

/**
 * `/connections` opened cold: navigation to the app's first drawing painted (the neighbourhood
 * of the best-connected researcher), the bytes fetched before it as sent (the network's records
 * come by byte range, uncompressed) and the memory then.
 */
export async function connections(session, base) {
  const { context, firstMs, firstBytes, memory } = await openCold(
    session, base, 'connections', '[data-testid=connections-answer][aria-busy=false] [data-testid=graph-node]',
    { childList: true, subtree: true, attributes: true });
  await context.close();
  return {
    connections_first_ms: round(firstMs, 1),
    connections_bytes: firstBytes,
    connections_memory_mb: round(memory, 1),
  };
}
