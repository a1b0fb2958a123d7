// The browser benchmark's static server: the release build with one dataset size's compiled data
// as its data/ folder, gzipped as a static host sends it, byte ranges of data files as static
// hosts answer them, and the peers' page and scripts.
import { createServer } from 'node:http';
import { open, readdir, readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { peerScripts, peersPage } from './browser-peers.mjs';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.bin': 'application/octet-stream',
  '.svg': 'image/svg+xml',
};

/** A static server over `dist` that answers `data/…` from `dataDir` (the compiled dataset),
 * gzips what a static host would, and serves index.html for unknown paths. */
export async function serve(dist, dataDir) {
  const cache = new Map();
  // The page names its data's generation (`data/<generation>/…`); every size is served as it.
  const below = (path) => path.slice('/data/'.length).replace(/^[0-9a-f]{16}\//, '');
  const dataFile = (path) => join(dataDir, normalize(below(path)).replace(/^(\.\.[/\\])+/, ''));
  const body = async (path) => {
    if (!cache.has(path)) {
      let file;
      if (path.startsWith('/data/')) file = dataFile(path);
      else if (peerScripts[path]) file = peerScripts[path];
      else if (path === '/__peers.html') file = null;
      else file = join(dist, normalize(path).replace(/^(\.\.[/\\])+/, ''));
      let raw;
      try {
        raw = file ? await readFile(file) : Buffer.from(peersPage);
      } catch {
        if (path.startsWith('/data/')) {
          // A missing data file is a 404, as on a static host.
          return { raw: Buffer.from('not found'), gz: gzipSync('not found'), type: 'text/plain', status: 404 };
        }
        raw = await readFile(join(dist, 'index.html'));
        path = '/index.html';
      }
      const type = types[extname(path)] ?? (path === '/__peers.html' ? types['.html'] : 'application/octet-stream');
      // Gzipped when first sent whole (never, for the files only read by byte range).
      let gz = null;
      cache.set(path, { raw, get gz() { return (gz ??= gzipSync(raw, { level: 6 })); }, type });
    }
    return cache.get(path);
  };
  const server = createServer(async (req, res) => {
    let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path.endsWith('/')) path += 'index.html';
    // A byte range of a data file is read from the disk and sent as it is, as static hosts do
    // (reading the whole file first, 246 MB of network records at 100,000, is not what they do).
    const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    if (range && path.startsWith('/data/')) {
      const handle = await open(dataFile(path)).catch(() => null);
      if (handle) {
        try {
          const size = (await handle.stat()).size;
          const [from, to] = [Number(range[1]), Math.min(Number(range[2]), size - 1)];
          const part = Buffer.alloc(Math.max(0, to - from + 1));
          await handle.read(part, 0, part.length, from);
          res.writeHead(206, { 'content-type': types['.bin'], 'cache-control': 'no-store', 'content-range': `bytes ${from}-${to}/${size}` });
          return res.end(part);
        } finally {
          await handle.close();
        }
      }
    }
    const file = await body(path);
    const { raw, type, status = 200 } = file;
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const gz = gzip ? file.gz : null;
    res.writeHead(status, {
      'content-type': type,
      'cache-control': 'no-store',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(gzip ? gz : raw);
  });
  // A static host sends files compressed ahead of time (or from its cache after the first
  // visitor), not compressed while the visitor waits: compress what first visits fetch whole
  // before anything is measured, the app's files and data/'s top level (directory.bin is 38 MB at
  // 100,000 researchers; gzipping it here took about 0.7 s of the first visit's search-ready
  // time) and each data folder's index and opening file. The other data files (packs, chunks,
  // shards, each a few megabytes at most) are compressed when first asked for.
  const whole = [];
  for (const f of await readdir(dist, { withFileTypes: true })) if (f.isFile()) whole.push(`/${f.name}`);
  for (const f of await readdir(dataDir, { withFileTypes: true })) {
    if (f.isFile() && !f.name.endsWith('.json')) whole.push(`/data/${f.name}`);
    if (f.isDirectory()) whole.push(`/data/${f.name}/index.bin`, `/data/${f.name}/start.bin`);
  }
  for (const path of whole) (await body(path)).gz;
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, base: `http://127.0.0.1:${server.address().port}/` };
}
