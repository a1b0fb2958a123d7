import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { compiledGlob, expectMissingFileNamed, watchErrors } from './pages';
import { ExpertsPage, ProfilePage, PublicationsPage } from './page-objects';

// Issue 39: experts for a paper. The ServerlessLLM paper's title and a sentence about its subject
// find its author, Luo Mai, first; naming him as an author marks him as conflicted.
const TITLE = 'ServerlessLLM: Locality-Enhanced Serverless Inference for Large Language Models';
const QUERY = `${TITLE}. We load checkpoints of large language models quickly so that serverless inference of LLMs starts with low latency on GPU servers.`;
const OTHER = 'An intercloud broker that runs machine learning jobs across cloud providers at the lowest cost.';

test('a paper finds its author first, with no conflict until he is named as an author', async ({ page }) => {
  const errors = watchErrors(page, { documentMay404: true });
  const experts = new ExpertsPage(page);
  await experts.open();
  await expect(page.getByRole('heading', { level: 1, name: 'Find experts' })).toBeVisible();
  await expect(page.getByTestId('experts-how')).toContainText('tf-idf cosine');
  await expect(experts.experts).toHaveCount(0);

  await experts.ask(QUERY);
  await expect(page).toHaveURL(/\/experts\?q=ServerlessLLM/);
  await expect(experts.expertNames.first()).toHaveText('Luo Mai');
  await expect(experts.count).toHaveText(/^\d+ researchers? match(es)?\.$/);
  await expect(experts.expert('Luo Mai').getByTestId('expert-level')).toHaveText('strong match, 100% of the best match');
  await expect(experts.expert('Luo Mai').locator('mark').first()).toBeVisible();
  await expect(experts.conflicts).toHaveCount(0);

  await experts.addAuthor('Luo Mai');
  await expect(page).toHaveURL(/authors=luo-mai/);
  const luo = experts.expert('Luo Mai');
  await expect(luo.getByTestId('conflict')).toHaveText('Conflict: an author of this paper');
  await expect(page.getByTestId('experts-author-chip')).toHaveText(/Luo Mai/);
  // The field keeps the focus after a pick, ready for the next author.
  await expect(experts.author).toBeFocused();

  await experts.hide.check();
  await expect(page).toHaveURL(/hide=1/);
  await expect(experts.expert('Luo Mai')).toHaveCount(0);
  await expect(experts.count).toContainText('1 with a conflict hidden');
  expect(errors).toEqual([]);
});

test('the question is in the URL: a reload restores it and Back returns to the previous one', async ({ page }) => {
  const experts = new ExpertsPage(page);
  await experts.open();
  await experts.ask(OTHER);
  await expect(experts.experts.first()).toBeVisible();
  const first = await experts.expertNames.first().textContent();
  expect(first).not.toBe('Luo Mai');

  await experts.ask(QUERY);
  await expect(experts.expertNames.first()).toHaveText('Luo Mai');
  await page.reload();
  await expect(experts.text).toHaveValue(QUERY);
  await expect(experts.expertNames.first()).toHaveText('Luo Mai');

  await page.goBack();
  await expect(experts.text).toHaveValue(OTHER);
  await expect(experts.expertNames.first()).toHaveText(first!);
});

test('typing changes nothing until the form is submitted', async ({ page }) => {
  const experts = new ExpertsPage(page);
  await experts.open(`?q=${encodeURIComponent(OTHER)}`);
  await expect(experts.experts.first()).toBeVisible();
  const url = page.url();
  await experts.text.fill(QUERY);
  await expect(experts.expertNames.first()).not.toHaveText('Luo Mai');
  expect(page.url()).toBe(url);
  await experts.text.press('Control+Enter');
  await expect(experts.expertNames.first()).toHaveText('Luo Mai');
});

test('the CSV export lists the experts shown, the first expert first', async ({ page }) => {
  const experts = new ExpertsPage(page);
  await experts.open(`?q=${encodeURIComponent(QUERY)}`);
  await expect(experts.expertNames.first()).toHaveText('Luo Mai');
  const download = page.waitForEvent('download');
  await experts.exportCsv.click();
  const text = await readFile(await (await download).path(), 'utf8');
  const lines = text.trim().split('\r\n');
  expect(lines[0]).toMatch(/^rank,id,name,score,match,/);
  expect(lines[1]).toMatch(/^1,luo-mai,Luo Mai,[\d.]+,strong match,/);
  expect(lines).toHaveLength(1 + (await experts.experts.count()));
});

test('a profile’s publication opens the experts page with its title', async ({ page }) => {
  const profile = new ProfilePage(page);
  await profile.open('luo-mai');
  const paper = new PublicationsPage(page).entries.filter({ hasText: TITLE });
  await paper.getByRole('link', { name: 'Find experts for this paper' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Find experts' })).toBeVisible();
  const experts = new ExpertsPage(page);
  await expect(experts.text).toHaveValue(new RegExp(`^${TITLE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  // Its author is named, so he is marked, not missed.
  await expect(page.getByTestId('experts-author-chip')).toHaveText(/Luo Mai/);
  await expect(experts.expert('Luo Mai').getByTestId('conflict')).toHaveText('Conflict: an author of this paper');
});

test('nobody matching says so', async ({ page }) => {
  const experts = new ExpertsPage(page);
  await experts.open('?q=quantum%20chromodynamics%20lattice%20gluons');
  await expect(experts.empty).toContainText('No experts found');
  await expect(experts.count).toHaveText('No researcher matches.');
});

test('a site without the experts index names it, with Retry', async ({ page }) => {
  await expectMissingFileNamed(page, 'experts?q=serverless', 'data/experts/index.bin');
});

test('a part of a question that fails names its file, and Retry asks again', async ({ page }) => {
  let fail = true;
  await page.route(compiledGlob('data/experts/people.bin'), (route) =>
    fail ? route.fulfill({ status: 503, body: 'Unavailable' }) : route.fallback(),
  );
  const experts = new ExpertsPage(page);
  await experts.open(`?q=${encodeURIComponent(QUERY)}`);
  await expect(page.getByText(/data\/experts\/people\.bin failed: HTTP 503/)).toBeVisible();
  await expect(experts.count).toHaveText('');
  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(experts.expert('Luo Mai')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no violations on experts with a conflict (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const experts = new ExpertsPage(page);
    await experts.open(`?q=${encodeURIComponent(QUERY)}&authors=luo-mai&names=Ion%20Stoica`);
    await expect(experts.expert('Luo Mai').getByTestId('conflict')).toHaveCount(1);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  });
}
