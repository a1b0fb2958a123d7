// What the browser benchmark takes from a dataset's authoring JSON: the typing sequence every
// system is timed on, and the slim copy of its records the peers index (`data/peers.json`).
import { open, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What every system is timed on for a dataset, from its authoring JSON:
 * - `seq`: the typing sequence, each element the search box's whole text after one key (a letter
 *   typed: one more character; Backspace: the text before again; clearing the box: `''`);
 * - `typed`: the keys a person presses for the Event Timing run (Playwright key names);
 * - `word`: the surname the first answer (`/?q=WORD`) opens;
 * - `bytes`: the file's size.
 *
 * Shape 'research' (the generated directories and the bundled data): the prefixes of the first
 * topic's first word and the first researcher's surname, lowercase ("learning levi"); the
 * person types that text twice over, a space between ("learning levi learning levi").
 *
 * Shape 'faculty' (`gen-data --shape faculty`), typed as people look people up:
 * 1. a researcher's whole name as written, capitals and accents included ("José García"): the
 *    first researcher with a name of two words or more that has a non-ASCII letter, else the
 *    first with two words or more;
 * 2. the box cleared (`''`);
 * 3. a second researcher's name (the next one of two words or more) with one typo on the way:
 *    at the third letter of the surname a wrong letter (its neighbour on a QWERTY row) is typed,
 *    then Backspace (the shorter prefix again), then the rest of the name;
 * 4. the box cleared;
 * 5. the first organization's first two words as written ("Edinburgh State").
 * The person presses the same keys (the box cleared with Control+A, Backspace); letters off the
 * US layout (é, ø) as keys that type that letter.
 */
export async function typingSequence(dataFile, shape) {
  const bytes = (await stat(dataFile)).size;
  let sample;
  if (bytes < 256e6) {
    const data = JSON.parse(await readFile(dataFile, 'utf8'));
    const names = (list) => (list ?? []).map((x) => x.name).filter((n) => typeof n === 'string');
    sample = { topics: names(data.topics), researchers: names(data.researchers), organizations: names(data.organizations) };
  } else {
    // Too long for one string (100,000 researchers): the first topic, researcher and
    // organization are near the start of `gen-data`'s files, which list the vocabulary and the
    // researchers first (a faculty list that large would get one researcher to choose from).
    const handle = await open(dataFile);
    const head = Buffer.alloc(4 << 20);
    await handle.read(head, 0, head.length, 0);
    await handle.close();
    const text = head.toString('utf8');
    const firstName = (key) => {
      const at = text.indexOf(`"${key}": [`);
      return at < 0 ? undefined : JSON.parse(`"${/"name": "((?:[^"\\]|\\.)*)"/.exec(text.slice(at))?.[1] ?? ''}"`) || undefined;
    };
    const one = (key) => [firstName(key)].filter(Boolean);
    sample = { topics: one('topics'), researchers: one('researchers'), organizations: one('organizations') };
  }
  const firstResearcher = sample.researchers[0];
  const topic = (sample.topics[0] ?? 'learning').split(/\s+/)[0].toLowerCase();
  const surname = (firstResearcher ?? 'luo').split(/\s+/).pop().toLowerCase();
  if (shape === 'faculty') {
    const seq = facultySequence(sample);
    return { seq, typed: keysOf(seq), word: surname, bytes };
  }
  const text = `${topic} ${surname}`;
  const seq = [];
  for (let i = 1; i <= text.length; i++) seq.push(text.slice(0, i));
  return { seq, typed: Array.from(`${text} ${text}`), word: surname, bytes };
}

/** The faculty shape's sequence (see [`typingSequence`]). */
function facultySequence({ researchers, organizations }) {
  const names = researchers.map((n) => n.normalize('NFC').trim().replace(/\s+/g, ' '));
  const twoWords = (n) => n.split(' ').length >= 2;
  const nonAscii = (n) => Array.from(n).some((c) => c.codePointAt(0) > 0x7f && /\p{L}/u.test(c));
  let first = names.findIndex((n) => twoWords(n) && nonAscii(n));
  if (first < 0) first = names.findIndex(twoWords);
  if (first < 0) first = 0;
  const name = names[first] ?? 'José García';
  // The next name of two words or more after it (around the list), another than it.
  const after = [...names.slice(first + 1), ...names.slice(0, first)];
  const other = after.find((n) => twoWords(n) && n !== name) ?? after.find((n) => n !== name) ?? name;
  const org = (organizations[0] ?? 'University of Edinburgh').normalize('NFC').trim().split(/\s+/).slice(0, 2).join(' ').replace(/[,;:.]+$/, '');

  const seq = [];
  let box = [];
  const type = (text) => { for (const c of Array.from(text)) { box.push(c); seq.push(box.join('')); } };
  const backspace = () => { box.pop(); seq.push(box.join('')); };
  const clear = () => { box = []; seq.push(''); };

  type(name);
  clear();
  const chars = Array.from(other);
  const at = typoAt(chars);
  type(chars.slice(0, at).join(''));
  type(wrongLetter(chars[at]));
  backspace();
  type(chars.slice(at).join(''));
  clear();
  type(org);
  return seq;
}

/** Where the typo goes in a name's characters: the surname's third letter, or the first ASCII
 * letter after it (a wrong letter has a neighbour to be); else the name's first such letter past
 * its second character; else the end. */
function typoAt(chars) {
  const surname = chars.lastIndexOf(' ') + 1;
  const letter = (i) => /^[A-Za-z]$/.test(chars[i] ?? '');
  for (const from of [surname + 2, 2]) {
    for (let i = from; i < chars.length; i++) if (letter(i)) return i;
  }
  return chars.length;
}

/** A wrong letter for `c`: its neighbour on its QWERTY row, in its case ('x' past the end). */
function wrongLetter(c) {
  if (c == null) return 'x';
  const rows = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
  const lower = c.toLowerCase();
  const row = rows.find((r) => r.includes(lower));
  if (!row) return 'x';
  const i = row.indexOf(lower);
  const wrong = row[i + 1] ?? row[i - 1];
  return c === lower ? wrong : wrong.toUpperCase();
}

/** The keys that take the box through `seq` from empty: a character typed, Backspace for the text
 * one character shorter, Control+A and Backspace for the box cleared. */
export function keysOf(seq) {
  const keys = [];
  let before = [];
  for (const text of seq) {
    const now = Array.from(text);
    const prefix = (a, b) => a.every((c, i) => b[i] === c);
    if (now.length === 0) {
      if (before.length > 0) keys.push('Control+A', 'Backspace');
    } else if (now.length === before.length + 1 && prefix(before, now)) {
      keys.push(now.at(-1));
    } else if (now.length === before.length - 1 && prefix(now, before)) {
      keys.push('Backspace');
    } else {
      throw new Error(`no key takes the box from ${JSON.stringify(before.join(''))} to ${JSON.stringify(text)}`);
    }
    before = now;
  }
  return keys;
}

/** The order the keys of `seq` are timed in: the sequence once as a warm-up (`warm: false`),
 * the box cleared (a warm-up key too, so the measured pass starts from an empty box as the
 * warm-up did), then the sequence again, measured (`warm: true`). The figures' quantiles are
 * the measured keys'. */
export function runOrder(seq) {
  const warmup = [...seq, ''].map((query) => ({ query, warm: false }));
  return { order: [...warmup, ...seq.map((query) => ({ query, warm: true }))], warmupKeys: warmup.length };
}

/** The records the peers index, with the fields they index and no other (no abstracts,
 * citations or careers' details), as `data/peers.json` beside the compiled data: the generated
 * authoring file outgrew what a page is given (288 MB at 20,000). False when it cannot be made. */
export async function writePeersJson(file, dataDir) {
  let data;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return false;
  }
  const pick = (o, keys) => Object.fromEntries(keys.filter((k) => o[k] != null).map((k) => [k, o[k]]));
  const slim = {
    organizations: data.organizations.map((o) => pick(o, ['id', 'name', 'short_name'])),
    topics: data.topics.map((t) => pick(t, ['id', 'name'])),
    venues: data.venues.map((v) => pick(v, ['id', 'name', 'short_name'])),
    publications: data.publications.map((p) => pick(p, ['id', 'title', 'venue'])),
    researchers: data.researchers.map((r) => ({
      ...pick(r, ['name', 'native_name', 'alternative_names', 'organization', 'topics', 'interests', 'publications']),
      positions: (r.positions ?? []).map((p) => ({ organization: p.organization })),
      education: (r.education ?? []).map((e) => ({ organization: e.organization })),
      awards: (r.awards ?? []).map((a) => ({ name: a.name })),
      talks: (r.talks ?? []).map((t) => ({ title: t.title })),
      projects: (r.projects ?? []).map((p) => ({ name: p.name })),
    })),
  };
  await writeFile(join(dataDir, 'peers.json'), JSON.stringify(slim));
  return true;
}
