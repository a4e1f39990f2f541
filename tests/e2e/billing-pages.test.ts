// Issue 31 item 5 in the admin's 'Facturation': the études come in pages of 100 with the tables'
// pager; the selection dialog reads its étude's constats when it opens, every page of them before
// « Tout sélectionner » is offered, so that it selects them all; the generated bill reads all its
// lines, 100 a request.
import type { Page } from 'playwright-core';
import { formatMoney } from '../../web/src/ui/format.js';
import type { TestApp } from '../support/app.js';
import { saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo, gql, loginToken } from '../support/http.js';
import { parisMonth } from '../support/months.js';
import { screenTitle, signedInPage, toast } from '../support/pages.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ app, browser } = started));

/** A quiet month of the Facturation's years: only the études made here have constats in it. */
const QUIET = { year: 2021, month: 6 };
const QUIET_ETUDES = 105;
const CLIENT = 'Étude Grand Volume';
const CONSTATS = 130;
let clientId: number;

/** Figures shown with no-break spaces read as plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** Reads until the value equals `expected` (the page updates asynchronously), then asserts it. */
async function eventually<T>(read: () => Promise<T>, expected: T, timeout = 20_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let value = await read();
  while (JSON.stringify(value) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  expect(value).toEqual(expected);
}

const etude = (name: string) => ({
  name,
  siret: '41234567800012',
  telephone: '0478000000',
  email: 'compta@volume.test',
  address: '2 quai Saint-Antoine',
  zip: '69002',
  city: 'Lyon',
  pricePage: '2.50',
  pricePhoto: '0.80',
});

const bailiffOf = (groupId: number, n: number) => ({
  role: 'BAILIFF' as const,
  firstName: 'Maître',
  lastName: `Volume ${n}`,
  email: `volume-${n}@etude.test`,
  identity: `volume.${n}`,
  passwordHash: 'x',
  groupId,
});

beforeAll(async () => {
  const db = app.services.db;
  // The quiet month's études, each with one constat already billed (so that it is not part of the
  // current month's backlog).
  const groups = await db.group.createManyAndReturn({
    data: Array.from({ length: QUIET_ETUDES }, (_, n) => etude(`Étude du mois calme ${String(n).padStart(3, '0')}`)),
    select: { id: true },
  });
  const bailiffs = await db.user.createManyAndReturn({ data: groups.map((group, n) => bailiffOf(group.id, n)), select: { id: true } });
  await db.report.createMany({
    data: bailiffs.map((bailiff) => ({
      name: 'Constat du mois calme',
      bailiffId: bailiff.id,
      status: 'TE' as const,
      countPagesBilling: 2,
      invoiced: true,
      createdAt: new Date(Date.UTC(QUIET.year, QUIET.month - 1, 10, 10)),
    })),
  });

  // This month: an étude with more constats to bill than a page.
  const group = await db.group.create({ data: etude(CLIENT) });
  clientId = group.id;
  const bailiff = await db.user.create({ data: bailiffOf(group.id, QUIET_ETUDES) });
  const now = Date.now();
  await db.report.createMany({
    data: Array.from({ length: CONSTATS }, (_, n) => ({
      name: `Volume ${String(n).padStart(3, '0')}`,
      bailiffId: bailiff.id,
      status: 'TE' as const,
      countPagesBilling: 2 + (n % 5),
      countPhotosBilling: n % 3,
      createdAt: new Date(now - (CONSTATS - n) * 1_000),
    })),
  });
});

afterEach(async () => {
  await page?.close();
});

function billingTable() {
  return page.getByRole('table', { name: 'Facturation des études' });
}

describe('Facturation in pages', () => {
  beforeEach(async () => {
    page = await signedInPage(browser, 'admin');
  });

  it('shows the month’s études 100 a page, the rest on the next page', async () => {
    await page.goto('/dashboard/facturation-admin');
    await screenTitle(page, 'Facturation').waitFor();
    await page.getByRole('combobox', { name: 'Année' }).selectOption(String(QUIET.year));
    await page.getByRole('combobox', { name: 'Mois' }).selectOption(String(QUIET.month));
    await page.getByText(`1–100 sur ${QUIET_ETUDES}`).waitFor();
    expect(await billingTable().locator('tbody tr').count()).toBe(100);

    await page.getByRole('button', { name: 'Page suivante' }).click();
    await page.getByText(`101–${QUIET_ETUDES} sur ${QUIET_ETUDES}`).waitFor();
    await eventually(() => billingTable().locator('tbody tr').count(), QUIET_ETUDES - 100);
    // The last étude by name, on the second page.
    await billingTable()
      .getByRole('link', { name: `Étude du mois calme ${String(QUIET_ETUDES - 1).padStart(3, '0')}` })
      .waitFor();
    await saveScreenshot(page, 'admin-billing-second-page');
  });

  // Its own waits go up to a minute (the bill of every constat, its PDF built under CI load): the test gets two.
  it('reads every constat before « Tout sélectionner », which bills them all; the generated bill shows all its lines', async () => {
    const admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
    const { year, month } = parisMonth();
    const expected = await gql<{ billingGroup: { billableTotals: { amountHT: string } } }>(
      app.url,
      'query($groupId: ID!, $year: Int!, $month: Int!) { billingGroup(groupId: $groupId, year: $year, month: $month) { billableTotals { amountHT } } }',
      { groupId: Buffer.from(`Group:${clientId}`).toString('base64'), year, month },
      admin,
    );
    const amountHT = expected.data!.billingGroup.billableTotals.amountHT;

    // The second page is held until the dialog has been seen reading it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('BillSelectionDialogReportsPaginationQuery')) await released;
      await route.continue();
    });
    await page.goto('/dashboard/facturation-admin');
    await screenTitle(page, 'Facturation').waitFor();
    const row = billingTable().getByRole('row').filter({ hasText: CLIENT });
    await row.getByText(`${CONSTATS} constats à facturer`).waitFor();
    await row.getByRole('button', { name: `Constats à facturer de ${CLIENT}` }).click();
    const dialog = page.getByRole('dialog', { name: `Facturation de ${CLIENT}` });
    await dialog.getByText(`Chargement des constats : 100 sur ${CONSTATS}…`).waitFor();
    const selectAll = dialog.getByRole('checkbox', { name: 'Tout sélectionner' });
    expect(await selectAll.isDisabled()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: /^Sélectionner Volume/ }).count()).toBe(100);
    await saveScreenshot(page, 'admin-billing-selection-loading');
    release();
    await dialog.getByText(/^Chargement des constats/).waitFor({ state: 'hidden' });
    await page.unroute('**/graphql');
    expect(await dialog.getByRole('checkbox', { name: /^Sélectionner Volume/ }).count()).toBe(CONSTATS);

    await selectAll.check();
    const summary = dialog.getByRole('definition').filter({ hasText: '€' });
    await eventually(async () => plain((await summary.allInnerTexts())[0]), plain(formatMoney(amountHT)));
    await dialog.getByRole('button', { name: 'Générer la facture' }).click();
    await toast(page, 'Facture créée avec succès').waitFor({ timeout: 60_000 });
    const bill = await app.services.db.groupBill.findFirstOrThrow({ where: { groupId: clientId }, include: { lines: true } });
    expect(bill.lines).toHaveLength(CONSTATS);
    expect(bill.amountHT.toFixed(2)).toBe(amountHT);

    // The generated bill: its 100 first lines came with it, the others are read after.
    await dialog.getByText(new RegExp(`^Facture n° ${bill.number} d(e |')`)).waitFor();
    await eventually(() => dialog.getByRole('checkbox', { name: /^Sélectionner Volume/ }).count(), CONSTATS);
    expect(await dialog.getByText(/^Chargement des lignes/).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await row.getByText(`Facture n° ${bill.number} : ${CONSTATS} constats`, { exact: true }).waitFor();
  }, 120_000);
});
