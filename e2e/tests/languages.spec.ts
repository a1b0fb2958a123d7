import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { watchErrors } from './pages';

// The bundled dataset is published in these languages (config.languages), English at the root.
const LANGUAGES = ['en', 'de', 'zh', 'es', 'ar'] as const;
type Lang = (typeof LANGUAGES)[number];
const prefix = (lang: Lang) => (lang === 'en' ? '' : `${lang}/`);

// Every text of a catalogue (locales/<code>.toml): its quoted strings, cut at {placeholders}.
function catalogue(lang: Lang): Set<string> {
  const source = readFileSync(new URL(`../../locales/${lang}.toml`, import.meta.url), 'utf8');
  const texts = new Set<string>();
  for (const line of source.split('\n')) {
    if (line.trim().startsWith('#')) continue;
    for (const m of line.matchAll(/"((?:[^"\\]|\\.)*)"/g)) {
      for (const part of m[1].split(/\{[a-z_]+\}/)) {
        const text = part.trim();
        if (text) texts.add(text);
      }
    }
  }
  return texts;
}

const TEXTS = Object.fromEntries(LANGUAGES.map((l) => [l, catalogue(l)])) as Record<Lang, Set<string>>;

// The other languages' interface texts that cannot be this page's own or its data's: not in this
// language's catalogue, and (in Latin script, where paper titles and names are written too) of at
// least two words.
function foreign(lang: Lang): string[] {
  const own = TEXTS[lang];
  const out = new Set<string>();
  for (const other of LANGUAGES.filter((l) => l !== lang)) {
    for (const text of TEXTS[other]) {
      if (own.has(text)) continue;
      const latin = /^[\p{Script=Latin}\p{N}\p{P}\p{Zs}]+$/u.test(text);
      if (latin ? text.split(/\s+/).length >= 2 && text.length >= 8 : text.length >= 2) out.add(text);
    }
  }
  return [...out];
}

const PAGES = ['', 'researchers/luo-mai', 'publications', 'experts', 'organizations', 'connections', 'shortlist', 'compare?ids=luo-mai,tao-luo'];

async function open(page: Page, lang: Lang, path: string) {
  await page.goto(`${prefix(lang)}${path}`);
  // The switcher's test id is the app's (the pre-rendered page has none): the app has taken over.
  await expect(page.getByTestId('lang-switch')).toBeVisible();
  await page.waitForLoadState('networkidle');
}

for (const lang of LANGUAGES) {
  test(`every page in ${lang} speaks ${lang} alone`, async ({ page }) => {
    const errors = watchErrors(page);
    const others = foreign(lang);
    for (const path of PAGES) {
      await open(page, lang, path);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      const text = await page.locator('body').innerText();
      const found = others.filter((t) => text.includes(t));
      expect(found, `${lang} /${path}`).toEqual([]);
    }
    expect(errors).toEqual([]);
  });
}

test('the switcher opens the same page and its state in another language', async ({ page, baseURL }) => {
  await open(page, 'en', 'publications?pq=serving');
  await page.getByTestId('lang-switch').locator('summary').click();
  await page.getByTestId('lang-de').click();
  await expect(page).toHaveURL(`${baseURL}de/publications?pq=serving`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('link', { name: 'Publikationen', exact: true })).toBeVisible();
  // Links inside a language stay in it.
  await page.getByRole('link', { name: 'Forschende', exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}de/`);
  await expect(page.getByTestId('lang-de')).toHaveAttribute('aria-current', 'true');
});

test('a first visit offers the browser language, and No, thanks is remembered', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'de-DE', baseURL });
  const page = await context.newPage();
  await open(page, 'en', '');
  const offer = page.getByTestId('lang-offer');
  await expect(offer).toContainText('Dieses Verzeichnis gibt es auch auf Deutsch.');
  await expect(offer.getByRole('link')).toHaveAttribute('href', /de\/$/);
  await offer.getByRole('button', { name: 'Nein, danke' }).click();
  await expect(offer).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('lang-switch')).toBeVisible();
  await expect(page.getByTestId('lang-offer')).toBeHidden();
  // Never on a page already in another language than the root's.
  await open(page, 'es', '');
  await expect(page.getByTestId('lang-offer')).toBeHidden();
  await context.close();
});

for (const [lang, scheme] of [['ar', 'dark'], ['de', 'light']] as const) {
  for (const path of ['', 'researchers/luo-mai', 'publications', 'experts']) {
    test(`axe finds no violations on /${lang}/${path} (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await open(page, lang, path);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    });
  }
}
