import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cp, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path, { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, type TestInfo } from '@playwright/test';

// The page objects are in page-objects.ts; the directory's is exported here too, as it always was.
export { DirectoryPage } from './page-objects';

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

/** The bundled dataset, read from the build being tested, to derive hostile variants. */
export async function bundledDataset(page: Page): Promise<any> {
  const res = await page.request.get('data/researchers.json');
  expect(res.ok()).toBeTruthy();
  return res.json();
}

/** The compiled files the release build serves. */
// Compiled files are in their generation's folder, `data/<generation>/…`.
export const COMPILED = '**/data/*/directory.bin';
export const FIRST_PAGE = '**/data/*/first.bin';
export const PUBS = '**/data/*/pubs/index.bin';
export const NETWORK = '**/data/*/net/index.bin';

const GENERATION_FOLDER = /^[0-9a-f]{16}\//;

/** The path of a data URL below `data/`, without the generation's folder (`people/0.bin`). */
export function dataPath(url: string): string | undefined {
  const path = new URL(url).pathname;
  const at = path.indexOf('/data/');
  return at < 0 ? undefined : path.slice(at + '/data/'.length).replace(GENERATION_FOLDER, '');
}

/** A glob for the compiled file at `file` (`data/net/index.bin`) in any generation. */
export function compiledGlob(file: string): string {
  return `**/${file.replace(/^data\//, 'data/*/')}`;
}

/** The task runner, whose `build-data` compiles a dataset as `cargo xtask dist` does (and whose `experts` writes the affinity CSV the experts page must match). */
export const XTASK = process.env.ATLAS_XTASK ?? fileURLToPath(new URL('../../target/xtask/xtask', import.meta.url));

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
  // The pages name the build's generation; the dataset's own is the one its pointer names.
  const generation = readFileSync(path.join(out, 'generation.txt'), 'utf8').split('\n')[0];
  await page.route('**/data/**', async (route) => {
    const { pathname } = new URL(route.request().url());
    const below = decodeURIComponent(pathname.slice(pathname.lastIndexOf('/data/') + 6));
    const file = path.join(out, below.replace(GENERATION_FOLDER, `${generation}/`));
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
  await page.route(compiledGlob(file), (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await page.goto(url);
  await expect(page.getByText(`${file} is missing`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  expect(requested.filter((p) => p.endsWith('researchers.json'))).toEqual([]);
}

/**
 * A copy of the project's release build, served by server.mjs on a free port so that the test
 * can deploy a new version over it. `url` is its base URL.
 */
export async function servedCopy(testInfo: TestInfo, prefix: string) {
  const configDir = dirname(testInfo.config.configFile!);
  const root = await mkdtemp(join(tmpdir(), 'atlas-deploy-'));
  await cp(resolve(configDir, testInfo.project.metadata.dist), root, { recursive: true });
  const port = await freePort();
  const server = spawn(process.execPath, ['server.mjs', '--root', root, '--prefix', prefix, '--port', String(port)], {
    cwd: configDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, fail) => {
    server.stdout!.once('data', () => ready());
    server.once('exit', (code) => fail(new Error(`server.mjs exited with ${code}`)));
  });
  return {
    root,
    url: `http://127.0.0.1:${port}${prefix}`,
    async close() {
      server.kill();
      await rm(root, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

/** The generation a site folder serves (the first line of its pointer). */
export function generationOf(site: string): string {
  return readFileSync(join(site, 'data', 'generation.txt'), 'utf8').split('\n')[0];
}

/**
 * Deploys the site in `from` over the one served from `root`, as a host's upload with deletion
 * does: every file of the old site goes, the new one's come. With `keep`, the old site's data
 * generation stays beside the new one, named second in the pointer (`cargo xtask dist --keep 1`).
 */
export async function deploy(root: string, from: string, { keep = false } = {}) {
  const old = generationOf(root);
  const aside = await mkdtemp(join(tmpdir(), 'atlas-kept-'));
  if (keep) await rename(join(root, 'data', old), join(aside, old));
  for (const entry of await readdir(root)) await rm(join(root, entry), { recursive: true, force: true });
  await cp(from, root, { recursive: true });
  if (keep) {
    await rename(join(aside, old), join(root, 'data', old));
    await writeFile(join(root, 'data', 'generation.txt'), `${generationOf(from)}\n${old}\n`);
  }
  await rm(aside, { recursive: true, force: true });
}
