import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { watchErrors } from './pages';

const entries = (page: Page) => page.getByTestId('publication');
const count = (page: Page) => page.getByTestId('publication-count');
const groupTitles = (page: Page) => page.locator('.pub-group-title');

test('a profile list filters by text, keeps the filter in the URL, and Back undoes it', async ({ page }) => {
  const errors = watchErrors(page, { documentMay404: true });
  await page.goto('researchers/michael-luo');
  await expect(entries(page)).toHaveCount(16);
  await expect(count(page)).toHaveText('16 publications');
  await page.getByLabel('Filter publications').fill('sky');
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText('SkyPilot');
  await expect(count(page)).toHaveText('1 of 16 publications');
  await expect(page).toHaveURL(/[?&]pq=sky(&|$)/);
  await page.reload();
  await expect(entries(page)).toHaveCount(1);
  await expect(page.getByLabel('Filter publications')).toHaveValue('sky');
  await page.goBack();
  await expect(entries(page)).toHaveCount(16);
  await expect(page.getByLabel('Filter publications')).toHaveValue('');
  expect(errors).toEqual([]);
});

test('grouping by venue or type and ordering oldest first, with counts per group', async ({ page }) => {
  await page.goto('researchers/michael-luo');
  await expect(groupTitles(page).first()).toHaveText('2025 (3)');
  await page.getByLabel('Group by').selectOption('venue');
  await expect(page).toHaveURL(/group=venue/);
  await expect(groupTitles(page).first()).toHaveText('NeurIPS (4)');
  await page.getByLabel('Group by').selectOption('type');
  await expect(groupTitles(page)).toHaveText(['Conference (10)', 'Journal (1)', 'Preprint (3)', 'Blog (2)']);
  await page.getByLabel('Group by').selectOption('year');
  await page.getByLabel('Order').selectOption('oldest');
  await expect(page).toHaveURL(/order=oldest/);
  await expect(groupTitles(page).first()).toHaveText('2020 (2)');
  await expect(groupTitles(page).last()).toHaveText('2025 (3)');
});

test('type, venue, year and honour chips filter the list and show what each would leave', async ({ page }) => {
  await page.goto('researchers/michael-luo');
  await page.getByText('Filter by type, venue, year, honours').click();
  const types = page.getByRole('group', { name: 'Type' });
  await expect(types.getByRole('button', { name: 'Journal 1' })).toBeVisible();
  await types.getByRole('button', { name: 'Conference 10' }).click();
  await expect(page).toHaveURL(/ptype=conference/);
  await expect(entries(page)).toHaveCount(10);
  await expect(types.getByRole('button', { name: /Conference/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('group', { name: 'Venue' }).getByRole('button', { name: /^NeurIPS/ }).click();
  await expect(entries(page)).toHaveCount(4);
  await page.getByRole('group', { name: 'Year', exact: true }).getByRole('button', { name: /^2021/ }).click();
  await expect(page).toHaveURL(/pfrom=2021&pto=2021/);
  for (const e of await entries(page).all()) await expect(e).toContainText('2021');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(entries(page)).toHaveCount(16);
  await page.getByRole('group', { name: 'Honours' }).getByRole('button', { name: 'Has an honour 2' }).click();
  await expect(entries(page)).toHaveCount(2);
  for (const e of await entries(page).all()) await expect(e.locator('.badge')).toHaveCount(1);
  await page.getByLabel('From').selectOption('2025');
  await expect(page.getByTestId('no-publications')).toContainText('No publications match');
  await page.getByTestId('no-publications').getByRole('button', { name: 'Show all' }).click();
  await expect(entries(page)).toHaveCount(16);
});

test('Cite shows readable BibTeX and Copy puts it on the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('researchers/michael-luo');
  const skypilot = entries(page).filter({ hasText: 'SkyPilot' });
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
  await page.goto('researchers/michael-luo');
  const skypilot = entries(page).filter({ hasText: 'SkyPilot' });
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
  await page.goto('researchers/michael-luo?ptype=conference');
  await expect(entries(page)).toHaveCount(10);
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
  await page.goto('publications');
  await expect(page).toHaveTitle('Publications — Research Atlas');
  await expect(entries(page)).toHaveCount(43);
  await expect(count(page)).toHaveText('43 publications');
  const skypilot = entries(page).filter({ hasText: 'SkyPilot: An Intercloud Broker' });
  await expect(skypilot).toHaveCount(1);
  await expect(skypilot.getByRole('link', { name: 'Michael Luo' })).toHaveAttribute('href', new URL('researchers/michael-luo', baseURL).pathname);
  await expect(skypilot.getByRole('link', { name: 'Frank Sifei Luan' })).toBeVisible();
  // Counts per venue and per year.
  await expect(page.getByRole('group', { name: 'Venue' }).getByRole('button', { name: 'NeurIPS 6' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Year', exact: true }).getByRole('button', { name: '2021 12' })).toBeVisible();
  await page.getByLabel('Filter publications').fill('stoica');
  await expect(count(page)).toHaveText(/ of 43 publications/);
  await page.getByRole('link', { name: 'Researchers' }).click();
  await expect(page.getByTestId('researcher-card')).toHaveCount(5);
  expect(errors).toEqual([]);
});

test('from filtered results, a profile steps to the previous and next result and goes back to them', async ({ page }) => {
  await page.goto('./?q=luo&sort=name');
  const cards = page.getByTestId('researcher-card');
  await expect(cards).toHaveCount(3);
  const names = await cards.locator('.card-name').allTextContents();
  await cards.first().getByRole('link', { name: names[0], exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(names[0]);
  await expect(page).toHaveURL(/[?&]q=luo/);
  const nav = page.getByRole('navigation', { name: 'Results' });
  await expect(nav).toContainText('1 of 3');
  await expect(nav.locator('a[rel=prev]')).toHaveCount(0);
  await nav.locator('a[rel=next]').click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(names[1]);
  await expect(nav).toContainText('2 of 3');
  await expect(nav.locator('a[rel=prev]')).toContainText(names[0]);
  await nav.getByRole('link', { name: '← Back to results' }).click();
  await expect(cards).toHaveCount(3);
  await expect(page.getByRole('searchbox').first()).toHaveValue('luo');
});

test('an unknown id suggests close names and links home', async ({ page }) => {
  await page.goto('researchers/michael-lou');
  await expect(page.getByTestId('no-such-researcher')).toContainText('No such researcher');
  await expect(page).toHaveTitle('No such researcher — Research Atlas');
  const suggestions = page.getByTestId('suggestions').getByRole('link');
  await expect(suggestions).toHaveText(['Michael Luo']);
  await suggestions.first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Michael Luo');
});

test('a native-script name carries its language', async ({ page }) => {
  await page.goto('researchers/frank-sifei-luan');
  await expect(page.locator('h1 .native-name')).toHaveAttribute('lang', 'zh');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`profile and publications pages have no serious accessibility violations (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of ['researchers/michael-luo', 'publications']) {
      await page.goto(path);
      await expect(entries(page).first()).toBeVisible();
      await page.getByText('Filter by type, venue, year, honours').click();
      await entries(page).first().getByRole('button', { name: 'Cite' }).click();
      await expect(entries(page).first().getByTestId('bibtex')).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${path}: ${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    }
  });
}
