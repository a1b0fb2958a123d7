import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { watchErrors } from './pages';
import { DirectoryPage, ProfilePage, PublicationsPage } from './page-objects';

// Most of these tests use the list on a profile, which is the list of /publications.

test('a profile list filters by text, keeps the filter in the URL, and Back undoes it', async ({ page }) => {
  const errors = watchErrors(page, { documentMay404: true });
  const list = new PublicationsPage(page);
  await new ProfilePage(page).open('michael-luo');
  await expect(list.entries).toHaveCount(16);
  await expect(list.count).toHaveText('16 publications');
  await list.filter.fill('sky');
  await expect(list.entries).toHaveCount(1);
  await expect(list.entries.first()).toContainText('SkyPilot');
  await expect(list.count).toHaveText('1 of 16 publications');
  await expect(page).toHaveURL(/[?&]pq=sky(&|$)/);
  await page.reload();
  await expect(list.entries).toHaveCount(1);
  await expect(list.filter).toHaveValue('sky');
  await page.goBack();
  await expect(list.entries).toHaveCount(16);
  await expect(list.filter).toHaveValue('');
  expect(errors).toEqual([]);
});

test('grouping by venue or type and ordering oldest first, with counts per group', async ({ page }) => {
  const list = new PublicationsPage(page);
  await new ProfilePage(page).open('michael-luo');
  await expect(list.groupTitles.first()).toHaveText('2025 (3)');
  await page.getByLabel('Group by').selectOption('venue');
  await expect(page).toHaveURL(/group=venue/);
  await expect(list.groupTitles.first()).toHaveText('NeurIPS (4)');
  await page.getByLabel('Group by').selectOption('type');
  await expect(list.groupTitles).toHaveText(['Conference (10)', 'Journal (1)', 'Preprint (3)', 'Blog (2)']);
  await page.getByLabel('Group by').selectOption('year');
  await page.getByLabel('Order').selectOption('oldest');
  await expect(page).toHaveURL(/order=oldest/);
  await expect(list.groupTitles.first()).toHaveText('2020 (2)');
  await expect(list.groupTitles.last()).toHaveText('2025 (3)');
});

test('type, venue, year and honour chips filter the list and show what each would leave', async ({ page }) => {
  const list = new PublicationsPage(page);
  await new ProfilePage(page).open('michael-luo');
  await list.chipsSummary.click();
  await expect(list.typeChips.getByRole('button', { name: 'Journal 1' })).toBeVisible();
  await list.typeChips.getByRole('button', { name: 'Conference 10' }).click();
  await expect(page).toHaveURL(/ptype=conference/);
  await expect(list.entries).toHaveCount(10);
  await expect(list.typeChips.getByRole('button', { name: /Conference/ })).toHaveAttribute('aria-pressed', 'true');
  await list.venueChips.getByRole('button', { name: /^NeurIPS/ }).click();
  await expect(list.entries).toHaveCount(4);
  await list.yearChips.getByRole('button', { name: /^2021/ }).click();
  await expect(page).toHaveURL(/pfrom=2021&pto=2021/);
  for (const e of await list.entries.all()) await expect(e).toContainText('2021');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(list.entries).toHaveCount(16);
  await page.getByRole('group', { name: 'Honours' }).getByRole('button', { name: 'Has an honour 2' }).click();
  await expect(list.entries).toHaveCount(2);
  for (const e of await list.entries.all()) await expect(e.locator('.badge')).toHaveCount(1);
  await page.getByLabel('From').selectOption('2025');
  await expect(list.noPublications).toContainText('No publications match');
  await list.noPublications.getByRole('button', { name: 'Show all' }).click();
  await expect(list.entries).toHaveCount(16);
});

test('Cite shows readable BibTeX and Copy puts it on the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const list = new PublicationsPage(page);
  await new ProfilePage(page).open('michael-luo');
  const skypilot = list.entries.filter({ hasText: 'SkyPilot' });
  const cite = skypilot.getByRole('button', { name: 'Cite' });
  await expect(cite).toHaveAttribute('aria-expanded', 'false');
  await cite.click();
  await expect(cite).toHaveAttribute('aria-expanded', 'true');
  const bib = skypilot.getByTestId('bibtex');
  await expect(bib).toHaveValue(/^@inproceedings\{yang2023skypilot,/);
  await expect(bib).toHaveValue(/author = \{Zongheng Yang and .*Michael Luo.* and Ion Stoica\}/);
  await expect(bib).toHaveValue(/pages = \{437--455\}/);
  await skypilot.getByRole('button', { name: 'Copy BibTeX' }).click();
  await expect(skypilot.getByRole('status')).toHaveText('Copied to the clipboard');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await bib.inputValue());
  await cite.click();
  await expect(bib).toBeHidden();
});

test('without the clipboard API, Copy falls back to selecting the BibTeX', async ({ page }) => {
  // Plain-http hosts have no navigator.clipboard.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined }));
  const list = new PublicationsPage(page);
  await new ProfilePage(page).open('michael-luo');
  const skypilot = list.entries.filter({ hasText: 'SkyPilot' });
  await skypilot.getByRole('button', { name: 'Cite' }).click();
  await skypilot.getByRole('button', { name: 'Copy BibTeX' }).click();
  await expect(skypilot.getByRole('status')).toHaveText(/Copied to the clipboard|press Ctrl\+C/);
  const selection = await skypilot.getByTestId('bibtex').evaluate((el: HTMLTextAreaElement) => ({
    focused: document.activeElement === el,
    selected: el.selectionEnd - el.selectionStart,
    length: el.value.length,
  }));
  expect(selection.focused).toBe(true);
  expect(selection.selected).toBe(selection.length);
});

test('export downloads the visible list as BibTeX and as CSV', async ({ page }) => {
  const list = new PublicationsPage(page);
  await new ProfilePage(page).open('michael-luo', '?ptype=conference');
  await expect(list.entries).toHaveCount(10);
  const [bibDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export BibTeX' }).click(),
  ]);
  expect(bibDownload.suggestedFilename()).toBe('michael-luo-publications.bib');
  const bib = await readFile(await bibDownload.path(), 'utf8');
  expect(bib.match(/^@\w+\{/gm)).toHaveLength(10);
  expect(bib).toContain('yang2023skypilot');
  expect(bib).not.toContain('@misc{');
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toBe('michael-luo-publications.csv');
  const csv = (await readFile(await csvDownload.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toMatch(/^key,title,authors,year,type/);
  expect(lines).toHaveLength(11);
  expect(csv).toContain('SkyPilot: An Intercloud Broker for Sky Computing');
});

test('the all-publications page lists each paper once with every directory author linked', async ({ page, baseURL }) => {
  const errors = watchErrors(page, { documentMay404: true });
  const list = new PublicationsPage(page);
  await list.open();
  await expect(page).toHaveTitle('Publications — Research Atlas');
  await expect(list.entries).toHaveCount(43);
  await expect(list.count).toHaveText('43 publications');
  const skypilot = list.entries.filter({ hasText: 'SkyPilot: An Intercloud Broker' });
  await expect(skypilot).toHaveCount(1);
  await expect(skypilot.getByRole('link', { name: 'Michael Luo' })).toHaveAttribute('href', new URL('researchers/michael-luo', baseURL).pathname);
  await expect(skypilot.getByRole('link', { name: 'Frank Sifei Luan' })).toBeVisible();
  // Counts per venue and per year.
  await expect(list.venueChips.getByRole('button', { name: 'NeurIPS 6' })).toBeVisible();
  await expect(list.yearChips.getByRole('button', { name: '2021 12' })).toBeVisible();
  await list.filter.fill('stoica');
  await expect(list.count).toHaveText(/ of 43 publications/);
  await page.getByRole('link', { name: 'Researchers' }).click();
  await expect(new DirectoryPage(page).cards).toHaveCount(5);
  expect(errors).toEqual([]);
});

test('from filtered results, a profile steps to the previous and next result and goes back to them', async ({ page }) => {
  const directory = new DirectoryPage(page);
  const profile = new ProfilePage(page);
  await page.goto('./?q=luo&sort=name');
  await expect(directory.cards).toHaveCount(3);
  const names = await directory.cards.locator('.card-name').allTextContents();
  await directory.cards.first().getByRole('link', { name: names[0], exact: true }).click();
  await expect(profile.heading).toContainText(names[0]);
  await expect(page).toHaveURL(/[?&]q=luo/);
  await expect(profile.results).toContainText('1 of 3');
  await expect(profile.results.locator('a[rel=prev]')).toHaveCount(0);
  await profile.results.locator('a[rel=next]').click();
  await expect(profile.heading).toContainText(names[1]);
  await expect(profile.results).toContainText('2 of 3');
  await expect(profile.results.locator('a[rel=prev]')).toContainText(names[0]);
  await profile.results.getByRole('link', { name: '← Back to results' }).click();
  await expect(directory.cards).toHaveCount(3);
  await expect(page.getByRole('searchbox').first()).toHaveValue('luo');
});

test('an unknown id suggests close names and links home', async ({ page }) => {
  const profile = new ProfilePage(page);
  await profile.open('michael-lou');
  await expect(page.getByTestId('no-such-researcher')).toContainText('No such researcher');
  await expect(page).toHaveTitle('No such researcher — Research Atlas');
  const suggestions = page.getByTestId('suggestions').getByRole('link');
  await expect(suggestions).toHaveText(['Michael Luo']);
  await suggestions.first().click();
  await expect(profile.heading).toContainText('Michael Luo');
});

test('a native-script name carries its language', async ({ page }) => {
  await new ProfilePage(page).open('frank-sifei-luan');
  await expect(page.locator('h1 .native-name')).toHaveAttribute('lang', 'zh');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`profile and publications pages have no serious accessibility violations (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const list = new PublicationsPage(page);
    for (const path of ['researchers/michael-luo', 'publications']) {
      await page.goto(path);
      await expect(list.entries.first()).toBeVisible();
      await list.chipsSummary.click();
      await list.entries.first().getByRole('button', { name: 'Cite' }).click();
      await expect(list.entries.first().getByTestId('bibtex')).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${path}: ${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    }
  });
}
