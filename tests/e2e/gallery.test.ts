// The deposited items' gallery (product.md §16), through the real server and the built web app in
// Chromium: a constat of 70 photos, a dictation and a PDF opens with its add box first, then the
// photos numbered in deposit order a page at a time, their date and position, the viewer with its
// keys and zoom, the dictation's player and the document, the two zips; axe finds nothing to fix.
import { jest } from '@jest/globals';
import { encodeGlobalID } from '@pothos/plugin-relay';
import type { Locator, Page } from 'playwright-core';
import { violations } from '../support/accessibility.js';
import type { TestApp } from '../support/app.js';
import { saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo, loginToken } from '../support/http.js';
import { cameraJpeg, sampleMp3 } from '../support/media.js';
import { openDepositedItems, signedInPage } from '../support/pages.js';
import { gqlUpload, samplePdf, type TestFile } from '../support/upload.js';
import { waitFor } from '../support/wait.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ app, browser } = started));
jest.setTimeout(180_000);

const PHOTOS = 70;
const photoName = (number: number) => `IMG_${String(number).padStart(4, '0')}.jpg`;
let name: string;

/** 70 photos in two requests (50 files at most per request), a PDF first and a dictation after photo 1. */
beforeAll(async () => {
  const token = await loginToken(app.url, demo.admin.email, demo.admin.password);
  const bailiff = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
  const dated = await cameraJpeg(160, 120, { dateTimeOriginal: '2026:06:02 09:15:00', gps: { latitude: 48.8566, longitude: 2.3522 } });
  const plain = await cameraJpeg(160, 120);
  const photo = (number: number) => ({ name: photoName(number), content: number === 1 ? dated : plain, type: 'image/jpeg' });
  const first = [
    { name: 'pv.pdf', content: samplePdf('Galerie'), type: 'application/pdf' },
    photo(1),
    { name: 'dictee.mp3', content: sampleMp3(), type: 'audio/mpeg' },
    ...Array.from({ length: 39 }, (_, index) => photo(index + 2)),
  ];
  const rest = Array.from({ length: PHOTOS - 40 }, (_, index) => photo(index + 41));
  const upload = (files: Omit<TestFile, 'path'>[]) => files.map((file, index) => ({ path: `input.files.${index}`, ...file }));

  name = `Galerie ${Date.now()}`;
  const created = await gqlUpload<{ createReport: { report: { id: string; databaseId: number } } }>(
    app.url,
    'mutation($input: CreateReportInput!) { createReport(input: $input) { report { id databaseId } } }',
    { input: { bailiffId: encodeGlobalID('User', bailiff.id), name, files: first.map(() => null) } },
    upload(first),
    token,
  );
  if (!created.data) throw new Error(JSON.stringify(created.errors));
  const report = created.data.createReport.report;
  const added = await gqlUpload(
    app.url,
    'mutation($input: AddReportFilesInput!) { addReportFiles(input: $input) { report { id } } }',
    { input: { reportId: report.id, kind: 'DEPOSITED', files: rest.map(() => null) } },
    upload(rest),
    token,
  );
  if (!added.data) throw new Error(JSON.stringify(added.errors));
  await waitFor(
    async () => (await app.services.db.reportFile.count({ where: { reportId: report.databaseId, countStatus: 'PENDING' } })) === 0,
    { timeout: 90_000, interval: 250, what: 'the counting of the photos' },
  );
});

afterEach(async () => {
  await page?.close();
});

/** The admin's « Constats en cours » narrowed to the constat, its row opened. */
async function openGallery(): Promise<Locator> {
  page = await signedInPage(browser, 'admin');
  const deposited = await openDepositedItems(page, '/dashboard/constats-en-cours-admin', 'Constats en cours', name);
  await deposited.getByRole('group', { name: `Photos (${PHOTOS})` }).waitFor();
  return deposited;
}

const thumbnails = (deposited: Locator) => deposited.getByRole('button', { name: /^Afficher la photo / });
const naturalWidth = (image: Locator) => image.evaluate((element) => (element as HTMLImageElement).naturalWidth);
const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

it('shows the add box, then the photos numbered in deposit order a page at a time, the dictation, the document and the zips', async () => {
  const deposited = await openGallery();
  const photos = deposited.getByRole('group', { name: `Photos (${PHOTOS})` });
  const addBox = deposited.getByRole('group', { name: /^Ajouter des fichiers/ });
  expect((await addBox.boundingBox())!.y).toBeLessThan((await photos.boundingBox())!.y);

  // The first page only, in deposit order (the PDF and the dictation are not numbered).
  const names = await thumbnails(photos).evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
  expect(names).toEqual(Array.from({ length: 60 }, (_, index) => `Afficher la photo ${index + 1} : ${photoName(index + 1)}`));
  const first = thumbnails(photos).first();
  await first.locator('img').scrollIntoViewIfNeeded();
  await waitFor(async () => (await naturalWidth(first.locator('img'))) > 0, { timeout: 30_000, what: 'the first preview' });
  await photos.getByText('Prise le 02/06/2026 à 09:15', { exact: true }).waitFor();
  const map = photos.getByRole('link', { name: 'Voir 48,8566° N, 2,3522° E sur une carte (nouvel onglet)' });
  await expect(map.getAttribute('target')).resolves.toBe('_blank');
  await expect(map.getAttribute('href')).resolves.toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=48\.85/);
  await expect(photos.getByText(/^Prise le/).count()).resolves.toBe(1);

  // The dictation's player (tests/e2e/dictation-player.test.ts); this one's length is not known, so
  // the section tells no total.
  const dictations = deposited.getByRole('group', { name: 'Dictées (1)' });
  await expect(dictations.locator('audio').getAttribute('preload')).resolves.toBe('none');
  await dictations.getByRole('button', { name: 'Lire dictee.mp3' }).waitFor();
  await deposited.getByRole('group', { name: 'Documents (1)' }).getByRole('button', { name: 'Afficher pv.pdf' }).waitFor();

  // Both zips answer, the photos numbered as the gallery numbers them.
  for (const label of ['Tout télécharger', 'Photos redimensionnées pour Word']) {
    const href = await deposited.getByRole('link', { name: label, exact: true }).getAttribute('href');
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    const body = await response.body();
    expect(body.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(body.includes('001 - IMG_0001.jpg')).toBe(true);
    expect(body.includes('070 - IMG_0070.jpg')).toBe(true);
  }

  expect(await violations(page)).toEqual([]);
  await saveScreenshot(page, 'gallery-1280');

  await photos.getByRole('button', { name: 'Afficher les 10 suivantes' }).click();
  await expect(thumbnails(photos).count()).resolves.toBe(PHOTOS);
  await expect(thumbnails(photos).last().getAttribute('aria-label')).resolves.toBe(`Afficher la photo 70 : ${photoName(70)}`);
  await expect(photos.getByRole('button', { name: /suivantes$/ }).count()).resolves.toBe(0);

  await page.setViewportSize({ width: 390, height: 800 });
  const tile = await thumbnails(photos).first().boundingBox();
  expect(tile!.width).toBeGreaterThanOrEqual(100);
  await saveScreenshot(page, 'gallery-390');
});

it('the viewer moves with ←/→, zooms, and Escape gives the focus back to the thumbnail of the photo shown', async () => {
  const deposited = await openGallery();
  await thumbnails(deposited).first().click();
  let viewer = page.getByRole('dialog', { name: `Photo 1 / ${PHOTOS}` });
  await viewer.waitFor();
  await viewer.getByText('IMG_0001.jpg', { exact: true }).waitFor();
  await viewer.getByText('Prise le 02/06/2026 à 09:15', { exact: true }).waitFor();
  await viewer.getByRole('link', { name: /^Voir 48,8566° N, 2,3522° E/ }).waitFor();
  const image = viewer.getByRole('img', { name: 'IMG_0001.jpg' });
  await waitFor(async () => (await naturalWidth(image)) > 0, { timeout: 30_000, what: 'the photo in the viewer' });
  await expect(viewer.getByRole('button', { name: 'Photo précédente' }).getAttribute('aria-disabled')).resolves.toBe('true');
  await expect(viewer.getByRole('link', { name: 'Télécharger IMG_0001.jpg' }).getAttribute('href')).resolves.toBeTruthy();

  await page.keyboard.press('ArrowRight');
  await page.getByRole('dialog', { name: `Photo 2 / ${PHOTOS}` }).waitFor();
  await page.keyboard.press('ArrowRight');
  await page.getByRole('dialog', { name: `Photo 3 / ${PHOTOS}` }).waitFor();
  await page.keyboard.press('ArrowLeft');
  viewer = page.getByRole('dialog', { name: `Photo 2 / ${PHOTOS}` });
  await viewer.getByText('IMG_0002.jpg', { exact: true }).waitFor();
  await viewer.getByRole('button', { name: 'Photo suivante' }).click();
  viewer = page.getByRole('dialog', { name: `Photo 3 / ${PHOTOS}` });
  await viewer.waitFor();

  await viewer.getByRole('button', { name: 'Afficher la photo à 100 %' }).click();
  await viewer.getByRole('button', { name: 'Ajuster la photo à la fenêtre' }).waitFor();
  expect(await violations(page)).toEqual([]);
  await saveScreenshot(page, 'gallery-viewer');
  await viewer.getByRole('button', { name: 'Ajuster la photo à la fenêtre' }).click();
  await viewer.getByRole('button', { name: 'Afficher la photo à 100 %' }).waitFor();

  await page.keyboard.press('Escape');
  await viewer.waitFor({ state: 'detached' });
  await waitFor(async () => (await focusedName()) === `Afficher la photo 3 : ${photoName(3)}`, { what: 'the focus on thumbnail 3' });
});
