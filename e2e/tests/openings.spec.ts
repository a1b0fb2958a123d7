import { test, expect, type Page } from '@playwright/test';
import { DirectoryPage, watchErrors } from './pages';

/** One value of the "Taking students" facet, by its label. */
function openingOption(page: Page, label: string) {
  return page.getByTestId('facet-open').locator('li').filter({ hasText: label });
}

test('"Taking students: PhD students" finds Luo Mai, survives a reload, and his card and profile say so', async ({ page }) => {
  const errors = watchErrors(page);
  const d = new DirectoryPage(page);
  await d.open();
  await d.expectCards(5);
  // Only the one researcher who states openings carries a badge.
  await expect(page.getByTestId('opening-badge')).toHaveCount(1);
  await expect(page.getByTestId('facet-open').locator('legend')).toHaveText('Taking students');
  await expect(openingOption(page, 'PhD students').locator('.facet-count')).toHaveText('1');

  await openingOption(page, 'PhD students').getByRole('checkbox').check();
  await d.expectCards(1);
  await expect(d.card('Luo Mai')).toBeVisible();
  await expect(page).toHaveURL(/[?&]open=phd(&|$)/);
  const chips = page.getByTestId('active-filters');
  await expect(chips).toContainText('Taking students: PhD students');

  await page.reload();
  await d.expectCards(1);
  await expect(openingOption(page, 'PhD students').getByRole('checkbox')).toBeChecked();
  const card = d.card('Luo Mai');
  await expect(card.getByTestId('opening-badge')).toHaveText('Taking PhD students and postdocs');

  await card.getByRole('link', { name: 'Luo Mai', exact: true }).click();
  const openings = page.getByTestId('profile').getByTestId('openings');
  await expect(openings.getByTestId('opening-badge')).toHaveText('Taking PhD students and postdocs');
  await expect(openings).toContainText('email a CV along with a brief description of the proposed research');
  await expect(openings).toContainText('Source: seeds/003_44a56d475ea15521.txt');
  await expect(openings.getByTestId('opening-stated')).toHaveText('date not stated');

  // Back in the directory, the chip removes the filter.
  await page.goBack();
  await d.expectCards(1);
  await chips.getByRole('button', { name: 'Remove filter Taking students: PhD students' }).click();
  await d.expectCards(5);
  await expect(page).not.toHaveURL(/open=/);
  expect(errors).toEqual([]);
});
