// product.md §2 'Secretary screens' (tiles, 'Constats en cours', 'Tous mes constats'), §4 (rétrocession
// EC → RS, returned files → TE, alerts from the last status change) and §5 (counts are digits),
// through the real server and the built web app in Chromium, signed in as the demo secretary.
// Over 400 lines on purpose: the secretary's screens in one server and one Chromium.
import { encodeGlobalID } from '@pothos/plugin-relay';
import type { Page } from 'playwright-core';
import { formatMoney } from '../../web/src/ui/format.js';
import type { TestApp } from '../support/app.js';
import { saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo, gql, loginToken } from '../support/http.js';
import { screenTitle, signedInPage, toast, FILE_PICKER } from '../support/pages.js';
import { sampleJpeg } from '../support/images.js';
import { gqlUpload, samplePdf } from '../support/upload.js';
import { watchUploadProgress } from '../support/upload-progress.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ app, browser } = started));
let adminToken: string;
let secretaryToken: string;
let secretaryId: string;
let otherSecretaryId: string;
let bailiffId: string;

async function query<T>(text: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const result = await gql<T>(app.url, text, variables, token);
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

beforeAll(async () => {
  adminToken = await loginToken(app.url, demo.admin.email, demo.admin.password);
  secretaryToken = await loginToken(app.url, demo.secretary.email, demo.secretary.password);
  secretaryId = (await query<{ me: { id: string } }>('query { me { id } }', {}, secretaryToken)).me.id;
  const accounts = await query<{ secretaries: { edges: { node: { id: string } }[] }; bailiffs: { edges: { node: { id: string } }[] } }>(
    'query { secretaries: users(role: SECRETARY, status: ACTIVE, first: 10) { edges { node { id } } } bailiffs: users(role: BAILIFF, status: ACTIVE, first: 1) { edges { node { id } } } }',
    {},
    adminToken,
  );
  otherSecretaryId = accounts.secretaries.edges.map((edge) => edge.node.id).find((id) => id !== secretaryId)!;
  bailiffId = accounts.bailiffs.edges[0].node.id;
});

beforeEach(async () => {
  page = await signedInPage(browser, 'secretary');
});

afterEach(async () => {
  await page.close();
});

/** A new constat with one deposited PDF (and `photos` JPEGs), assigned by the admin to `secretary` (EC, no counts). */
async function assignedReport(name: string, secretary: string, photos = 0): Promise<string> {
  const files = [
    { name: 'notes.pdf', content: samplePdf(name), type: 'application/pdf' },
    ...Array.from({ length: photos }, (_, index) => ({ name: `IMG_${index + 1}.jpg`, content: sampleJpeg(40, 30), type: 'image/jpeg' })),
  ];
  const created = await gqlUpload<{ createReport: { report: { id: string } } }>(
    app.url,
    'mutation($input: CreateReportInput!) { createReport(input: $input) { report { id } } }',
    { input: { bailiffId, name, files: files.map(() => null) } },
    files.map((file, index) => ({ path: `input.files.${index}`, ...file })),
    adminToken,
  );
  if (!created.data) throw new Error(JSON.stringify(created.errors));
  const id = created.data.createReport.report.id;
  await query(
    'mutation($input: AssignSecretaryInput!) { assignSecretary(input: $input) { report { id } } }',
    { input: { reportId: id, secretaryId: secretary } },
    adminToken,
  );
  return id;
}

interface ReportNode {
  id: string;
  name: string;
  status: string;
  createdAt: string;
  countPagesProvisional: number;
  countPhotosProvisional: number;
  retrocessionComment: string | null;
  returned: { count: number };
}

async function secretaryReports(filter: Record<string, unknown>, first = 10) {
  const data = await query<{ reports: { totalCount: number; edges: { node: ReportNode }[] } }>(
    `query($filter: ReportFilter, $first: Int) { reports(filter: $filter, first: $first) { totalCount edges { node {
       id name status createdAt countPagesProvisional countPhotosProvisional retrocessionComment returned { count } } } } }`,
    { filter, first },
    secretaryToken,
  );
  return { total: data.reports.totalCount, reports: data.reports.edges.map((edge) => edge.node) };
}

const inProgress = { statuses: ['EC', 'RS'], archived: false };
const allMine = { statuses: ['EC', 'RS', 'TE', 'AR'] };

// Issue 18: the date column says which date it shows — her in-progress list's last update (product.md §2), else the deposit.
// The alert bullets' column is headed « Alerte » for screen readers only (issue 23).
const columns = [
  'Alerte',
  'Mis à jour le',
  'Huissier',
  'Nom du constat',
  'Éléments déposés',
  'Éléments retournés',
  'Statut',
  'Commentaires',
];
const allColumns = ['Alerte', 'Déposé le', ...columns.slice(2)];

function table() {
  return page.getByRole('table', { name: 'Nom du constat' });
}

async function headerTexts(): Promise<string[]> {
  return (await table().getByRole('columnheader').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

/** The data rows' names (the name column is the fourth cell after the expand button and the alert). */
async function rowNames(): Promise<string[]> {
  return table().locator('tbody tr:has(> td > button[aria-expanded])').locator('td:nth-child(5)').allInnerTexts();
}

function rowOf(name: string) {
  return table()
    .getByRole('row')
    .filter({ has: page.getByText(name, { exact: true }) });
}

async function search(text: string) {
  const box = page.getByRole('searchbox', { name: 'Rechercher...' });
  await box.fill(text);
  await box.press('Enter');
}

describe('tiles', () => {
  it("show the API's figures on /dashboard and open their lists", async () => {
    await screenTitle(page, 'Constats en cours').waitFor();
    const { reportHeaders } = await query<{
      reportHeaders: {
        secretary: { retrocessionThisMonth: string; inProgress: number; all: number; inAlert: number; averageDelayHours: number };
      };
    }>(
      'query($filter: ReportFilter) { reportHeaders(filter: $filter) { secretary { retrocessionThisMonth inProgress all inAlert averageDelayHours } } }',
      { filter: inProgress },
      secretaryToken,
    );
    const tiles = reportHeaders.secretary;
    // The tiles count what the lists hold.
    expect(tiles.inProgress).toBe((await secretaryReports(inProgress)).total);
    expect(tiles.all).toBe((await secretaryReports({})).total);
    expect(tiles.inProgress).toBeGreaterThan(0);

    // Issue 36: the tile says what it counts, unlike the « RÉTROCESSION » screen's total.
    await page
      .getByRole('link', {
        name: `Rétrocession du mois : ${formatMoney(tiles.retrocessionThisMonth)} : Constats rendus ce mois-ci ; vos comptes provisoires en attendant ceux de l’administrateur.`,
        exact: true,
      })
      .waitFor();
    await page.getByRole('link', { name: `Constats en cours : ${tiles.inProgress}`, exact: true }).waitFor();
    await page.getByRole('link', { name: `Tous mes constats : ${tiles.all}`, exact: true }).waitFor();
    await expect(page.getByRole('group', { name: 'Constats en alerte' }).innerText()).resolves.toContain(String(tiles.inAlert));
    await expect(page.getByRole('group', { name: 'Délai moyen de retour' }).innerText()).resolves.toContain(`${tiles.averageDelayHours} h`);
    await page.getByRole('button', { name: 'Signaler une absence ou un congé' }).waitFor();
    await saveScreenshot(page, 'secretary-dashboard');

    await page.getByRole('link', { name: `Tous mes constats : ${tiles.all}`, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/constats-mois-secretaire');
    await screenTitle(page, 'Tous mes constats').waitFor();
  });

  // Issue 18 item 11: at 1280 and 1366 px the five tiles share one row, each label and each figure
  // keeps to one line and every text stays inside its tile (the rétrocession's hint, issue 36, wraps).
  it('keep to one row at 1280 and 1366 px, labels on one line, figures inside their tile', async () => {
    await screenTitle(page, 'Constats en cours').waitFor();
    await page.getByRole('group', { name: 'Délai moyen de retour' }).waitFor();
    for (const width of [1280, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      const layout = await page.evaluate(() => {
        const tiles = [...document.querySelectorAll('main a[href*="/dashboard/"], main [role="group"]')].filter((tile) =>
          /^(Rétrocession|Constats en cours|Tous mes constats|Constats en alerte|Délai moyen de retour)/.test(tile.textContent ?? ''),
        );
        const lines = (node: Element) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        };
        return tiles.map((tile) => {
          const box = tile.getBoundingClientRect();
          const texts = [...tile.querySelectorAll('.fui-Text')];
          return {
            top: Math.round(box.top),
            label: texts[0]?.textContent,
            lines: texts.slice(0, 2).map(lines),
            inside: texts.every((text) => text.getBoundingClientRect().right <= box.right + 0.5),
          };
        });
      });
      expect(layout).toHaveLength(5);
      expect(new Set(layout.map((tile) => tile.top)).size).toBe(1);
      expect(layout.filter((tile) => tile.lines.some((count) => count > 1) || !tile.inside)).toEqual([]);
      await saveScreenshot(page, `secretary-dashboard-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});

describe('Constats en cours', () => {
  it('lists her EC and RS constats only, with the columns of product.md', async () => {
    const foreign = `Constat d'une autre secrétaire ${Date.now()}`;
    const mine = `Constat de Bérénice ${Date.now()}`;
    await assignedReport(foreign, otherSecretaryId);
    await assignedReport(mine, secretaryId);

    await page.goto('/dashboard/constats-en-cours-secretaire');
    await screenTitle(page, 'Constats en cours').waitFor();
    await table().locator('tbody tr:has(> td > button[aria-expanded])').first().waitFor();
    expect(await headerTexts()).toEqual(columns);
    const api = await secretaryReports(inProgress);
    expect(await rowNames()).toEqual(api.reports.map((report) => report.name));
    await page.getByText(`1–${Math.min(10, api.total)} sur ${api.total}`).waitFor();
    for (const status of await table().locator('tbody tr:has(> td > button[aria-expanded]) td:nth-child(8)').allInnerTexts()) {
      expect(['En cours', 'Rétrocédé']).toContain(status.trim());
    }
    await saveScreenshot(page, 'secretary-reports-in-progress');

    await search(foreign);
    await table().getByText('Aucun constat.', { exact: true }).waitFor();
    await search(mine);
    await rowOf(mine).waitFor();
    expect(await rowNames()).toEqual([mine]);
  });

  it("'Recherche avancée' offers exactly the bailiffs of her constats and filters by one of them", async () => {
    const db = app.services.db;
    const her = await db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } });
    // Hers, straight from the database: every bailiff of a constat assigned to her, by name.
    const bailiffs = await db.user.findMany({
      where: { role: 'BAILIFF', bailiffReports: { some: { secretaryId: her.id } } },
      orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
    });
    const all = await secretaryReports(inProgress);
    // A bailiff with some, not all, of her constats in progress, so the filter visibly narrows.
    let picked: { id: string; fullName: string; total: number; names: string[] } | undefined;
    for (const bailiff of bailiffs) {
      const id = encodeGlobalID('User', bailiff.id);
      const his = await secretaryReports({ ...inProgress, bailiffId: id });
      if (his.total > 0 && his.total < all.total) {
        picked = {
          id,
          fullName: `${bailiff.firstName} ${bailiff.lastName}`,
          total: his.total,
          names: his.reports.map((report) => report.name),
        };
        break;
      }
    }
    expect(picked).toBeDefined();

    await page.goto('/dashboard/constats-en-cours-secretaire');
    await screenTitle(page, 'Constats en cours').waitFor();
    await page.getByText(`1–${Math.min(10, all.total)} sur ${all.total}`).waitFor();
    await page.getByRole('button', { name: 'Recherche avancée' }).click();
    const select = page.getByRole('combobox', { name: 'Huissier', exact: true });
    await select.waitFor();
    expect(await select.locator('option').allInnerTexts()).toEqual([
      'Tous',
      ...bailiffs.map((user) => `${user.firstName} ${user.lastName}`),
    ]);
    // No secretary filter: it could only name herself.
    await expect(page.getByRole('combobox', { name: 'Secrétaire', exact: true }).count()).resolves.toBe(0);

    await select.selectOption(picked!.id);
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    await page.getByText(`1–${Math.min(10, picked!.total)} sur ${picked!.total}`).waitFor();
    expect(await rowNames()).toEqual(picked!.names);
    for (const bailiff of await table().locator('tbody tr:has(> td > button[aria-expanded]) td:nth-child(4)').allInnerTexts())
      expect(bailiff.trim()).toBe(picked!.fullName);
    await saveScreenshot(page, 'secretary-reports-bailiff-filter');

    await page.getByRole('button', { name: 'Réinitialiser', exact: true }).click();
    await page.getByText(`1–${Math.min(10, all.total)} sur ${all.total}`).waitFor();
  });

  it("'Rapport rétrocédé' is disabled at 0 pages, says why once the field is used, refuses non-digits, then saves the counts", async () => {
    const name = `Constat à compter ${Date.now()}`;
    const id = await assignedReport(name, secretaryId);
    await page.goto('/dashboard/constats-en-cours-secretaire');
    await screenTitle(page, 'Constats en cours').waitFor();
    await search(name);
    await rowOf(name).getByRole('button', { name: 'Afficher le détail' }).click();
    const entry = page.getByRole('region', { name: `Rétrocession : ${name}` });
    const send = entry.getByRole('button', { name: 'Rapport rétrocédé' });
    const pages = entry.getByRole('textbox', { name: /^Pages \(provisoire\)/ });
    const photos = entry.getByRole('textbox', { name: /^Photos \(provisoire\)/ });
    await expect(send.isDisabled()).resolves.toBe(true);
    // The reason is told once the field was used, not when the form opens.
    const required = entry.getByText('Le nombre de pages doit être supérieur à 0.');
    await expect(required.count()).resolves.toBe(0);
    await pages.focus();
    await pages.blur();
    await required.waitFor();
    await pages.fill('3');
    await required.waitFor({ state: 'detached' });
    await pages.fill('0');
    await required.waitFor();
    await expect(send.isDisabled()).resolves.toBe(true);

    await pages.fill('12a');
    await entry.getByText('Saisissez uniquement des chiffres.', { exact: true }).waitFor();
    await expect(pages.inputValue()).resolves.toBe('12');
    await photos.fill('5');
    await entry.getByRole('textbox', { name: 'Commentaire' }).fill('Deux annexes comptées à part.');
    await saveScreenshot(page, 'secretary-retrocession-entry');
    await expect(send.isDisabled()).resolves.toBe(false);
    await send.click();
    await toast(page, 'Rapport rétrocédé').waitFor();
    await rowOf(name).getByText('Rétrocédé', { exact: true }).waitFor();

    const saved = (await secretaryReports({ search: name })).reports.find((report) => report.id === id)!;
    expect(saved).toMatchObject({
      status: 'RS',
      countPagesProvisional: 12,
      countPhotosProvisional: 5,
      retrocessionComment: 'Deux annexes comptées à part.',
    });
  });

  it('starts from the photos deposited, which she confirms by sending (product.md §16)', async () => {
    const name = `Constat photographié ${Date.now()}`;
    const id = await assignedReport(name, secretaryId, 3);
    await page.goto('/dashboard/constats-en-cours-secretaire');
    await screenTitle(page, 'Constats en cours').waitFor();
    await search(name);
    await rowOf(name).getByRole('button', { name: 'Afficher le détail' }).click();
    const entry = page.getByRole('region', { name: `Rétrocession : ${name}` });
    const photos = entry.getByRole('textbox', { name: /^Photos \(provisoire\)/ });
    await expect(photos.inputValue()).resolves.toBe('3');
    await entry.getByText('Prérempli : 3 photos déposées, à confirmer.').waitFor();
    await entry.getByRole('textbox', { name: /^Pages \(provisoire\)/ }).fill('4');
    await entry.getByRole('button', { name: 'Rapport rétrocédé' }).click();
    await toast(page, 'Rapport rétrocédé').waitFor();
    const saved = (await secretaryReports({ search: name })).reports.find((report) => report.id === id)!;
    expect(saved).toMatchObject({ status: 'RS', countPagesProvisional: 4, countPhotosProvisional: 3 });
  });

  it('returns files from the row with a progress bar, and the constat becomes TE', async () => {
    const name = `Constat à retourner ${Date.now()}`;
    const id = await assignedReport(name, secretaryId);
    await page.goto('/dashboard/constats-en-cours-secretaire');
    await screenTitle(page, 'Constats en cours').waitFor();
    await search(name);
    const row = rowOf(name);
    await row.getByText('En cours', { exact: true }).waitFor();
    const progressSeen = await watchUploadProgress(page);
    await row.locator(FILE_PICKER).setInputFiles({
      name: 'constat-dactylographie.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Procès-verbal de constat dactylographié. '.repeat(150_000)),
    });
    await toast(page, 'Fichier envoyé avec succès.').waitFor();
    await row.getByText('Terminé', { exact: true }).waitFor();
    await row.getByRole('link', { name: `Tout télécharger : Éléments retournés ${name}` }).waitFor();
    const seen = await progressSeen();
    expect(seen).toContain('100');
    await saveScreenshot(page, 'secretary-reports-returned');

    const returned = (await secretaryReports({ search: name })).reports.find((report) => report.id === id)!;
    expect(returned.status).toBe('TE');
    expect(returned.returned.count).toBe(1);
  });
});

describe('Tous mes constats', () => {
  it('lists EC, RS, TE and AR read-only, filtered by year, month and name', async () => {
    const finished = (await secretaryReports({ statuses: ['TE'] })).reports[0];
    const created = new Date(finished.createdAt);
    const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' })
      .format(created)
      .split('-')
      .map(Number);
    const period = await secretaryReports({ ...allMine, year, month });

    await page.goto('/dashboard/constats-mois-secretaire');
    await screenTitle(page, 'Tous mes constats').waitFor();
    await table().locator('tbody tr:has(> td > button[aria-expanded])').first().waitFor();
    expect(await headerTexts()).toEqual(allColumns);
    const everything = await secretaryReports(allMine);
    await page.getByText(`1–${Math.min(10, everything.total)} sur ${everything.total}`).waitFor();

    await page.getByRole('button', { name: 'Recherche avancée' }).click();
    await page.getByRole('combobox', { name: 'Année' }).selectOption(String(year));
    await page.getByRole('combobox', { name: 'Mois' }).selectOption(String(month));
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    await page.getByText(`1–${Math.min(10, period.total)} sur ${period.total}`).waitFor();
    expect(await rowNames()).toEqual(period.reports.map((report) => report.name));
    await saveScreenshot(page, 'secretary-reports-all');

    await search(finished.name);
    const matching = await secretaryReports({ ...allMine, year, month, search: finished.name });
    await page.getByText(`1–${matching.total} sur ${matching.total}`).waitFor();
    expect(await rowNames()).toEqual(matching.reports.map((report) => report.name));
    const row = table()
      .locator('tbody tr:has(> td > button[aria-expanded])')
      .nth(matching.reports.findIndex((report) => report.id === finished.id));
    await row.getByRole('button', { name: 'Afficher le détail' }).click();
    const entry = page.getByRole('region', { name: `Rétrocession : ${finished.name}` });
    await entry.waitFor();
    await expect(entry.innerText()).resolves.toContain(`Pages (provisoire) : ${finished.countPagesProvisional}`);
    // The files load with the expanded row: once they show, no upload nor count entry is offered.
    await page.getByRole('region', { name: `Éléments déposés : ${finished.name}` }).waitFor();
    await expect(entry.getByRole('button', { name: 'Rapport rétrocédé' }).count()).resolves.toBe(0);
    await expect(page.getByRole('group', { name: /^Ajouter des fichiers/ }).count()).resolves.toBe(0);
    await expect(row.locator('input[type="file"]').count()).resolves.toBe(0);
  });
});

describe("the admin's /dashboard/secretarydashboard", () => {
  it("is his 'Constats en cours', whose secretary filter shows one secretary's work (decisions.md)", async () => {
    const admin = await signedInPage(browser, 'admin');
    try {
      await admin.goto('/dashboard/secretarydashboard');
      await screenTitle(admin, 'Constats en cours').waitFor();
      await admin.getByRole('group', { name: 'CA en cours' }).waitFor();
      await admin.getByRole('button', { name: 'Recherche avancée' }).click();
      await admin.getByRole('combobox', { name: 'Secrétaire', exact: true }).selectOption(secretaryId);
      await admin.getByRole('button', { name: 'Rechercher', exact: true }).click();
      const mine = await secretaryReports({ statuses: ['NA', 'EC', 'RS'], archived: false });
      await admin.getByText(`1–${Math.min(10, mine.total)} sur ${mine.total}`).waitFor();
    } finally {
      await admin.close();
    }
  });
});
