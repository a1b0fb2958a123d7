// The browser benchmark's peers, MiniSearch and FlexSearch: their page and scripts (served by
// browser-server.mjs from Playwright's node_modules), and their rows, measured in that page on
// the same records and typing sequence as the app.
import { join, resolve } from 'node:path';
import { runOrder } from './browser-dataset.mjs';
import { quantile, round } from './browser-session.mjs';

const modules = resolve(new URL('..', import.meta.url).pathname, 'node_modules');
export const peerScripts = {
  '/__peers/minisearch.js': join(modules, 'minisearch/dist/umd/index.js'),
  '/__peers/flexsearch.js': join(modules, 'flexsearch/dist/flexsearch.bundle.min.js'),
};
export const peersPage = `<!doctype html><meta charset="utf-8"><title>peers</title>
<script src="/__peers/minisearch.js"></script><script src="/__peers/flexsearch.js"></script>`;

/** The peers, in the order of their rows. */
export const PEERS = ['minisearch', 'flexsearch'];

/** MiniSearch and FlexSearch, each in a page of its own: fetch and parse the records' indexed
 * fields (`data/peers.json`), index the same fields of the same records, then time each query of
 * the typing sequence (search alone, no rendering) in the app's run order (`runOrder`: the
 * sequence once as a warm-up, the box cleared, then the sequence measured), every key kept in
 * `keys` and the quantiles the measured keys'. Memory is read in that page once its index is
 * built and queried, the parsed records still held, as the app's is read with its directory
 * decoded (JS heap; the peers have no wasm). */
export async function peers(session, base, seq) {
  const rows = [];
  for (const system of PEERS) rows.push(await peer(session, base, seq, system));
  return rows;
}

async function peer(session, base, seq, system) {
  const context = await session.context();
  const page = await context.newPage();
  page.setDefaultTimeout(session.timeout);
  await page.goto(`${base}__peers.html`);
  const { order, warmupKeys } = runOrder(seq);
  const r = await page.evaluate(async ({ queries, system }) => {
    const t0 = performance.now();
    const data = await (await fetch('data/peers.json')).json();
    const parsed = performance.now();
    const name = (list) => new Map(list.map((x) => [x.id, x.name ?? x.short_name]));
    const orgs = name(data.organizations);
    const topics = name(data.topics);
    const venues = new Map(data.venues.map((v) => [v.id, `${v.short_name} ${v.name}`]));
    const pubs = new Map(data.publications.map((p) => [p.id, `${p.title} ${venues.get(p.venue) ?? ''}`]));
    const docs = data.researchers.map((r, id) => ({
      id,
      name: [r.name, r.native_name, ...(r.alternative_names ?? [])].filter(Boolean).join(' '),
      org: [orgs.get(r.organization), ...(r.positions ?? []).map((p) => orgs.get(p.organization)), ...(r.education ?? []).map((e) => orgs.get(e.organization))].filter(Boolean).join(' '),
      topics: [...(r.topics ?? []).map((t) => topics.get(t)), ...(r.interests ?? [])].filter(Boolean).join(' '),
      pubs: (r.publications ?? []).map((p) => pubs.get(p)).join(' '),
      other: [...(r.awards ?? []).map((a) => a.name), ...(r.talks ?? []).map((t) => t.title), ...(r.projects ?? []).map((p) => p.name)].join(' '),
    }));
    const prepared = performance.now();
    const fields = ['name', 'org', 'topics', 'pubs', 'other'];
    const start = performance.now();
    let search;
    if (system === 'minisearch') {
      const ms = new MiniSearch({ fields, searchOptions: { prefix: true, combineWith: 'AND' } });
      ms.addAll(docs);
      search = (s) => ms.search(s);
    } else {
      const fx = new FlexSearch.Document({ document: { id: 'id', index: fields }, tokenize: 'forward' });
      for (const d of docs) fx.add(d);
      search = (s) => fx.search(s, { limit: docs.length });
    }
    const built = performance.now();
    const times = queries.map((s) => { const a = performance.now(); search(s); return performance.now() - a; });
    // Kept alive until memory is read: what a page searching with it would hold.
    window.__peer = { data, search };
    return { build: built - start, ready: built - t0, parse: parsed - t0, times };
  }, { queries: order.map((k) => k.query), system });
  const keys = order.map(({ query, warm }, i) => ({ order: i, query, warm, search_ms: round(r.times[i], 3) }));
  const measured = r.times.filter((_, i) => order[i].warm);
  const memory = await page.evaluate(() => performance.memory.usedJSHeapSize / 1e6);
  await context.close();
  return {
    system,
    first_card_ms: null,
    search_ready_ms: round(r.ready, 1),
    keystroke_p50_ms: null,
    keystroke_p95_ms: null,
    query_p50_ms: round(quantile(measured, 0.5), 3),
    query_p95_ms: round(quantile(measured, 0.95), 3),
    initial_bytes_gz: null,
    memory_mb: round(memory, 1),
    index_build_ms: round(r.build, 1),
    json_parse_ms: round(r.parse, 1),
    warmup_keys: warmupKeys,
    keys,
  };
}
