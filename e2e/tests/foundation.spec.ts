import { test, expect } from '@playwright/test';
import { COMPILED, DirectoryPage, FIRST_PAGE, bundledDataset, dataPath, serveDataset, watchErrors } from './pages';
import { NotFoundPage, ProfilePage } from './page-objects';


test('the directory loads the bundled researchers without console errors', async ({ page }) => {
  const errors = watchErrors(page);
  const directory = new DirectoryPage(page);
  await directory.open();
  await directory.expectCards(5);
  for (const name of ['Michael Luo', 'Tao Luo', 'Frank Sifei Luan', 'Luo Mai', 'Jiachen Liu']) {
    await expect(directory.card(name)).toBeVisible();
  }
  await expect(page).toHaveTitle('Research Atlas');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('main')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a deep link to a profile opened cold renders that profile', async ({ page }) => {
  const errors = watchErrors(page, { documentMay404: true });
  const profile = new ProfilePage(page);
  await profile.open('frank-sifei-luan');
  await expect(profile.heading).toContainText('Frank Sifei Luan');
  await expect(profile.heading).toContainText('栾思飞');
  await expect(page).toHaveTitle(/Frank Sifei Luan/);
  expect(errors).toEqual([]);
});

test('a card links to its profile and the profile links back, staying under the base path', async ({ page, baseURL }) => {
  const directory = new DirectoryPage(page);
  const profile = new ProfilePage(page);
  await directory.open();
  await directory.card('Luo Mai').getByRole('link', { name: 'Luo Mai', exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}researchers/luo-mai`);
  await expect(profile.heading).toContainText('Luo Mai');
  await page.getByRole('link', { name: /All researchers/ }).click();
  await expect(page).toHaveURL(baseURL!);
  await directory.expectCards(5);
});

test('links are followed in the page: no document is loaded, Back returns, and the skip link keeps the page it is on', async ({ page, baseURL }) => {
  const errors = watchErrors(page);
  const directory = new DirectoryPage(page);
  const profile = new ProfilePage(page);
  await directory.open();
  await directory.expectCards(5);
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(r.url());
  });
  await directory.card('Luo Mai').getByRole('link', { name: 'Luo Mai', exact: true }).click();
  await expect(profile.heading).toContainText('Luo Mai');
  await expect(page).toHaveURL(`${baseURL}researchers/luo-mai`);
  // "Skip to content" is `#main`, which the page's <base href> would resolve to the directory.
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await skip.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await expect(page).toHaveURL(`${baseURL}researchers/luo-mai`);
  await expect(profile.heading).toContainText('Luo Mai');
  // The index of sections leads to the section, on this page.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Awards and honours' }).click();
  await expect(page.locator('#awards')).toBeInViewport();
  await expect(page).toHaveURL(`${baseURL}researchers/luo-mai`);
  await page.goBack();
  await expect(page).toHaveURL(baseURL!);
  await directory.expectCards(5);
  expect(documents).toEqual([]);
  expect(errors).toEqual([]);
});

test('an unknown researcher gets a helpful page, not a blank one', async ({ page }) => {
  await new ProfilePage(page).open('nobody-here');
  await expect(page.getByTestId('no-such-researcher')).toContainText('nobody-here');
  await expect(page.getByRole('link', { name: 'Browse all researchers' })).toBeVisible();
});

test('an unknown path gets a page-not-found view', async ({ page }) => {
  const notFound = new NotFoundPage(page);
  await notFound.open('no/such/page');
  await expect(notFound.view).toBeVisible();
});

test('a failed fetch shows what failed, and Retry loads the data', async ({ page }) => {
  let fail = true;
  await page.route(COMPILED, (route) => (fail ? route.fulfill({ status: 503, body: 'busy' }) : route.continue()));
  const directory = new DirectoryPage(page);
  await directory.open();
  await expect(directory.loadError).toContainText('HTTP 503');
  await expect(directory.loadError).toContainText('data/directory.bin');
  await expect(directory.cards).toHaveCount(0);
  fail = false;
  await directory.loadError.getByRole('button', { name: 'Retry' }).click();
  await directory.expectCards(5);
  await expect(directory.loadError).toHaveCount(0);
});

test('a network failure shows an error with Retry', async ({ page }) => {
  await page.route(COMPILED, (route) => route.abort('internetdisconnected'));
  const directory = new DirectoryPage(page);
  await directory.open();
  await expect(directory.loadError).toContainText('Could not reach');
  await expect(directory.loadError.getByRole('button', { name: 'Retry' })).toBeVisible();
});

test('a site without its compiled data says which file is missing and how to make it', async ({ page }) => {
  let missing = true;
  await page.route(COMPILED, (route) => (missing ? route.fulfill({ status: 404, body: 'Not Found' }) : route.continue()));
  await page.route(FIRST_PAGE, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  const directory = new DirectoryPage(page);
  await directory.open();
  await expect(directory.loadError).toContainText('data/directory.bin is missing');
  await expect(directory.loadError).toContainText('cargo xtask dist');
  // The release app never falls back to the authoring file.
  missing = false;
  await directory.loadError.getByRole('button', { name: 'Retry' }).click();
  await directory.expectCards(5);
});

test('invalid records are skipped with a visible warning and the rest is shown', async ({ page }) => {
  const data = await bundledDataset(page);
  const i = data.researchers.findIndex((r: any) => r.id === 'tao-luo');
  data.researchers[i].name = '';
  data.researchers[i].links = [{ kind: 'homepage', url: 'javascript:alert(1)' }];
  await serveDataset(page, data);
  const directory = new DirectoryPage(page);
  await directory.open();
  await directory.expectCards(4);
  await expect(directory.warning).toContainText('1 invalid record was skipped');
  await directory.warning.getByText('Details').click();
  await expect(directory.warning).toContainText(`researchers[${i}].name: must not be empty`);
  await expect(directory.warning).toContainText('javascript:alert(1)');
});

test('a compiled directory that is not one says so, with Retry', async ({ page }) => {
  await page.route(COMPILED, (route) => route.fulfill({ status: 200, contentType: 'application/octet-stream', body: 'PK\u0003\u0004 a zip, not a directory' }));
  const directory = new DirectoryPage(page);
  await directory.open();
  await expect(directory.loadError).toContainText('data/directory.bin');
  await expect(directory.loadError).toContainText('not a compiled directory');
  await expect(directory.loadError.getByRole('button', { name: 'Retry' })).toBeVisible();
});

test('a host that answers missing data files with its HTML page is told what is missing', async ({ page }) => {
  const html = '<!DOCTYPE html><html><body>index</body></html>';
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.route(COMPILED, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
  await page.route(FIRST_PAGE, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
  const directory = new DirectoryPage(page);
  await directory.open();
  await expect(directory.loadError).toContainText('data/directory.bin is missing');
  expect(requested.filter((p) => p.endsWith('researchers.json'))).toEqual([]);
});

test('markup in the data is shown as text and never run', async ({ page }) => {
  const data = await bundledDataset(page);
  data.researchers[0].name = '<img src=x onerror="window.__pwned=1">';
  data.researchers[0].summary = '<script>window.__pwned=1</script>';
  await serveDataset(page, data);
  const directory = new DirectoryPage(page);
  await directory.open();
  const hostile = '<img src=x onerror="window.__pwned=1">';
  await expect(page.getByRole('link', { name: hostile, exact: true })).toBeVisible();
  expect(await page.locator('main img').count()).toBe(0);
  expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined();
  // The SVG pages draw names as text too: in the graph, its list, and a comparison.
  await page.goto(`connections?from=${data.researchers[0].id}&to=michael-luo`);
  await expect(page.getByTestId('edge-list').getByRole('link', { name: hostile, exact: true }).first()).toBeVisible();
  await page.goto(`compare?ids=${data.researchers[0].id},michael-luo`);
  await expect(page.getByTestId('compare-column').first()).toContainText(hostile);
  expect(await page.locator('main img').count()).toBe(0);
  expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined();
});

test('the release build carries a strict CSP and no inline script', async ({ page }) => {
  await page.goto('./');
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(csp).not.toContain('unsafe-inline');
  const inline = await page.locator('script:not([src])').count();
  expect(inline).toBe(0);
});

test('without a pre-rendered page, the first cards are painted from first.bin before the whole directory has arrived', async ({ page, baseURL }) => {
  // The app's shell alone, as a host without the pre-rendered pages (or the offline worker) serves it.
  const shell = await (await page.request.get('404.html')).text();
  await page.route((url) => url.href === baseURL, (route) => route.fulfill({ body: shell, contentType: 'text/html' }));
  let release: () => void = () => {};
  const held = new Promise<void>((done) => { release = done; });
  await page.route(COMPILED, async (route) => { await held; await route.continue(); });
  const directory = new DirectoryPage(page);
  await directory.open();
  await directory.expectCards(5);
  await expect(page.getByTestId('result-count')).toHaveText('5 researchers');
  // The filters need the whole directory: not there yet.
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  release();
  await expect(page.getByRole('checkbox').first()).toBeVisible();
  await directory.expectCards(5);
});

test('a deep link fetches the directory once and the profile record once, in its pack', async ({ page }) => {
  // A second fetch rebuilt every page showing the directory; a failed profile record then
  // refetched itself behind the user's back (the Retry flake of earlier runs).
  const fetched: string[] = [];
  page.on('request', (r) => {
    const file = dataPath(r.url());
    if (file) fetched.push(file);
  });
  const profile = new ProfilePage(page);
  await profile.open('luo-mai');
  await expect(profile.record).toContainText('Luo Mai');
  // The pre-rendered profile opens from its pack; the directory follows once the page is idle.
  await expect.poll(() => fetched.includes('directory.bin'), { timeout: 10_000 }).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(fetched.filter((f) => f === 'directory.bin')).toHaveLength(1);
  // The five bundled researchers share one pack of detail files.
  expect(fetched.filter((f) => f.startsWith('people/'))).toEqual(['people/0.bin']);
});

test('a profile whose record cannot be fetched says so, and Retry loads it', async ({ page }) => {
  let fail = true;
  await page.route('**/data/*/people/**', (route) => (fail ? route.fulfill({ status: 503, body: 'busy' }) : route.continue()));
  const profile = new ProfilePage(page);
  await profile.open('luo-mai');
  const error = page.getByTestId('load-error');
  await expect(error).toContainText('data/people/0.bin');
  await expect(error).toContainText('HTTP 503');
  fail = false;
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(profile.record).toContainText('Luo Mai');
  await expect(error).toHaveCount(0);
});

test('publication titles that cannot be fetched are reported, with Retry', async ({ page }) => {
  let fail = true;
  await page.route('**/data/*/titles/**', (route) => (fail ? route.abort('internetdisconnected') : route.continue()));
  const directory = new DirectoryPage(page);
  await directory.open();
  await directory.expectCards(5);
  // "Intercloud" is only in the SkyPilot title, which Michael Luo and Frank Sifei Luan share.
  await page.getByRole('searchbox').first().fill('intercloud');
  const failed = page.getByTestId('titles-failed');
  await expect(failed).toContainText('Publication titles could not be searched');
  await expect(directory.cards).toHaveCount(0);
  fail = false;
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(failed).toHaveCount(0);
  await expect(directory.cards).toHaveCount(2);
  await expect(page.getByTestId('match-reason').first()).toContainText('SkyPilot: An Intercloud Broker');
});
