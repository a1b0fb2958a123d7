import { chromium } from '@playwright/test';
import { serve } from '/work/main/e2e/bench/browser-server.mjs';
const [dist, data, shot] = process.argv.slice(2);
const s = await serve(dist, data);
const base = s.base ?? s.url ?? `http://127.0.0.1:${s.port}/`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [w, scheme] of [[1280, 'light'], [375, 'dark']]) {
  const page = await browser.newPage({ viewport: { width: w, height: 900 }, colorScheme: scheme });
  const reqs = [];
  page.on('requestfinished', async (r) => { const u = r.url(); if (u.includes('/data/')) reqs.push([performance.now() | 0, u.replace(/.*\/data\/[0-9a-f]{16}\//, '')]); });
  let release; const held = new Promise((d) => { release = d; });
  await page.route('**/pubs/p/c-*.bin', async (route) => { await held; await route.continue(); });
  await page.goto(base + 'publications');
  await page.waitForSelector('[data-testid=publication]');
  const t0 = performance.now() | 0;
  await page.fill('input.pub-search', 'distributed');
  await page.waitForFunction(() => /of/.test(document.querySelector('[data-testid=publication-count]').textContent));
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shot}-${w}-${scheme}-counting.png`, fullPage: false });
  release();
  await page.waitForSelector('[data-testid=pub-counting]', { state: 'detached' });
  await page.screenshot({ path: `${shot}-${w}-${scheme}-counted.png`, fullPage: false });
  console.log(w, scheme, 't0', t0, reqs.filter(([t]) => t >= t0 - 50));
  await page.close();
}
await browser.close();
(s.server ?? s).close?.();
process.exit(0);
