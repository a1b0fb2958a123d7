import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expectMissingFileNamed, watchErrors } from './pages';

const rows = (page: Page) => page.getByTestId('org-row');
const row = (page: Page, name: string) =>
  rows(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
const venue = (page: Page, name: string) =>
  page.getByTestId('org-pick-rvenue').getByRole('checkbox', { name: new RegExp(`^${name}\\b`) });
const OSDI_NSDI = 'organizations?rvenue=nsdi,osdi&rfrom=2020';

test('the ranking is chosen on the page, kept in the URL, restored by reload and undone by Back', async ({ page }) => {
  const errors = watchErrors(page, { documentMay404: true });
  await page.goto('./');
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Organizations' }).click();
  await expect(page).toHaveURL(/\/organizations$/);
  await expect(rows(page)).toHaveCount(27);
  await expect(rows(page).first()).toContainText('University of California, Berkeley');
  await expect(rows(page).first()).toContainText('23 papers');
  await expect(page.getByTestId('org-explain')).toContainText('Ranked by the number of papers at any venue in any year. 43 papers counted.');

  await venue(page, 'NSDI').check();
  await venue(page, 'OSDI').check();
  await page.getByTestId('org-from').fill('2020');
  await page.getByTestId('org-from').press('Enter');
  await expect(page).toHaveURL(/\/organizations\?rvenue=nsdi,osdi&rfrom=2020$/);
  await expect(page.getByTestId('org-explain')).toContainText('Ranked by the number of papers at NSDI or OSDI since 2020. 6 papers counted.');
  await expect(rows(page).nth(0)).toContainText('University of Edinburgh');
  await expect(rows(page).nth(0)).toContainText('3 papers');
  await expect(rows(page).nth(1)).toContainText('University of California, Berkeley');
  await expect(rows(page).nth(1)).toContainText('2 papers');

  await page.getByTestId('org-credit').getByLabel('Fractional credit').check();
  await expect(page).toHaveURL(/&credit=fractional$/);
  await expect(page.getByTestId('org-explain')).toContainText('each paper\'s one point is split evenly');
  await expect(row(page, 'University of California, Berkeley').getByTestId('org-score')).toHaveText(/^1\.00/);
  await expect(row(page, 'University of California, Berkeley')).toContainText('credit · 2 papers');

  await page.reload();
  await expect(row(page, 'University of California, Berkeley').getByTestId('org-score')).toHaveText(/^1\.00/);
  await expect(page.getByTestId('org-credit').getByLabel('Fractional credit')).toBeChecked();
  await expect(venue(page, 'NSDI')).toBeChecked();
  await expect(page.getByTestId('org-from')).toHaveValue('2020');

  await page.goBack();
  await expect(page).toHaveURL(/\/organizations\?rvenue=nsdi,osdi&rfrom=2020$/);
  await expect(page.getByTestId('org-credit').getByLabel('Papers')).toBeChecked();
  await expect(row(page, 'University of California, Berkeley').getByTestId('org-score')).toHaveText(/^2 papers/);
  await page.goBack();
  await expect(page).toHaveURL(/\/organizations\?rvenue=nsdi,osdi$/);
  await expect(page.getByTestId('org-from')).toHaveValue('');
  expect(errors).toEqual([]);
});

test('text, filters and order narrow the list, in the URL', async ({ page }) => {
  await page.goto('organizations');
  await expect(rows(page)).toHaveCount(27);
  await page.getByTestId('org-facet-country').getByLabel(/^United Kingdom/).check();
  await expect(page).toHaveURL(/ocountry=GB/);
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByTestId('org-count')).toHaveText('2 of 27 organizations');
  await page.getByLabel('Search organizations').fill('edinb');
  await expect(rows(page)).toHaveCount(1);
  await expect(page).toHaveURL(/oq=edinb/);
  await page.getByLabel('Search organizations').fill('');
  await page.getByTestId('org-sort').selectOption('name');
  await expect(page).toHaveURL(/osort=name/);
  await expect(rows(page).nth(0)).toContainText('Imperial College London');
  await page.goto('organizations?okind=company&osector=industry');
  await expect(page.getByTestId('org-facet-kind').getByLabel(/^Company/)).toBeChecked();
  await expect(rows(page).first()).toContainText('Company · Industry');
  await page.goto('organizations?ocountry=ZZ');
  await expect(page.getByTestId('no-organizations')).toBeVisible();
  await page.getByRole('button', { name: 'Clear the filters' }).click();
  await expect(rows(page)).toHaveCount(27);
});

test('each score links to the papers behind it', async ({ page }) => {
  await page.goto(OSDI_NSDI);
  // The pre-rendered page shows the default ranking, with other links: wait for the app's.
  await expect(rows(page).first()).toBeVisible();
  await page.getByRole('link', { name: '2 papers by UC Berkeley' }).click();
  await expect(page).toHaveURL(/\/publications\?pfrom=2020&pvenue=nsdi,osdi&porg=uc-berkeley$/);
  await expect(page.getByTestId('publication-count')).toHaveText('2 of 43 publications');
  await expect(page.getByTestId('publication')).toHaveCount(2);
  // The organization is a filter the list shows (open, since filters are active), and a click
  // removes it.
  const chip = page.getByRole('group', { name: 'Organization' }).getByRole('button', { name: /UC Berkeley/ });
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await chip.click();
  await expect(page).toHaveURL(/\/publications\?pfrom=2020&pvenue=nsdi,osdi$/);
  await expect(page.getByTestId('publication-count')).toHaveText('6 of 43 publications');
});

test('an organization page lists its people and links to the directory filtered to it', async ({ page }) => {
  const errors = watchErrors(page, { documentMay404: true });
  await page.goto(OSDI_NSDI);
  // The pre-rendered page shows the default ranking, whose links carry no ranking: wait for the app's.
  await expect(rows(page).first()).toBeVisible();
  await page.getByRole('link', { name: 'University of California, Berkeley' }).click();
  await expect(page).toHaveURL(/\/organizations\/uc-berkeley\?rvenue=nsdi,osdi&rfrom=2020$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('University of California, Berkeley');
  await expect(page.getByTestId('org-standing')).toContainText('Rank 2 of 27 organizations listed.');
  await expect(page.getByTestId('org-standing')).toContainText('Ranked by the number of papers at NSDI or OSDI since 2020.');
  const now = page.getByTestId('org-people-now').getByTestId('org-person');
  await expect(now).toHaveCount(1);
  await expect(now.first()).toContainText('Michael Luo');
  await expect(now.first()).toContainText('PhD student');
  const before = page.getByTestId('org-people-before').getByTestId('org-person');
  await expect(before).toHaveCount(1);
  await expect(before.first()).toContainText('Frank Sifei Luan');
  await expect(before.first()).toContainText('2020–2024');
  await expect(page.getByTestId('year-chart')).toBeVisible();

  await page.getByTestId('org-directory-now').click();
  await expect(page).toHaveURL(/\/\?org=uc-berkeley$/);
  await expect(page.getByTestId('researcher-card')).toHaveCount(1);
  await expect(page.getByTestId('researcher-card').first()).toContainText('Michael Luo');
  await page.goBack();
  await page.getByTestId('org-directory-any').click();
  await expect(page).toHaveURL(/\/\?org=uc-berkeley&scope=any$/);
  await expect(page.getByTestId('researcher-card')).toHaveCount(2);
  await page.goBack();
  await page.getByRole('link', { name: '← All organizations' }).click();
  await expect(page).toHaveURL(/\/organizations\?rvenue=nsdi,osdi&rfrom=2020$/);
  await expect(rows(page).first()).toContainText('University of Edinburgh');
  expect(errors).toEqual([]);
});

test('who publishes most at OSDI and NSDI since 2020, and who there is taking PhD students', async ({ page }) => {
  await page.goto(OSDI_NSDI);
  const edinburgh = row(page, 'University of Edinburgh');
  await expect(edinburgh).toContainText('1 person taking PhD students');
  await expect(rows(page).first()).toContainText('University of Edinburgh');
  await edinburgh.getByRole('link', { name: 'University of Edinburgh' }).click();
  const mai = page.getByTestId('org-people-now').getByTestId('org-person');
  await expect(mai).toContainText('Luo Mai');
  await expect(mai).toContainText('Taking PhD students and postdocs');
  await page.getByTestId('org-directory-phd').click();
  await expect(page).toHaveURL(/\/\?org=edinburgh&open=phd$/);
  await expect(page.getByTestId('researcher-card')).toHaveCount(1);
  await expect(page.getByTestId('researcher-card').first()).toContainText('Luo Mai');
});

test('a profile links its organization to the organization page', async ({ page }) => {
  await page.goto('researchers/michael-luo');
  await page.getByTestId('profile').locator('.profile-title').getByRole('link', { name: 'University of California, Berkeley' }).click();
  await expect(page).toHaveURL(/\/organizations\/uc-berkeley$/);
  await expect(page.getByTestId('org-standing')).toContainText('Rank 1 of 27 organizations listed.');
});

test('a card links its organization to the organization page', async ({ page }) => {
  await page.goto('./');
  const card = page.getByTestId('researcher-card').filter({ hasText: 'Luo Mai' });
  await expect(card.locator('.card-role')).toHaveText('Assistant Professor, Edinburgh');
  await card.getByRole('link', { name: 'Edinburgh' }).click();
  await expect(page).toHaveURL(/\/organizations\/edinburgh$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('University of Edinburgh');
});

test('an unknown organization says so', async ({ page }) => {
  await page.goto('organizations/nowhere');
  await expect(page.getByTestId('org-missing')).toContainText('nowhere');
  await page.getByRole('link', { name: 'All organizations' }).click();
  await expect(rows(page)).toHaveCount(27);
});

for (const scheme of ['light', 'dark'] as const) {
  for (const [name, path, ready] of [
    ['the ranking', `${OSDI_NSDI}&credit=fractional`, 'org-row'],
    ['an organization', 'organizations/uc-berkeley?rvenue=nsdi,osdi', 'org-page'],
  ] as const) {
    test(`axe finds no violations on ${name} (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      await expect(page.getByTestId(ready).first()).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    });
  }
}

test('a site without the organizations file names it and never fetches the authoring file', async ({ page }) => {
  await expectMissingFileNamed(page, 'organizations', 'data/organizations.bin');
});
