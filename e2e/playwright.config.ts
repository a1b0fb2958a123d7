import { defineConfig } from '@playwright/test';

// Release builds made by `cargo xtask test` (or `cargo xtask dist`): one for `/`, one for `/atlas/`.
const dist = process.env.ATLAS_DIST ?? '../dist';
const distSub = process.env.ATLAS_DIST_SUB ?? '../dist-atlas';
// The same build with 2,000 generated researchers (`cargo xtask test` makes it), for scale.spec.ts and
// scale-citations.spec.ts.
const distScale = process.env.ATLAS_DIST_SCALE ?? '../dist-scale';
// Each build redeployed with other data (`cargo xtask test` makes them), for redeploy.spec.ts.
const distNext = process.env.ATLAS_DIST_NEXT ?? '../dist-next';
const distSubNext = process.env.ATLAS_DIST_SUB_NEXT ?? '../dist-atlas-next';
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
// Ports of the two servers; ATLAS_PORT moves both (for a second run beside another).
const port = Number(process.env.ATLAS_PORT ?? 4173);

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  // No retries: a flaky test is a bug to find, in the app or in the test's waiting.
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    browserName: 'chromium',
    headless: true,
    // The release build registers a service worker, and `page.route` does not see the requests
    // a worker answers; only tests/offline.spec.ts allows it. (Each test has a fresh context, so
    // a worker never outlives its test.)
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // `metadata.dist`: the build a project serves, for tests that serve a changed copy of it;
  // `metadata.next`: that build redeployed with other data.
    { name: 'root', testIgnore: /scale.*\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${port}/` }, metadata: { dist, next: distNext } },
    { name: 'subpath', testIgnore: /scale.*\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${port + 1}/atlas/` }, metadata: { dist: distSub, next: distSubNext } },
    { name: 'scale', testMatch: /scale.*\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${port + 2}/` }, metadata: { dist: distScale } },
  ],
  webServer: [
    {
      command: `node server.mjs --root ${dist} --prefix / --port ${port}`,
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
    },
    {
      command: `node server.mjs --root ${distSub} --prefix /atlas/ --port ${port + 1}`,
      url: `http://127.0.0.1:${port + 1}/atlas/`,
      reuseExistingServer: false,
    },
    {
      command: `node server.mjs --root ${distScale} --prefix / --port ${port + 2}`,
      url: `http://127.0.0.1:${port + 2}/`,
      reuseExistingServer: false,
    },
  ],
});
