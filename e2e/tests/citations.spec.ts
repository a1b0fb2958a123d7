import { test, expect } from '@playwright/test';
import { watchErrors } from './pages';
import { ProfilePage, PublicationsPage } from './page-objects';

// The bundled data has no citation counts and no abstracts, and none is invented: a profile shows
// no count, no h-index and no abstract; "Most cited" keeps the list's order. (With counts:
// scale-citations.spec.ts.)

test('a profile of the bundled data shows no citation line, no h-index and no abstract', async ({ page }) => {
  const errors = watchErrors(page);
  const profile = new ProfilePage(page);
  const list = new PublicationsPage(page);
  await profile.open('michael-luo');
  await expect(list.entries.first()).toBeVisible();
  await expect(profile.record.locator('#output')).toBeVisible();
  await expect(list.citations).toHaveCount(0);
  await expect(profile.record.getByTestId('h-index')).toHaveCount(0);
  await expect(profile.record.getByTestId('abstract')).toHaveCount(0);
  await expect(profile.record).not.toContainText(/citation/i);

  // "Most cited" is offered, and says that no paper has a count.
  const newest = await list.entries.locator('.pub-title').allTextContents();
  await list.order.selectOption('cited');
  await expect(page).toHaveURL(/[?&]order=cited(&|$)/);
  await expect(list.groupTitles).toHaveText([`Without a citation count (${newest.length})`]);
  expect(await list.entries.locator('.pub-title').allTextContents()).toEqual(newest);
  expect(errors).toEqual([]);
});
