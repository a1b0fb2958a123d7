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

/** The compiled directory the release build serves, and the authoring file beside it. */
export const COMPILED = '**/data/directory.bin';
export const FIRST_PAGE = '**/data/first.bin';
export const DATA = '**/data/researchers.json';
export const PUBS = '**/data/pubs/index.bin';
export const NETWORK = '**/data/net/index.bin';

/**
 * Serves `data` as the dataset. The compiled files are answered 404, as on a host given only the
 * JSON, so the app loads, validates and compiles `data` itself.
 */
export async function serveDataset(page: Page, data: any) {
  await page.route(COMPILED, (route) => route.fulfill({ status: 404, body: 'not compiled' }));
  await page.route(FIRST_PAGE, (route) => route.fulfill({ status: 404, body: 'not compiled' }));
  await page.route(PUBS, (route) => route.fulfill({ status: 404, body: 'not compiled' }));
  await page.route(NETWORK, (route) => route.fulfill({ status: 404, body: 'not compiled' }));
  await page.route(DATA, (route) => route.fulfill({ json: data }));
}
