// The bench's static server: `e2e/server.mjs` with gzip on a free port, for the bench scripts.
import { spawn } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** Serves the site `dist` with gzip on a free port; resolves to its base URL and the process. */
export async function serve(dist) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const server = spawn('node', [join(here, '..', 'server.mjs'), '--root', dist, '--port', String(port), '--gzip'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((ok, fail) => {
    server.stdout.on('data', (d) => String(d).includes('serving') && ok());
    server.on('exit', (code) => fail(new Error(`server exited with ${code}`)));
  });
  return { server, base: `http://127.0.0.1:${port}/` };
}
