import { test, expect } from '@playwright/test';
import { watchErrors } from './pages';
import { ProfilePage, PublicationsPage } from './page-objects';

// Run against dist-scale/, whose generated papers have citation counts (about 70%, counted by
// OpenAlex on 2026-11-01) and abstracts (about 40%). The bundled build, which has neither, is
// citations.spec.ts.

/** A pre-rendered researcher of the generated set (seed 1): 36 papers, 25 of them counted. */
const ID = 'arjun-s-hossain';
const SAID = /^[\d,]+ citations?, counted by OpenAlex on 2026-11-01$/;

/** The h-index of `counts`: the largest h with h counts of at least h. */
const hIndex = (counts: number[]) =>
  [...counts].sort((a, b) => b - a).filter((c, i) => c > i).length;

test('a profile shows each count with who counted and when, and the h-index with its definition', async ({ page }) => {
  const errors = watchErrors(page);
  const profile = new ProfilePage(page);
  const list = new PublicationsPage(page);
  await profile.open(ID);
  await expect(list.entries).toHaveCount(36);
  await expect(list.citations).toHaveCount(25);
  const first = list.citations.first();
  await expect(first).toHaveAttribute('title', SAID);
  await expect(first.locator('.visually-hidden')).toHaveText(SAID);
  await expect(first).toBeVisible();
  await expect(first).toContainText(/^[\d,]+ citations? · OpenAlex, 2026-11-01/);

  const counts = (await list.counts()).filter((c): c is number => c !== null);
  expect(counts).toHaveLength(25);
  const h = hIndex(counts);
  await expect(profile.record.getByTestId('h-index')).toHaveText(
    `h-index ${h} — ${h} of their listed papers have at least ${h} citations each ` +
      '(OpenAlex counts of 25 of 36 papers, as of 2026-11-01).',
  );
  expect(errors).toEqual([]);
});

test('an abstract opens from its disclosure on a profile, and /publications shows none', async ({ page }) => {
  const profile = new ProfilePage(page);
  await profile.open(ID);
  const abstracts = profile.record.getByTestId('abstract');
  await expect(abstracts).toHaveCount(14);
  const first = abstracts.first();
  const text = first.locator('p');
  await expect(text).toBeHidden();
  await first.getByText('Abstract', { exact: true }).click();
  await expect(first).toHaveAttribute('open', '');
  await expect(text).toBeVisible();
  await expect(text).toHaveText(/^We present .+\.$/);

  // The list of every publication carries counts but no abstracts (its chunks leave them out).
  const publications = new PublicationsPage(page);
  await publications.open();
  await expect(publications.entries).toHaveCount(100);
  await expect(publications.citations.first()).toHaveAttribute('title', SAID);
  await expect(page.getByTestId('abstract')).toHaveCount(0);
});

test('"Most cited" on a profile sorts by count, the uncounted last, in the URL and through Back', async ({ page }) => {
  const profile = new ProfilePage(page);
  const list = new PublicationsPage(page);
  await profile.open(ID);
  await expect(list.entries).toHaveCount(36);
  const newest = await list.counts();
  await list.order.selectOption('cited');
  await expect(page).toHaveURL(/[?&]order=cited(&|$)/);
  await expect(list.groupTitles).toHaveText(['With a citation count (25)', 'Without a citation count (11)']);
  const cited = await list.counts();
  const counted = cited.slice(0, 25) as number[];
  expect(counted.every((c) => c !== null)).toBe(true);
  expect(counted).toEqual([...counted].sort((a, b) => b - a));
  expect(cited.slice(25)).toEqual(Array(11).fill(null));

  await page.goBack();
  await expect(page).not.toHaveURL(/order=/);
  await expect(list.order).toHaveValue('newest');
  await expect(list.groupTitles.first()).toHaveText(/^20\d\d \(\d+\)$/);
  expect(await list.counts()).toEqual(newest);
  await page.goForward();
  await expect(list.order).toHaveValue('cited');
  expect(await list.counts()).toEqual(cited);
});

test('"Most cited" on /publications sorts the compiled list by count', async ({ page }) => {
  const errors = watchErrors(page, { documentMay404: true });
  const publications = new PublicationsPage(page);
  await publications.open();
  await expect(publications.entries).toHaveCount(100);
  await publications.order.selectOption('cited');
  await expect(page).toHaveURL(/[?&]order=cited(&|$)/);
  await expect(publications.groupTitles.first()).toHaveText(/^With a citation count \([\d,]+\)$/);
  await expect(page.locator('.pub-files')).toHaveAttribute('aria-busy', 'false');
  const counts = (await publications.counts()) as number[];
  expect(counts).toHaveLength(100);
  expect(counts.every((c) => c !== null)).toBe(true);
  expect(counts).toEqual([...counts].sort((a, b) => b - a));
  expect(counts[0]).toBeGreaterThan(1000);

  await page.goBack();
  await expect(page).not.toHaveURL(/order=/);
  await expect(publications.groupTitles.first()).toHaveText(/^20\d\d \([\d,]+\)$/);
  expect(errors).toEqual([]);
});
