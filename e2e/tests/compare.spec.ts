import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { DirectoryPage, bundledDataset, serveDataset, watchErrors } from './pages';
import { ComparePage, ProfilePage, ShortlistPage } from './page-objects';

const BERKELEY = 'compare?ids=michael-luo,frank-sifei-luan';

test('Compare opens from the URL and shows what the two Berkeley researchers share', async ({ page }) => {
  const errors = watchErrors(page, { documentMay404: true });
  const compare = new ComparePage(page);
  await compare.open(['michael-luo', 'frank-sifei-luan']);
  await expect(compare.columns).toHaveCount(2);
  await expect(compare.columns.nth(0)).toContainText('Michael Luo');
  await expect(compare.columns.nth(1)).toContainText('Frank Sifei Luan');
  await expect(page.getByTestId('shared-papers')).toContainText('SkyPilot');
  await expect(page.getByTestId('shared-advisors')).toContainText('Ion Stoica');
  await expect(page.getByTestId('shared-organizations')).toContainText('UC Berkeley');
  // Careers on one axis, with a table alternative naming each degree and job.
  const timeline = page.getByTestId('timeline');
  await expect(timeline.getByRole('img', { name: 'Careers on one time axis' })).toBeVisible();
  await expect(timeline.locator('table')).toContainText('Ph.D.');
  await expect(page.getByRole('img', { name: 'Publications per year, Michael Luo' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('Compare picks from cards, keeps the selection in the URL, and edits it', async ({ page, baseURL }) => {
  const directory = new DirectoryPage(page);
  const compare = new ComparePage(page);
  await directory.open();
  await directory.card('Luo Mai').getByRole('button', { name: 'Compare Luo Mai' }).click();
  await expect(page.getByTestId('compare-tray')).toContainText('Pick one more');
  await directory.card('Tao Luo').getByRole('button', { name: 'Compare Tao Luo' }).click();
  await expect(directory.card('Tao Luo').getByRole('button', { name: 'Compare Tao Luo' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('open-compare').click();
  await expect(page).toHaveURL(`${baseURL}compare?ids=luo-mai,tao-luo`);
  await expect(compare.columns).toHaveCount(2);
  // Jobs the record gives no start date for are named, not dropped.
  await expect(page.getByTestId('undated').filter({ hasText: 'Luo Mai' })).toContainText('Imperial');
  // Add a third by name, then remove the first: the URL follows.
  await compare.addResearcher.fill('jiach');
  await page.getByRole('button', { name: '+ Jiachen Liu' }).click();
  await expect(page).toHaveURL(`${baseURL}compare?ids=luo-mai,tao-luo,jiachen-liu`);
  await expect(compare.columns).toHaveCount(3);
  await page.getByRole('button', { name: 'Stop comparing Luo Mai' }).click();
  await expect(page).toHaveURL(`${baseURL}compare?ids=tao-luo,jiachen-liu`);
  await expect(compare.columns).toHaveCount(2);
  // Back restores the previous selection.
  await page.goBack();
  await expect(compare.columns).toHaveCount(3);
});

test('Compare with fewer than two known researchers explains what to do', async ({ page }) => {
  const compare = new ComparePage(page);
  await compare.open(['luo-mai', 'nobody-here']);
  await expect(page.getByRole('status').filter({ hasText: 'nobody-here' })).toBeVisible();
  await expect(page.getByTestId('compare-hint')).toBeVisible();
  await expect(compare.columns).toHaveCount(0);
});

test('the shortlist survives a reload, is shared by link, and exports CSV, JSON and BibTeX', async ({ page, baseURL }) => {
  const directory = new DirectoryPage(page);
  const shortlist = new ShortlistPage(page);
  await directory.open();
  await directory.card('Michael Luo').getByRole('button', { name: 'Shortlist Michael Luo' }).click();
  await directory.card('Frank Sifei Luan').getByRole('button', { name: 'Shortlist Frank Sifei Luan' }).click();
  await expect(shortlist.navLink).toContainText('(2)');
  await page.reload();
  await expect(shortlist.navLink).toContainText('(2)');
  await expect(directory.card('Michael Luo').getByRole('button', { name: 'Shortlist Michael Luo' })).toHaveAttribute('aria-pressed', 'true');
  await shortlist.navLink.click();
  await expect(shortlist.items).toHaveCount(2);
  await expect(page.getByTestId('shortlist')).toContainText('Michael Luo');

  const share = await page.getByTestId('share-link').inputValue();
  expect(share).toBe(`${baseURL}shortlist?ids=michael-luo,frank-sifei-luan`);

  const csv = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const csvText = await readFile(await (await csv).path(), 'utf8');
  const lines = csvText.trim().split('\r\n');
  expect(lines[0]).toMatch(/^id,name,role,career_stage/);
  expect(lines).toHaveLength(3);
  expect(lines[1]).toMatch(/^michael-luo,Michael Luo,/);

  const json = page.waitForEvent('download');
  await page.getByTestId('export-json').click();
  const people = JSON.parse(await readFile(await (await json).path(), 'utf8'));
  expect(people.map((p: any) => p.id)).toEqual(['michael-luo', 'frank-sifei-luan']);

  const bib = page.waitForEvent('download');
  await page.getByTestId('export-bibtex').click();
  const bibText = await readFile(await (await bib).path(), 'utf8');
  // Their shared papers appear once.
  expect(bibText.match(/Intercloud Broker/g)).toHaveLength(1);
  expect((bibText.match(/^@/gm) ?? []).length).toBeGreaterThan(16);

  // Unstarring removes a researcher from the page and from storage.
  await shortlist.items.first().getByRole('button', { name: /^Shortlist/ }).click();
  await expect(shortlist.items).toHaveCount(1);
  await page.reload();
  await expect(shortlist.items).toHaveCount(1);
});

test('a shared shortlist link shows those researchers and can be saved', async ({ page }) => {
  const shortlist = new ShortlistPage(page);
  await shortlist.open(['tao-luo', 'luo-mai']);
  await expect(page.getByRole('heading', { name: 'Shared shortlist' })).toBeVisible();
  await expect(shortlist.items).toHaveCount(2);
  await page.getByTestId('save-shared').click();
  await expect(shortlist.navLink).toContainText('(2)');
  await page.getByRole('link', { name: 'My shortlist' }).click();
  await expect(shortlist.items).toHaveCount(2);
  await expect(page.getByTestId('compare-shortlist')).toHaveText('Compare these 2');
});

test('charts have accessible names, descriptions and tables', async ({ page }) => {
  const directory = new DirectoryPage(page);
  await directory.open();
  const spark = directory.card('Luo Mai').getByRole('img', { name: 'Publications per year, Luo Mai' });
  await expect(spark).toBeVisible();
  await expect(spark).toHaveAccessibleDescription(/10 publications from 2021 to 2024/);
  await new ProfilePage(page).open('luo-mai');
  const bars = page.getByRole('img', { name: 'Publications per year' });
  await expect(bars).toBeVisible();
  await expect(bars).toHaveAccessibleDescription(/10 publications from 2021 to 2024/);
  await expect(page.getByTestId('year-chart').locator('table tbody tr')).toHaveCount(4);
  await expect(page.getByRole('table', { name: 'Venues' })).toContainText('OSDI');
  await expect(page.getByRole('table', { name: 'Publication topics' })).toContainText('ML systems');
});

test('without a corrections target a profile shows no correction link; with one, each section links prefilled', async ({ page, baseURL }) => {
  const profile = new ProfilePage(page);
  await profile.open('luo-mai');
  await expect(profile.record).toBeVisible();
  await expect(page.getByTestId('correction-link')).toHaveCount(0);

  // A site whose dataset's config names an issue tracker: the profile's detail file carries it.
  const target = 'https://tracker.example/atlas/issues/new';
  const data = await bundledDataset(page);
  data.config = { ...data.config, corrections: target };
  await serveDataset(page, data);
  await page.reload();
  const awards = page.getByRole('link', { name: 'Suggest a correction to Awards and honours' });
  await expect(awards).toBeVisible();
  const href = new URL((await awards.getAttribute('href'))!);
  expect(href.origin + href.pathname).toBe(target);
  expect(href.searchParams.get('title')).toBe('Correction: Luo Mai — Awards and honours');
  expect(href.searchParams.get('body')).toContain(`Profile: ${baseURL}researchers/luo-mai`);
  await expect(awards).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByRole('link', { name: 'Suggest a correction to Profile' })).toBeVisible();
});

for (const path of [BERKELEY, 'shortlist?ids=luo-mai,tao-luo', 'researchers/michael-luo']) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds no violations on ${path.split('?')[0]} (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    });
  }
}
