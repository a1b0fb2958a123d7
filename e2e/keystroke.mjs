// Measures keystroke-to-render on a served build: for each query, the time from the input event
// to the moment the result count in the DOM reflects it (MutationObserver), median of N runs.
// usage: node keystroke.mjs BASE_URL [RUNS]
import { chromium } from '@playwright/test';

const [base, runs = '20'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
});
const page = await browser.newPage();
await page.goto(base);
await page.waitForSelector('[data-testid=researcher-card]');
const queries = ['s', 'sk', 'sky', 'skyp', 'l', 'lu', 'luo', 'edinburgh', 'reinforcement learning', ''];
const times = [];
for (let i = 0; i < Number(runs); i++) {
  for (const q of queries) {
    const ms = await page.evaluate((q) => new Promise((resolve) => {
      const input = document.querySelector('input[type=search]');
      const count = document.querySelector('[data-testid=result-count]');
      const main = document.querySelector('main');
      const t0 = performance.now();
      const obs = new MutationObserver(() => { obs.disconnect(); resolve(performance.now() - t0); });
      obs.observe(main, { childList: true, subtree: true, characterData: true });
      input.value = q;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      setTimeout(() => { obs.disconnect(); resolve(performance.now() - t0); }, 1000);
    }), q);
    times.push(ms);
  }
}
times.sort((a, b) => a - b);
const pct = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
console.log(`keystroke-to-render over ${times.length} keystrokes: median ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${pct(1)} ms`);
await browser.close();
