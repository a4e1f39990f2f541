// Issue 18 « Screens »: what an office trips on, each screen through the real server and the built
// web app in Chromium. Screenshots at 1280 and 1366 px go to tests/e2e/__screenshots__ for review.
// Over 400 lines on purpose: issue 18's screen list, reviewed whole, in one server and one Chromium.
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import type { TestApp } from '../support/app.js';
import { saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo, findLink, gql, loginToken, readOutbox, waitForMail } from '../support/http.js';
import { answerNextQueryLate, screenTitle, signIn, signedInPage, signedOutPage, toast, FILE_PICKER } from '../support/pages.js';
import { gqlUpload, samplePdf } from '../support/upload.js';
import { billingAmounts, retrocessionAmounts } from '@constats/domain/line-amounts';
import { formatMoney } from '../../web/src/ui/format.js';
import { OF_MONTHS, parisMonth } from '../support/months.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ app, browser } = started));
// Each test signs in and walks a screen or two: on a loaded machine that passes 60 s.
jest.setTimeout(120_000);
let adminToken: string;
let secretaryToken: string;

beforeAll(async () => {
  adminToken = await loginToken(app.url, demo.admin.email, demo.admin.password);
  secretaryToken = await loginToken(app.url, demo.secretary.email, demo.secretary.password);
});

afterEach(async () => {
  await page?.close();
});

/** Screenshots of the current screen at the two widths the offices use. */
async function shots(name: string): Promise<void> {
  for (const width of [1280, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await saveScreenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function call<T = Record<string, any>>(query: string, variables: Record<string, unknown> = {}, token = adminToken): Promise<T> {
  const result = await gql<T>(app.url, query, variables, token);
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

async function userId(email: string): Promise<string> {
  const user = await app.services.db.user.findUniqueOrThrow({ where: { email } });
  return Buffer.from(`User:${user.id}`).toString('base64');
}

/** An executable (MZ header) under a name the screens accept: only the server can tell. */
const disguisedExecutable = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'latin1'), Buffer.alloc(512, 0x41)]);

describe('3. a refused file says why', () => {
  it("« Créer un constat »: an executable renamed .pdf shows the server's reason, not « Réessayez plus tard. »", async () => {
    page = await signedInPage(browser, 'bailiff', '/dashboard/creer-un-constat-huissier');
    await screenTitle(page, 'Créer un constat').waitFor();
    await page.getByRole('textbox', { name: /^Nom du constat/ }).fill(`Exécutable ${Date.now()}`);
    await page.locator(FILE_PICKER).setInputFiles({ name: 'acte.pdf', mimeType: 'application/pdf', buffer: disguisedExecutable });
    await page.getByText('acte.pdf').waitFor();
    await page.getByRole('button', { name: 'Créer le constat' }).click();
    await toast(page, 'Type de fichier non autorisé : « acte.pdf ». Formats acceptés').waitFor();
    await expect(page.getByText('Réessayez plus tard.').count()).resolves.toBe(0);
    await shots('screens-upload-refused');
  });

  it('the avatar of a profile: a disguised picture shows the server’s reason', async () => {
    page = await signedInPage(browser, 'admin', '/dashboard/adminprofile');
    await screenTitle(page, 'Mon profil').waitFor();
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: disguisedExecutable });
    await page.getByRole('button', { name: 'Valider' }).click();
    await toast(page, 'Type de fichier non autorisé : « photo.png »').waitFor();
    await expect(page.getByText('Réessayez plus tard.').count()).resolves.toBe(0);
  });

  it('the returned items of a constat: the same reason', async () => {
    const report = await newReport('Retour refusé', true);
    page = await signedInPage(browser, 'admin');
    const row = await showOnly(report.name);
    await row.getByRole('button', { name: 'Afficher le détail' }).click();
    const returned = page.getByRole('region', { name: `Éléments retournés : ${report.name}` });
    await returned.locator(FILE_PICKER).setInputFiles({ name: 'retour.pdf', mimeType: 'application/pdf', buffer: disguisedExecutable });
    await returned.getByRole('button', { name: 'Envoyer' }).click();
    await toast(page, 'Type de fichier non autorisé : « retour.pdf »').waitFor();
  });
});

describe('7. pending accounts are offered nowhere', () => {
  it('the admin’s « Recherche avancée » lists active bailiffs, never the pending registrant', async () => {
    page = await signedInPage(browser, 'admin', '/dashboard/constats-en-cours-admin');
    await screenTitle(page, 'Constats en cours').waitFor();
    await page.getByRole('button', { name: 'Recherche avancée' }).click();
    const select = page.getByRole('combobox', { name: 'Huissier', exact: true });
    await select.waitFor();
    const options = await select.locator('option').allInnerTexts();
    expect(options).toContain('Hélène Marchand');
    expect(options).not.toContain('Jérôme Bréval');
    await shots('screens-advanced-search');
  });
});

async function newReport(prefix: string, assigned: boolean): Promise<{ id: string; name: string }> {
  const name = `${prefix} ${Date.now()}`;
  const created = await gqlUpload<{ createReport: { report: { id: string; name: string } } }>(
    app.url,
    'mutation($input: CreateReportInput!) { createReport(input: $input) { report { id name } } }',
    { input: { bailiffId: await userId(demo.bailiff.email), name, files: [null] } },
    [{ path: 'input.files.0', name: 'constat.pdf', content: samplePdf(name), type: 'application/pdf' }],
    adminToken,
  );
  if (!created.data) throw new Error(JSON.stringify(created.errors));
  const report = created.data.createReport.report;
  if (assigned) {
    await call('mutation($input: AssignSecretaryInput!) { assignSecretary(input: $input) { report { id } } }', {
      input: { reportId: report.id, secretaryId: await userId(demo.secretary.email) },
    });
  }
  return report;
}

function table() {
  return page.getByRole('table', { name: 'Nom du constat' });
}

async function showOnly(name: string) {
  await page.goto('/dashboard/constats-en-cours-admin');
  await screenTitle(page, 'Constats en cours').waitFor();
  const search = page.getByRole('searchbox', { name: 'Rechercher...' });
  await search.fill(name);
  await search.press('Enter');
  const row = table()
    .getByRole('row')
    .filter({ has: page.getByText(name, { exact: true }) });
  await row.waitFor();
  await table().getByRole('row').nth(2).waitFor({ state: 'detached' });
  return row;
}

describe('4. amounts follow the counts', () => {
  it('ticking Rétrocession / Facturation shows the amounts at once, equal to what the server stores', async () => {
    const report = await newReport('Montants e2e', true);
    await call(
      'mutation($input: SetRetrocessionInput!) { setRetrocession(input: $input) { report { id } } }',
      { input: { reportId: report.id, countPagesProvisional: 12, countPhotosProvisional: 5 } },
      secretaryToken,
    );
    const tariffs = await call<{
      node: { retrocessionAmounts: { pricePage: string; pricePhoto: string }; billingAmounts: { pricePage: string; pricePhoto: string } };
    }>(
      'query($id: ID!) { node(id: $id) { ... on Report { retrocessionAmounts { pricePage pricePhoto } billingAmounts { pricePage pricePhoto } } } }',
      { id: report.id },
    );
    const retrocession = retrocessionAmounts({ pages: 12, photos: 5, ...tariffs.node.retrocessionAmounts }).total.toFixed(2);
    const billing = billingAmounts({ pages: 12, photos: 5, ...tariffs.node.billingAmounts }).total.toFixed(2);
    expect(Number(retrocession)).toBeGreaterThan(0);
    expect(Number(billing)).toBeGreaterThan(0);

    page = await signedInPage(browser, 'admin');
    const row = await showOnly(report.name);
    await row.getByRole('button', { name: 'Afficher le détail' }).click();
    const counters = page.getByRole('group', { name: `Comptes du constat : ${report.name}` });
    await counters.waitFor();
    await expect(counters.getByText(formatMoney('0'), { exact: true }).count()).resolves.toBe(2);
    await counters.getByRole('checkbox', { name: 'Rétrocession' }).check();
    await counters.getByText(formatMoney(retrocession), { exact: true }).first().waitFor();
    await counters.getByRole('checkbox', { name: 'Facturation' }).check();
    await counters.getByText(formatMoney(billing), { exact: true }).first().waitFor();
    await shots('screens-counters-amounts');
    await counters.getByRole('button', { name: 'Facturer' }).click();
    await toast(page, 'Rapport facturé').waitFor();
    // The server's own amounts, once saved, are those shown before.
    const saved = await call<{ node: { retrocessionAmounts: { total: string }; billingAmounts: { total: string } } }>(
      'query($id: ID!) { node(id: $id) { ... on Report { retrocessionAmounts { total } billingAmounts { total } } } }',
      { id: report.id },
    );
    expect(saved.node.retrocessionAmounts.total).toBe(retrocession);
    expect(saved.node.billingAmounts.total).toBe(billing);
  });
});

describe('1. new deposits waiting for a secretary', () => {
  it('shows « Non attribué » at a glance and singles them out in « Recherche avancée »', async () => {
    const waiting = await newReport('Dépôt en attente', false);
    page = await signedInPage(browser, 'admin');
    const row = await showOnly(waiting.name);
    await row.getByText('Non attribué', { exact: true }).first().waitFor();
    await page.getByRole('searchbox', { name: 'Rechercher...' }).fill('');
    await page.getByRole('searchbox', { name: 'Rechercher...' }).press('Enter');
    await page.getByRole('button', { name: 'Recherche avancée' }).click();
    await page.getByRole('combobox', { name: 'Statut', exact: true }).selectOption({ label: 'En attente d’une secrétaire' });
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    await table()
      .getByRole('row')
      .filter({ has: page.getByText(waiting.name, { exact: true }) })
      .waitFor();
    const expected = await app.services.db.report.count({ where: { secretaryId: null, isArchived: false, status: { in: ['NA', 'EC'] } } });
    await page.getByText(`1–${Math.min(10, expected)} sur ${expected}`).waitFor();
    const statuses = await table().locator('tbody tr:has(> td > button[aria-expanded]) .fui-Badge').allInnerTexts();
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status.trim() === 'Non attribué')).toBe(true);
    await shots('screens-awaiting-secretary');
  });

  it('a search typed while the previous one loads is the one « Recherche avancée » narrows', async () => {
    const first = await newReport('Dépôt lent', false);
    const second = await newReport('Dépôt lent', false);
    page = await signedInPage(browser, 'admin');
    await showOnly(first.name);
    // The next search's results arrive late, as on a slow network; the advanced search applied
    // meanwhile starts from the search typed, not from the one whose results still show.
    await answerNextQueryLate(page);
    await page.getByRole('searchbox', { name: 'Rechercher...' }).fill('Dépôt lent');
    await page.getByRole('searchbox', { name: 'Rechercher...' }).press('Enter');
    await page.getByRole('button', { name: 'Recherche avancée' }).click();
    await page.getByRole('combobox', { name: 'Statut', exact: true }).selectOption({ label: 'En attente d’une secrétaire' });
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    await page.getByText('1–2 sur 2').waitFor();
    for (const report of [first, second]) await table().getByText(report.name, { exact: true }).waitFor();
  });
});

describe('2. the billing selection tells the truth', () => {
  it('the row counts what the dialog offers; the dialog groups it by month, the current one first', async () => {
    const group = await app.services.db.group.create({
      data: {
        name: 'Étude Vérité',
        siret: '41234567800012',
        telephone: '0478000000',
        email: 'verite@etude.test',
        address: '1 rue Haute',
        zip: '69002',
        city: 'Lyon',
        pricePage: '2.50',
        pricePhoto: '0.80',
      },
    });
    const bailiff = await app.services.db.user.create({
      data: {
        role: 'BAILIFF',
        firstName: 'Maître',
        lastName: 'Vérité',
        email: 'verite.huissier@etude.test',
        identity: 'verite.huissier',
        passwordHash: 'x',
        groupId: group.id,
      },
    });
    const secretary = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } });
    const counted = (name: string, pages: number, createdAt?: Date) =>
      app.services.db.report.create({
        data: {
          name,
          bailiffId: bailiff.id,
          secretaryId: secretary.id,
          status: 'TE',
          countPagesBilling: pages,
          countPagesRetrocession: pages,
          ...(createdAt && { createdAt }),
        },
      });
    await counted('Vérité du mois', 4);
    await counted('Vérité ancienne', 6, new Date(Date.now() - 40 * 86_400_000));
    // Each group heading names its month in a sentence: « Constats d'octobre 2026 ».
    const heading = (date: Date) => {
      const { year, month } = parisMonth(date);
      return `Constats ${OF_MONTHS[month - 1]} ${year}`;
    };

    page = await signedInPage(browser, 'admin', '/dashboard/facturation-admin');
    await screenTitle(page, 'Facturation').waitFor();
    const row = page.getByRole('table', { name: 'Facturation des études' }).getByRole('row').filter({ hasText: 'Étude Vérité' });
    await row.waitFor();
    // Two constats, 10 text pages, 25,00 €: what the dialog below offers.
    const cells = (await row.getByRole('cell').allInnerTexts()).map((cell) => cell.trim());
    expect(cells.slice(1, 5)).toEqual(['2', '10', '0', formatMoney('25.00')]);
    await row.getByRole('button', { name: 'Constats à facturer de Étude Vérité' }).click();
    const dialog = page.getByRole('dialog', { name: 'Facturation de Étude Vérité' });
    // The dialog reads its constats when it opens.
    await dialog.getByText('Vérité ancienne').waitFor();
    const lines = (await dialog.getByRole('row').allInnerTexts()).map((line) => line.replace(/\s+/g, ' ').trim());
    const current = lines.findIndex((line) => line === heading(new Date()));
    const earlier = lines.findIndex((line) => line === heading(new Date(Date.now() - 40 * 86_400_000)));
    expect(current).toBeGreaterThan(0);
    expect(earlier).toBeGreaterThan(current);
    expect(lines[current + 1]).toContain('Vérité du mois');
    expect(lines[earlier + 1]).toContain('Vérité ancienne');
    await shots('screens-billing-selection');
  });
});

describe('5. the bell panel closes', () => {
  async function openBell() {
    const bailiff = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
    await app.services.db.notification.create({ data: { userId: bailiff.id, kind: 'REPORT_COMMENT', body: '<p>Nouveau commentaire</p>' } });
    page = await signedInPage(browser, 'bailiff');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.waitFor();
    return panel;
  }

  it('on Escape after ticking « Marquer comme lue »', async () => {
    const panel = await openBell();
    // click(), not check(): check() reads the state right after its click, before React has
    // rendered the optimistic « Lue » on a loaded machine; the wait below is the assertion.
    await panel.getByRole('checkbox', { name: 'Marquer comme lue' }).first().click();
    await panel.getByRole('checkbox', { name: 'Lue' }).first().waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached', timeout: 2_000 });
  });

  it('on a click outside', async () => {
    const panel = await openBell();
    await panel.hover();
    await page.mouse.click(640, 600);
    await panel.waitFor({ state: 'detached', timeout: 2_000 });
  });

  it('by itself 5 s after opening (product.md §9), not while the pointer rests on it', async () => {
    // The page's timers on a clock that runs at its own pace (installed before the app loads), so
    // that seconds are skipped rather than waited for.
    await browser.context.clock.install();
    const panel = await openBell();
    await panel.hover();
    await page.clock.fastForward(6_000);
    await expect(panel.isVisible()).resolves.toBe(true);
    // Away from the panel and the bell: 5 s later it closes, not before.
    await page.mouse.move(10, 790);
    await page.clock.fastForward(4_000);
    await expect(panel.isVisible()).resolves.toBe(true);
    await page.clock.fastForward(1_500);
    await panel.waitFor({ state: 'detached', timeout: 2_000 });
  });
});

describe('9. re-sending a sent bill', () => {
  it('asks « Renvoyer la facture ? », not the first send’s question', async () => {
    const bill = await app.services.db.groupBill.findFirst({ where: { isSent: true }, include: { group: true } });
    const target =
      bill ??
      (await (async () => {
        const any = await app.services.db.groupBill.findFirstOrThrow({ include: { group: true } });
        return app.services.db.groupBill.update({
          where: { id: any.id },
          data: { isSent: true, sentAt: new Date() },
          include: { group: true },
        });
      })());
    page = await signedInPage(browser, 'admin', '/dashboard/facturation-admin');
    await screenTitle(page, 'Facturation').waitFor();
    await page.getByRole('combobox', { name: 'Année' }).selectOption(String(target.year));
    await page.getByRole('combobox', { name: 'Mois' }).selectOption(String(target.month));
    const row = page.getByRole('table', { name: 'Facturation des études' }).getByRole('row').filter({ hasText: target.group.name });
    await row.getByRole('button', { name: `Renvoyer la facture de ${target.group.name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Renvoyer la facture ?' });
    await confirm.getByText(`La facture n° ${target.number} a déjà été envoyée le`).waitFor();
    await confirm.getByRole('button', { name: 'Renvoyer' }).waitFor();
    await shots('screens-resend-bill');
    await confirm.getByRole('button', { name: 'Non' }).click();
  });
});

describe('6. the document viewer previews text files and images', () => {
  it('a deposited .txt opens as text in the viewer', async () => {
    const name = `Texte lisible ${Date.now()}`;
    const created = await gqlUpload<{ createReport: { report: { id: string } } }>(
      app.url,
      'mutation($input: CreateReportInput!) { createReport(input: $input) { report { id } } }',
      { input: { bailiffId: await userId(demo.bailiff.email), name, files: [null] } },
      [{ path: 'input.files.0', name: 'releve.txt', content: 'Relevé des lieux : cuisine, séjour, entrée.', type: 'text/plain' }],
      adminToken,
    );
    expect(created.data).toBeTruthy();
    page = await signedInPage(browser, 'admin');
    const row = await showOnly(name);
    await row.getByRole('button', { name: 'Afficher le détail' }).click();
    await page
      .getByRole('region', { name: `Éléments déposés : ${name}` })
      .getByRole('button', { name: 'Afficher releve.txt' })
      .click();
    const viewer = page.getByRole('dialog', { name: 'releve.txt' });
    await viewer.waitFor();
    await expect(viewer.getByText("L'aperçu n'est pas disponible pour ce type de fichier.").count()).resolves.toBe(0);
    const frame = viewer.frameLocator('iframe[title="releve.txt"]');
    await frame.getByText('Relevé des lieux : cuisine, séjour, entrée.').waitFor();
    await shots('screens-viewer-text');
  });
});

describe('8. date columns say which date they show', () => {
  it('« Déposé le » on the admin’s and the bailiff’s lists and « Tous mes constats », « Mis à jour le » on the secretary’s « Constats en cours »', async () => {
    // The first named header is « Alerte », the alert column's screen-reader header (issue 23).
    const header = async () => (await table().getByRole('columnheader').allInnerTexts()).map((text) => text.trim()).filter(Boolean)[1];
    page = await signedInPage(browser, 'admin', '/dashboard/constats-en-cours-admin');
    await table().locator('tbody tr').first().waitFor();
    expect(await header()).toBe('Déposé le');
    await page.close();
    page = await signedInPage(browser, 'secretary', '/dashboard/constats-en-cours-secretaire');
    await table().locator('tbody tr').first().waitFor();
    expect(await header()).toBe('Mis à jour le');
    await shots('screens-secretary-in-progress');
    await page.goto('/dashboard/constats-mois-secretaire');
    await screenTitle(page, 'Tous mes constats').waitFor();
    await table().locator('tbody tr').first().waitFor();
    expect(await header()).toBe('Déposé le');
    await shots('screens-secretary-all');
  });
});

describe('11. at 1280 px', () => {
  it('titles read in product.md’s capitals', async () => {
    page = await signedInPage(browser, 'bailiff', '/dashboard/constats-en-cours-moi-huissier');
    const title = screenTitle(page, 'Mes constats en cours');
    await title.waitFor();
    expect(await title.innerText()).toBe('MES CONSTATS EN COURS');
    await page.goto('/dashboard/seeallnotifications');
    expect(await screenTitle(page, 'Toutes les notifications').innerText()).toBe('TOUTES LES NOTIFICATIONS');
  });

  it('a screenshot leaves the screen as it was: no width query flips (an open row would lose what was typed), same scroll', async () => {
    page = await signedInPage(browser, 'admin', '/dashboard/constats-en-cours-admin');
    await screenTitle(page, 'Constats en cours').waitFor();
    await page.evaluate(() => {
      const flips: string[] = [];
      (window as unknown as { flips: string[] }).flips = flips;
      for (const query of ['(max-width: 1023px)', '(max-width: 699px)']) {
        matchMedia(query).addEventListener('change', () => flips.push(query));
      }
      window.scrollTo(0, 120);
    });
    await shots('screens-screenshot-layout');
    await expect(page.evaluate(() => (window as unknown as { flips: string[] }).flips)).resolves.toEqual([]);
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(120);
  });

  it('a tablet turned across 1024 px keeps what was typed in an open row (the table becomes cards and back)', async () => {
    const report = await newReport('Tablette tournée', true);
    page = await signedInPage(browser, 'admin');
    const row = await showOnly(report.name);
    await row.getByRole('button', { name: 'Afficher le détail' }).click();
    const counters = page.getByRole('group', { name: `Comptes du constat : ${report.name}` });
    await counters.getByRole('checkbox', { name: 'Rétrocession' }).check();
    for (const size of [
      { width: 820, height: 1180 },
      { width: 1180, height: 820 },
    ]) {
      await page.setViewportSize(size);
      // The list's own layout for this width: cards under 1024 px, the table above.
      await page.getByRole(size.width < 1024 ? 'list' : 'table', { name: 'Nom du constat' }).waitFor();
      await expect(counters.getByRole('checkbox', { name: 'Rétrocession' }).isChecked()).resolves.toBe(true);
    }
  });

  it('badges and file counts keep to one line; a toast covers neither the filters nor a row’s buttons', async () => {
    const waiting = await newReport('Mise en page', false);
    page = await browser.newPage();
    // A newer server version: the persistent « Mise à jour » notice shows on the signed-in screen.
    await page.route('**/meta.json', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ version: '99.0.0' }) }),
    );
    await signedOutPage(page);
    await signIn(page, 'admin');
    await screenTitle(page, 'Constats en cours').waitFor();
    expect(page.viewportSize()?.width).toBe(1280);
    await table().getByText(waiting.name, { exact: true }).waitFor();
    await table().getByText('Non attribué', { exact: true }).first().waitFor();

    // Lines a text takes: the distinct tops of its rendered line boxes.
    const wrapped = await table().evaluate((element) => {
      const lines = (node: Element) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      };
      const checked = [...element.querySelectorAll('tbody *')].filter(
        (node) =>
          node.classList.contains('fui-Badge') ||
          (node.children.length === 0 && /^(\d+ fichiers?|Non attribué)$/.test(node.textContent?.trim() ?? '')),
      );
      return { checked: checked.length, wrapped: checked.filter((node) => lines(node) > 1).map((node) => node.textContent) };
    });
    expect(wrapped.checked).toBeGreaterThan(10);
    expect(wrapped.wrapped).toEqual([]);

    const notice = page.locator('.fui-Toast', { hasText: 'Mise à jour' });
    await notice.waitFor();
    const box = (await notice.boundingBox())!;
    const overlaps = (other: { x: number; y: number; width: number; height: number }) =>
      box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height && other.y < box.y + box.height;
    const filters = (await table().locator('xpath=ancestor::section[1]/div[1]').boundingBox())!;
    expect(overlaps(filters)).toBe(false);
    const buttons = await table().locator('tbody').getByRole('button').all();
    expect(buttons.length).toBeGreaterThan(0);
    for (const button of buttons) {
      const target = await button.boundingBox();
      if (target) expect(overlaps(target)).toBe(false);
    }
    // Toasts are fixed: beside the page's content rather than over it, they cover nothing at any scroll.
    const main = (await page.getByRole('main').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(main.x);
    await shots('screens-toast-1280');
  });

  it('statistics: one grid line per amount label, no point for the months to come', async () => {
    page = await signedInPage(browser, 'admin', '/dashboard/statistiques');
    await screenTitle(page, 'Statistiques').waitFor();
    const chart = page.getByTestId('statistics-chart');
    await chart.locator('svg').first().waitFor();
    const labels = await chart.locator('svg text').allTextContents();
    const amountLabels = labels.filter((text) => text.includes('€'));
    const gridLines = await chart
      .locator('svg line')
      .evaluateAll(
        (lines) =>
          lines.filter((line) => line.getAttribute('y1') === line.getAttribute('y2') && line.getAttribute('stroke') === '#e0e0e0').length,
      );
    expect(amountLabels.length).toBeGreaterThan(1);
    expect(gridLines).toBe(amountLabels.length);
    const currentMonth = parisMonth().month;
    const points = await chart.locator('svg circle').count();
    expect(points).toBe(2 * currentMonth);
    await shots('screens-statistics');
  });
});

describe('12. the change-password screen, reached as a user does', () => {
  it('« Mot de passe oublié ? » → the e-mailed link → both fields and product.md’s messages → « Mot de passe modifié avec succès. » → /login with the new password', async () => {
    const email = 'loic.gauthier@demo.fr';
    page = await browser.newPage();
    // Signed out: the browser profile may still hold the previous test's session.
    await signedOutPage(page, '/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.waitForURL((url) => url.pathname === '/recover/request');
    const before = new Set((await readOutbox(app.outboxDir)).map((mail) => mail.messageId));
    await page.getByLabel(/^Adresse e-mail/).fill(email);
    await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/forgotpassword');
    const mail = await waitForMail(
      app.outboxDir,
      (sent) => !before.has(sent.messageId) && (sent.to as { text: string }).text.includes(email),
      15_000,
    );
    const link = new URL(findLink(mail, 'reset-password'));
    await page.goto(`${link.pathname}${link.search}`);

    const submit = page.getByRole('button', { name: 'Changer le mot de passe' });
    await submit.waitFor();
    const fresh = page.getByLabel(/^Nouveau mot de passe/);
    const confirmation = page.getByLabel(/^Confirmation du mot de passe/);
    expect(await fresh.getAttribute('type')).toBe('password');
    expect(await confirmation.getAttribute('type')).toBe('password');
    await fresh.fill('faible');
    await confirmation.fill('autre');
    await submit.click();
    await page.getByText('Le mot de passe doit comporter des majuscules, des minuscules, des chiffres et un symbole.').waitFor();
    await fresh.fill('Oublie#2026');
    await page.getByText('Le mot de passe doit être le même.').waitFor();
    await shots('screens-reset-password');
    await confirmation.fill('Oublie#2026');
    await submit.click();
    await toast(page, 'Mot de passe modifié avec succès.').waitFor();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await loginToken(app.url, email, 'Oublie#2026')).toBeTruthy();
  });
});
