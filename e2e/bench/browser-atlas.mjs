// The browser benchmark's main measurement of Research Atlas, on `/` in one page: first card,
// search ready, each key of the typing sequence (time to the next paint, and the search and facet
// times the app marks; a warm-up pass, then the measured one, every key kept), keystrokes typed
// as a person types them (Event Timing, every key kept), a profile opened from a card, bytes and
// memory.
import { runOrder } from './browser-dataset.mjs';
import { firstLine } from './browser-results.mjs';
import { appMemory, appPage, quantile, round } from './browser-session.mjs';

/** Research Atlas: first card, search ready, keystrokes, query time, bytes, memory; `seq` is the
 * typing sequence (the box's text after each key), `typed` the keys the person presses. */
export async function atlas(session, base, seq, typed) {
  const { timeout } = session;
  const { context, page, cdp } = await appPage(session);
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
        if (e.interactionId) bench.events.push({ id: e.interactionId, name: e.name, start: e.startTime, duration: e.duration });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
    // Each keydown's time stamp (an Event Timing entry starts at its event's): which key an
    // interaction belongs to.
    bench.keydowns = [];
    addEventListener('keydown', (e) => { bench.keydowns.push({ key: e.key, at: e.timeStamp }); }, true);
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
  const memory = await appMemory(page);
  // Type the sequence: input event to the next paint after the DOM changed. Once as a warm-up,
  // the box cleared, then again, measured (`runOrder`): every key is kept in `keys`, in the
  // order typed; the quantiles are the measured keys'.
  const { order, warmupKeys } = runOrder(seq);
  const keys = [];
  const keystrokes = [];
  const queryMs = [];
  const withFacetsMs = [];
  for (const [i, { query: q, warm }] of order.entries()) {
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
    keys.push({
      order: i,
      query: q,
      warm,
      search_ms: r.searches.map((ms) => round(ms, 3)),
      facets_ms: r.facets.map((ms) => round(ms, 3)),
      painted_ms: round(r.ms),
    });
    if (warm) {
      keystrokes.push(r.ms);
      queryMs.push(...r.searches);
      // Each search is followed by its facet counts (timed apart): the two together.
      withFacetsMs.push(...r.searches.map((ms, i) => ms + (r.facets[i] ?? 0)));
    }
    await page.waitForTimeout(30);
  }
  // Real key presses (research: the typing sequence's text twice over, so the figures rest on a
  // couple of dozen keystrokes; faculty: the sequence's own keys, Backspace and clearing too).
  // Keys the page did not see as pressed leave the row without these figures, and say why.
  const person = await typeLikeAPerson(page, cdp, typed).catch((e) => ({ typing_error: firstLine(e) }));
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
    ...person,
    warmup_keys: warmupKeys,
    keys,
  };
}

/**
 * Presses `keys` (Playwright key names; a character off the US layout, such as "é", is sent as
 * a key that types it) in the cleared search box at about 8 keys a second, and reads each key's
 * input-to-next-paint from the Event Timing API (the measure behind Interaction to Next Paint):
 * the longest event of the interactions that began with that key (from its keydown to the next
 * key's). A key the browser reports nothing for took under 16 ms: `duration_ms` null in
 * `typed_keys`, and 16 ("within a frame") in the quantiles. Also counts the history writes made
 * while typing.
 */
async function typeLikeAPerson(page, cdp, keys) {
  const box = page.locator('input[type=search]').first();
  await box.fill('');
  await page.waitForTimeout(1500);
  await box.focus();
  const before = await page.evaluate(() => ({
    events: window.__bench.events.length,
    keydowns: window.__bench.keydowns.length,
    history: window.__bench.history,
  }));
  for (const key of keys) {
    if (key.length === 1 && key.codePointAt(0) > 0x7e) {
      // What a keyboard with that letter sends (Playwright's own `type` would insert the text
      // with no key event, so no interaction to time).
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, text: key, unmodifiedText: key });
      await page.waitForTimeout(125);
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key });
    } else {
      await page.keyboard.press(key, { delay: 125 });
    }
  }
  await page.waitForTimeout(1500);
  const after = await page.evaluate((before) => ({
    events: window.__bench.events.slice(before.events),
    keydowns: window.__bench.keydowns.slice(before.keydowns),
    history: window.__bench.history - before.history,
    text: document.querySelector('input[type=search]').value,
  }), before);
  // Each key's first keydown (a chord such as Control+A sends one per key it holds).
  const downs = after.keydowns.map((d) => d.at);
  const starts = [];
  for (const key of keys) {
    starts.push(downs[0]);
    downs.splice(0, key.split('+').filter(Boolean).length);
  }
  if (starts.some((t) => t == null) || downs.length > 0) {
    throw new Error(`typed ${keys.length} keys, the page saw ${after.keydowns.length} keydowns`);
  }
  // Each interaction: its longest event, charged to the key pressed last before it began.
  const interactions = new Map();
  for (const e of after.events) {
    const i = interactions.get(e.id) ?? { start: Infinity, duration: 0 };
    interactions.set(e.id, { start: Math.min(i.start, e.start), duration: Math.max(i.duration, e.duration) });
  }
  const slowest = keys.map(() => null);
  for (const { start, duration } of interactions.values()) {
    let k = -1;
    while (k + 1 < starts.length && starts[k + 1] <= start + 0.01) k += 1;
    if (k >= 0) slowest[k] = Math.max(slowest[k] ?? 0, duration);
  }
  // The box's text after each key (Control+A selects it all, the Backspace after it clears it).
  let text = [];
  const typedKeys = keys.map((key, i) => {
    if (key === 'Backspace') text = keys[i - 1] === 'Control+A' ? [] : text.slice(0, -1);
    else if (key !== 'Control+A') text.push(key);
    return { order: i, key, query: text.join(''), duration_ms: slowest[i] };
  });
  if (after.text !== text.join('')) {
    throw new Error(`typed ${JSON.stringify(text.join(''))}, the box holds ${JSON.stringify(after.text)}`);
  }
  const inp = slowest.map((d) => d ?? 16);
  return {
    inp_p50_ms: round(quantile(inp, 0.5)),
    inp_p95_ms: round(quantile(inp, 0.95)),
    inp_max_ms: round(Math.max(...inp)),
    inp_over_frame: inp.filter((d) => d > 16).length,
    keys_typed: keys.length,
    typing_history_calls: after.history,
    typed_keys: typedKeys,
  };
}
