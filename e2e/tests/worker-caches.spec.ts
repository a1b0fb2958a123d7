// The service worker's own bookkeeping of its caches, run in Node on the build's sw.js with
// stand-ins for the worker's globals: which caches an activating version deletes, and what a
// failed install leaves. In a browser these depend on when the browser checks for a new sw.js
// (offline.spec.ts covers the usual order); here each order is set up on purpose.
import { test, expect, type TestInfo } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import vm from 'node:vm';

/** An ordered, in-memory CacheStorage: names in the order they were made, as browsers keep them. */
class Caches {
  readonly store = new Map<string, Map<string, unknown>>();
  async keys() {
    return [...this.store.keys()];
  }
  async open(name: string) {
    if (!this.store.has(name)) this.store.set(name, new Map());
    return { addAll: async (requests: { url: string }[]) => this.addAll(requests) };
  }
  async delete(name: string) {
    return this.store.delete(name);
  }
  /** What the install's `addAll` meets: set by each test. */
  addAll: (requests: { url: string }[]) => Promise<void> = async () => {};
}

/** The build's sw.js, started as the worker of `scope`: its event listeners and its cache name. */
async function worker(testInfo: TestInfo, scope: string, caches: Caches) {
  const dist = resolve(dirname(testInfo.config.configFile!), testInfo.project.metadata.dist);
  const source = await readFile(resolve(dist, 'sw.js'), 'utf8');
  const listeners = new Map<string, (event: unknown) => void>();
  const self = {
    registration: { scope },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: async () => {},
    clients: { claim: async () => {} },
  };
  class Request {
    constructor(readonly url: string) {}
  }
  const context = vm.createContext({ self, caches, URL, Request, Response, console });
  vm.runInContext(source, context);
  /** Dispatches an extendable event and resolves when what it waits for settles. */
  const dispatch = (type: string) => {
    let waited: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ waitUntil: (p: Promise<unknown>) => (waited = p) });
    return waited;
  };
  return { cache: vm.runInContext('CACHE', context) as string, dispatch };
}

test('an activating version keeps the previous version and a newer one installing, and deletes the older ones', async ({ baseURL }, testInfo) => {
  const caches = new Caches();
  const sw = await worker(testInfo, baseURL!, caches);
  const own = (version: string) => `research-atlas ${new URL(baseURL!).pathname} ${version} 0123456789abcdef`;
  const foreign = ['research-atlas /elsewhere/ 0123456789abcdef', 'another-app'];
  // Made in this order: two versions before the previous, the previous, this one, then a newer
  // version whose check overtook this activation (it is installing).
  for (const name of [own('v1'), foreign[0], own('v2'), own('v3'), sw.cache, foreign[1], own('v5')]) {
    await caches.open(name);
  }
  await sw.dispatch('activate');
  expect(await caches.keys()).toEqual([foreign[0], own('v3'), sw.cache, foreign[1], own('v5')]);
});

test('the first version to activate deletes nothing', async ({ baseURL }, testInfo) => {
  const caches = new Caches();
  const sw = await worker(testInfo, baseURL!, caches);
  await caches.open(sw.cache);
  await sw.dispatch('activate');
  expect(await caches.keys()).toEqual([sw.cache]);
});

test('an install that fails leaves no cache behind, and one that succeeds keeps its files', async ({ baseURL }, testInfo) => {
  const caches = new Caches();
  const sw = await worker(testInfo, baseURL!, caches);
  caches.addAll = async () => {
    throw new TypeError('Failed to fetch');
  };
  // The promise is the worker's realm's, which `expect(...).rejects` does not take.
  const failed = await sw.dispatch('install').then(() => 'installed', (e: unknown) => String(e));
  expect(failed).toBe('TypeError: Failed to fetch');
  expect(await caches.keys()).toEqual([]);

  let asked: string[] = [];
  caches.addAll = async (requests) => {
    asked = requests.map((r) => r.url);
  };
  await sw.dispatch('install');
  expect(await caches.keys()).toEqual([sw.cache]);
  expect(asked).toContain('404.html');
});
