import { test, expect, type Page } from '@playwright/test';
import { dataPath, watchErrors } from './pages';
import { ConnectionsPage, DirectoryPage, PublicationsPage } from './page-objects';

// Run against dist-scale/: the release build with 2,000 generated researchers (about 20,000
// publications), which `cargo xtask test` makes. /publications answers from the compiled files
// in data/pubs/ and must never fetch the authoring file or the whole network.

const titles = (publications: PublicationsPage) => publications.entries.locator('.pub-title').allTextContents();

/** The data files a page requests, as paths under `data/`. */
function dataRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    const file = dataPath(r.url());
    if (file) urls.push(file);
  });
  return urls;
}

const WHOLE_FILES = ['researchers.json', 'network.bin'];

test('the publications of 2,000 researchers page through the compiled files only', async ({ page }) => {
  const errors = watchErrors(page, { documentMay404: true });
  const requests = dataRequests(page);
  const publications = new PublicationsPage(page);
  await publications.open();
  await expect(publications.entries).toHaveCount(100);
  const total = Number((await publications.count.textContent())!.match(/^([\d,]+) publications$/)![1].replace(/,/g, ''));
  expect(total).toBeGreaterThan(10_000);
  const pages = Math.ceil(total / 100);
  const of = `of ${total.toLocaleString('en-US')}`;
  await expect(publications.pager).toContainText(`1–100 ${of} · page 1 of ${pages}`);
  await expect(publications.pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  // The first page needs the index and the first chunk, nothing else.
  expect(requests.filter((r) => r.startsWith('pubs/')).sort()).toEqual(['pubs/0.bin', 'pubs/index.bin']);

  const first = await titles(publications);
  await publications.pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]ppage=2(&|$)/);
  await expect(publications.pager).toContainText(`101–200 ${of} · page 2 of ${pages}`);
  await expect(publications.entries).toHaveCount(100);
  const second = await titles(publications);
  expect(second).not.toEqual(first);
  await publications.pager.getByRole('button', { name: 'Next' }).click();
  await expect(publications.pager).toContainText(`201–300 ${of}`);
  // Entries 200–299 are the second chunk's.
  expect(requests).toContain('pubs/1.bin');
  await page.goBack();
  await expect(publications.pager).toContainText(`101–200 ${of}`);
  expect(await titles(publications)).toEqual(second);

  // A filter needs its value's entries only, goes back to the first page, and counts what it
  // leaves; the venues' and types' counts come after, with their columns.
  const journal = publications.typeChips.getByRole('button', { name: /^Journal [\d,]+$/ });
  const before = requests.length;
  await journal.click();
  await expect(publications.count).toHaveText(new RegExp(`^[\\d,]+ ${of} publications$`));
  await expect(page).not.toHaveURL(/ppage=/);
  await expect(publications.pager).toContainText('1–100 of');
  await expect(page.locator('.pub-files')).toHaveAttribute('aria-busy', 'false');
  const venues = await publications.entries.locator('.pub-venue').allTextContents();
  expect(venues.every((v) => v.endsWith(' · Journal'))).toBe(true);
  await expect(page.getByTestId('pub-counting')).toHaveCount(0);
  await expect(publications.typeChips.getByRole('button', { name: /^Journal [\d,]+$/ })).toHaveAttribute('aria-pressed', 'true');
  const parts = requests.slice(before).filter((r) => r.startsWith('pubs/p/')).sort();
  expect(parts).toEqual(['pubs/p/c-type.bin', 'pubs/p/c-venue.bin', 'pubs/p/honoured.bin', 'pubs/p/type-journal.bin']);
  // Every value of the facet counted with the journals' filter left out: they add up to all.
  const counts = (await publications.typeChips.locator('.chip-count').allTextContents())
    .map((c) => Number(c.replace(/,/g, '')));
  expect(counts.reduce((a, b) => a + b, 0)).toBe(total);

  // Text needs the word shards of its words only.
  const word = first[0].split(/\s+/).find((w) => /^[a-z]{5,}$/i.test(w))!;
  await page.getByRole('button', { name: /Clear filters/ }).first().click();
  await publications.filter.fill(word);
  await expect(publications.count).toHaveText(new RegExp(`^[\\d,]+ ${of} publications$`));
  await expect(publications.entries.first()).toContainText(new RegExp(word, 'i'));
  const shards = requests.filter((r) => r.startsWith('pubs/w/'));
  expect(shards.length).toBeGreaterThan(0);
  expect(shards.length).toBeLessThanOrEqual(3);

  expect(requests.filter((r) => WHOLE_FILES.includes(r))).toEqual([]);
  expect(errors).toEqual([]);
});

test('/publications loads the directory only after its own first page, then while idle', async ({ page }) => {
  const requests = dataRequests(page);
  const publications = new PublicationsPage(page);
  await publications.open();
  await expect(publications.entries).toHaveCount(100);
  // Nothing on the page shows the directory: it is not fetched before the list's files (it
  // comes once the page is idle, for the next page and offline use).
  const directory = requests.indexOf('directory.bin');
  expect(directory === -1 || directory > requests.indexOf('pubs/0.bin')).toBe(true);
  expect(requests.indexOf('pubs/0.bin')).toBeGreaterThan(-1);
  await expect.poll(() => requests.includes('directory.bin'), { timeout: 10_000 }).toBe(true);
  // The directory is there for the next page.
  await page.getByRole('link', { name: 'Researchers', exact: true }).first().click();
  await expect(new DirectoryPage(page).cards.first()).toBeVisible();
});

test('a chunk that fails to load shows the error with Retry, and Retry loads it', async ({ page }) => {
  let fail = true;
  await page.route('**/data/*/pubs/1.bin', (route) =>
    fail ? route.fulfill({ status: 503, body: 'busy' }) : route.continue(),
  );
  const publications = new PublicationsPage(page);
  await publications.open('?ppage=3');
  const error = page.getByTestId('load-error');
  await expect(error).toContainText('The publications could not be loaded');
  await expect(error).toContainText('503');
  await expect(publications.entries).toHaveCount(0);
  fail = false;
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(error).toHaveCount(0);
  await expect(publications.entries).toHaveCount(100);
  await expect(publications.pager).toContainText('201–300 of');
});

test('a filtered list shows at once; its venues and types say Counting… until their columns come', async ({ page }) => {
  // The columns are held until the list is checked, then let through.
  let release = () => {};
  const held = new Promise<void>((done) => { release = done; });
  await page.route('**/data/*/pubs/p/c-*.bin', async (route) => {
    await held;
    await route.continue();
  });
  const publications = new PublicationsPage(page);
  await publications.open('?ptype=journal');
  await expect(publications.entries).toHaveCount(100);
  await expect(publications.count).toHaveText(/^[\d,]+ of [\d,]+ publications$/);
  await expect(page.locator('.pub-files')).toHaveAttribute('aria-busy', 'false');
  const counting = page.getByTestId('pub-counting');
  await expect(counting).toHaveText('Counting…');
  await expect(counting).toHaveAttribute('role', 'status');
  // The chosen type stays pressed (a click takes it away) and no value is disabled meanwhile.
  const journal = publications.typeChips.getByRole('button', { name: 'Journal …' });
  await expect(journal).toHaveAttribute('aria-pressed', 'true');
  await expect(publications.typeChips.locator('.chip-count').first()).toHaveText('…');
  await expect(publications.typeChips.locator('button[disabled]')).toHaveCount(0);
  // The years are counted already: they come with the index.
  const years = page.getByRole('group', { name: 'Year' }).locator('.chip-count');
  expect(await years.first().textContent()).toMatch(/^[\d,]+$/);
  release();
  await expect(counting).toHaveCount(0);
  await expect(publications.typeChips.getByRole('button', { name: /^Journal [\d,]+$/ })).toHaveAttribute('aria-pressed', 'true');
});

test('a filter\'s part or a counting column that fails to load shows the error with Retry, and the list stays', async ({ page }) => {
  const failing = new Set(['type-journal', 'c-type']);
  await page.route('**/data/*/pubs/p/*.bin', (route) => {
    const part = new URL(route.request().url()).pathname.split('/').pop()!.replace(/\.bin$/, '');
    return failing.has(part) ? route.fulfill({ status: 503, body: 'busy' }) : route.continue();
  });
  const publications = new PublicationsPage(page);
  await publications.open('?ptype=journal');
  const error = page.getByTestId('load-error');
  // The filter's own part: no list to show yet.
  await expect(error).toContainText('The publications could not be loaded');
  await expect(error).toContainText('503');
  await expect(publications.entries).toHaveCount(0);
  // How many the filter leaves is not known: not "0 of 20,000", and no "Loading…" either.
  await expect(publications.count).toHaveText('');
  await expect(page.getByTestId('loading')).toHaveCount(0);
  failing.delete('type-journal');
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(publications.entries).toHaveCount(100);
  await expect(publications.count).toHaveText(/^[\d,]+ of [\d,]+ publications$/);
  // A counting column: the list stays as it is, the types still counting.
  await expect(error).toContainText('503');
  await expect(publications.entries).toHaveCount(100);
  await expect(page.getByTestId('pub-counting')).toHaveText('Counting…');
  await expect(publications.typeChips.locator('.chip-count').first()).toHaveText('…');
  failing.clear();
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(error).toHaveCount(0);
  await expect(page.getByTestId('pub-counting')).toHaveCount(0);
  await expect(publications.typeChips.getByRole('button', { name: /^Journal [\d,]+$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(publications.entries).toHaveCount(100);
  const list = page.locator('.pub-files');
  await expect(list).not.toHaveClass(/\bstale\b/);
  // Another filter whose part fails: the journals stay, dimmed, under the error; not busy.
  failing.add('type-conference');
  await publications.typeChips.getByRole('button', { name: /^Conference [\d,]+$/ }).click();
  await expect(error).toContainText('type-conference.bin');
  await expect(list).toHaveClass(/\bstale\b/);
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(publications.entries).toHaveCount(100);
  failing.clear();
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(error).toHaveCount(0);
  await expect(list).not.toHaveClass(/\bstale\b/);
});

test('the directory of 2,000 researchers never fetches the authoring file either', async ({ page }) => {
  const requests = dataRequests(page);
  const directory = new DirectoryPage(page);
  await directory.open();
  await expect(directory.cards.first()).toBeVisible();
  await page.getByRole('searchbox').first().fill('distributed');
  await expect(page.getByTestId('result-count')).toContainText(/researchers?/);
  expect(requests.filter((r) => WHOLE_FILES.includes(r))).toEqual([]);
});

/** The byte ranges a page asks of the network's record files (`people.bin`, `groups.bin`). */
function recordRanges(page: Page): { file: string; from: number; to: number }[] {
  const ranges: { file: string; from: number; to: number }[] = [];
  page.on('request', (r) => {
    const file = /^net\/(people|groups)\.bin$/.exec(dataPath(r.url()) ?? '')?.[1];
    if (!file) return;
    const m = /^bytes=(\d+)-(\d+)$/.exec(r.headers()['range'] ?? '');
    // A request without a range would be the whole file: recorded as such, so the test fails.
    ranges.push(m ? { file, from: Number(m[1]), to: Number(m[2]) } : { file, from: 0, to: Infinity });
  });
  return ranges;
}

/** The researcher id of the `n`th node drawn, from the profile it links to. */
async function nodeId(connections: ConnectionsPage, n: number): Promise<string> {
  const href = (await connections.nodes.nth(n).getAttribute('href'))!;
  return href.replace(/\/$/, '').split('/').pop()!;
}

/** Waits for the app's answer to the URL's question (not the pre-rendered page's drawing). */
async function answered(page: Page) {
  await expect(page.locator('#atlas-static')).toHaveCount(0);
  await expect(page.getByTestId('connections-answer')).toHaveAttribute('aria-busy', 'false');
}

test('/connections of 2,000 researchers fetches only the records it draws: the opening view in one file, the others by byte range', async ({ page }) => {
  const errors = watchErrors(page, { documentMay404: true });
  const requests = dataRequests(page);
  const ranges = recordRanges(page);
  const bytes = () => ranges.reduce((sum, r) => sum + (r.to - r.from + 1), 0);
  let startBytes = 0;
  page.on('response', async (r) => {
    if (dataPath(r.url()) === 'net/start.bin') startBytes = (await r.body()).length;
  });
  const connections = new ConnectionsPage(page);
  await connections.open();
  await answered(page);
  await expect(connections.count).toContainText(/^120 of 2000 researchers \(a neighbourhood\), \d+ direct connections? and \d+ shared groups?$/);
  await expect(connections.nodes).toHaveCount(120);
  // Shared organizations and advisors are hubs, one line per member, not a line per pair.
  const hubs = page.getByTestId('graph-hub');
  expect(await hubs.count()).toBeGreaterThan(0);
  await expect(page.getByTestId('group-row')).toHaveCount(await hubs.count());
  await hubs.first().focus();
  await expect(connections.details).toContainText(/^(At|Advised by) /);
  // No two circles overlap.
  const overlaps = await page.locator('svg.graph').evaluate((svg) => {
    const circles = [...svg.querySelectorAll('.node circle')].map((c) => [c.cx.baseVal.value, c.cy.baseVal.value, c.r.baseVal.value]);
    let n = 0;
    for (let i = 0; i < circles.length; i++)
      for (let j = i + 1; j < circles.length; j++) {
        const [[x1, y1, r1], [x2, y2, r2]] = [circles[i], circles[j]];
        if (Math.hypot(x1 - x2, y1 - y2) < r1 + r2) n++;
      }
    return n;
  });
  expect(overlaps).toBe(0);
  // The names drawn are a layer above every circle and square: none is hidden under a node.
  const namesOnTop = await page.locator('svg.graph').evaluate((svg) => {
    const marks = [...svg.querySelectorAll('.node circle, .hub rect')];
    const names = [...svg.querySelectorAll('.node-label')];
    const after = (a: Element, b: Element) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    return names.length > 0 && names.every((t) => marks.every((m) => after(m, t)));
  });
  expect(namesOnTop).toBe(true);
  expect(requests).toContain('net/index.bin');
  // The opening view's records come in one file, and nothing else is asked for.
  expect(requests.filter((r) => r === 'net/start.bin')).toHaveLength(1);
  expect(ranges).toEqual([]);
  // The directory (everyone's names, for the pickers) comes after the drawing's records.
  const directory = requests.indexOf('directory.bin');
  expect(directory === -1 || directory > requests.indexOf('net/start.bin')).toBe(true);
  await expect(page.getByTestId('pickers-loading')).toHaveCount(0);
  // 120 people's records, and the ring before them at most: well under the 2,000 records.
  expect(startBytes).toBeGreaterThan(0);
  expect(startBytes).toBeLessThan(600_000);

  // Another focus, opened cold: its id is found in one file of ids, its records fetched.
  const other = await nodeId(connections, 60);
  await connections.open(`?focus=${other}&kinds=coauthor`);
  await answered(page);
  await expect(connections.count).toContainText(/ of 2000 researchers/);
  expect(requests.filter((r) => r.startsWith('net/ids/'))).toEqual(['net/ids/0.bin']);
  expect(ranges.length).toBeGreaterThan(0);
  expect(requests.filter((r) => r === 'net/start.bin')).toHaveLength(1);
  await expect(page.locator(`[data-testid=graph-node][href*="/researchers/${other}"]`)).toHaveCount(1);

  // A chain (its ends in the URL, as the pickers write them): its steps, each with a reason.
  const to = await nodeId(connections, 5);
  await connections.open(`?from=${other}&to=${to}&kinds=coauthor`);
  await answered(page);
  await expect(connections.steps.first()).toContainText('co-authored');
  expect(bytes()).toBeLessThan(3_000_000);

  expect(requests.filter((r) => WHOLE_FILES.includes(r))).toEqual([]);
  expect(ranges.filter((r) => r.to === Infinity)).toEqual([]);
  expect(errors).toEqual([]);
});

test('a network record that fails to load shows the error with Retry, and Retry draws', async ({ page }) => {
  let fail = true;
  await page.route((url) => /^net\/(start|people)\.bin$/.test(dataPath(url.href) ?? ''), (route) =>
    fail ? route.fulfill({ status: 503, body: 'busy' }) : route.continue(),
  );
  const connections = new ConnectionsPage(page);
  await connections.open();
  const error = page.getByTestId('load-error');
  await expect(error).toContainText('The connections could not be loaded');
  await expect(error).toContainText('503');
  fail = false;
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(error).toHaveCount(0);
  await expect(connections.nodes).toHaveCount(120);
});

/** What the directory shows: the count, and each card's name and match reason, in order. */
async function answerShown(page: Page) {
  return page.evaluate(() => ({
    count: document.querySelector('[data-testid=result-count]')?.textContent,
    cards: [...document.querySelectorAll('[data-testid=researcher-card]')].map((card) => [
      card.querySelector('h2')?.textContent,
      card.querySelector('[data-testid=match-reason]')?.textContent ?? null,
    ]),
  }));
}

test('a link to a search is answered from its words\' shards before the whole directory, as the directory answers it', async ({ page }) => {
  const errors = watchErrors(page, { documentMay404: true });
  const requests = dataRequests(page);
  // The whole directory is held back until the first answer has been read.
  let release = () => {};
  const held = new Promise<void>((done) => { release = done; });
  await page.route('**/directory.bin', async (route) => { await held; await route.continue(); });
  // A topic word many have (and publication titles too), typed as a prefix.
  await page.goto('./?q=learn');
  await expect(page.getByTestId('filters-counting')).toBeVisible();
  const first = await answerShown(page);
  const total = Number(first.count!.match(/^([\d,]+) researchers?$/)![1].replace(/,/g, ''));
  expect(total).toBeGreaterThan(100);
  expect(first.cards).toHaveLength(12);
  expect(first.cards.filter(([, reason]) => reason).length).toBeGreaterThan(0);
  // Started by early.js with the page, and taken over by the app: fetched once.
  expect(requests.filter((r) => r === 'find.bin')).toEqual(['find.bin']);
  expect(requests.some((r) => r.startsWith('words/'))).toBe(true);
  expect(requests).toContain('cards.bin');
  expect(requests.filter((r) => WHOLE_FILES.includes(r))).toEqual([]);

  // The whole directory then answers the same: the same count, the same first cards in the
  // same order with the same reasons, and the filters counted.
  release();
  await expect(page.getByTestId('filters-counting')).toHaveCount(0);
  await expect(page.getByRole('checkbox').first()).toBeVisible();
  const whole = await answerShown(page);
  expect(whole.count).toBe(first.count);
  expect(whole.cards.length).toBeGreaterThan(4);
  expect(first.cards.slice(0, whole.cards.length)).toEqual(whole.cards.slice(0, first.cards.length));
  // The title shards the first answer read are the directory's too: each fetched once.
  const titles = requests.filter((r) => r.startsWith('titles/'));
  expect(titles.length).toBeGreaterThan(0);
  expect(new Set(titles).size).toBe(titles.length);
  expect(errors).toEqual([]);
});

test('a search with a filter, and one whose first-answer files are missing, wait for the whole directory', async ({ page }) => {
  const errors = watchErrors(page, { documentMay404: true });
  const requests = dataRequests(page);
  await page.goto('./?q=learn&stage=phd_student');
  // The app's cards (the pre-rendered page's have no test ids): only from the whole directory.
  await expect(page.getByTestId('researcher-card').first()).toBeVisible();
  expect(requests).toContain('directory.bin');
  expect(requests).not.toContain('find.bin');

  // A host without the first answer's files: the page answers from the directory, and says
  // nothing of it.
  const other = await page.context().newPage();
  const otherErrors = watchErrors(other, { documentMay404: true });
  // As a single-page-app host answers a file it does not have: with its page.
  await other.route('**/find.bin', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>x</title>' }));
  const otherRequests = dataRequests(other);
  await other.goto('./?q=learn');
  await expect(other.getByTestId('researcher-card').first()).toBeVisible();
  expect(otherRequests).toContain('find.bin');
  expect(otherRequests).toContain('directory.bin');
  expect(otherRequests.some((r) => r.startsWith('words/') || r === 'cards.bin')).toBe(false);
  await expect(other.getByTestId('load-error')).toHaveCount(0);
  expect(otherErrors).toEqual([]);
  expect(errors).toEqual([]);
});

test('a first answer that never comes holds the whole directory back a few seconds at most', async ({ page }) => {
  const errors = watchErrors(page, { documentMay404: true });
  const requests = dataRequests(page);
  // The first answer's index stalls (a request that is never answered).
  await page.route('**/find.bin', () => {});
  await page.goto('./?q=learn');
  await expect(page.getByTestId('researcher-card').first()).toBeVisible({ timeout: 15_000 });
  expect(requests).toContain('directory.bin');
  await expect(page.getByTestId('filters-counting')).toHaveCount(0);
  expect(errors).toEqual([]);
});
