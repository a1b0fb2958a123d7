import { test, expect, type BrowserContext, type Page } from '@playwright/test';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DirectoryPage, servedCopy, watchErrors } from './pages';

// The other specs block service workers (playwright.config.ts); these need the release build's.
test.use({ serviceWorkers: 'allow' });

/** Records, at the start of every document, whether a service worker answered its navigation. */
async function recordControl(page: Page) {
  await page.addInitScript(() => {
    (window as any).__controlledAtStart = navigator.serviceWorker.controller !== null;
  });
}

const controlledAtStart = (page: Page) => page.evaluate(() => (window as any).__controlledAtStart as boolean);

/** Waits until the worker has precached everything, activated and taken control of the page. */
async function waitForWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
}

/** The names of this origin's caches. */
const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

/** The cache prefix of the deployment at `baseURL` (see public/sw.js). */
const cachePrefix = (baseURL: string) => `research-atlas ${new URL(baseURL).pathname} `;

test('after one visit, the directory, search and a deep-linked profile open offline', async ({ page, context }) => {
  const errors = watchErrors(page, { documentMay404: true });
  await recordControl(page);
  const directory = new DirectoryPage(page);
  await directory.open();
  await directory.expectCards(5);
  // A fresh context: no worker from an earlier test answered this first visit.
  expect(await controlledAtStart(page)).toBe(false);
  await waitForWorker(page);
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  expect(await controlledAtStart(page)).toBe(true);
  await directory.expectCards(5);
  await expect(page.getByTestId('offline-notice')).toHaveText('Offline — showing saved data');
  // Publication titles are searched from precached shards.
  await page.getByRole('searchbox').first().fill('intercloud');
  await expect(directory.cards).toHaveCount(2);

  await page.goto('researchers/tao-luo');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Tao Luo');
  await page.goto('publications');
  await expect(page.getByTestId('publication').first()).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test.describe('without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('the offline notice promises no saved data', async ({ page, context }) => {
    const directory = new DirectoryPage(page);
    await directory.open();
    await directory.expectCards(5);
    await context.setOffline(true);
    await expect(page.getByTestId('offline-notice')).toHaveText('Offline');
    await context.setOffline(false);
    await expect(page.getByTestId('offline-notice')).toHaveCount(0);
  });
});

test('data fetched online is kept for offline use, and offline really is offline', async ({ page, context }) => {
  await new DirectoryPage(page).open();
  await waitForWorker(page);
  // Not precached: the app never asks for the schema, so only this fetch can have kept it.
  const fetchOk = (url: string) => page.evaluate((u) => fetch(u).then((r) => r.ok, () => false), url);
  expect(await fetchOk('data/researchers.schema.json')).toBe(true);
  // The worker answers first and stores its copy right after (public/sw.js, networkFirst):
  // wait for the copy, which a fetch made just before going offline may otherwise race.
  const kept = (url: string) => page.evaluate((u) => caches.match(new URL(u, document.baseURI).href).then(Boolean), url);
  await expect.poll(() => kept('data/researchers.schema.json')).toBe(true);
  await context.setOffline(true);
  expect(await fetchOk('data/researchers.schema.json')).toBe(true);
  expect(await fetchOk('data/README.md')).toBe(false);
});

test('the manifest is linked under the base path and makes the app installable', async ({ page, baseURL }) => {
  await page.goto('./');
  const href = await page.locator('link[rel="manifest"]').evaluate((link: HTMLLinkElement) => link.href);
  expect(href).toBe(`${baseURL}manifest.webmanifest`);
  const response = await page.request.get(href);
  expect(response.ok()).toBe(true);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await response.json();
  expect(manifest).toMatchObject({ name: 'Research Atlas', start_url: './', scope: './', display: 'standalone' });
  for (const icon of manifest.icons) {
    expect((await page.request.get(new URL(icon.src, href).href)).ok(), icon.src).toBe(true);
  }
  // Chromium's own reading: the manifest parses, and nothing but the test's private window
  // ("in-incognito": Playwright's contexts are off the record) stops an install.
  const cdp = await page.context().newCDPSession(page);
  const parsed = await cdp.send('Page.getAppManifest', {});
  expect(parsed.errors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
});

/**
 * What a rebuild with a changed page does to the site: index.html (and its 404.html copy) change,
 * so `cargo xtask dist` stamps sw.js with a new version.
 */
async function deployNewVersion(root: string, tag: string) {
  for (const page of ['index.html', '404.html']) {
    const html = await readFile(join(root, page), 'utf8');
    const marked = html.replace(/\n *<meta name="atlas-deploy"[^>]*>/, '');
    await writeFile(join(root, page), marked.replace('<head>', `<head>\n    <meta name="atlas-deploy" content="${tag}" />`));
  }
  const sw = await readFile(join(root, 'sw.js'), 'utf8');
  const stamped = sw.replace(/const VERSION = '([^']+)';/, `const VERSION = '$1-${tag}';`);
  expect(stamped).not.toBe(sw);
  await writeFile(join(root, 'sw.js'), stamped);
}

const deployMarker = (page: Page) => page.locator('meta[name="atlas-deploy"]');

/**
 * Waits until the worker whose cache is `cache` is activated, as that worker itself says. The
 * page's registration object hears of a newer worker late (it said "active, none installing"
 * while the browser was already installing one), so it cannot tell that an update is done.
 */
async function activated(context: BrowserContext, cache: string) {
  const state = async () => {
    for (const worker of context.serviceWorkers()) {
      // `CACHE` is a top-level constant of public/sw.js; a worker that stopped meanwhile is skipped.
      const [name, state] = await worker
        .evaluate('[CACHE, self.serviceWorker && self.serviceWorker.state]')
        .then((v) => v as [string, string | undefined], () => [null, undefined]);
      if (name === cache) return state;
    }
    return 'not running';
  };
  await expect.poll(state, { timeout: 20_000, message: `the worker of ${cache}` }).toBe('activated');
}

test('a new deploy is picked up on the next visit, and the versions before the previous one are deleted', async ({ page, context, baseURL }, testInfo) => {
  const prefix = new URL(baseURL!).pathname;
  const site = await servedCopy(testInfo, prefix);
  try {
    await recordControl(page);
    const directory = new DirectoryPage(page);
    await page.goto(site.url);
    await directory.expectCards(5);
    await waitForWorker(page);
    const ours = (names: string[]) => names.filter((n) => n.startsWith(cachePrefix(site.url)));
    const [first] = ours(await cacheNames(page));
    expect(ours(await cacheNames(page))).toEqual([first]);
    // Cache names end with the data generation: `<prefix><version> <generation>`.
    const at = first.lastIndexOf(' ');
    const version = (tag: string) => `${first.slice(0, at)}-${tag}${first.slice(at)}`;
    // Caches that are not this deployment's: another one on the same origin, another app's.
    const others = ['research-atlas /elsewhere/ 0123456789abcdef', 'another-app'];
    await page.evaluate(async (names) => {
      for (const name of names) await caches.open(name);
    }, others);

    await deployNewVersion(site.root, 'next');
    // The next visit: the page comes from the network even though the old worker controls it.
    await page.reload();
    expect(await controlledAtStart(page)).toBe(true);
    await expect(deployMarker(page)).toHaveAttribute('content', 'next');
    await directory.expectCards(5);
    // Meanwhile the browser found the new sw.js and installed it; it keeps the previous
    // version's cache, for tabs still open on it.
    await expect.poll(async () => ours(await cacheNames(page)), { timeout: 20_000 }).toEqual([first, version('next')]);
    // Its activation done: a check for a newer one while it activates could be dropped.
    await activated(context, version('next'));

    await deployNewVersion(site.root, 'again');
    await page.reload();
    await expect(deployMarker(page)).toHaveAttribute('content', 'again');
    const again = `${first.slice(0, at)}-next-again${first.slice(at)}`;
    await expect.poll(async () => ours(await cacheNames(page)), { timeout: 20_000 }).toEqual([version('next'), again]);
    expect(await cacheNames(page)).toEqual(expect.arrayContaining(others));
    // Until the new worker is active, the previous one still answers the page's requests (and
    // would answer offline with its own version, as it should for a tab already open on it).
    await activated(context, again);

    // Offline, the new version's files answer.
    await context.setOffline(true);
    await page.reload();
    await expect(deployMarker(page)).toHaveAttribute('content', 'again');
    await directory.expectCards(5);
  } finally {
    await site.close();
  }
});
