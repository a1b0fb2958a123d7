// Ad-hoc look at a page: node look.mjs URL OUT.png [width] [scheme] [js-to-run-before]
import { chromium } from '@playwright/test';
const [url, out, width = '1280', scheme = 'light', script = ''] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 1000 }, colorScheme: scheme });
page.on('console', (m) => console.log('console:', m.type(), m.text()));
page.on('response', (r) => { if (r.status() >= 400) console.log('HTTP', r.status(), r.url()); });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(url);
await page.waitForSelector('main > *:not(.loading)');
if (script) await eval(`(async () => { ${script} })()`);
await page.waitForTimeout(300);
await page.screenshot({ path: out, fullPage: !!process.env.FULL });
await browser.close();
