import { expect, type Page, type Locator } from '@playwright/test';

/** Collects console errors and uncaught exceptions of a page. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
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
