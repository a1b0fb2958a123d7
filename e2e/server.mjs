// A static server that behaves like GitHub Pages, for the end-to-end tests.
// usage: node server.mjs --root DIR [--prefix /atlas/] [--port 4173]
// A missing path under the prefix gets DIR/404.html with status 404; `/atlas` redirects to `/atlas/`.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const root = resolve(args.root ?? 'dist');
const prefix = args.prefix ?? '/';
const port = Number(args.port ?? 4173);

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.md': 'text/markdown; charset=utf-8',
};

async function file(path) {
  try {
    const s = await stat(path);
    if (s.isDirectory()) return file(join(path, 'index.html'));
    return { path, body: await readFile(path) };
  } catch {
    return null;
  }
}

createServer(async (req, res) => {
  const url = new URL(req.url, 'http://localhost');
  let path = decodeURIComponent(url.pathname);
  if (prefix !== '/' && path === prefix.slice(0, -1)) {
    res.writeHead(301, { Location: prefix });
    return res.end();
  }
  if (!path.startsWith(prefix)) {
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    return res.end('Not Found');
  }
  const rel = normalize(path.slice(prefix.length)).replace(/^(\.\.[/\\])+/, '');
  const found = await file(join(root, rel));
  if (found) {
    res.writeHead(200, { 'Content-Type': types[extname(found.path)] ?? 'application/octet-stream' });
    return res.end(found.body);
  }
  const fallback = await file(join(root, '404.html'));
  res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(fallback ? fallback.body : 'Not Found');
}).listen(port, '127.0.0.1', () => console.log(`serving ${root} at http://127.0.0.1:${port}${prefix}`));
