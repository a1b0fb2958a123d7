import { test, expect } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { bundledDataset, serveDataset } from './pages';
import { ProfilePage, PublicationsPage } from './page-objects';

// Issue 20: a dataset whose DOIs, titles and names carry BibTeX injections, direction overrides,
// braces, formula starts and a 2,000-letter name. The Cite box and both exports must say exactly
// what the data says, each value in one field; the invalid DOI is dropped and named, its paper kept.

const RLO = '\u202E';
const INJECTED_DOI = '10.1000/x},url="javascript:alert(1)",injected=pwned';
const LONG_FAMILY = 'Q'.repeat(2000);
const KEY = 'qqqqqqqqqqqqqqqqqqqq2024gnpexe';

/** One BibTeX entry read the way BibTeX reads it: every brace counts, escaped or not. */
type BibEntry = { type: string; key: string; fields: [string, string][] };

function readBibtex(text: string): BibEntry[] {
  const entries: BibEntry[] = [];
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`${why} at ${i}: ${JSON.stringify(text.slice(i, i + 60))}`);
  };
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const word = (pattern: RegExp) => {
    const m = pattern.exec(text.slice(i));
    if (!m) fail(`expected ${pattern}`);
    i += m![0].length;
    return m![0];
  };
  for (skipSpace(); i < text.length; skipSpace()) {
    if (text[i++] !== '@') fail('expected @');
    const type = word(/^[a-z]+/i);
    if (text[i++] !== '{') fail('expected { after the type');
    const key = word(/^[^,\s{}]+/);
    if (text[i++] !== ',') fail('expected , after the key');
    const fields: [string, string][] = [];
    for (;;) {
      skipSpace();
      if (text[i] === '}') {
        i++;
        break;
      }
      const name = word(/^[a-z_]+/i).toLowerCase();
      skipSpace();
      if (text[i++] !== '=') fail('expected =');
      skipSpace();
      let value = '';
      if (text[i] === '{') {
        i++;
        for (let depth = 1; ; ) {
          const c = text[i++];
          if (c === undefined) fail('the file ends inside a value');
          if (c === '{') depth++;
          if (c === '}') depth--;
          if (depth === 0) break;
          value += c;
        }
      } else {
        value = word(/^[a-z0-9]+/i);
      }
      fields.push([name, value]);
      skipSpace();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') {
        i++;
        break;
      }
      fail('expected , or } after a value');
    }
    entries.push({ type, key, fields });
  }
  return entries;
}

/** An author field split where BibTeX splits it: at a word `and` outside braces. */
function splitAuthors(raw: string): string[] {
  const names = [''];
  let depth = 0;
  for (const w of raw.split(' ')) {
    if (depth === 0 && w.toLowerCase() === 'and') {
      names.push('');
      continue;
    }
    const last = names.length - 1;
    names[last] = names[last] ? `${names[last]} ${w}` : w;
    for (const c of w) depth += c === '{' ? 1 : c === '}' ? -1 : 0;
  }
  return names;
}

/** RFC 4180: quoted cells, doubled quotes, CRLF between records. */
function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        cell += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  expect(cell, 'the last record ends in CRLF').toBe('');
  expect(record).toEqual([]);
  return records;
}

/** The fields the hostile paper's entry must have, raw, in the writer's order. */
const WANT_FIELDS: [string, string][] = [
  ['title', 'gnp.exe x{\\textbraceright}, injected = {\\textbraceleft}pwned'],
  ['booktitle', '@SUM(1+1) {\\textbraceleft}BERT{\\textbraceright}'],
  ['year', '2024'],
  ['month', 'jul'],
  ['pages', '37-{}-57'],
  ['publisher', 'R\\&D {\\textbackslash} Co'],
  ['address', 'Santa Clara, CA'],
  ['doi', '10.1000/a;(b)/c:d-e_f.g'],
  ['note', '=HYPERLINK("http://evil.example","x")'],
];

const WANT_AUTHORS = [
  `Zed ${LONG_FAMILY}`,
  'Michael Luo',
  'Evil Name',
  'Suryaprakash Vengadesan',
  '{Tom and {\\textbraceleft}Jerry{\\textbraceright}}',
  'Justin Chang',
  'Eric Friedman',
  'Scott Shenker',
  'Ion Stoica',
];

/** Checks the hostile paper's entry field by field. */
function expectHostileEntry(entry: BibEntry | undefined) {
  expect(entry, `an entry keyed ${KEY}`).toBeDefined();
  expect(entry!.type).toBe('inproceedings');
  expect(entry!.fields.map(([name]) => name)).toEqual(['author', ...WANT_FIELDS.map(([name]) => name)]);
  const [, authors] = entry!.fields[0];
  expect(splitAuthors(authors)).toEqual(WANT_AUTHORS);
  expect(entry!.fields.slice(1)).toEqual(WANT_FIELDS);
}

test('hostile DOIs, titles and names: the Cite box and the exports hold exactly the data, one field each', async ({ page }) => {
  // Uncaught errors only: the compiled files are answered 404 on purpose, which the console logs.
  const crashes: string[] = [];
  page.on('pageerror', (e) => crashes.push(String(e)));
  const data = await bundledDataset(page);
  const find = (id: string) => data.publications.find((p: any) => p.id === id);
  const hostile = find('starburst-atc-2024');
  const hostileIndex = data.publications.indexOf(hostile);
  hostile.title = `gnp${RLO}.exe x}, injected = {pwned`;
  hostile.authors.unshift({ name: `Zed ${LONG_FAMILY}` });
  hostile.authors[2].name = `${RLO}Evil Name`;
  hostile.authors[4].name = 'Tom and {Jerry}';
  hostile.doi = '10.1000/a;(b)/c:d-e_f.g';
  hostile.honours = ['=HYPERLINK("http://evil.example","x")'];
  hostile.booktitle = '@SUM(1+1) {BERT}';
  hostile.pages = '37--57';
  hostile.publisher = 'R&D \\ Co';
  const injected = find('impact-iclr-2020');
  const injectedIndex = data.publications.indexOf(injected);
  injected.doi = INJECTED_DOI;
  const luo = data.researchers.find((r: any) => r.id === 'michael-luo');
  luo.name = `${RLO}Michael Luo`;
  await serveDataset(page, data);
  const profile = new ProfilePage(page);
  const list = new PublicationsPage(page);
  await profile.open('michael-luo');

  // The injected DOI is dropped and named, its paper kept; the overrides are warnings, quoted
  // escaped, and their records kept.
  const warning = page.getByTestId('data-warning');
  await expect(warning).toContainText('The dataset has problems.');
  await warning.getByText('Details').click();
  await expect(warning).toContainText(`publications[${injectedIndex}].doi: dropped:`);
  await expect(warning).toContainText("is not a DOI: contains '}'");
  await expect(warning).toContainText(`Warning: publications[${hostileIndex}].title: `);
  await expect(warning).toContainText('U+202E RIGHT-TO-LEFT OVERRIDE');
  expect(await warning.textContent()).not.toContain(RLO);
  await expect(list.entries).toHaveCount(16);

  // The name is shown isolated; the document title, plain text, leaves the override out.
  await expect(profile.record.locator('h1 bdi').first()).toHaveText(`${RLO}Michael Luo`);
  await expect(page).toHaveTitle('Michael Luo — Research Atlas');

  // The paper: its title isolated in CSS (plaintext: isolated, and read in the direction of its
  // first letter, as a <bdi> is), each author in a <bdi>.
  const paper = list.entries.filter({ has: page.locator('#pub-starburst-atc-2024') });
  await expect(paper).toHaveCount(1);
  const title = paper.locator('.pub-title');
  expect(await title.evaluate((el) => getComputedStyle(el).unicodeBidi)).toBe('plaintext');
  await expect(paper.locator('.pub-authors bdi')).toHaveCount(9);
  await expect(paper.locator('.pub-authors bdi').nth(2)).toHaveText(`${RLO}Evil Name`);

  // The Cite box: one entry, exactly the expected fields with the expected values.
  await paper.getByRole('button', { name: 'Cite' }).click();
  const box = paper.getByTestId('bibtex');
  await expect(box).toBeVisible();
  const cited = await box.inputValue();
  const [entry, ...more] = readBibtex(cited);
  expect(more).toEqual([]);
  expect(entry.key).toBe(KEY);
  expect(entry.key.length).toBeLessThanOrEqual(40);
  expectHostileEntry(entry);
  expect(cited).not.toContain(RLO);

  // Export BibTeX: every entry reads back whole, none has an injected field, and the hostile
  // paper's entry is the Cite box's.
  const [bibDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export BibTeX' }).click(),
  ]);
  expect(bibDownload.suggestedFilename()).toBe('michael-luo-publications.bib');
  const bib = await readFile(await bibDownload.path(), 'utf8');
  const all = readBibtex(bib);
  expect(all).toHaveLength(16);
  expect(new Set(all.map((e) => e.key)).size).toBe(16);
  const known = ['author', 'title', 'booktitle', 'journal', 'howpublished', 'school', 'year', 'month', 'volume', 'number', 'pages', 'publisher', 'address', 'doi', 'eprint', 'archiveprefix', 'url', 'note'];
  for (const e of all) {
    for (const [name] of e.fields) expect(known, `${e.key}: ${name}`).toContain(name);
  }
  expectHostileEntry(all.find((e) => e.key === KEY));
  expect(bib).toContain(cited);
  expect(bib).not.toContain(RLO);
  expect(bib).not.toContain('injected=pwned');

  // Export CSV: one record per paper, each cell what the data says; formulas defused.
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toBe('michael-luo-publications.csv');
  const csv = (await readFile(await csvDownload.path(), 'utf8')).replace(/^\uFEFF/, '');
  expect(csv).not.toContain(RLO);
  const rows = readCsv(csv);
  expect(rows[0]).toEqual(['key', 'title', 'authors', 'year', 'type', 'venue', 'venue_name', 'booktitle', 'doi', 'arxiv', 'honours', 'url']);
  expect(rows).toHaveLength(17);
  for (const row of rows) expect(row).toHaveLength(12);
  const row = rows.find((r) => r[0] === KEY)!;
  expect(row).toEqual([
    KEY,
    'gnp.exe x}, injected = {pwned',
    `Zed ${LONG_FAMILY}; Michael Luo; Evil Name; Suryaprakash Vengadesan; Tom and {Jerry}; Justin Chang; Eric Friedman; Scott Shenker; Ion Stoica`,
    '2024',
    'Conference',
    'USENIX ATC',
    'USENIX Annual Technical Conference',
    "'@SUM(1+1) {BERT}",
    '10.1000/a;(b)/c:d-e_f.g',
    '',
    `'=HYPERLINK("http://evil.example","x")`,
    '',
  ]);

  expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
  expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined();
  expect(crashes).toEqual([]);
});
