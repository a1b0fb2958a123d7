// The browser benchmark's Chromium session: the browser, the contexts still open (closed when a
// measurement fails half-way), a page of the app with its network watched, the app's memory, and
// the figures' quantiles and rounding. Shared by the measurements of browser-*.mjs.
import { chromium } from '@playwright/test';

export const quantile = (xs, q) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
export const round = (x, d = 2) => (x == null ? null : Number(x.toFixed(d)));

/** Headless Chromium for the whole run; `timeout` (ms) bounds each wait for a page. */
export async function launch(timeout) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--disable-quic', '--no-first-run', '--enable-precise-memory-info'],
  });
  /** Browser contexts still open: closed when a measurement fails half-way. */
  const contexts = new Set();
  return {
    timeout,
    /** A new browser context, tracked until it closes. */
    async context(options) {
      const context = await browser.newContext(options);
      contexts.add(context);
      context.on('close', () => contexts.delete(context));
      return context;
    },
    async closeAll() {
      for (const c of [...contexts]) await c.close().catch(() => {});
    },
    close: () => browser.close(),
  };
}

/** A page of the app in a context of its own, with the Network domain of its CDP session on.
 * No service worker: its precaching would add downloads to what is measured, and its list is
 * the bundled dataset's, not the one served here. */
export async function appPage(session) {
  const context = await session.context({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  return { context, page, cdp };
}

/** The app's memory in MB: the JS heap and the wasm module's memory (`window.__bench.wasm`). */
export const appMemory = (page) => page.evaluate(() => (performance.memory.usedJSHeapSize + (window.__bench.wasm?.memory?.buffer.byteLength ?? 0)) / 1e6);
