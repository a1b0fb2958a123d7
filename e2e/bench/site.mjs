// The pre-rendered site as its first visitors get it (issue 14's figures), for `cargo xtask bench`:
// - a profile URL fetched without JavaScript: its status and the first 200 characters of its text;
// - bytes (gzipped, as transferred) fetched before the first card is painted on `/` and before its
//   search is usable, and the same for a profile opened cold (painted, then interactive);
// - Lighthouse 12 (mobile preset, simulated throttling) on `/` and the profile: the four category
//   scores, first and largest contentful paint, total blocking time and layout shift; each the
//   median of three runs, as Lighthouse's simulation varies from run to run;
// - the release wasm's parts, gzipped: the main module and JS that `/` loads, and for each route
//   chunk (src/ui/chunks.rs) the files a first visit to its pages fetches.
//
// usage: node bench/site.mjs --dist DIR --lighthouse DIR --out FILE [--profile researchers/ID]
// (DIR of --lighthouse holds node_modules/lighthouse; Chromium comes from CHROME_PATH.)
import { execFile } from 'node:child_process';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright';
import { serve } from './serve.mjs';

const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].slice(2)] = process.argv[i + 1];
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const profile = args.profile ?? 'researchers/luo-mai';
const RUNS = 3;

/** The page's visible text as a reader without JavaScript gets it. */
function visibleText(html) {
  const body = html.replace(/^[\s\S]*?<body[^>]*>/i, '').replace(/<\/body>[\s\S]*$/i, '');
  return body
    .replace(/<(script|style|noscript)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Bytes transferred before the page's first contentful paint, and before the app has taken the
 * page over with its data loaded (search usable, or the profile interactive). */
async function bytesOf(browser, url) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen = (window.__site = { takeover: null });
    new MutationObserver(() => {
      if (seen.takeover == null && document.querySelector('.atlas-root') && !document.getElementById('atlas-static')) {
        seen.takeover = performance.now();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(url);
  await page.waitForFunction(() => window.__site.takeover != null, null, { timeout: 60000 });
  await page.waitForLoadState('networkidle');
  const figures = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const index = performance.getEntriesByName('atlas:index')[0];
    const ready = Math.max(window.__site.takeover, index ? index.startTime + index.duration : 0);
    const resources = performance.getEntriesByType('resource');
    const before = (t) => nav.transferSize + resources.filter((r) => r.responseEnd <= t).reduce((n, r) => n + r.transferSize, 0);
    return { fcp_ms: fcp, ready_ms: ready, bytes_before_paint: fcp == null ? null : before(fcp), bytes_before_ready: before(ready) };
  });
  await context.close();
  return figures;
}

/** The wasm's parts in `dist`, gzipped: the main module and JS, and each route chunk's files
 * (named in the chunks' loader, `split-HASH.js`, with the shared chunks each one needs). */
async function chunksOf(dist) {
  const names = await readdir(dist);
  const gz = async (f) => gzipSync(await readFile(join(dist, f)), { level: 9 }).length;
  const loader = names.find((f) => /^split-[0-9a-f]{16}\.js$/.test(f));
  const main = names.find((f) => f.endsWith('_bg.wasm'));
  const js = names.filter((f) => /^research-atlas-[0-9a-f]{16}\.js$/.test(f) || f === loader);
  const parts = { main_wasm_gz_bytes: await gz(main), js_gz_bytes: 0, routes: {} };
  for (const f of js) parts.js_gz_bytes += await gz(f);
  const text = await readFile(join(dist, loader), 'utf8');
  const shared = {};
  for (const m of text.matchAll(/const (__chunk_\d+) = makeLoad\(\(\) => \{\s*const src = fetch\(new URL\("\.\/([^"]+)"/g)) shared[m[1]] = m[2];
  const routes = /export const __wasm_split_load_(\w+) = wrapAsyncCb\(makeLoad\(\(\) => \{\s*const src = fetch\(new URL\("\.\/([^"]+)"[\s\S]*?\[([^\]]*)\]\)\);/g;
  for (const [, name, own, deps] of text.matchAll(routes)) {
    const files = [own, ...deps.split(',').map((d) => shared[d.trim()]).filter(Boolean)];
    let bytes = 0;
    for (const f of files) bytes += await gz(f);
    parts.routes[name] = { own_gz_bytes: await gz(own), gz_bytes: bytes, files: files.length };
  }
  return parts;
}

/** One Lighthouse run's figures. */
async function lighthouse(url) {
  const cli = join(args.lighthouse, 'node_modules', 'lighthouse', 'cli', 'index.js');
  const { stdout } = await promisify(execFile)('node', [cli, url, '--quiet', '--output=json', '--output-path=stdout',
    '--only-categories=performance,accessibility,best-practices,seo',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu'], { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 256 << 20 });
  const lhr = JSON.parse(stdout);
  const score = (c) => Math.round(lhr.categories[c].score * 100);
  const audit = (a) => lhr.audits[a].numericValue;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    best_practices: score('best-practices'),
    seo: score('seo'),
    fcp_ms: Math.round(audit('first-contentful-paint')),
    lcp_ms: Math.round(audit('largest-contentful-paint')),
    tbt_ms: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
  };
}

/** The run with the median performance score, and the range of scores. */
function median(runs) {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const mid = sorted[Math.floor(sorted.length / 2)];
  return { ...mid, performance_runs: runs.map((r) => r.performance) };
}

const { server, base } = await serve(args.dist);
try {
  const res = await fetch(`${base}${profile}`);
  const noJs = { url: `/${profile}`, status: res.status, text: visibleText(await res.text()).slice(0, 200) };
  console.error(`site: /${profile} without JavaScript: ${noJs.status} ${JSON.stringify(noJs.text)}`);

  const browser = await chromium.launch({ executablePath: chrome, args: ['--no-sandbox', '--disable-gpu'] });
  const bytes = { '/': await bytesOf(browser, base), [`/${profile}`]: await bytesOf(browser, `${base}${profile}`) };
  await browser.close();
  console.error(`site: bytes ${JSON.stringify(bytes)}`);

  const lh = {};
  for (const path of ['', profile]) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await lighthouse(`${base}${path}`));
    lh[`/${path}`] = median(runs);
    console.error(`site: lighthouse /${path}: ${JSON.stringify(lh[`/${path}`])}`);
  }
  const chunks = await chunksOf(args.dist);
  console.error(`site: wasm parts ${JSON.stringify(chunks)}`);
  await writeFile(args.out, JSON.stringify({ no_js: noJs, bytes, chunks, lighthouse: lh }, null, 2) + '\n');
} finally {
  server.kill();
}
