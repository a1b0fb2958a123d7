import { test, expect, Page } from '@playwright/test';
import { watchErrors } from './pages';
import { ConnectionsPage } from './page-objects';

// Issue 14: the release wasm is split by route (src/ui/chunks.rs). The directory loads the main
// module only; every other page fetches its chunk when first shown, and a chunk that does not
// arrive is an error with Retry, never a blank page.

/** The wasm files the page fetches, by name without their hash (`split_profile`, `chunk_5`). */
function wasmFetched(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (r) => {
    const m = /\/([^/]+?)-[0-9a-f]{16}(_bg)?\.wasm$/.exec(new URL(r.url()).pathname);
    if (m) names.push(m[2] ? 'main' : m[1]);
  });
  return names;
}

const routeChunks = (names: string[]) => names.filter((n) => n.startsWith('split_'));

test('the directory loads the main module only, then the profile code that a card opens with', async ({ page }) => {
  const errors = watchErrors(page);
  const fetched = wasmFetched(page);
  await page.goto('./');
  await expect(page.locator('#atlas-static')).toHaveCount(0);
  await page.getByRole('searchbox').fill('edinburgh');
  await expect(page.getByTestId('result-count')).toHaveText('1 researcher');
  // Once the directory is usable, the usual next step's code comes: a profile's.
  await expect.poll(() => routeChunks(fetched)).toEqual(['split_profile']);
  // The code it shares with other routes comes in a few files, not dozens.
  expect(fetched.length).toBeLessThanOrEqual(9);
  // Nothing but the main module came before the directory had arrived.
  const order = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const directory = entries.find((e) => /\/data\/[0-9a-f]{16}\/directory\.bin$/.test(e.name))!;
    const chunks = entries.filter((e) => /\/(split|chunk)_[^/]*\.wasm$/.test(e.name));
    return { directoryEnd: directory.responseEnd, firstChunk: Math.min(...chunks.map((e) => e.startTime)) };
  });
  expect(order.firstChunk).toBeGreaterThanOrEqual(order.directoryEnd);

  // A card opens its profile with no fetch of code, and so does the next one. (Only the
  // profile's files are checked: a link that ends up under the resting pointer after a page
  // change may prefetch its own page's chunk.)
  const before = [...fetched];
  await page.getByRole('link', { name: 'Luo Mai', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Luo Mai' })).toBeVisible();
  await expect(page.getByTestId('publication').first()).toBeVisible();
  await page.goBack();
  await page.getByRole('searchbox').fill('');
  await expect(page.getByTestId('researcher-card')).toHaveCount(5);
  await page.getByRole('link', { name: 'Tao Luo', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tao Luo' })).toBeVisible();
  const after = fetched.slice(before.length);
  expect(after.filter((name) => before.includes(name))).toEqual([]);
  expect(errors).toEqual([]);
});

test('each page fetches its own chunk and no other', async ({ page }) => {
  const errors = watchErrors(page);
  for (const [path, chunk, heading] of [
    ['researchers/michael-luo', 'split_profile', 'Michael Luo'],
    ['publications', 'split_lists', 'Publications'],
    ['organizations', 'split_network', 'Organizations'],
    ['connections', 'split_network', 'Connections'],
    ['shortlist', 'split_picks', 'Shortlist'],
    ['compare?ids=luo-mai,tao-luo', 'split_picks', 'Compare'],
    ['experts', 'split_picks', 'Find experts'],
  ]) {
    const fetched = wasmFetched(page);
    await page.goto(path);
    await expect(page.locator('#atlas-static')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('main [aria-busy="true"], main .loading')).toHaveCount(0);
    expect(routeChunks(fetched), path).toEqual([chunk]);
    page.removeAllListeners('request');
  }
  expect(errors).toEqual([]);
});

test('pointing at a link or focusing it fetches the chunk of its page before the click', async ({ page }) => {
  const errors = watchErrors(page);
  const fetched = wasmFetched(page);
  await page.goto('./');
  await expect(page.locator('#atlas-static')).toHaveCount(0);
  await expect(page.getByTestId('result-count')).toHaveText('5 researchers');
  // (The directory's own prefetch, above.)
  await expect.poll(() => routeChunks(fetched)).toEqual(['split_profile']);
  const site = page.getByRole('navigation', { name: 'Site' });
  await site.getByRole('link', { name: 'Connections' }).hover();
  await expect.poll(() => routeChunks(fetched)).toEqual(['split_profile', 'split_network']);
  await site.getByRole('link', { name: 'Shortlist' }).focus();
  await expect.poll(() => routeChunks(fetched)).toEqual(['split_profile', 'split_network', 'split_picks']);
  // Followed, the page shows at once from the fetched code, and nothing is fetched twice.
  await site.getByRole('link', { name: 'Connections' }).click();
  await expect(new ConnectionsPage(page).nodes).toHaveCount(5);
  expect(routeChunks(fetched)).toEqual(['split_profile', 'split_network', 'split_picks']);
  expect(errors).toEqual([]);
});

test('a page whose code does not arrive says so, and Retry loads it', async ({ page }) => {
  await page.goto('./');
  await expect(page.locator('#atlas-static')).toHaveCount(0);
  await page.route('**/split_network-*.wasm', (route) => route.abort());
  // (Pointing at the link already tries to fetch its code, and fails too.)
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Connections' }).click();
  const failed = page.getByTestId('load-error');
  await expect(failed).toContainText('This page could not be loaded');
  // The rest of the app still works.
  await expect(page.getByRole('navigation', { name: 'Site' })).toBeVisible();
  await page.unroute('**/split_network-*.wasm');
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(new ConnectionsPage(page).nodes).toHaveCount(5);
  await expect(page.getByTestId('load-error')).toHaveCount(0);
});
