// Issue 33, item 2: a bailiff deposits from a phone (390 × 844): « Prendre une photo » opens the rear
// camera, « Parcourir… » also offers the photo library and recordings, nothing is wider than the
// screen, and the photo and the dictation arrive beside a document.
import type { Page } from 'playwright-core';
import type { TestApp } from '../support/app.js';
import { saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { m4aHeader, sampleJpeg } from '../support/media.js';
import { screenTitle, signedInPage, toast } from '../support/pages.js';
import { samplePdf } from '../support/upload.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ app, browser } = started));

afterAll(async () => {
  await page?.close();
});

it('creates a constat from a phone with a photo taken, a dictation and a PDF', async () => {
  page = await signedInPage(browser, 'bailiff');
  await page.setViewportSize({ width: 390, height: 844 });
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
