// Per long task on the main thread (4x CPU): what JS runs in it (self and app-level inclusive frames).
import { chromium } from 'playwright-core';
const url = 'http://localhost:4100';
const who = { admin: ['admin@demo.fr', 'Admin#2026'], bailiff: ['huissier@demo.fr', 'Huissier#2026'], secretary: ['secretaire@demo.fr', 'Secretaire#2026'] }[process.argv[2] ?? 'admin'];
const rate = Number(process.argv[3] ?? 4);
const res0 = await (await fetch(url + '/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'mutation($i: LoginInput!){ login(input:$i){ token user { role } } }', variables: { i: { email: who[0], password: who[1], remember: true } } }) })).json();
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await b.newContext({ viewport: { width: 412, height: 823 } });
const page = await ctx.newPage();
await page.goto(url + '/favicon.svg');
await page.evaluate(([t, ro]) => { localStorage.setItem('token', t); localStorage.setItem('role', ro); }, [res0.data.login.token, res0.data.login.user.role]);
const p2 = await ctx.newPage(); await page.close();
const cdp = await ctx.newCDPSession(p2);
await cdp.send('Emulation.setCPUThrottlingRate', { rate });
await b.startTracing(p2, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing'] });
await p2.goto(url + '/dashboard');
await p2.waitForTimeout(6000);
const buf = await b.stopTracing();
await b.close();
const events = JSON.parse(buf.toString()).traceEvents;
const counts = new Map();
for (const e of events) if (e.name === 'RunTask') counts.set(e.pid + ':' + e.tid, (counts.get(e.pid + ':' + e.tid) ?? 0) + (e.dur ?? 0));
const mainKey = [...counts].sort((a, c) => c[1] - a[1])[0][0];
const [pid, tid] = mainKey.split(':').map(Number);
const on = events.filter((e) => e.pid === pid && e.tid === tid);
const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args?.data?.documentLoaderURL?.includes('/dashboard')) ?? on[0];
const t0 = nav.ts;
const fcpEv = events.find((e) => e.name === 'firstContentfulPaint' && e.ts > t0);
// CPU profile samples
const nodes = new Map(); const samples = []; let last = null;
const mainProfiles = new Set(events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid).map((e) => e.id));
for (const e of events) {
  if (e.pid !== pid || !mainProfiles.has(e.id)) continue;
  if (e.name === 'Profile') last = e.args.data.startTime;
  if (e.name === 'ProfileChunk') {
    const d = e.args.data.cpuProfile ?? {};
    for (const n of d.nodes ?? []) nodes.set(n.id, n);
    const deltas = e.args.data.timeDeltas ?? [];
    (d.samples ?? []).forEach((s, i) => { last += deltas[i]; samples.push([last, s]); });
  }
}
const key = (n) => { const cf = n.callFrame; return `${cf.functionName || '(anon)'}@${(cf.url || '').split('/').pop().replace(/-[\w-]{8}\.js/, '')}:${cf.lineNumber}`; };
const stackOf = (id) => { const st = []; while (id) { const n = nodes.get(id); if (!n) break; st.push(n); id = n.parent; } return st; };
const tasks = on.filter((e) => e.name === 'RunTask' && e.dur > 12_500 && e.ts >= t0).sort((a, c) => a.ts - c.ts);
let tbt = 0;
console.log('FCP', fcpEv ? Math.round((fcpEv.ts - t0) / 1000) : '?');
for (const t of tasks) {
  const inside = samples.filter(([ts]) => ts >= t.ts && ts < t.ts + t.dur);
  const self = new Map(); const incl = new Map();
  for (let i = 0; i < inside.length; i++) {
    const ms = ((inside[i + 1]?.[0] ?? inside[i][0] + 100) - inside[i][0]) / 1000;
    const st = stackOf(inside[i][1]);
    if (!st.length) continue;
    self.set(key(st[0]), (self.get(key(st[0])) ?? 0) + ms);
    for (const k of new Set(st.map(key))) incl.set(k, (incl.get(k) ?? 0) + ms);
  }
  const ev = on.filter((e) => e.ts >= t.ts && e.ts < t.ts + t.dur && e.name !== 'RunTask' && e.dur > 3000 && ['Layout','UpdateLayoutTree','Paint','ParseHTML','v8.evaluateModule','EvaluateScript','FunctionCall','TimerFire','RunMicrotasks','FireAnimationFrame','EventDispatch','ParseAuthorStyleSheet'].includes(e.name)).map((e) => `${e.name}${e.args?.data?.url ? '(' + e.args.data.url.split('/').pop().replace(/-[\w-]{8}\.js/, '') + ')' : ''}:${(e.dur / 1000).toFixed(0)}`);
  const d = t.dur / 1000; tbt += Math.max(0, d - 50);
  console.log(`\n@${Math.round((t.ts - t0) / 1000)} ${d.toFixed(0)}ms  ${ev.slice(0, 8).join(' ')}`);
  console.log('  self:', [...self].sort((a, c) => c[1] - a[1]).slice(0, 8).map(([k, v]) => `${v.toFixed(0)} ${k}`).join(' | '));
  console.log('  incl:', [...incl].filter(([k]) => !/^\((root|program|anon)\)/.test(k)).sort((a, c) => c[1] - a[1]).slice(0, 22).map(([k, v]) => `${v.toFixed(0)} ${k}`).join(' | '));
}
console.log('\nTBT(after nav, all tasks)', Math.round(tbt));
