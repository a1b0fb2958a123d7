// node cpu-tasks.mjs URL : CPU profile of a cold load at 4x throttle, split into busy periods; inclusive time per function in each long one.
import { chromium } from '@playwright/test';
const url = process.argv[2];
const filter = new RegExp(process.argv[3] ?? '.');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ serviceWorkers: 'block' });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(url);
await page.waitForTimeout(5000);
const { profile } = await cdp.send('Profiler.stop');
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
let t = profile.startTime;
const samples = profile.samples.map((id, i) => { t += profile.timeDeltas[i]; return { id, t }; });
const idle = (id) => ['(idle)', '(program)', '(garbage collector)'].includes(byId.get(id).callFrame.functionName) && byId.get(id).callFrame.functionName !== '(garbage collector)';
let periods = [], cur = null;
for (const s of samples) {
  if (idle(s.id)) { if (cur && s.t - cur.end > 3000) { periods.push(cur); cur = null; } continue; }
  if (!cur) cur = { start: s.t, end: s.t, ss: [] };
  cur.end = s.t; cur.ss.push(s);
}
if (cur) periods.push(cur);
for (const p of periods) {
  const dur = (p.end - p.start) / 1000;
  if (dur < 40) continue;
  const incl = {}; const selfT = {};
  for (let i = 0; i < p.ss.length; i++) {
    const d = ((p.ss[i + 1]?.t ?? p.ss[i].t + 200) - p.ss[i].t) / 1000;
    if (d > 5) continue;
    let id = p.ss[i].id; const seen = new Set(); { const k0 = byId.get(id).callFrame.functionName || "(anon)"; selfT[k0] = (selfT[k0] ?? 0) + d; }
    while (id != null) { const k = byId.get(id).callFrame.functionName || '(anon)'; if (!seen.has(k)) { incl[k] = (incl[k] ?? 0) + d; seen.add(k); } id = parent.get(id); }
  }
  console.log(`busy at ${((p.start - profile.startTime) / 1000).toFixed(0)} ms for ${dur.toFixed(0)} ms`);
  if (process.env.SELF) { console.log(Object.entries(selfT).sort((a, b) => b[1] - a[1]).slice(0, 20).map(([k, v]) => `  self ${v.toFixed(1).padStart(6)} ${k.slice(0, 150)}`).join("\n")); continue; }
  console.log(Object.entries(incl).filter(([k]) => filter.test(k)).sort((a, b) => b[1] - a[1]).slice(0, 28).map(([k, v]) => `  ${v.toFixed(1).padStart(6)} ${k.slice(0, 150)}`).join('\n'));
}
await browser.close();
