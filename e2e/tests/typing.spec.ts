import { test, expect, type Page } from '@playwright/test';
import { DirectoryPage, watchErrors } from './pages';
import { PublicationsPage } from './page-objects';

// Browsers limit history writes (WebKit throws after 100 in 10 s); the app paces its URL writes
// so that no typing speed comes near. These tests count the writes and break them on purpose.

/** Wraps history.pushState/replaceState to record the time of each call in `__historyCalls`. */
async function countHistoryCalls(page: Page) {
  await page.addInitScript(() => {
    const w = window as any;
    w.__historyCalls = [];
    for (const name of ['pushState', 'replaceState'] as const) {
      const original = history[name].bind(history);
      history[name] = (...args: Parameters<History['pushState']>) => {
        w.__historyCalls.push(performance.now());
        return original(...args);
      };
    }
  });
}

/** The most history calls made within any 10 seconds. */
async function mostCallsIn10s(page: Page): Promise<number> {
  const calls: number[] = await page.evaluate(() => (window as any).__historyCalls);
  let most = 0;
  for (let i = 0; i < calls.length; i++) {
    let j = i;
    while (j < calls.length && calls[j] < calls[i] + 10_000) j++;
    most = Math.max(most, j - i);
  }
  return most;
}

const LONG_TEXT = 'distributed systems for machine learning and serving at scale '.repeat(5).slice(0, 300);

test('300 characters typed with no delay make few history writes, and the next search works', async ({ page }) => {
  const errors = watchErrors(page);
  await countHistoryCalls(page);
  const d = new DirectoryPage(page);
  await d.open();
  await d.expectCards(5);
  const box = page.getByRole('searchbox', { name: 'Search researchers' });
  await box.focus();
  await page.keyboard.type(LONG_TEXT);
  await expect(box).toHaveValue(LONG_TEXT);
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await box.fill('');
  await d.expectCards(5);
  await box.pressSequentially('skypil');
  await d.expectCards(2);
  await expect(d.card('Michael Luo')).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=skypil(&|$)/);
  expect(await mostCallsIn10s(page)).toBeLessThan(50);
  expect(errors).toEqual([]);
});

test('a history write that throws does not break typing; the URL catches up later', async ({ page }) => {
  const errors = watchErrors(page);
  await page.addInitScript(() => {
    const w = window as any;
    w.__refuse = true;
    for (const name of ['pushState', 'replaceState'] as const) {
      const original = history[name].bind(history);
      history[name] = (...args: Parameters<History['pushState']>) => {
        if (w.__refuse) throw new DOMException('Attempt to use history too often', 'SecurityError');
        return original(...args);
      };
    }
  });
  const d = new DirectoryPage(page);
  await d.open();
  await d.expectCards(5);
  const box = page.getByRole('searchbox', { name: 'Search researchers' });
  await box.pressSequentially('luo');
  await d.expectCards(3);
  await box.fill('skypil');
  await d.expectCards(2);
  await expect(page).not.toHaveURL(/q=/);
  await page.evaluate(() => ((window as any).__refuse = false));
  await expect(page).toHaveURL(/[?&]q=skypil(&|$)/);
  expect(errors).toEqual([]);
});

test('once typing stops the URL holds the query, reload restores it, and Back returns to before the burst', async ({ page }) => {
  const d = new DirectoryPage(page);
  await d.open();
  await d.expectCards(5);
  const box = page.getByRole('searchbox', { name: 'Search researchers' });
  await box.focus();
  await page.keyboard.type('skypil');
  await d.expectCards(2);
  await expect(page).toHaveURL(/[?&]q=skypil(&|$)/);
  await page.reload();
  await d.expectCards(2);
  await expect(box).toHaveValue('skypil');
  await page.goBack();
  await d.expectCards(5);
  await expect(box).toHaveValue('');
  await page.goForward();
  await d.expectCards(2);
  await expect(box).toHaveValue('skypil');
});

test('the publication filter types as fast as the directory search, with the same bound', async ({ page }) => {
  const errors = watchErrors(page, { documentMay404: true });
  await countHistoryCalls(page);
  const publications = new PublicationsPage(page);
  await publications.open();
  const filter = page.getByRole('searchbox', { name: 'Filter publications' });
  await expect(publications.count).toBeVisible();
  await filter.focus();
  await page.keyboard.type(LONG_TEXT);
  await expect(publications.noPublications).toBeVisible();
  await filter.fill('');
  await filter.pressSequentially('skypilot');
  await expect(publications.count).toContainText(' of ');
  await expect(page).toHaveURL(/[?&]pq=skypilot(&|$)/);
  expect(await mostCallsIn10s(page)).toBeLessThan(50);
  expect(errors).toEqual([]);
});
