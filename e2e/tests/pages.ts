import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, type Locator } from '@playwright/test';

/**
 * Collects console errors and uncaught exceptions of a page. `documentMay404`: the page is a deep
 * link that a GitHub Pages-style host answers from 404.html with status 404, which Chromium logs.
 */
export function watchErrors(page: Page, { documentMay404 = false } = {}): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    const expected404 = documentMay404 && m.text().includes('status of 404') && m.location().url === page.url();
    if (m.type() === 'error' && !expected404) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** The directory (home) page. */
export class DirectoryPage {
  readonly cards: Locator;
  readonly loadError: Locator;
  readonly warning: Locator;

  constructor(readonly page: Page) {
    this.cards = page.getByTestId('researcher-card');
    this.loadError = page.getByTestId('load-error');
    this.warning = page.getByTestId('data-warning');
  }

  async open() {
    await this.page.goto('./');
  }

  card(name: string): Locator {
    return this.cards.filter({ has: this.page.getByRole('heading', { name }) });
  }

  async expectCards(n: number) {
    await expect(this.cards).toHaveCount(n);
  }
}

/** The bundled dataset, read from the build being tested, to derive hostile variants. */
export async function bundledDataset(page: Page): Promise<any> {
  const res = await page.request.get('data/researchers.json');
  expect(res.ok()).toBeTruthy();
  return res.json();
}

/** The compiled files the release build serves. */
export const COMPILED = '**/data/directory.bin';
export const FIRST_PAGE = '**/data/first.bin';
export const PUBS = '**/data/pubs/index.bin';
export const NETWORK = '**/data/net/index.bin';

/** The task runner, whose `build-data` compiles a dataset as `cargo xtask dist` does. */
const XTASK = process.env.ATLAS_XTASK ?? fileURLToPath(new URL('../../target/xtask/xtask', import.meta.url));

/**
 * Serves `data` as the site's dataset: compiled by `build-data` into a folder of its own, as
 * `cargo xtask dist` would, and answered in place of the build's `data/` (with byte ranges, as
 * the network's files are read). What the app shows is then what a site built from `data` shows,
 * problems and warnings included. Routes registered after this one take precedence.
 */
export async function serveDataset(page: Page, data: any) {
  const dir = mkdtempSync(path.join(tmpdir(), 'atlas-data-'));
  const input = path.join(dir, 'researchers.json');
  writeFileSync(input, JSON.stringify(data));
  const out = path.join(dir, 'data');
  execFileSync(XTASK, ['build-data', '--in', input, '--out', out], { stdio: ['ignore', 'ignore', 'pipe'] });
  // The build's pages are pre-rendered from the bundled data, and a profile's names the pack of
  // its records there. A site built from `data` has pages of its own: here every page is the
  // app's shell, as a host without pre-rendered pages answers it.
  const shell = await (await page.request.get('404.html')).text();
  await page.route(
    (url) => !url.pathname.includes('/data/'),
    (route) => (route.request().resourceType() === 'document'
      ? route.fulfill({ status: 200, contentType: 'text/html', body: shell })
      : route.fallback()),
  );
  await page.route('**/data/**', async (route) => {
    const { pathname } = new URL(route.request().url());
    const file = path.join(out, decodeURIComponent(pathname.slice(pathname.lastIndexOf('/data/') + 6)));
    if (!file.startsWith(out + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      return route.fulfill({ status: 404, body: 'Not Found' });
    }
    const body = readFileSync(file);
    const range = /^bytes=(\d+)-(\d+)$/.exec(route.request().headers()['range'] ?? '');
    if (!range) return route.fulfill({ status: 200, body });
    const [from, to] = [Number(range[1]), Math.min(Number(range[2]), body.length - 1)];
    return route.fulfill({
      status: 206,
      headers: { 'content-range': `bytes ${from}-${to}/${body.length}` },
      body: body.subarray(from, to + 1),
    });
  });
}

/**
 * Opens `url` on a host that lacks the compiled file `file`: the page names the file and offers
 * Retry, and never falls back to the authoring file (the release build cannot read it).
 */
export async function expectMissingFileNamed(page: Page, url: string, file: string) {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.route(`**/${file}`, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await page.goto(url);
  await expect(page.getByText(`${file} is missing`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  expect(requested.filter((p) => p.endsWith('researchers.json'))).toEqual([]);
}
