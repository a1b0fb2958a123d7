// A static server that behaves like GitHub Pages, for the end-to-end tests.
// usage: node server.mjs --root DIR [--prefix /atlas/] [--port 4173] [--record-errors] [--gzip]
// A missing path under the prefix gets DIR/404.html with status 404; `/atlas` redirects to `/atlas/`.
// --record-errors (for the WebDriver suite in engines/, whose engines may hide their console):
// every HTML page gets, first in <head>, a same-origin script that records uncaught errors,
// unhandled rejections, CSP violations and console.error calls into `window.__atlasErrors`.
// --gzip (for the benchmarks): compresses what a static host would, for clients that accept it.
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { open, readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

// `--name value` pairs; a flag with no value (the next word is another flag, or none) is true.
const args = {};
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (!a.startsWith('--')) continue;
  const next = process.argv[i + 1];
  if (next === undefined || next.startsWith('--')) args[a.slice(2)] = true;
  else args[a.slice(2)] = process.argv[++i];
}
const root = resolve(args.root ?? 'dist');
const prefix = args.prefix ?? '/';
const port = Number(args.port ?? 4173);
const recordErrors = args['record-errors'] === true;
const gzip = args.gzip === true;

// The recorder, run in the page from its own same-origin file (the app's CSP allows no inline
// script). It keeps what it saw in sessionStorage too, so the errors of a page that was then
// reloaded or left (in the same tab and origin) are still reported.
const RECORDER = '__atlas_errors.js';
function recordErrorsInPage() {
  const key = '__atlasErrors';
  let kept = [];
  try {
    kept = JSON.parse(sessionStorage.getItem(key) || '[]');
  } catch {}
  const errors = (window.__atlasErrors = kept);
  const show = (v) => {
    if (v instanceof Error) return `${v.name}: ${v.message}`;
    if (typeof v === 'string') return v;
    try {
      return JSON.stringify(v);
    } catch {
      return String(v);
    }
  };
  const record = (kind, text) => {
    errors.push(`${kind} on ${location.pathname}: ${text}`);
    try {
      sessionStorage.setItem(key, JSON.stringify(errors));
    } catch {}
  };
  addEventListener('error', (e) => record('uncaught error', `${e.message} (${e.filename}:${e.lineno})`));
  addEventListener('unhandledrejection', (e) => record('unhandled rejection', show(e.reason)));
  addEventListener('securitypolicyviolation', (e) =>
    record('CSP violation', `${e.violatedDirective} blocked ${e.blockedURI || 'inline code'}`),
  );
  const error = console.error;
  console.error = function (...parts) {
    record('console.error', parts.map(show).join(' '));
    return error.apply(this, parts);
  };
}
const recorder = `(${recordErrorsInPage})();\n`;

/** An HTML page as served: with the recorder first in <head> when asked for. */
function html(body) {
  if (!recordErrors) return body;
  const tag = `<script src="${prefix}${RECORDER}"></script>`;
  return Buffer.from(body.toString('utf8').replace(/<head[^>]*>/i, (head) => `${head}\n    ${tag}`));
}

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

/** Answers with `body`, gzipped under --gzip when the client accepts it (images as they are). */
function send(req, res, status, type, body) {
  const compress = gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && !/^image\/(png|x-icon)/.test(type);
  res.writeHead(status, { 'Content-Type': type, ...(compress ? { 'Content-Encoding': 'gzip' } : {}) });
  res.end(compress ? gzipSync(body, { level: 6 }) : body);
}

/** Answers a `Range: bytes=a-b` request as static hosts do: 206 with those bytes, as they are,
 * read from the file alone (a record file may be hundreds of megabytes). */
async function sendRange(req, res, path, type) {
  const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range);
  const { size } = await stat(path);
  const start = m ? Number(m[1]) : NaN;
  const end = m && m[2] !== '' ? Math.min(Number(m[2]), size - 1) : size - 1;
  if (!(start <= end)) {
    res.writeHead(416, { 'Content-Range': `bytes */${size}` });
    return res.end();
  }
  const file = await open(path);
  try {
    const body = Buffer.alloc(end - start + 1);
    await file.read(body, 0, body.length, start);
    res.writeHead(206, {
      'Content-Type': type,
      'Content-Range': `bytes ${start}-${end}/${size}`,
      'Accept-Ranges': 'bytes',
    });
    res.end(body);
  } finally {
    await file.close();
  }
}

async function file(path, read = true) {
  try {
    const s = await stat(path);
    if (s.isDirectory()) return file(join(path, 'index.html'), read);
    return { path, body: read ? await readFile(path) : null };
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
  if (recordErrors && path === `${prefix}${RECORDER}`) {
    res.writeHead(200, { 'Content-Type': types['.js'] });
    return res.end(recorder);
  }
  const rel = normalize(path.slice(prefix.length)).replace(/^(\.\.[/\\])+/, '');
  if (req.headers.range) {
    const ranged = await file(join(root, rel), false);
    if (ranged) return sendRange(req, res, ranged.path, types[extname(ranged.path)] ?? 'application/octet-stream');
  }
  const found = await file(join(root, rel));
  if (found) {
    const type = extname(found.path);
    return send(req, res, 200, types[type] ?? 'application/octet-stream', type === '.html' ? html(found.body) : found.body);
  }
  const fallback = await file(join(root, '404.html'));
  send(req, res, 404, 'text/html; charset=utf-8', fallback ? html(fallback.body) : Buffer.from('Not Found'));
}).listen(port, '127.0.0.1', () => console.log(`serving ${root} at http://127.0.0.1:${port}${prefix}`));
