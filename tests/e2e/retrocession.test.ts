// product.md §2 rétrocession screens: admin 'Rétrocession > Constats' and '> Factures', the secretary's
// 'RÉTROCESSION' (with her monthly bill upload, §5: one Word or PDF file) and 'MES FACTURES'.
// Every figure on screen is checked against the API's answer for the same period and viewer.
// Over 400 lines on purpose: the rétrocession screens share the API figures they are checked against,
// in one server and one Chromium.
import type { Locator, Page } from 'playwright-core';
import { formatDateTime, formatMoney } from '../../web/src/ui/format.js';
import type { TestApp } from '../support/app.js';
import { saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo, gql, loginToken } from '../support/http.js';
import { holdFirstAnswer, screenTitle, selectPeriod, signedInPage, toast } from '../support/pages.js';
import { liveEventReceived, liveSubscription } from '../support/live.js';
import { gqlUpload, samplePdf } from '../support/upload.js';
import { expectEvery } from '../support/expect-every.js';
import { watchUploadProgress } from '../support/upload-progress.js';
import { monthBefore, OF_MONTHS, parisMonth } from '../support/months.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ app, browser } = started));
const tokens = {} as Record<'admin' | 'secretary', string>;

interface Totals {
  reports: number;
  textPages: number;
  photos: number;
  amountHT: string;
}
interface PeriodReport {
  name: string;
  createdAt: string;
  returnedAt: string | null;
  bailiff: { fullName: string };
  secretary: { id: string; fullName: string } | null;
  retrocessionAmounts: { total: string };
}
interface PeriodBill {
  monthLabel: string;
  secretary: { fullName: string };
  figures: Totals;
}
interface Period {
  totals: Totals;
  reports: { totalCount: number; edges: { node: PeriodReport }[] };
  bills: PeriodBill[];
  billCount: number;
}

const PERIOD = `query($filter: RetrocessionFilter!) { retrocession(filter: $filter) {
  totals { reports textPages photos amountHT }
  reports(first: 10) { totalCount edges { node { name createdAt returnedAt bailiff { fullName } secretary { id fullName } retrocessionAmounts { total } } } }
  bills(first: 100) { totalCount edges { node { monthLabel secretary { fullName } figures { reports textPages photos amountHT } } } } } }`;

type PeriodAnswer = Omit<Period, 'bills' | 'billCount'> & { bills: { totalCount: number; edges: { node: PeriodBill }[] } };

async function period(filter: { year: number; month?: number | null; secretaryId?: string | null }, token = tokens.admin): Promise<Period> {
  const result = await gql<{ retrocession: PeriodAnswer }>(app.url, PERIOD, { filter }, token);
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  const { bills, ...rest } = result.data.retrocession;
  return { ...rest, bills: bills.edges.map((edge) => edge.node), billCount: bills.totalCount };
}

/** The Paris month of today and the one before (the seed's bills are for past months). */
function parisMonths() {
  const current = parisMonth();
  return { current, previous: monthBefore(current) };
}

/** A constat of the month with a secretary, not on an étude's bill yet: its counts may still change. */
async function unbilledAssigned(filter: { year: number; month: number }) {
  const listed = await gql<{
    retrocession: { reports: { edges: { node: { id: string; invoiced: boolean; secretary: { id: string } | null } }[] } };
  }>(
    app.url,
    'query($filter: RetrocessionFilter!) { retrocession(filter: $filter) { reports(first: 50) { edges { node { id invoiced secretary { id } } } } } }',
    { filter },
    tokens.admin,
  );
  return listed.data!.retrocession.reports.edges.map((edge) => edge.node).find((node) => node.secretary && !node.invoiced);
}

beforeAll(async () => {
  tokens.admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
  tokens.secretary = await loginToken(app.url, demo.secretary.email, demo.secretary.password);
});

afterEach(async () => {
  await page?.close();
});

function reportsTable() {
  return page.getByRole('table', { name: 'Constats de la période' });
}

async function headers(table: Locator): Promise<string[]> {
  // The first header cell of an expandable table is the (empty) expand column.
  return (await table.getByRole('columnheader').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

/** The 'CUMUL PÉRIODE' figures as shown: Nb de constats, Nb de pages texte, Nb de photos, Total HT. */
async function shownTotals(): Promise<string[]> {
  return page.getByRole('region', { name: 'CUMUL PÉRIODE' }).locator('dd').allInnerTexts();
}

const expectedTotals = (totals: Totals) => [
  String(totals.reports),
  String(totals.textPages),
  String(totals.photos),
  formatMoney(totals.amountHT),
];

/**
 * Reads the screen until it shows `expected` (a new period loads asynchronously after a filter
 * changes), then asserts, so a failure prints what the screen last showed.
 */
async function eventually<T>(read: () => Promise<T>, expected: T, timeout = 15_000): Promise<void> {
  // Compared as JSON: the API's answers are parsed in Node's realm, not the test's, and
  // isDeepStrictEqual told their arrays apart from equal ones, waiting out the whole timeout.
  const same = (actual: T) => JSON.stringify(actual) === JSON.stringify(expected);
  const deadline = Date.now() + timeout;
  let actual = await read();
  while (!same(actual) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    actual = await read();
  }
  expect(actual).toEqual(expected);
}

async function expectTotals(totals: Totals) {
  await eventually(shownTotals, expectedTotals(totals));
}

/** The texts of one column (1-based, the expand column included) of the table's rows. */
async function columnTexts(table: Locator, column: number): Promise<string[]> {
  return table.locator(`tbody tr > td:nth-child(${column})`).allInnerTexts();
}

describe('admin · Rétrocession > Constats', () => {
  it('shows the period totals and constats of the API, follows the filters, expands a row', async () => {
    page = await signedInPage(browser, 'admin');
    const { previous } = parisMonths();
    await page.goto('/dashboard/retrocessions-constats-admin');
    await screenTitle(page, 'Rétrocession · Constats').waitFor();
    const table = reportsTable();
    expect(await headers(table)).toEqual(['Date', 'Huissier', 'Secrétaire', 'Nom du constat', 'Éléments déposés', 'Date retour', '€']);
    expect(await page.getByRole('combobox', { name: 'Secrétaire' }).locator('option').first().innerText()).toBe(
      'Sélectionner la secrétaire',
    );

    // Last month: the seed has constats there, more than one page of 10.
    const expected = await period(previous);
    expect(expected.reports.totalCount).toBeGreaterThan(0);
    await selectPeriod(page, previous.year, previous.month);
    await expectTotals(expected.totals);
    const rows = expected.reports.edges.map((edge) => edge.node);
    await eventually(
      () => columnTexts(table, 5),
      rows.map((row) => row.name),
    );
    expect(await columnTexts(table, 2)).toEqual(rows.map((row) => formatDateTime(row.createdAt)));
    expect(await columnTexts(table, 3)).toEqual(rows.map((row) => row.bailiff.fullName));
    expect(await columnTexts(table, 4)).toEqual(rows.map((row) => row.secretary?.fullName ?? '-'));
    expect(await columnTexts(table, 7)).toEqual(rows.map((row) => (row.returnedAt ? formatDateTime(row.returnedAt) : '-')));
    expect(await columnTexts(table, 8)).toEqual(rows.map((row) => formatMoney(row.retrocessionAmounts.total)));
    await page.getByText(`1–${Math.min(10, expected.reports.totalCount)} sur ${expected.reports.totalCount}`).waitFor();

    // A row opens on its read-only rétrocession.
    await table.locator('tbody tr').first().getByRole('button', { name: 'Afficher le détail' }).click();
    const details = page.getByRole('region', { name: `Rétrocession du constat ${rows[0].name}` });
    await details.waitFor();
    expect(await details.getByRole('textbox').count()).toBe(0);
    await saveScreenshot(page, 'retrocession-admin-reports');
    // The report's comments open from the expanded row.
    await details.getByRole('button', { name: new RegExp(`^Commentaires du constat`) }).click();
    const comments = page.getByRole('dialog');
    await comments.waitFor();
    await page.keyboard.press('Escape');
    await comments.waitFor({ state: 'hidden' });
    // The bailiff's name opens his information modal.
    await table
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: `Informations sur ${rows[0].bailiff.fullName}` })
      .click();
    const bailiffInfo = page.getByRole('dialog', { name: "Informations de l'huissier" });
    await bailiffInfo.getByRole('region', { name: 'Consignes aux secrétaires' }).waitFor();
    await saveScreenshot(page, 'retrocession-admin-bailiff-info');
    await page.keyboard.press('Escape');
    await bailiffInfo.waitFor({ state: 'hidden' });

    // One secretary: only her constats, her totals.
    const secretary = rows.find((row) => row.secretary)!.secretary!;
    const hers = await period({ ...previous, secretaryId: secretary.id });
    expect(hers.reports.totalCount).toBeLessThan(expected.reports.totalCount);
    await page.getByRole('combobox', { name: 'Secrétaire' }).selectOption(secretary.id);
    await expectTotals(hers.totals);
    await eventually(
      () => columnTexts(table, 5),
      hers.reports.edges.map((edge) => edge.node.name),
    );
    expect(new Set(await columnTexts(table, 4))).toEqual(new Set([secretary.fullName]));

    // A period without constats.
    await page.getByRole('combobox', { name: 'Secrétaire' }).selectOption('');
    await selectPeriod(page, 2020, 1);
    await table.getByText('Aucun constat.').waitFor();
    expect(await shownTotals()).toEqual(['0', '0', '0', formatMoney('0')]);
  });

  it("follows a constat of the period counted through the API without a reload ('CUMUL PÉRIODE')", async () => {
    page = await signedInPage(browser, 'admin');
    // This month's, unless it is so young that none was assigned yet: then last month's, which the seed fills.
    const { current, previous } = parisMonths();
    const fromThisMonth = await unbilledAssigned(current);
    const shown = fromThisMonth ? current : previous;
    const report = fromThisMonth ?? (await unbilledAssigned(previous));
    if (!report) throw new Error('the seed has no assigned, unbilled constat this month or last month');
    const subscribed = liveSubscription(app, page, 'reportChanged');
    await page.goto('/dashboard/retrocessions-constats-admin');
    await screenTitle(page, 'Rétrocession · Constats').waitFor();
    await subscribed;
    if (shown === previous) await selectPeriod(page, previous.year, previous.month);
    const before = await period(shown);
    await expectTotals(before.totals);

    const counted = await gql(
      app.url,
      'mutation($input: SetBillingInput!) { setBilling(input: $input) { message } }',
      {
        input: {
          reportId: report.id,
          countPagesRetrocession: 321,
          countPhotosRetrocession: 45,
          countPagesBilling: 321,
          countPhotosBilling: 45,
        },
      },
      tokens.admin,
    );
    expect(counted.errors).toBeUndefined();
    const after = await period(shown);
    expect(after.totals.textPages).not.toBe(before.totals.textPages);
    await expectTotals(after.totals);
  });
  it('shows a constat counted while its period was loading, once loaded', async () => {
    page = await signedInPage(browser, 'admin');
    const { previous } = parisMonths();
    const report = await unbilledAssigned(previous);
    if (!report) throw new Error('the seed has no assigned, unbilled constat last month');
    const subscribed = liveSubscription(app, page, 'reportChanged');
    const announced = liveEventReceived(page, 'reportChanged');
    await page.goto('/dashboard/retrocessions-constats-admin');
    await screenTitle(page, 'Rétrocession · Constats').waitFor();
    await subscribed;
    // Last month's answer is read before the change and reaches the page after its event (see billing's same test).
    const held = await holdFirstAnswer(page, (operation, variables) => {
      const filter = variables?.filter as { year?: number; month?: number } | undefined;
      return operation === 'AdminRetrocessionReportsPageQuery' && filter?.year === previous.year && filter.month === previous.month;
    });
    await selectPeriod(page, previous.year, previous.month);
    await held.answered;

    const counted = await gql(
      app.url,
      'mutation($input: SetBillingInput!) { setBilling(input: $input) { message } }',
      {
        input: {
          reportId: report.id,
          countPagesRetrocession: 432,
          countPhotosRetrocession: 21,
          countPagesBilling: 432,
          countPhotosBilling: 21,
        },
      },
      tokens.admin,
    );
    expect(counted.errors).toBeUndefined();
    await announced;
    held.deliver();
    await expectTotals((await period(previous)).totals);
  });
});

describe('admin · Rétrocession > Factures', () => {
  it('lists the secretaries who uploaded a bill for the period, with its invoice preview', async () => {
    page = await signedInPage(browser, 'admin');
    // Last month's, unless the secretaries have not sent them yet (the first days of a month): then the month before.
    const { previous } = parisMonths();
    const lastMonths = await period(previous);
    const billed = lastMonths.bills.length > 0 ? previous : monthBefore(previous);
    const expected = billed === previous ? lastMonths : await period(billed);
    expect(expected.bills.length).toBeGreaterThan(0);
    await page.goto('/dashboard/retrocessions-factures-admin');
    await screenTitle(page, 'Rétrocession · Factures').waitFor();
    const table = page.getByRole('table', { name: 'Factures de la période' });
    expect(await headers(table)).toEqual(['Secrétaire', 'Nombre pages texte', 'Nombre photos', 'Montant HT', 'Voir', 'Télécharger']);

    await selectPeriod(page, billed.year, billed.month);
    await expectTotals(expected.totals);
    await eventually(
      () => columnTexts(table, 1),
      expected.bills.map((bill) => bill.secretary.fullName),
    );
    expect(await columnTexts(table, 2)).toEqual(expected.bills.map((bill) => String(bill.figures.textPages)));
    expect(await columnTexts(table, 3)).toEqual(expected.bills.map((bill) => String(bill.figures.photos)));
    expect(await columnTexts(table, 4)).toEqual(expected.bills.map((bill) => formatMoney(bill.figures.amountHT)));
    expect(expected.billCount).toBeLessThanOrEqual(10);
    await page.getByText(`1–${expected.billCount} sur ${expected.billCount}`, { exact: true }).waitFor();
    const first = expected.bills[0];
    const download = table.getByRole('link', { name: `Télécharger la facture ${first.secretary.fullName} ${first.monthLabel}` });
    expect(await download.getAttribute('href')).toMatch(/^\/files\/|^http/);

    await table.getByRole('button', { name: `Voir la facture ${first.secretary.fullName} ${first.monthLabel}` }).click();
    const dialog = page.getByRole('dialog', { name: `Facture de rétrocession · ${first.monthLabel}` });
    const invoice = dialog.getByRole('article', { name: 'FACTURE' });
    await invoice.waitFor();
    await invoice.getByText(first.secretary.fullName).waitFor();
    expect(await invoice.getByRole('group', { name: 'Montant HT' }).innerText()).toContain(formatMoney(first.figures.amountHT));
    // The destructive action stands apart, on the left; the others on the right.
    const left = async (name: string) => (await dialog.getByRole('button', { name, exact: true }).boundingBox())!.x;
    const dialogLeft = (await dialog.boundingBox())!.x;
    expect((await left('Supprimer la facture')) - dialogLeft).toBeLessThan(60);
    expect(await left('Voir la facture déposée')).toBeGreaterThan((await left('Supprimer la facture')) + 300);
    await saveScreenshot(page, 'retrocession-admin-bill-preview');
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await saveScreenshot(page, 'retrocession-admin-bills');

    await selectPeriod(page, 2020, 1);
    await table.getByText('Aucune facture.').waitFor();
  });

  it('pages a year of bills 10 at a time; a bill removed from the last page leaves the pages and their count right', async () => {
    // Twelve bills for each of three secretaries in a year the seed leaves without any.
    const year = 2021;
    const db = app.services.db;
    expect(await db.secretaryBill.count({ where: { year } })).toBe(0);
    const secretaries = await db.user.findMany({ where: { role: 'SECRETARY', status: 'ACTIVE' }, orderBy: { id: 'asc' }, take: 3 });
    await db.secretaryBill.createMany({
      data: secretaries.flatMap((secretary) =>
        Array.from({ length: 12 }, (_, index) => ({
          secretaryId: secretary.id,
          year,
          month: index + 1,
          number: `${year}${secretary.id}${index + 1}`,
          pricePage: '1.5',
          pricePhoto: '0.5',
          storageKey: `e2e-pages/${secretary.id}/${index + 1}.pdf`,
          originalName: 'facture.pdf',
          size: 1000,
          mimeType: 'application/pdf',
        })),
      ),
    });
    const expected = await period({ year, month: null });
    expect(expected.billCount).toBe(36);
    const labels = (from: number, to: number) =>
      expected.bills.slice(from, to).map((bill) => `Voir la facture ${bill.secretary.fullName} ${bill.monthLabel}`);

    page = await signedInPage(browser, 'admin', '/dashboard/retrocessions-factures-admin');
    await screenTitle(page, 'Rétrocession · Factures').waitFor();
    const table = page.getByRole('table', { name: 'Factures de la période' });
    const shown = () =>
      table
        .getByRole('button', { name: /^Voir la facture / })
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
    await selectPeriod(page, year, null);
    await eventually(shown, labels(0, 10));
    await page.getByText('1–10 sur 36', { exact: true }).waitFor();
    for (const [from, to] of [
      [10, 20],
      [20, 30],
      [30, 36],
    ]) {
      await page.getByRole('button', { name: 'Page suivante' }).click();
      await eventually(shown, labels(from, to));
      await page.getByText(`${from + 1}–${to} sur 36`, { exact: true }).waitFor();
    }
    expect(await page.getByRole('button', { name: 'Page suivante' }).isDisabled()).toBe(true);

    // The last page's first bill removed from its preview: it leaves the page at once, the count follows.
    await table.getByRole('button', { name: labels(30, 31)[0] }).click();
    const dialog = page.getByRole('dialog', { name: `Facture de rétrocession · ${expected.bills[30].monthLabel}` });
    await dialog.getByRole('button', { name: 'Supprimer la facture' }).click();
    await page.getByRole('button', { name: 'Oui' }).click();
    await toast(page, 'Facture supprimée avec succès.').waitFor();
    await eventually(shown, labels(31, 36));
    await page.getByText('31–35 sur 35', { exact: true }).waitFor();
    expect(await db.secretaryBill.count({ where: { year } })).toBe(35);
    await db.secretaryBill.deleteMany({ where: { year } });
  });

  it('shows a bill the secretary uploads through the API without a reload', async () => {
    page = await signedInPage(browser, 'admin');
    const { current } = parisMonths();
    const me = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } });
    const subscribed = liveSubscription(app, page, 'secretaryBillAdded');
    await page.goto('/dashboard/retrocessions-factures-admin');
    await screenTitle(page, 'Rétrocession · Factures').waitFor();
    const table = page.getByRole('table', { name: 'Factures de la période' });
    const row = table.getByRole('row').filter({ hasText: `${me.firstName} ${me.lastName}` });
    await page.getByRole('region', { name: 'CUMUL PÉRIODE' }).waitFor();
    await subscribed;
    expect(await row.count()).toBe(0);

    // Her bill of the current month (the screen's default period), uploaded through the API.
    const uploaded = await gqlUpload<{ uploadSecretaryBill: { bill: { id: string } } }>(
      app.url,
      'mutation($input: UploadSecretaryBillInput!) { uploadSecretaryBill(input: $input) { bill { id } } }',
      { input: { file: null, ...current } },
      [{ path: 'input.file', name: 'facture-en-direct.pdf', content: samplePdf('Facture') }],
      tokens.secretary,
    );
    expect(uploaded.errors).toBeUndefined();
    try {
      await row.waitFor();
    } finally {
      // The secretary's own upload test below starts from a month without her bill.
      const removed = await gql(
        app.url,
        'mutation($input: RemoveSecretaryBillInput!) { removeSecretaryBill(input: $input) { message } }',
        { input: { billId: uploaded.data!.uploadSecretaryBill.bill.id } },
        tokens.admin,
      );
      expect(removed.errors).toBeUndefined();
    }
  });
});

describe('secretary · RÉTROCESSION', () => {
  it('shows only her constats and totals of the period', async () => {
    page = await signedInPage(browser, 'secretary');
    const { previous } = parisMonths();
    const mine = await period(previous, tokens.secretary);
    const all = await period(previous);
    const me = mine.reports.edges[0]?.node.secretary;
    expect(me).toBeTruthy();
    // Others have constats in that month too, which she must not see.
    expect(all.reports.totalCount).toBeGreaterThan(mine.reports.totalCount);

    await page.goto('/dashboard/retrocessions-constats-secretaire');
    await screenTitle(page, 'Rétrocession').waitFor();
    const table = reportsTable();
    expect(await headers(table)).toEqual(['Date', 'Huissier', 'Nom du constat', 'Éléments déposés', 'Date retour', '€', 'Commentaires']);
    await selectPeriod(page, previous.year, previous.month);
    await expectTotals(mine.totals);
    await eventually(
      () => columnTexts(table, 4),
      mine.reports.edges.map((edge) => edge.node.name),
    );
    // The API's own answer for her is the admin's view filtered on her.
    const asAdmin = await period({ ...previous, secretaryId: me!.id });
    expect(mine.totals).toEqual(asAdmin.totals);
    expectEvery(mine.reports.edges, (edge) => edge.node.secretary?.id === me!.id);
    await saveScreenshot(page, 'retrocession-secretary');
    // The comment dialog of a constat.
    await table
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: /^Commentaires du constat/ })
      .click();
    await page.getByRole('dialog').waitFor();
    await saveScreenshot(page, 'retrocession-secretary-comments');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // The other route of the same screen.
    await page.goto('/dashboard/retrocessionconstats');
    await screenTitle(page, 'Rétrocession').waitFor();
    // An admin screen is not hers.
    await page.goto('/dashboard/retrocessions-constats-admin');
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('uploads her bill of the month (Word or PDF only) with a progress bar; the admin sees it in Factures', async () => {
    page = await signedInPage(browser, 'secretary');
    const { current } = parisMonths();
    const me = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } });
    const billsOfMonth = () =>
      app.services.db.secretaryBill.count({ where: { secretaryId: me.id, year: current.year, month: current.month } });
    expect(await billsOfMonth()).toBe(0);

    await page.goto('/dashboard/retrocessions-constats-secretaire');
    await screenTitle(page, 'Rétrocession').waitFor();
    const box = page.getByRole('region', { name: 'Facture du mois' });
    await box.getByText(`Ma facture ${OF_MONTHS[current.month - 1]} ${current.year}`).waitFor();
    const input = box.locator('input[type="file"]');

    // Nothing chosen.
    await box.getByRole('button', { name: 'Déposer la facture' }).click();
    await box.getByText('Veuillez choisir un fichier Word ou PDF.').waitFor();
    // Not Word nor PDF by its name: refused at once.
    await input.setInputFiles({ name: 'facture.txt', mimeType: 'text/plain', buffer: Buffer.from('Facture de novembre') });
    await box.getByText("facture.txt : ce type de fichier n'est pas accepté.").waitFor();
    // Named .pdf but not a PDF: the server checks the content.
    await input.setInputFiles({ name: 'facture.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Facture de novembre') });
    await box.getByRole('button', { name: 'Déposer la facture' }).click();
    await toast(page, 'Type de fichier non autorisé : « facture.pdf ». Formats acceptés : Word (.doc, .docx) ou PDF.').waitFor();
    expect(await billsOfMonth()).toBe(0);
    await saveScreenshot(page, 'retrocession-secretary-upload-refused');

    // A real PDF, large enough for the progress bar to move.
    const pdf = Buffer.concat([samplePdf('Facture'), Buffer.alloc(8 * 1024 * 1024, 32)]);
    await input.setInputFiles({ name: 'facture-novembre.pdf', mimeType: 'application/pdf', buffer: pdf });
    await box.getByText('facture-novembre.pdf').waitFor();
    const progressSeen = await watchUploadProgress(page);
    await box.getByRole('button', { name: 'Déposer la facture' }).click();
    await toast(page, 'Facture déposée avec succès.').waitFor();
    const seen = await progressSeen();
    expect(seen).toContain('100');
    await box.getByText(/^Déposée le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · 8,00\sMo$/).waitFor();
    await box.getByText('Pour la remplacer, demandez à l’administrateur de la supprimer.').waitFor();
    expect(await billsOfMonth()).toBe(1);
    await saveScreenshot(page, 'retrocession-secretary-bill-uploaded');

    // The admin sees it in 'Factures' (current month by default), previews it, then removes it.
    const admin = await signedInPage(browser, 'admin');
    try {
      const expected = await period(current);
      const bill = expected.bills.find((item) => item.secretary.fullName === `${me.firstName} ${me.lastName}`)!;
      expect(bill).toBeTruthy();
      await admin.goto('/dashboard/retrocessions-factures-admin');
      const table = admin.getByRole('table', { name: 'Factures de la période' });
      const row = table.getByRole('row').filter({ hasText: bill.secretary.fullName });
      await row.waitFor();
      expect(await row.locator('td').allInnerTexts()).toEqual(
        expect.arrayContaining([String(bill.figures.textPages), String(bill.figures.photos), formatMoney(bill.figures.amountHT)]),
      );
      await row.getByRole('button', { name: /^Voir la facture/ }).click();
      const dialog = admin.getByRole('dialog', { name: `Facture de rétrocession · ${bill.monthLabel}` });
      await dialog.getByRole('article', { name: 'FACTURE' }).waitFor();
      await dialog.getByRole('button', { name: 'Supprimer la facture' }).click();
      await admin.getByText('Êtes-vous sûr de vouloir supprimer la facture ?').waitFor();
      await admin.getByRole('button', { name: 'Oui' }).click();
      await toast(admin, 'Facture supprimée avec succès.').waitFor();
      await row.waitFor({ state: 'detached' });
      expect(await billsOfMonth()).toBe(0);
    } finally {
      await admin.close();
    }
  });
});

describe('secretary · MES FACTURES', () => {
  it('offers the month’s bill deposit, and lists her bills of the chosen year, nobody else’s', async () => {
    page = await signedInPage(browser, 'secretary');
    const { previous } = parisMonths();
    const BILLS =
      'query($filter: SecretaryBillFilter) { secretaryBills(filter: $filter, first: 50) { totalCount edges { node { monthLabel figures { textPages photos amountHT } } } } }';
    const bills = async (year: number) => {
      const result = await gql<{ secretaryBills: { totalCount: number; edges: { node: PeriodBill }[] } }>(
        app.url,
        BILLS,
        { filter: { year } },
        tokens.secretary,
      );
      return result.data!.secretaryBills.edges.map((edge) => edge.node);
    };

    await page.goto('/dashboard/factures-mois-secretaire');
    await screenTitle(page, 'Mes factures').waitFor();
    // The month's bill is deposited from here too, where the news tells her to deposit it.
    const { current } = parisMonths();
    const box = page.getByRole('region', { name: 'Facture du mois' });
    await box.getByText(`Ma facture ${OF_MONTHS[current.month - 1]} ${current.year}`).waitFor();
    const table = page.getByRole('table', { name: 'Mes factures' });
    // Deposited here (the admin removed the earlier one), it joins the year's list without a reload.
    const before = await bills(current.year);
    await box
      .locator('input[type="file"]')
      .setInputFiles({ name: 'facture-du-mois.pdf', mimeType: 'application/pdf', buffer: samplePdf('Facture') });
    await box.getByRole('button', { name: 'Déposer la facture' }).click();
    await toast(page, 'Facture déposée avec succès.').waitFor();
    const after = await bills(current.year);
    expect(after).toHaveLength(before.length + 1);
    await eventually(
      () => columnTexts(table, 1),
      after.slice(0, 10).map((bill) => bill.monthLabel),
    );
    const mine = await bills(previous.year);
    expect(mine.length).toBeGreaterThan(0);
    const allOfYear = await app.services.db.secretaryBill.count({ where: { year: previous.year } });
    expect(allOfYear).toBeGreaterThan(mine.length);
    expect(await headers(table)).toEqual(['Mois', 'Nombre pages texte', 'Nombre photos', 'Montant HT', 'Voir', 'Télécharger']);
    expect(await page.getByRole('combobox', { name: 'Lignes par page' }).locator('option').allInnerTexts()).toEqual([
      '10',
      '20',
      '30',
      '40',
      '50',
    ]);
    await page.getByRole('combobox', { name: 'Année' }).selectOption(String(previous.year));
    await eventually(
      () => columnTexts(table, 1),
      mine.map((bill) => bill.monthLabel),
    );
    expect(await columnTexts(table, 2)).toEqual(mine.map((bill) => String(bill.figures.textPages)));
    expect(await columnTexts(table, 4)).toEqual(mine.map((bill) => formatMoney(bill.figures.amountHT)));
    expectEvery(mine, (bill) => /^[A-ZÉÈ]/.test(bill.monthLabel));
    await saveScreenshot(page, 'retrocession-secretary-bills');

    await page.getByRole('combobox', { name: 'Année' }).selectOption('2020');
    await table.getByText('Aucune facture.').waitFor();
  });
});
