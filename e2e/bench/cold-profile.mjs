// A pre-rendered profile opened from its link, for `cargo xtask bench` (`"cold_profile"`): at each
// generated size, bytes (gzipped, as transferred) and milliseconds until the app has taken the
// page over, median of three cold loads in headless Chromium (service workers blocked):
// - "pack": as built, the page naming the pack of the profile's records;
// - "directory": the same page without that name (its `atlas-pack` meta taken out), so the app
//   opens the profile through the whole directory, as before packs were named.
// Each also lists the data files fetched by then.
//
// usage: node bench/cold-profile.mjs --out FILE --site N=DIR [--site N=DIR]...
// (DIR: a release build with that size's data and one pre-rendered profile.)
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { serve } from './serve.mjs';

const argv = process.argv.slice(2);
const sites = [];
let out = null;
for (let i = 0; i < argv.length; i += 2) {
  if (argv[i] === '--out') out = argv[i + 1];
  else if (argv[i] === '--site') {
    const [n, dir] = argv[i + 1].split('=');
    sites.push({ n, dir });
  } else throw new Error(`unknown argument ${argv[i]}`);
}
if (!out || sites.length === 0) throw new Error('usage: cold-profile.mjs --out FILE --site N=DIR...');
const RUNS = 3;

/** One cold load of `path`; with `unnamed`, its page's pack name is taken out first. */
async function load(browser, base, path, unnamed) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  if (unnamed) {
    await page.route((url) => url.pathname.replace(/\/$/, '').endsWith(path), async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const body = html.replace(/<meta name="atlas-pack"[^>]*>/, '');
      if (body === html) throw new Error(`${path} names no pack`);
      await route.fulfill({ response, body });
    });
  }
  // The moment the app's page replaces the static one (it waits for the profile's records).
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('.atlas-root') || document.getElementById('atlas-static')) return;
      observer.disconnect();
      const entries = performance.getEntriesByType('resource');
      const nav = performance.getEntriesByType('navigation')[0];
      window.__takeover = {
        ms: performance.now(),
        bytes: entries.reduce((sum, e) => sum + e.encodedBodySize, nav ? nav.encodedBodySize : 0),
        data: entries.filter((e) => e.name.includes('/data/')).map((e) => e.name.split('/data/')[1]),
      };
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(base + path);
  await page.waitForFunction(() => window.__takeover, null, { timeout: 180_000 });
  const taken = await page.evaluate(() => window.__takeover);
  const name = await page.getByTestId('profile').locator('h1').textContent();
  await context.close();
  if (!name?.trim()) throw new Error(`${path}: no profile shown`);
  return taken;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const results = {};
for (const { n, dir } of sites) {
  const profiles = await readdir(join(dir, 'researchers'));
  if (profiles.length !== 1) throw new Error(`${dir}: ${profiles.length} pre-rendered profiles, not 1`);
  const path = `researchers/${profiles[0]}`;
  const { server, base } = await serve(dir);
  try {
    const row = { profile: path };
    const variants = [['pack', false], ['directory', true]];
    const runs = { pack: [], directory: [] };
    // Alternating, so that a slow minute of the machine weighs on both alike.
    for (let r = 0; r < RUNS; r++) {
      for (const [key, unnamed] of variants) runs[key].push(await load(browser, base, path, unnamed));
    }
    for (const [key] of variants) {
      const xs = runs[key];
      row[key] = {
        takeover_ms: Math.round(median(xs.map((x) => x.ms))),
        takeover_ms_runs: xs.map((x) => Math.round(x.ms)),
        bytes_gz: median(xs.map((x) => x.bytes)),
        data_files: xs[0].data,
      };
      console.log(`cold profile at ${n} (${key}): ${row[key].takeover_ms} ms, ${(row[key].bytes_gz / 1024).toFixed(0)} KB, ${row[key].data_files.join(' ')}`);
    }
    results[n] = row;
  } finally {
    server.kill();
  }
}
await browser.close();
await writeFile(out, JSON.stringify(results, null, 2));
