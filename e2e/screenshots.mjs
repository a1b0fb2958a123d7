// Screenshots of a served build at phone and desktop widths, in light and dark.
// usage: node screenshots.mjs BASE_URL OUT_DIR [PATH ...]   (paths relative to BASE_URL)
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const [base, out, ...paths] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
});
for (const scheme of ['light', 'dark']) {
  for (const width of [375, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: scheme });
    for (const path of paths.length ? paths : ['']) {
      await page.goto(new URL(path, base).href);
      await page.waitForSelector('main > *:not(.loading)');
      await page.waitForTimeout(300);
      const name = (path || 'home').replace(/[^a-z0-9]+/gi, '_');
      await page.screenshot({ path: `${out}/${name}-${width}-${scheme}.png`, fullPage: true });
    }
    await page.close();
  }
}
await browser.close();
