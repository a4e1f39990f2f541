// product.md §16: a bailiff deposits from a phone (390 × 844): « Prendre une photo » opens the rear
// camera, « Parcourir… » also offers the photo library and recordings, nothing is wider than the
// screen, and the photo and the dictation arrive beside a document. « Annuler le dépôt » stops a
// deposit: the files received stay, the others never leave, nothing resumes it.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import type { TestApp } from '../support/app.js';
import { saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { m4aHeader, sampleJpeg } from '../support/media.js';
import { FILE_PICKER, screenTitle, signedInPage, toast } from '../support/pages.js';
import { samplePdf } from '../support/upload.js';
import { waitFor } from '../support/wait.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ app, browser } = started));

beforeAll(async () => {
  page = await signedInPage(browser, 'bailiff');
  await page.setViewportSize({ width: 390, height: 844 });
});

afterAll(async () => {
  await page?.close();
});

it('creates a constat from a phone with a photo taken, a dictation and a PDF', async () => {
  await page.goto('/dashboard/creer-un-constat-huissier');
  await screenTitle(page, 'Créer un constat').waitFor();

  const zone = page.getByRole('group', { name: 'Éléments déposés' });
  const camera = zone.getByRole('button', { name: 'Prendre une photo' });
  await camera.waitFor();
  // The formats by family, as the server's refusal names them, not seventeen extensions in a row.
  await zone.getByText('Formats acceptés : documents (.doc, .docx, .odt, .pdf, .txt), photos (.jpg', { exact: false }).waitFor();
  // The camera's own input: pictures only, the rear camera; the picker offers the library too.
  expect(await zone.locator('input[capture="environment"]').getAttribute('accept')).toBe('image/*');
  const pickerAccept = await zone.locator('input[type="file"]:not([capture])').getAttribute('accept');
  expect(pickerAccept).toContain('.heic');
  expect(pickerAccept).toContain('.mp3');
  expect(pickerAccept).toMatch(/image\/\*,audio\/\*$/);
  // Comfortable at 390 px: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const photo = page.waitForEvent('filechooser');
  await camera.click();
  await (await photo).setFiles({ name: 'image.jpg', mimeType: 'image/jpeg', buffer: sampleJpeg(64, 48) });
  const picker = page.waitForEvent('filechooser');
  await zone.getByRole('button', { name: 'Parcourir…' }).click();
  await (
    await picker
  ).setFiles([
    { name: 'dictée.m4a', mimeType: 'audio/mp4', buffer: m4aHeader() },
    { name: 'acte.pdf', mimeType: 'application/pdf', buffer: samplePdf() },
  ]);
  for (const name of ['image.jpg', 'dictée.m4a', 'acte.pdf']) await page.getByText(name, { exact: true }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'phone-deposit');

  await page.getByRole('textbox', { name: /^Nom du constat/ }).fill('Constat pris sur le terrain');
  await page.getByRole('button', { name: 'Créer le constat' }).click();
  await toast(page, 'Constat créé avec succès').waitFor();
  const report = await app.services.db.report.findFirstOrThrow({
    where: { name: 'Constat pris sur le terrain' },
    select: { files: { select: { originalName: true, mimeType: true, kind: true }, orderBy: { id: 'asc' } } },
  });
  // Several files travel at once (a resumable deposit): they arrive in any order.
  expect(report.files).toEqual(
    expect.arrayContaining([
      { originalName: 'image.jpg', mimeType: 'image/jpeg', kind: 'DEPOSITED' },
      { originalName: 'dictée.m4a', mimeType: 'audio/mp4', kind: 'DEPOSITED' },
      { originalName: 'acte.pdf', mimeType: 'application/pdf', kind: 'DEPOSITED' },
    ]),
  );
  expect(report.files).toHaveLength(3);
});

it('« Annuler le dépôt », confirmed, keeps the files received and sends no other, and nothing resumes it', async () => {
  await page.goto('/dashboard/creer-un-constat-huissier');
  await screenTitle(page, 'Créer un constat').waitFor();
  // Each upload request waits a little, as on a slow network: the deposit is still running when cancelled.
  await page.route('**/api/v1/uploads**', async (route) => {
    await sleep(400);
    await route.continue().catch(() => undefined);
  });
  const photos = Array.from({ length: 30 }, (_, index) => ({
    name: `annule-${String(index + 1).padStart(2, '0')}.jpg`,
    mimeType: 'image/jpeg',
    buffer: sampleJpeg(64 + index, 48),
  }));
  await page.locator(FILE_PICKER).setInputFiles(photos);
  const name = 'Constat dont le dépôt est annulé';
  await page.getByRole('textbox', { name: /^Nom du constat/ }).fill(name);
  await page.getByRole('button', { name: 'Créer le constat' }).click();
  const received = () => app.services.db.reportFile.count({ where: { report: { name } } });
  await waitFor(async () => (await received()) >= 2, { timeout: 30_000, what: '2 files received' });

  await page.getByRole('button', { name: 'Annuler le dépôt' }).click();
  const question = page.getByRole('alertdialog', { name: 'Annuler le dépôt ?' });
  await question.getByText(/^Les fichiers déjà reçus \(\d+ \/ 30\) restent sur le constat/).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'phone-deposit-cancel');
  await question.getByRole('button', { name: 'Annuler le dépôt' }).click();
  await toast(page, /^Dépôt annulé : \d+ \/ 30 fichiers? reçus?$/).waitFor();
  await page.waitForURL((url) => url.pathname === '/dashboard/constats-en-cours-moi-huissier');

  const deposit = () => app.services.db.deposit.findFirstOrThrow({ where: { report: { name } } });
  await waitFor(async () => (await deposit()).completedAt !== null, { what: 'the deposit closed by the server' });
  const closed = await deposit();
  expect(closed.receivedFiles).toBeLessThan(30);
  expect(await received()).toBe(closed.receivedFiles);
  expect(await app.services.db.depositUpload.count({ where: { depositId: closed.id, status: 'OPEN' } })).toBe(0);
  // The browser no longer keeps it: a reload resumes nothing.
  const kept = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('constats-deposits');
        opening.onerror = () => reject(new Error(String(opening.error)));
        opening.onsuccess = () => {
          const count = opening.result.transaction('deposits').objectStore('deposits').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(new Error(String(count.error)));
        };
      }),
  );
  expect(kept).toBe(0);
  await page.unroute('**/api/v1/uploads**');
});
