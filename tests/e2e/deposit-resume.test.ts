// product.md §16: a bailiff on a phone (390 × 844, touch) deposits 120 photos, a dictation and a PDF
// in one click; the connection is cut for 8 s in the middle (a local proxy resets every connection,
// as a phone losing its signal: Chromium's offline mode does not stop an upload already running)
// and every file still arrives exactly once without another click. The secretary then works from
// it: 120 numbered thumbnails, the viewer, the numbered zip. A reload in the middle of a deposit
// resumes it from the files the browser kept.
import { encodeGlobalID } from '@pothos/plugin-relay';
import type { BrowserContext, Page } from 'playwright-core';
import { violations } from '../support/accessibility.js';
import type { TestApp } from '../support/app.js';
import { saveScreenshot, type TestBrowser } from '../support/browser.js';
import { startCutProxy, type CutProxy } from '../support/cut-proxy.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo, gql, loginToken } from '../support/http.js';
import { sampleJpeg, toneWav } from '../support/media.js';
import { FILE_PICKER, openDepositedItems, pathname, screenTitle, signedInPage, toast } from '../support/pages.js';
import { samplePdf } from '../support/upload.js';
import { waitFor } from '../support/wait.js';
import { readZip } from '../support/zip.js';

let app: TestApp;
let browser: TestBrowser;
let proxy: CutProxy;
let phone: BrowserContext;
let page: Page;
/** The constat the field deposit created, which the secretary then works from. */
let fieldReport: string | undefined;
useAppInBrowser((started) => ({ app, browser } = started));

beforeAll(async () => {
  proxy = await startCutProxy(app.url);
  const chromium = browser.context.browser();
  if (!chromium) throw new Error('the e2e global setup shares one Chromium (TEST_BROWSER_ENDPOINT)');
  // The whole app through the proxy, as a phone reaches it: pages, GraphQL, live updates, uploads.
  phone = await chromium.newContext({
    baseURL: proxy.url,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
  });
  page = await signedInPage({ newPage: () => phone.newPage() }, 'bailiff');
});

afterAll(async () => {
  await phone?.close();
  await proxy?.close();
});

const photos = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => ({
    name: `${prefix}-${String(index + 1).padStart(3, '0')}.jpg`,
    mimeType: 'image/jpeg',
    // A different picture each: the server stores what it receives, not a deduplicated copy.
    buffer: sampleJpeg(64 + (index % 16), 48),
  }));

const receivedOn = (name: string) => app.services.db.reportFile.count({ where: { report: { name }, kind: 'DEPOSITED' } });

/** Every file of the constat `name`, its deposit and its uploads, as the database holds them. */
async function storedDeposit(name: string) {
  const report = await app.services.db.report.findFirstOrThrow({
    where: { name },
    select: {
      files: { select: { originalName: true, kind: true } },
      deposits: {
        select: { expectedFiles: true, receivedFiles: true, refusedFiles: true, completedAt: true, uploads: { select: { status: true } } },
      },
    },
  });
  return {
    names: report.files.map((file) => file.originalName).sort(),
    deposits: report.deposits.map(({ uploads, ...deposit }) => ({
      ...deposit,
      completed: deposit.completedAt !== null,
      stored: uploads.filter((upload) => upload.status === 'STORED').length,
    })),
  };
}

it('deposits 120 photos, a dictation and a PDF through an 8 s cut, each file once, without another click', async () => {
  const started = Date.now();
  await page.goto('/dashboard/creer-un-constat-huissier');
  await screenTitle(page, 'Créer un constat').waitFor();
  const files = [
    ...photos(120, 'photo'),
    { name: 'dictée.wav', mimeType: 'audio/wav', buffer: toneWav(20) },
    { name: 'acte.pdf', mimeType: 'application/pdf', buffer: samplePdf() },
  ];
  await page.locator(FILE_PICKER).setInputFiles(files);
  // The picked list names ten files and counts the others.
  await page.getByText(/^et 112 autres fichiers \(/).waitFor();
  const name = 'Constat de 120 photos sur le terrain';
  await page.getByRole('textbox', { name: /^Nom du constat/ }).fill(name);
  await page.getByRole('button', { name: 'Créer le constat' }).tap();

  // One progress for the deposit, and each file's state in a list that draws only what is in view.
  const list = page.getByRole('region', { name: 'État de chaque fichier' });
  await list.waitFor();
  await page.getByText(/^\d+ \/ 122 fichiers · /).waitFor();
  expect(await list.getByRole('listitem').count()).toBeLessThan(20);

  await waitFor(async () => (await receivedOn(name)) >= 30, { timeout: 30_000, what: '30 files received' });
  const cut = proxy.cut(8_000);
  await page.getByText('Connexion perdue, reprise automatique…').first().waitFor({ timeout: 8_000 });
  await saveScreenshot(page, 'deposit-network-cut');
  const duringCut = await receivedOn(name);
  expect(duringCut).toBeLessThan(122);
  await cut;

  await toast(page, 'Constat créé avec succès').waitFor({ timeout: 60_000 });
  await page.waitForURL((url) => url.pathname === '/dashboard/constats-en-cours-moi-huissier');
  expect(pathname(page)).toBe('/dashboard/constats-en-cours-moi-huissier');
  expect(proxy.resets()).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const stored = await storedDeposit(name);
  expect(stored.names).toEqual(files.map((file) => file.name).sort());
  expect(stored.deposits).toEqual([
    expect.objectContaining({ expectedFiles: 122, receivedFiles: 122, refusedFiles: 0, completed: true, stored: 122 }),
  ]);
  console.log(`120 photos, a dictation and a PDF through an 8 s cut: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  fieldReport = name;
}, 120_000);

it('the secretary sees the 120 photos numbered, opens the viewer, plays the dictation at 1.5× from the keyboard and downloads the numbered zip', async () => {
  expect(fieldReport).toBeDefined();
  const name = fieldReport!;
  const admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
  const report = await app.services.db.report.findFirstOrThrow({ where: { name }, select: { id: true } });
  const secretary = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.secretary.email }, select: { id: true } });
  const assigned = await gql(
    app.url,
    'mutation($input: AssignSecretaryInput!) { assignSecretary(input: $input) { report { id } } }',
    { input: { reportId: encodeGlobalID('Report', report.id), secretaryId: encodeGlobalID('User', secretary.id) } },
    admin,
  );
  expect(assigned.errors).toBeUndefined();

  // The dictation's length is read by the counting job, in the background after the deposit.
  await waitFor(async () => (await app.services.db.reportFile.count({ where: { reportId: report.id, countStatus: 'PENDING' } })) === 0, {
    timeout: 60_000,
    interval: 250,
    what: 'the counting of the deposit',
  });
  const desk = await signedInPage(browser, 'secretary');
  try {
    const deposited = await openDepositedItems(desk, '/dashboard/constats-en-cours-secretaire', 'Constats en cours', name);
    const gallery = deposited.getByRole('group', { name: 'Photos (120)' });
    await gallery.getByRole('button', { name: 'Afficher les 60 suivantes' }).click();
    const thumbnails = gallery.getByRole('button', { name: /^Afficher la photo / });
    const labels = await thumbnails.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
    expect(labels).toEqual(photos(120, 'photo').map((photo, index) => `Afficher la photo ${index + 1} : ${photo.name}`));

    await thumbnails.nth(59).click();
    const viewer = desk.getByRole('dialog', { name: 'Photo 60 / 120' });
    await viewer.getByText('photo-060.jpg', { exact: true }).waitFor();
    await desk.keyboard.press('ArrowRight');
    await desk.getByRole('dialog', { name: 'Photo 61 / 120' }).getByText('photo-061.jpg', { exact: true }).waitFor();
    await desk.keyboard.press('Escape');
    await desk.getByRole('dialog').waitFor({ state: 'detached' });

    // The dictation, from the keyboard alone: play, then two steps faster, the pitch kept.
    await deposited.getByRole('group', { name: 'Dictées (1) · 20 s' }).waitFor();
    await desk.getByRole('button', { name: 'Masquer le détail' }).focus();
    await desk.keyboard.press('Alt+KeyK');
    const audio = () =>
      deposited.locator('audio').evaluate((element: HTMLAudioElement) => ({
        currentTime: element.currentTime,
        playbackRate: element.playbackRate,
        preservesPitch: element.preservesPitch,
      }));
    await waitFor(async () => (await audio()).currentTime > 0.3, { timeout: 15_000, what: 'the dictation playing' });
    await desk.keyboard.press('Alt+ArrowUp');
    await desk.keyboard.press('Alt+ArrowUp');
    await expect(audio()).resolves.toMatchObject({ playbackRate: 1.5, preservesPitch: true });
    const playing = (await audio()).currentTime;
    await waitFor(async () => (await audio()).currentTime > playing + 0.5, { timeout: 10_000, what: 'the dictation going on at 1.5×' });
    await desk.keyboard.press('Alt+KeyK');

    const [download] = await Promise.all([
      desk.waitForEvent('download'),
      deposited.getByRole('link', { name: 'Tout télécharger', exact: true }).click(),
    ]);
    const entries = await readZip(Buffer.concat(await (await download.createReadStream()).toArray()));
    const numbered = entries.map((entry) => entry.name).filter((entry) => entry.endsWith('.jpg'));
    expect(numbered).toEqual(photos(120, 'photo').map((photo, index) => `${String(index + 1).padStart(3, '0')} - ${photo.name}`));
    expect(entries.map((entry) => entry.name)).toEqual(expect.arrayContaining(['dictée.wav', 'acte.pdf']));
    await saveScreenshot(desk, 'deposit-secretary-gallery');
  } finally {
    await desk.close();
  }
}, 120_000);

it('resumes a deposit after a reload from the files the browser kept, each file once', async () => {
  await page.goto('/dashboard/creer-un-constat-huissier');
  await screenTitle(page, 'Créer un constat').waitFor();
  const files = photos(30, 'reprise');
  await page.locator(FILE_PICKER).setInputFiles(files);
  const name = 'Constat repris après un rechargement';
  await page.getByRole('textbox', { name: /^Nom du constat/ }).fill(name);
  await page.getByRole('button', { name: 'Créer le constat' }).tap();
  await waitFor(async () => (await receivedOn(name)) >= 3, { timeout: 30_000, what: '3 files received' });

  // Uploads fail from now on (the deposit cannot finish before the reload), pages still load.
  const blocked = (route: { abort: (code: string) => Promise<void> }) => route.abort('connectionreset');
  await phone.route('**/api/v1/uploads**', blocked);
  // Leaving a running deposit asks first; the user confirms.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  const banner = page.getByRole('region', { name: `Dépôt en cours : ${name}` });
  await banner.getByText(/^Dépôt repris : \d+ \/ 30 fichiers$/).waitFor();
  await screenTitle(page, 'Créer un constat').waitFor();
  await saveScreenshot(page, 'deposit-resumed');
  // The banner, the progress and the file list pass axe like every screen.
  expect(await violations(page)).toEqual([]);
  expect(await receivedOn(name)).toBeLessThan(30);

  await phone.unroute('**/api/v1/uploads**', blocked);
  await banner.getByText('Dépôt terminé : 30 / 30 fichiers reçus', { exact: true }).waitFor({ timeout: 60_000 });
  const stored = await storedDeposit(name);
  expect(stored.names).toEqual(files.map((file) => file.name).sort());
  expect(stored.deposits).toEqual([
    expect.objectContaining({ expectedFiles: 30, receivedFiles: 30, refusedFiles: 0, completed: true, stored: 30 }),
  ]);
}, 120_000);
