// What the browser benchmark takes from a dataset's authoring JSON: the typing sequence every
// system is timed on, and the slim copy of its records the peers index (`data/peers.json`).
import { open, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The typing sequence for a dataset: the prefixes of a topic word and a surname it contains. */
export async function typingSequence(dataFile, shape) {
  const bytes = (await stat(dataFile)).size;
  let topicName;
  let researcherName;
  if (bytes < 256e6) {
    const data = JSON.parse(await readFile(dataFile, 'utf8'));
    topicName = data.topics[0]?.name;
    researcherName = data.researchers[0]?.name;
  } else {
    // Too long for one string (100,000 researchers): the first topic and researcher are near
    // the start of `gen-data`'s files, which list the vocabulary and the researchers first.
    const handle = await open(dataFile);
    const head = Buffer.alloc(4 << 20);
    await handle.read(head, 0, head.length, 0);
    await handle.close();
    const text = head.toString('utf8');
    const firstName = (key) => {
      const at = text.indexOf(`"${key}": [`);
      return at < 0 ? undefined : JSON.parse(`"${/"name": "((?:[^"\\]|\\.)*)"/.exec(text.slice(at))?.[1] ?? ''}"`) || undefined;
    };
    topicName = firstName('topics');
    researcherName = firstName('researchers');
  }
  const topic = (topicName ?? 'learning').split(/\s+/)[0].toLowerCase();
  const surname = (researcherName ?? 'luo').split(/\s+/).pop().toLowerCase();
  const text = shape === 'faculty' ? (researcherName ?? 'luo').toLowerCase() : `${topic} ${surname}`;
  const seq = [];
  for (let i = 1; i <= text.length; i++) seq.push(text.slice(0, i));
  return { seq, bytes };
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
