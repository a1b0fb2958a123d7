import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expectMissingFileNamed, watchErrors } from './pages';
import { DirectoryPage, OrganizationPage, OrganizationsPage, ProfilePage, PublicationsPage } from './page-objects';

/** The ranking by papers at OSDI and NSDI since 2020: the query string of `organizations`. */
const OSDI_NSDI = '?rvenue=nsdi,osdi&rfrom=2020';

test('the ranking is chosen on the page, kept in the URL, restored by reload and undone by Back', async ({ page }) => {
  const errors = watchErrors(page, { documentMay404: true });
  const organizations = new OrganizationsPage(page);
  await new DirectoryPage(page).open();
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Organizations' }).click();
  await expect(page).toHaveURL(/\/organizations$/);
  await expect(organizations.rows).toHaveCount(27);
  await expect(organizations.rows.first()).toContainText('University of California, Berkeley');
  await expect(organizations.rows.first()).toContainText('23 papers');
  await expect(organizations.explain).toContainText('Ranked by the number of papers at any venue in any year. 43 papers counted.');

  await organizations.venue('NSDI').check();
  await organizations.venue('OSDI').check();
  await organizations.from.fill('2020');
  await organizations.from.press('Enter');
  await expect(page).toHaveURL(/\/organizations\?rvenue=nsdi,osdi&rfrom=2020$/);
  await expect(organizations.explain).toContainText('Ranked by the number of papers at NSDI or OSDI since 2020. 6 papers counted.');
  await expect(organizations.rows.nth(0)).toContainText('University of Edinburgh');
  await expect(organizations.rows.nth(0)).toContainText('3 papers');
  await expect(organizations.rows.nth(1)).toContainText('University of California, Berkeley');
  await expect(organizations.rows.nth(1)).toContainText('2 papers');

  await organizations.credit.getByLabel('Fractional credit').check();
  await expect(page).toHaveURL(/&credit=fractional$/);
  await expect(organizations.explain).toContainText('each paper\'s one point is split evenly');
  await expect(organizations.row('University of California, Berkeley').getByTestId('org-score')).toHaveText(/^1\.00/);
  await expect(organizations.row('University of California, Berkeley')).toContainText('credit · 2 papers');

  await page.reload();
  await expect(organizations.row('University of California, Berkeley').getByTestId('org-score')).toHaveText(/^1\.00/);
  await expect(organizations.credit.getByLabel('Fractional credit')).toBeChecked();
  await expect(organizations.venue('NSDI')).toBeChecked();
  await expect(organizations.from).toHaveValue('2020');

  await page.goBack();
  await expect(page).toHaveURL(/\/organizations\?rvenue=nsdi,osdi&rfrom=2020$/);
  await expect(organizations.credit.getByLabel('Papers')).toBeChecked();
  await expect(organizations.row('University of California, Berkeley').getByTestId('org-score')).toHaveText(/^2 papers/);
  await page.goBack();
  await expect(page).toHaveURL(/\/organizations\?rvenue=nsdi,osdi$/);
  await expect(organizations.from).toHaveValue('');
  expect(errors).toEqual([]);
});

test('text, filters and order narrow the list, in the URL', async ({ page }) => {
  const organizations = new OrganizationsPage(page);
  await organizations.open();
  await expect(organizations.rows).toHaveCount(27);
  await page.getByTestId('org-facet-country').getByLabel(/^United Kingdom/).check();
  await expect(page).toHaveURL(/ocountry=GB/);
  await expect(organizations.rows).toHaveCount(2);
  await expect(page.getByTestId('org-count')).toHaveText('2 of 27 organizations');
  await organizations.searchBox.fill('edinb');
  await expect(organizations.rows).toHaveCount(1);
  await expect(page).toHaveURL(/oq=edinb/);
  await organizations.searchBox.fill('');
  await page.getByTestId('org-sort').selectOption('name');
  await expect(page).toHaveURL(/osort=name/);
  await expect(organizations.rows.nth(0)).toContainText('Imperial College London');
  await organizations.open('?okind=company&osector=industry');
  await expect(page.getByTestId('org-facet-kind').getByLabel(/^Company/)).toBeChecked();
  await expect(organizations.rows.first()).toContainText('Company · Industry');
  await organizations.open('?ocountry=ZZ');
  await expect(page.getByTestId('no-organizations')).toBeVisible();
  await page.getByRole('button', { name: 'Clear the filters' }).click();
  await expect(organizations.rows).toHaveCount(27);
});

test('each score links to the papers behind it', async ({ page }) => {
  const organizations = new OrganizationsPage(page);
  const publications = new PublicationsPage(page);
  await organizations.open(OSDI_NSDI);
  // The pre-rendered page shows the default ranking, with other links: wait for the app's.
  await expect(organizations.rows.first()).toBeVisible();
  await page.getByRole('link', { name: '2 papers by UC Berkeley' }).click();
  await expect(page).toHaveURL(/\/publications\?pfrom=2020&pvenue=nsdi,osdi&porg=uc-berkeley$/);
  await expect(publications.count).toHaveText('2 of 43 publications');
  await expect(publications.entries).toHaveCount(2);
  // The organization is a filter the list shows (open, since filters are active), and a click
  // removes it.
  const chip = page.getByRole('group', { name: 'Organization' }).getByRole('button', { name: /UC Berkeley/ });
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await chip.click();
  await expect(page).toHaveURL(/\/publications\?pfrom=2020&pvenue=nsdi,osdi$/);
  await expect(publications.count).toHaveText('6 of 43 publications');
});

test('an organization page lists its people and links to the directory filtered to it', async ({ page }) => {
  const errors = watchErrors(page, { documentMay404: true });
  const organizations = new OrganizationsPage(page);
  const organization = new OrganizationPage(page);
  const directory = new DirectoryPage(page);
  await organizations.open(OSDI_NSDI);
  // The pre-rendered page shows the default ranking, whose links carry no ranking: wait for the app's.
  await expect(organizations.rows.first()).toBeVisible();
  await page.getByRole('link', { name: 'University of California, Berkeley' }).click();
  await expect(page).toHaveURL(/\/organizations\/uc-berkeley\?rvenue=nsdi,osdi&rfrom=2020$/);
  await expect(organization.heading).toHaveText('University of California, Berkeley');
  await expect(organization.standing).toContainText('Rank 2 of 27 organizations listed.');
  await expect(organization.standing).toContainText('Ranked by the number of papers at NSDI or OSDI since 2020.');
  await expect(organization.peopleNow).toHaveCount(1);
  await expect(organization.peopleNow.first()).toContainText('Michael Luo');
  await expect(organization.peopleNow.first()).toContainText('PhD student');
  const before = page.getByTestId('org-people-before').getByTestId('org-person');
  await expect(before).toHaveCount(1);
  await expect(before.first()).toContainText('Frank Sifei Luan');
  await expect(before.first()).toContainText('2020–2024');
  await expect(page.getByTestId('year-chart')).toBeVisible();

  await page.getByTestId('org-directory-now').click();
  await expect(page).toHaveURL(/\/\?org=uc-berkeley$/);
  await expect(directory.cards).toHaveCount(1);
  await expect(directory.cards.first()).toContainText('Michael Luo');
  await page.goBack();
  await page.getByTestId('org-directory-any').click();
  await expect(page).toHaveURL(/\/\?org=uc-berkeley&scope=any$/);
  await expect(directory.cards).toHaveCount(2);
  await page.goBack();
  await page.getByRole('link', { name: '← All organizations' }).click();
  await expect(page).toHaveURL(/\/organizations\?rvenue=nsdi,osdi&rfrom=2020$/);
  await expect(organizations.rows.first()).toContainText('University of Edinburgh');
  expect(errors).toEqual([]);
});

test('who publishes most at OSDI and NSDI since 2020, and who there is taking PhD students', async ({ page }) => {
  const organizations = new OrganizationsPage(page);
  const organization = new OrganizationPage(page);
  const directory = new DirectoryPage(page);
  await organizations.open(OSDI_NSDI);
  const edinburgh = organizations.row('University of Edinburgh');
  await expect(edinburgh).toContainText('1 person taking PhD students');
  await expect(organizations.rows.first()).toContainText('University of Edinburgh');
  await edinburgh.getByRole('link', { name: 'University of Edinburgh' }).click();
  await expect(organization.peopleNow).toContainText('Luo Mai');
  await expect(organization.peopleNow).toContainText('Taking PhD students and postdocs');
  await page.getByTestId('org-directory-phd').click();
  await expect(page).toHaveURL(/\/\?org=edinburgh&open=phd$/);
  await expect(directory.cards).toHaveCount(1);
  await expect(directory.cards.first()).toContainText('Luo Mai');
});

test('a profile links its organization to the organization page', async ({ page }) => {
  const profile = new ProfilePage(page);
  await profile.open('michael-luo');
  await profile.record.locator('.profile-title').getByRole('link', { name: 'University of California, Berkeley' }).click();
  await expect(page).toHaveURL(/\/organizations\/uc-berkeley$/);
  await expect(new OrganizationPage(page).standing).toContainText('Rank 1 of 27 organizations listed.');
});

test('a card links its organization to the organization page', async ({ page }) => {
  const directory = new DirectoryPage(page);
  await directory.open();
  const card = directory.cards.filter({ hasText: 'Luo Mai' });
  await expect(card.locator('.card-role')).toHaveText('Assistant Professor, Edinburgh');
  await card.getByRole('link', { name: 'Edinburgh' }).click();
  await expect(page).toHaveURL(/\/organizations\/edinburgh$/);
  await expect(new OrganizationPage(page).heading).toHaveText('University of Edinburgh');
});

test('an unknown organization says so', async ({ page }) => {
  const organizations = new OrganizationsPage(page);
  await new OrganizationPage(page).open('nowhere');
  await expect(page.getByTestId('org-missing')).toContainText('nowhere');
  await page.getByRole('link', { name: 'All organizations' }).click();
  await expect(organizations.rows).toHaveCount(27);
});

for (const scheme of ['light', 'dark'] as const) {
  for (const [name, path, ready] of [
    ['the ranking', `organizations${OSDI_NSDI}&credit=fractional`, 'org-row'],
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
