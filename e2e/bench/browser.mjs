// The browser benchmark: a release build served from loopback with gzip, in headless Chromium, at
// several dataset sizes; and MiniSearch and FlexSearch on the same records in the same browser.
//
// usage: node bench/browser.mjs --dist DIR --size N=FILE@DATADIR [--size …] --out FILE.json [--timeout-s S]
//   FILE: the dataset's authoring JSON (the peers index it); DATADIR: what `cargo xtask build-data`
//   made of it, served as the site's data/ folder.
//
// Prints one line per figure and writes a JSON array with one object per (size, system), keys as
// in bench/results.json (with every key timed: `keys`, `typed_keys`, `warmup_keys`). `cargo
// xtask bench` runs it; see docs/performance.md.
//
// This file owns the command line and the run over the sizes; the rest is in a module each:
// browser-server.mjs (the site served with a size's data), browser-dataset.mjs (the typing
// sequence and the peers' records), browser-session.mjs (Chromium and the app's pages),
// browser-atlas.mjs and browser-routes.mjs (the app's figures), browser-peers.mjs (MiniSearch and
// FlexSearch), browser-results.mjs (the JSON written).
import { resolve } from 'node:path';
import { atlas } from './browser-atlas.mjs';
import { typingSequence, writePeersJson } from './browser-dataset.mjs';
import { PEERS, peers } from './browser-peers.mjs';
import { bundleSizes, failed, firstLine, writeResults } from './browser-results.mjs';
import { connections, firstAnswers, publications } from './browser-routes.mjs';
import { serve } from './browser-server.mjs';
import { launch } from './browser-session.mjs';

const args = process.argv.slice(2);
const opt = (name) => args.filter((_, i) => args[i - 1] === `--${name}`);
const dist = resolve(opt('dist')[0] ?? '../dist');
const out = opt('out')[0];
const timeout = Number(opt('timeout-s')[0] ?? 180) * 1000;
// `--size N=FILE@DATADIR`, or `--size N:faculty=…` for a faculty list (`gen-data --shape
// faculty`), typed as people look people up: a name with its accents, another with a typo
// corrected, an organization (`typingSequence`).
const sizes = opt('size').map((s) => {
  const [head, rest] = s.split('=');
  const [n, shape] = head.split(':');
  const [file, dataDir] = rest.split('@');
  return { researchers: Number(n), shape: shape ?? 'research', file: resolve(file), dataDir: resolve(dataDir) };
});
if (!out || sizes.length === 0 || sizes.some((s) => !s.dataDir)) {
  console.error('usage: node bench/browser.mjs --dist DIR --size N=FILE@DATADIR [--size …] --out FILE.json');
  process.exit(2);
}

const session = await launch(timeout);
/** A part of the app's row that failed: its error under `key`, the contexts it left closed. */
const caught = (key) => async (e) => { await session.closeAll(); return { [key]: firstLine(e) }; };
const rows = [];
for (const { researchers, shape, file, dataDir } of sizes) {
  const { seq, typed, word, bytes } = await typingSequence(file, shape);
  const { server, base } = await serve(dist, dataDir);
  console.error(`bench: ${researchers} researchers, ${shape} (${(bytes / 1e6).toFixed(1)} MB of JSON), typing ${JSON.stringify(shape === 'faculty' ? seq.filter((q, i) => seq[i + 1] === '' || i === seq.length - 1) : seq.at(-1))}`);
  const atlasRows = await atlas(session, base, seq, typed).then(
    async (r) => [{
      ...r,
      ...(await firstAnswers(session, base, word).catch(caught('first_answer_error'))),
      ...(await publications(session, base).catch(caught('publications_error'))),
      ...(await connections(session, base).catch(caught('connections_error'))),
    }],
    async (e) => { await session.closeAll(); return failed('research-atlas', e); },
  );
  // The peers load the whole authoring file into the page: past a few hundred megabytes that is
  // more than a browser tab takes, so they are not run there.
  const tooBig = new Error(`not run: the ${(bytes / 1e6).toFixed(0)} MB file is past what one string holds here`);
  const peerRows = bytes > 500e6 || !(await writePeersJson(file, dataDir))
    ? PEERS.flatMap((system) => failed(system, tooBig))
    : await peers(session, base, seq).catch(async (e) => { await session.closeAll(); return PEERS.flatMap((system) => failed(system, e)); });
  for (const row of [...atlasRows, ...peerRows]) {
    rows.push({ researchers, shape, ...row });
    // The per-key arrays go to the JSON only (twice the typing sequence and more, a row).
    const { keys, typed_keys: typedKeys, ...figures } = row;
    console.error(`bench:   ${row.system}: ${JSON.stringify(figures)}${keys ? ` (${keys.length} keys kept${typedKeys ? `, ${typedKeys.length} typed` : ''})` : ''}`);
  }
  server.close();
}
await session.close();

await writeResults(out, rows, await bundleSizes(dist));
