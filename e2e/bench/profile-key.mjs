// Where a keystroke's time goes: types TEXT into the directory's search box at BASE (a served
// release build, the data already compiled there) twice, once under a performance trace (time
// in script, style, layout, paint, the User Timing measures, tasks over 3 ms) and once under the
// CPU profiler (self time by function, the top 25).
//
// usage: node bench/profile-key.mjs BASE_URL [TEXT]
import { chromium } from '@playwright/test';

const [base, text = 'human-computer levi'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
const page = await context.newPage();
await page.goto(base);
await page.waitForFunction(() => performance.getEntriesByName('atlas:index').length > 0, null, { timeout: 120000 });
const box = page.locator('input[type=search]').first();

/** Types the text at 150 ms a key into the emptied box. */
async function typeIt() {
  await box.pressSequentially(text, { delay: 150 });
  await page.waitForTimeout(1000);
}

/** Empties the box and waits for the page to settle. */
async function clear() {
  await box.fill('');
  await page.waitForTimeout(1500);
}

// Once untimed, so the code is warm.
await typeIt();
await clear();

const ms = (us) => (us / 1000).toFixed(1);
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'] });
await typeIt();
const trace = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
const complete = trace.filter((e) => e.ph === 'X' && e.dur);
const total = (name) => complete.filter((e) => e.name === name).reduce((n, e) => n + e.dur, 0);
console.log(`${text.length} keys`);
for (const name of ['FunctionCall', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Commit', 'MajorGC', 'MinorGC']) {
  console.log(`${name}: ${ms(total(name))} ms in all, ${ms(total(name) / text.length)} per key`);
}
for (const name of [...new Set(trace.filter((e) => e.name?.startsWith('atlas:') && !e.name.endsWith(':start')).map((e) => e.name))]) {
  const begins = trace.filter((e) => e.name === name && e.ph === 'b').map((e) => e.ts);
  const ends = trace.filter((e) => e.name === name && e.ph === 'e').map((e) => e.ts);
  const sum = begins.reduce((n, b, i) => n + (ends[i] - b), 0);
  console.log(`${name}: ${ms(sum)} ms over ${begins.length}`);
}
const long = complete.filter((e) => e.name === 'RunTask' && e.dur > 3000).map((e) => ms(e.dur));
console.log(`tasks over 3 ms: ${long.length} (${long.join(' ')})`);

await clear();
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
await typeIt();
const { profile } = await cdp.send('Profiler.stop');
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
profile.samples.forEach((id, i) => {
  const f = nodes.get(id).callFrame;
  const name = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}`.trim();
  self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
console.log('self time (the second typing):');
for (const [name, us] of [...self].filter(([n]) => !/^\((idle|program)\)/.test(n)).sort((a, b) => b[1] - a[1]).slice(0, 25)) {
  console.log(`${ms(us).padStart(7)} ms  ${name}`);
}
await browser.close();
