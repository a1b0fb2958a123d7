// The browser benchmark's results file: the keys of a row, the row of a system that did not
// finish, the release build's gzipped sizes, and the JSON written (`{ results, bundle }`, as
// bench/results.json holds them).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const KEYS = ['first_card_ms', 'search_ready_ms', 'keystroke_p50_ms', 'keystroke_p95_ms', 'inp_p50_ms', 'inp_p95_ms', 'inp_max_ms', 'inp_over_frame', 'keys_typed', 'typing_history_calls', 'query_p50_ms', 'query_p95_ms', 'query_facets_p50_ms', 'query_facets_p95_ms', 'initial_bytes_gz', 'first_answer_ms', 'first_answer_bytes_gz', 'throttled_first_answer_ms', 'throttled_first_answer_bytes_gz', 'memory_mb', 'profile_click_ms', 'profile_pack_bytes_gz', 'publications_first_ms', 'publications_bytes_gz', 'publications_memory_mb', 'publications_filter_ms', 'publications_filter_bytes_gz', 'publications_facets_ms', 'publications_facets_bytes_gz', 'connections_first_ms', 'connections_bytes', 'connections_memory_mb'];

/** An error as a row gives it: its message's first line. */
export const firstLine = (e) => String(e.message ?? e).split('\n')[0];

/** A system that does not finish (time-out, out of memory) gets a row of nulls and the reason. */
export const failed = (system, e) => [{ system, ...Object.fromEntries(KEYS.map((k) => [k, null])), error: firstLine(e) }];

/** The gzipped sizes of the build in `dist`: the main module (all that `/` loads), the route
 * chunks (each fetched by its pages), the JS. */
export async function bundleSizes(dist) {
  const gz = async (suffix) => {
    const files = (await readdir(dist)).filter((f) => f.endsWith(suffix));
    let total = 0;
    for (const f of files) total += gzipSync(await readFile(join(dist, f)), { level: 9 }).length;
    return total;
  };
  return {
    wasm_gz_bytes: await gz('_bg.wasm'),
    chunks_gz_bytes: (await gz('.wasm')) - (await gz('_bg.wasm')),
    js_gz_bytes: await gz('.js'),
  };
}

/** Writes the rows and the bundle's sizes to `out`. */
export async function writeResults(out, rows, bundle) {
  await writeFile(out, JSON.stringify({ results: rows, bundle }, null, 2) + '\n');
  console.error(`bench: wrote ${out}`);
}
