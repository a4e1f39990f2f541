// web.*: what a phone on a slow network sees. Lighthouse 12's default (mobile) preset — simulated
// slow 4G and a 4× slower CPU — on a cold cache, against the built app (dist/web) served by the
// compiled server over the demo office: the login page, then each role's dashboard signed in.
//
// The sign-in goes through the login form in Debian's Chromium (playwright-core); a second Chromium
// on the same profile is then driven by Lighthouse over its debugging port: the session token (and
// the role the app remembers) stay in local storage while the HTTP cache, the service worker and its
// caches are emptied before each run.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { findFreePort } from '../../api/src/infra/embedded-postgres.js';
import { DEMO_ACCOUNTS } from '../../prisma/seed/people.js';
import type { Row } from './report.js';

export const CHROMIUM = '/usr/bin/chromium';
export const WEB_TARGETS = { performance: 90, lcpMs: 2500 } as const;

const PAGES = [
  { name: 'login', path: '/login', account: null },
  { name: 'admin', path: '/dashboard', account: 'admin@demo.fr' },
  { name: 'bailiff', path: '/dashboard', account: 'huissier@demo.fr' },
  { name: 'secretary', path: '/dashboard', account: 'secretaire@demo.fr' },
] as const;

export interface WebRun {
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  /** Bytes over the network for the whole load (Lighthouse's total-byte-weight). */
  transferredBytes: number;
}

export interface WebFigure {
  page: (typeof PAGES)[number]['name'];
  runs: WebRun[];
  median: WebRun;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Debian's Chromium on the profile in `dir`, driven over `port` when given (Lighthouse's). */
async function launch(dir: string, port?: number): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      ...(port ? [`--remote-debugging-port=${port}`] : []),
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Signs in through the login form, then empties what a first visit would not have. */
async function signInThenForget(context: BrowserContext, url: string, email: string): Promise<void> {
  const account = DEMO_ACCOUNTS.find((demo) => demo.email === email)!;
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByLabel(/^Votre identifiant/).fill(account.email);
  await page.getByLabel(/^Mot de passe/).fill(account.password);
  await page.getByRole('button', { name: 'Connexion', exact: true }).click();
  await page.waitForURL(/\/dashboard/);
  await page.waitForLoadState('networkidle');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin: url, storageTypes: 'cache_storage,service_workers' });
  await page.close();
}

async function lighthouseRun(url: string, signedIn: boolean, port: number, reportFile: string): Promise<WebRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // Signed in: the token must survive; the cold cache was made by signInThenForget.
    disableStorageReset: signedIn,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  // The whole report, to see where the time went (main-thread work, the requests' waterfall).
  await mkdir(path.dirname(reportFile), { recursive: true });
  await writeFile(reportFile, JSON.stringify(lhr));
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    fcpMs: Math.round(audit('first-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    transferredBytes: Math.round(audit('total-byte-weight')),
  };
}

export async function measureWeb(url: string, options: { runs: number; reportDir: string; log: (message: string) => void }): Promise<WebFigure[]> {
  const figures: WebFigure[] = [];
  for (const target of PAGES.filter((page) => !process.env.WEB_PAGES || process.env.WEB_PAGES.split(',').includes(page.name))) {
    const runs: WebRun[] = [];
    for (let run = 0; run < Math.max(1, options.runs); run++) {
      const port = await findFreePort();
      const profile = await mkdtemp(path.join(os.tmpdir(), 'constats-lighthouse-'));
      try {
        // Signed in by one browser, measured by another on the same profile (its local storage
        // holds the token): a renderer left over from the sign-in would make Lighthouse's debugger
        // walk that page's heap at the start of the visit, a task no phone's cold visit has.
        if (target.account) {
          const signingIn = await launch(profile);
          await signInThenForget(signingIn, url, target.account).finally(() => signingIn.close());
        }
        const measuring = await launch(profile, port);
        try {
          runs.push(await lighthouseRun(`${url}${target.path}`, target.account !== null, port, path.join(options.reportDir, `${target.name}-${run + 1}.json`)));
        } finally {
          await measuring.close();
        }
      } finally {
        await rm(profile, { recursive: true, force: true });
      }
      const last = runs.at(-1)!;
      options.log(`  ${target.name}: performance ${last.performance}, LCP ${(last.lcpMs / 1000).toFixed(1)} s, ${(last.transferredBytes / 1024).toFixed(0)} KiB`);
    }
    const pick = (key: keyof WebRun) => median(runs.map((r) => r[key]));
    figures.push({
      page: target.name,
      runs,
      median: { performance: pick('performance'), lcpMs: pick('lcpMs'), fcpMs: pick('fcpMs'), tbtMs: pick('tbtMs'), transferredBytes: pick('transferredBytes') },
    });
  }
  return figures;
}

export function webRows(figures: WebFigure[]): Row[] {
  return figures.flatMap(({ page, median: m }) => {
    const where = page === 'login' ? '/login' : `${page}'s dashboard`;
    return [
      { key: `web.${page}.performance`, figure: `Lighthouse mobile, cold, ${where}: performance`, value: m.performance, display: String(m.performance), target: `≥ ${WEB_TARGETS.performance}`, pass: m.performance >= WEB_TARGETS.performance, load1: null },
      { key: `web.${page}.lcp`, figure: `Lighthouse mobile, cold, ${where}: LCP (FCP, TBT)`, value: m.lcpMs, display: `${(m.lcpMs / 1000).toFixed(1)} s (${(m.fcpMs / 1000).toFixed(1)} s, ${m.tbtMs} ms)`, target: `≤ ${WEB_TARGETS.lcpMs / 1000} s`, pass: m.lcpMs <= WEB_TARGETS.lcpMs, load1: null },
      { key: `web.${page}.bytes`, figure: `Lighthouse mobile, cold, ${where}: transferred`, value: m.transferredBytes, display: `${(m.transferredBytes / 1024).toFixed(0)} KiB`, target: '—', pass: null, load1: null },
    ];
  });
}
