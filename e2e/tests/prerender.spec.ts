import { test, expect } from '@playwright/test';
import { COMPILED, dataPath, watchErrors } from './pages';
import { ProfilePage, PublicationsPage } from './page-objects';

// Issue 14: every route is a static page with its content (status 200), readable without
// JavaScript; with it, the app takes the page over without a jump and works as before.

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the directory, a profile and the publications can be read, and links lead between them', async ({ page }) => {
    const home = await page.goto('./');
    expect(home?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Researchers' })).toBeVisible();
    for (const name of ['Luo Mai', 'Michael Luo', 'Tao Luo', 'Jiachen Liu', 'Frank Sifei Luan']) {
      await expect(page.getByRole('heading', { name })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Luo Mai', exact: true }).first().click();
    await expect(page).toHaveURL(/researchers\/luo-mai$/);
    await expect(page).toHaveTitle('Luo Mai — Research Atlas');
    await expect(page.getByRole('heading', { level: 1, name: 'Luo Mai' })).toBeVisible();
    await expect(page.locator('.pub-title').first()).toBeVisible();
    // Its index of sections and the skip link stay on the profile (the page has a <base href>).
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Awards and honours' }).click();
    await expect(page).toHaveURL(/researchers\/luo-mai#awards$/);
    await expect(page.locator('#awards')).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', /researchers\/luo-mai#main$/);
    // The profile's own links lead on: back to the directory, and the site's pages.
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Publications' }).click();
    await expect(page).toHaveTitle('Publications — Research Atlas');
    await expect(page.locator('.pub-title')).toHaveCount(43);
    await page.getByRole('link', { name: 'Research Atlas' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Researchers' })).toBeVisible();
  });

  test('an unknown path answers 404 with the app shell', async ({ page }) => {
    const res = await page.goto('no/such/page');
    expect(res?.status()).toBe(404);
  });
});

test('a profile URL answers 200 with the person, a description, preview tags and schema.org data', async ({ request }) => {
  const res = await request.get('researchers/luo-mai');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('<title>Luo Mai — Research Atlas</title>');
  expect(html).toMatch(/<meta name="description" content="Assistant Professor at University of Edinburgh\./);
  expect(html).toContain('<meta property="og:title" content="Luo Mai — Research Atlas" />');
  expect(html).toContain('<meta property="og:type" content="profile" />');
  expect(html).toContain('<script type="application/ld+json">{"@context":"https://schema.org","@type":"Person","name":"Luo Mai"');
  expect(html).not.toContain('data-testid');
});

/** Adds up the layout shifts of the page (in a global the test reads). */
async function recordShifts(page: import('@playwright/test').Page) {
  await page.addInitScript(() => {
    (window as any).__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as any[]) if (!e.hadRecentInput) (window as any).__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

test('the app takes over the pre-rendered directory without a jump, and search works', async ({ page }) => {
  const errors = watchErrors(page);
  await recordShifts(page);
  await page.goto('./');
  await expect(page.getByTestId('researcher-card')).toHaveCount(5);
  await expect(page.locator('#atlas-static')).toHaveCount(0);
  // Two frames after the takeover: any shift it caused has been reported.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await page.evaluate(() => (window as any).__shift)).toBeLessThanOrEqual(0.01);
  await page.getByRole('searchbox').fill('edinburgh');
  await expect(page.getByTestId('result-count')).toHaveText('1 researcher');
  expect(errors).toEqual([]);
});

test('text typed into the static page before the app started is searched for, and keeps the focus', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((done) => { release = done; });
  await page.route('**/*_bg.wasm', async (route) => { await held; await route.continue(); });
  await page.goto('./');
  // The static page's box: the app has not started.
  await page.locator('#atlas-static #search-input').fill('edinburgh');
  release();
  await expect(page.getByTestId('result-count')).toHaveText('1 researcher');
  await expect(page.getByRole('searchbox')).toHaveValue('edinburgh');
  await expect(page.getByRole('searchbox')).toBeFocused();
  await expect(page).toHaveURL(/[?&]q=edinburgh/);
});

test('sections unfolded and chips clicked on the static page before the app started are kept', async ({ page }) => {
  const errors = watchErrors(page);
  let release: () => void = () => {};
  const held = new Promise<void>((done) => { release = done; });
  await page.route('**/*_bg.wasm', async (route) => { await held; await route.continue(); });
  const list = new PublicationsPage(page);
  await new ProfilePage(page).open('michael-luo');
  // The static page: the app has not started.
  const page0 = page.locator('#atlas-static');
  await page0.getByText('Filter by type, venue, year, honours').click();
  await page0.getByRole('group', { name: 'Type' }).getByRole('button', { name: 'Conference 10' }).click();
  release();
  await expect(page).toHaveURL(/ptype=conference/);
  await expect(list.entries).toHaveCount(10);
  await expect(list.typeChips.getByRole('button', { name: /Conference/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(list.typeChips).toBeVisible();
  expect(errors).toEqual([]);
});

test('a click pressed on the static page and released once the app is ready is not lost', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((done) => { release = done; });
  await page.route('**/*_bg.wasm', async (route) => { await held; await route.continue(); });
  await new ProfilePage(page).open('michael-luo');
  const summary = page.locator('#atlas-static').getByText('Filter by type, venue, year, honours');
  await summary.scrollIntoViewIfNeeded();
  const box = (await summary.boundingBox())!;
  await page.mouse.move(box.x + 10, box.y + box.height / 2);
  await page.mouse.down();
  // The app starts and loads the profile's pack while the button is held.
  const pack = page.waitForResponse('**/data/*/people/*.bin');
  release();
  await pack;
  await page.evaluate(() => new Promise((done) => {
    let n = 0;
    const next = () => (++n >= 10 ? done(null) : requestAnimationFrame(next));
    requestAnimationFrame(next);
  }));
  await page.mouse.up();
  await expect(page.locator('#atlas-static')).toHaveCount(0);
  await expect(new PublicationsPage(page).typeChips).toBeVisible();
});

test('on a pre-rendered profile the Cite button works once the app has started', async ({ page }) => {
  const errors = watchErrors(page);
  await recordShifts(page);
  await new ProfilePage(page).open('luo-mai');
  const first = new PublicationsPage(page).entries.first();
  await first.getByRole('button', { name: 'Cite' }).click();
  await expect(first.getByTestId('bibtex')).toHaveValue(/^@/);
  expect(await page.evaluate(() => (window as any).__shift)).toBeLessThanOrEqual(0.01);
  expect(errors).toEqual([]);
});

test('a pre-rendered profile opens from its own pack without the directory, and so does the next one', async ({ page }) => {
  const errors = watchErrors(page);
  await recordShifts(page);
  const fetched: string[] = [];
  page.on('request', (r) => {
    const file = dataPath(r.url());
    if (file) fetched.push(file);
  });
  // The directory never arrives (it is asked for once the page is idle, for later pages and
  // offline use): the profile must not need it.
  await page.route(COMPILED, () => new Promise(() => {}));
  const profile = new ProfilePage(page);
  const list = new PublicationsPage(page);
  await profile.open('luo-mai');
  await expect(page.locator('#atlas-static')).toHaveCount(0);
  await expect(profile.name).toHaveText('Luo Mai');
  await expect(profile.stepPosition).toHaveText('3 of 5');
  await expect(profile.results.getByRole('link', { name: /Previous/ })).toHaveText(/Jiachen Liu/);
  await expect(profile.results.getByRole('link', { name: 'All researchers' })).toBeVisible();
  const first = list.entries.first();
  await first.getByRole('button', { name: 'Cite' }).click();
  await expect(first.getByTestId('bibtex')).toHaveValue(/^@/);
  expect(await page.evaluate(() => (window as any).__shift)).toBeLessThanOrEqual(0.01);
  // Next: the neighbour's pack came with the steps.
  await profile.results.getByRole('link', { name: /Next/ }).click();
  await expect(page).toHaveURL(/researchers\/michael-luo$/);
  await expect(profile.name).toHaveText('Michael Luo');
  await expect(page).toHaveTitle('Michael Luo — Research Atlas');
  await expect(profile.stepPosition).toHaveText('4 of 5');
  await expect(list.entries).toHaveCount(16);
  // Neither the first page of cards nor, before the pack, the directory.
  expect(fetched).not.toContain('first.bin');
  expect(fetched[0]).toBe('people/0.bin');
  expect(errors).toEqual([]);
});

test('a profile whose page names a pack that lacks it (data rebuilt without the pages) opens through the directory', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (r) => {
    const file = dataPath(r.url());
    if (file) fetched.push(file);
  });
  await page.route((url) => /\/researchers\/luo-mai\/?$/.test(url.pathname), async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    const body = html.replace('<meta name="atlas-pack" content="0" />', '<meta name="atlas-pack" content="9" />');
    expect(body).not.toBe(html);
    await route.fulfill({ response, body });
  });
  const profile = new ProfilePage(page);
  await profile.open('luo-mai');
  await expect(page.locator('#atlas-static')).toHaveCount(0);
  await expect(profile.name).toHaveText('Luo Mai');
  await expect(profile.stepPosition).toHaveText('3 of 5');
  await expect(page.getByTestId('load-error')).toHaveCount(0);
  // The missing pack makes the page ask once whether the site moved on; it has not, so no notice.
  expect(fetched.filter((f) => f === 'generation.txt')).toHaveLength(1);
  expect(fetched.filter((f) => f !== 'generation.txt').slice(0, 3)).toEqual(['people/9.bin', 'directory.bin', 'people/0.bin']);
  await expect(page.getByTestId('update-notice')).toHaveCount(0);
});
