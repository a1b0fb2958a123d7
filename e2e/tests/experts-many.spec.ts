import { test, expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledGlob, watchErrors, XTASK } from './pages';

// Issue 49: the experts page's many-papers mode scores a whole submissions file in the browser and
// downloads the affinity CSV that `cargo xtask experts` writes for the same file — byte for byte.
// The file is made here from the bundled dataset's papers (their titles, and abstracts where the
// data has them), cycled to 500 submissions with ids of their own; every fifth names the paper's
// own authors, so its directory authors are conflicted.

const DATASET = fileURLToPath(new URL('../../data/researchers.json', import.meta.url));
const SERVERLESS = 'ServerlessLLM: Locality-Enhanced Serverless Inference for Large Language Models';

/** OpenReview's submissions.json (API v2: each field `{value}`) of `n` bundled papers. */
function submissions(n: number): string {
  const data = JSON.parse(readFileSync(DATASET, 'utf8'));
  const papers: any[] = data.publications;
  const notes: Record<string, any> = {};
  for (let i = 0; i < n; i++) {
    const p = papers[i % papers.length];
    const id = `sub-${String(i).padStart(3, '0')}`;
    const content: any = { title: { value: p.title }, abstract: { value: p.abstract ?? '' } };
    if (i % 5 === 0) {
      content.authors = { value: p.authors.map((a: any) => a.name) };
      content.authorids = { value: p.authors.map((a: any) => a.researcher ?? `~${a.name.replace(/\W+/g, '_')}1`) };
    }
    notes[id] = { id, content };
  }
  return JSON.stringify(notes, null, 1);
}

/** The file written in a folder of its own, and the command's affinity CSV for it (`--top K`). */
function withCommand(text: string, name = 'submissions.json') {
  const dir = mkdtempSync(path.join(tmpdir(), 'atlas-many-'));
  const file = path.join(dir, name);
  writeFileSync(file, text);
  const csv = (top?: number) => {
    const out = path.join(dir, `affinity-${top ?? 'all'}.csv`);
    const args = ['experts', '--submissions', file, '--out', out, ...(top ? ['--top', String(top)] : [])];
    execFileSync(XTASK, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    return readFileSync(out);
  };
  return { file, csv };
}

/** The many-papers mode: its file input, text, options, Score, progress, table and download. */
class ManyPapers {
  readonly file: Locator;
  readonly text: Locator;
  readonly perPaper: Locator;
  readonly score: Locator;
  readonly progress: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly error: Locator;
  readonly download: Locator;

  constructor(readonly page: Page) {
    this.file = page.getByLabel('Submissions file');
    this.text = page.getByLabel('Or paste the file’s text');
    this.perPaper = page.getByLabel('Reviewers per paper');
    this.score = page.getByRole('button', { name: 'Score' });
    this.progress = page.getByTestId('many-progress');
    this.table = page.getByRole('table', { name: /best 3 reviewers/ });
    this.rows = page.getByTestId('many-row');
    this.error = page.getByTestId('many-error');
    this.download = page.getByRole('button', { name: 'Download affinity CSV' });
  }

  async open() {
    await this.page.goto('experts?mode=many');
  }

  /** The row of submission `id`. */
  row(id: string) {
    return this.rows.filter({ has: this.page.locator('.many-id', { hasText: id }) });
  }

  /** Waits for `n` submissions scored; returns the seconds the page says it took. */
  async scored(n: number): Promise<number> {
    await expect(this.progress).toHaveText(new RegExp(`^${n} submissions? scored in [\\d.]+ s\\.$`), { timeout: 60_000 });
    return Number(/in ([\d.]+) s/.exec((await this.progress.textContent())!)![1]);
  }

  /** The bytes of the CSV the page downloads. */
  async csv(): Promise<Buffer> {
    const download = this.page.waitForEvent('download');
    await this.download.click();
    const d = await download;
    expect(d.suggestedFilename()).toBe('affinity.csv');
    return readFileSync((await d.path())!);
  }
}

test('500 submissions from a file: the table, a known expert, a conflict, and the command’s CSV byte for byte', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page, { documentMay404: true });
  const text = submissions(500);
  const command = withCommand(text);
  const many = new ManyPapers(page);
  await many.open();
  await expect(page.getByRole('link', { name: 'Many papers' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('nothing of it leaves your machine')).toBeVisible();

  await many.file.setInputFiles(command.file);
  const seconds = await many.scored(500);
  console.log(`experts-many: 500 submissions scored in ${seconds} s (the page's count)`);
  await expect(page.getByTestId('many-read')).toHaveText('Read 500 submissions (OpenReview submissions.json).');
  await expect(many.table).toBeVisible();
  // Fifty rows a page, never five hundred.
  await expect(many.rows).toHaveCount(50);

  // The ServerlessLLM paper's best reviewer is its author, Luo Mai — conflicted where the
  // submission names its authors.
  const data = JSON.parse(readFileSync(DATASET, 'utf8'));
  const at = data.publications.findIndex((p: any) => p.title === SERVERLESS);
  expect(at).toBeGreaterThanOrEqual(0);
  let i = at;
  while (i % 5 !== 0) i += data.publications.length;
  const id = `sub-${String(i).padStart(3, '0')}`;
  const pageOf = Math.floor(i / 50);
  for (let p = 0; p < pageOf; p++) await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('many-pager')).toContainText(`page ${pageOf + 1} of 10`);
  const row = many.row(id);
  await expect(row.getByRole('rowheader')).toContainText(SERVERLESS);
  const best = row.getByTestId('many-reviewer').first();
  await expect(best.getByRole('link')).toHaveText('Luo Mai');
  await expect(best.getByRole('link')).toHaveAttribute('href', /researchers\/luo-mai$/);
  await expect(best.locator('.many-score')).toHaveText(/^score (0\.\d\d|1\.00)$/);
  await expect(best.getByTestId('conflict')).toHaveText('Conflict: an author of this paper');

  // Every pair, as the command writes it.
  const every = await many.csv();
  const expected = command.csv();
  expect(every.length).toBe(expected.length);
  expect(every.equals(expected)).toBe(true);

  // The best 5 per paper: the option applies to the next Score, and then the CSV is --top 5's.
  await many.perPaper.selectOption({ label: 'Best 5' });
  await expect(page).toHaveURL(/mode=many.*per=5/);
  await expect(page.getByTestId('many-stale')).toBeVisible();
  await many.score.click();
  await many.scored(500);
  await expect(page.getByTestId('many-stale')).toHaveCount(0);
  expect((await many.csv()).equals(command.csv(5))).toBe(true);
  expect(errors).toEqual([]);
});

test('pasted text is scored too, entries left out are listed with their places', async ({ page }) => {
  const many = new ManyPapers(page);
  await many.open();
  const text = [
    'id,title,abstract,authors',
    `p1,"${SERVERLESS}",We load checkpoints fast.,Luo Mai`,
    'p2,,no title here,',
    'p3,Cluster scheduling for deep learning,,',
  ].join('\n');
  await many.text.fill(text);
  await many.score.click();
  await many.scored(2);
  await expect(page.getByTestId('many-read')).toContainText('Read 2 submissions (CSV); 1 entry left out:');
  await expect(page.getByTestId('many-problems')).toHaveText('line 3, title: no title; left out');
  await expect(many.row('p1').getByTestId('many-reviewer').first().getByRole('link')).toHaveText('Luo Mai');
  const { csv } = withCommand(text, 'submissions.csv');
  expect((await many.csv()).equals(csv())).toBe(true);
});

test('nothing, or a file of no shape, says so', async ({ page }) => {
  const many = new ManyPapers(page);
  await many.open();
  await many.score.click();
  await expect(many.error).toContainText('There is nothing to score yet');
  await many.text.fill('Dear chairs, the papers are attached.');
  await many.score.click();
  await expect(many.error).toContainText('This file cannot be scored: not a submissions file');
  await many.text.fill('[{"abstract": "no id, no title"}]');
  await many.score.click();
  await expect(many.error).toContainText('No entry of this file is a submission');
  await expect(page.getByTestId('many-problems')).toContainText('$[0].id: no id; left out');
  await expect(many.table).toHaveCount(0);
});

test('a part that fails names its file, and Retry scores the file', async ({ page }) => {
  let fail = true;
  await page.route(compiledGlob('data/experts/people.bin'), (route) =>
    fail ? route.fulfill({ status: 503, body: 'Unavailable' }) : route.fallback(),
  );
  const many = new ManyPapers(page);
  await many.open();
  await many.text.fill(submissions(12));
  await many.score.click();
  await expect(page.getByText(/data\/experts\/people\.bin failed: HTTP 503/)).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await many.scored(12);
  await expect(many.rows).toHaveCount(12);
});

test('the mode is in the URL, and one paper is the default', async ({ page }) => {
  await page.goto('experts');
  await expect(page.getByRole('link', { name: 'One paper' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'Many papers' }).click();
  await expect(page).toHaveURL(/experts\?mode=many$/);
  await expect(page.getByLabel('Submissions file')).toBeVisible();
  await expect(page.getByLabel('Title and abstract')).toHaveCount(0);
  await page.goBack();
  await expect(page.getByLabel('Title and abstract')).toBeVisible();
});

test('at 375 px the table scrolls in its own box, not the page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const many = new ManyPapers(page);
  await many.open();
  await many.text.fill(submissions(60));
  await many.score.click();
  await many.scored(60);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = page.locator('.many-table-box');
  expect(await box.evaluate((b) => b.scrollWidth > b.clientWidth)).toBe(true);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no violations on a scored file (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const many = new ManyPapers(page);
    await many.open();
    await many.text.fill(submissions(60));
    await many.score.click();
    await many.scored(60);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  });
}
