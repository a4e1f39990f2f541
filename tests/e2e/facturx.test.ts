// Issue 22 in the browser: an admin without seller settings is led to « Paramètres de facturation »
// before generating; once they are saved and a logo added (shown there at once), the generated bill
// downloads as a Factur-X PDF drawing the logo and as its XML alone, from Facturation; removing the
// logo asks first.
import type { Page } from 'playwright-core';
import type { TestApp } from '../support/app.js';
import { saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo } from '../support/http.js';
import { samplePng } from '../support/images.js';
import { pdfAttachments, pdfImages } from '../support/pdf.js';
import { facturXsdErrors } from '../support/facturx.js';
import { pathname, screenTitle, signedInPage, toast } from '../support/pages.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ app, browser } = started));

const CLIENT = 'Étude Factur-X du Rhône';

beforeAll(async () => {
  const db = app.services.db;
  await db.sellerSettings.deleteMany();
  const secretary = await db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } });
  const group = await db.group.create({
    data: {
      name: CLIENT,
      siret: '73282932000074',
      vatNumber: 'FR44732829320',
      telephone: '0478000000',
      email: 'compta.fx@etude.test',
      address: '3 quai Perrache',
      zip: '69002',
      city: 'Lyon',
      pricePage: '2.50',
      pricePhoto: '0.80',
    },
  });
  const bailiff = await db.user.create({
    data: {
      role: 'BAILIFF',
      firstName: 'Lou',
      lastName: 'Factur',
      email: 'lou.factur@etude.test',
      identity: 'lou.factur',
      passwordHash: 'x',
      groupId: group.id,
    },
  });
  await db.report.create({
    data: {
      name: 'Constat Factur-X – quai Perrache',
      bailiffId: bailiff.id,
      secretaryId: secretary.id,
      status: 'TE',
      countPagesBilling: 12,
      countPhotosBilling: 4,
      countPagesRetrocession: 12,
      countPhotosRetrocession: 4,
    },
  });
});

afterEach(async () => {
  await page?.close();
});

const rowOf = (client: string) => page.getByRole('table', { name: 'Facturation des études' }).getByRole('row').filter({ hasText: client });

it('without seller settings the admin is led to them; once saved and a logo added (shown at once), the bill is generated, draws the logo and downloads as PDF and XML', async () => {
  page = await signedInPage(browser, 'admin', '/dashboard/facturation-admin');
  await screenTitle(page, 'Facturation').waitFor();
  await page.getByText(/Les paramètres de facturation .* sont obligatoires avant de générer une facture/).waitFor();

  // The selection dialog offers the settings instead of the generation.
  await rowOf(CLIENT)
    .getByRole('button', { name: `Constats à facturer de ${CLIENT}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Facturation de ${CLIENT}` });
  await dialog.getByText('Constat Factur-X – quai Perrache').waitFor();
  expect(await dialog.getByRole('button', { name: 'Générer la facture' }).count()).toBe(0);
  await saveScreenshot(page, 'admin-billing-seller-settings-required');
  await dialog.getByRole('button', { name: 'Renseigner les paramètres de facturation' }).click();
  await screenTitle(page, 'Paramètres de facturation').waitFor();
  expect(pathname(page)).toBe('/dashboard/parametres-facturation');

  const fill = async (label: string, value: string) => page.getByRole('textbox', { name: label, exact: true }).fill(value);
  await fill('Raison sociale', 'Frappe & Constats SAS');
  await fill('Forme juridique', 'SAS');
  await fill('Siret', '84512763800012');
  await fill('Numéro de TVA intracommunautaire', 'FR30845127638');
  await fill('Immatriculation RCS', 'RCS Lyon 845 127 638');
  await fill('Adresse', '22 rue Édouard-Herriot');
  await fill('Code postal', '69002');
  await fill('Ville', 'Lyon');
  await fill('IBAN', 'FR76 3000 6000 0112 3456 7890 189');
  await fill('BIC', 'AGRIFRPPXXX');
  await fill('Conditions de paiement', 'Paiement à réception, par virement.');
  await fill('Adresse électronique de facturation', 'annuaire é');
  await page.getByRole('button', { name: 'Valider' }).click();
  // The server checks the keys: a wrong Siret is refused under its field.
  await page.getByText('Siret invalide : 14 chiffres dont le dernier est une clé de contrôle.').waitFor();
  await page.getByText(/^Adresse électronique de facturation invalide/).waitFor();
  await saveScreenshot(page, 'admin-seller-settings');
  await fill('Siret', '845 127 638 00011');
  await fill('Adresse électronique de facturation', '845127638_FACTURES');
  await page.getByRole('checkbox', { name: 'Option pour le paiement de la TVA d’après les débits' }).check();
  await page.getByRole('button', { name: 'Valider' }).click();
  await toast(page, 'Paramètres de facturation enregistrés.').waitFor();
  expect(await app.services.db.sellerSettings.findFirstOrThrow()).toMatchObject({
    electronicAddress: '845127638_FACTURES',
    vatOnDebits: true,
  });
  await screenTitle(page, 'Facturation').waitFor();
  await page.getByText(/sont obligatoires avant de générer une facture/).waitFor({ state: 'detached' });

  // The logo: added from the settings, shown there at once, drawn on the bill generated next.
  await page.goto('/dashboard/parametres-facturation');
  await screenTitle(page, 'Paramètres de facturation').waitFor();
  await page.getByText('Aucun logo : les factures portent la raison sociale seule.').waitFor();
  await page
    .getByLabel('Choisir le logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: samplePng(400, 120, { alpha: true }) });
  await toast(page, 'Logo enregistré.').waitFor();
  await page.waitForFunction(() => {
    const logo = document.querySelector<HTMLImageElement>('img[alt="Logo des factures"]');
    return logo !== null && logo.complete && logo.naturalWidth === 400;
  });
  expect(await page.getByRole('button', { name: 'Remplacer le logo' }).count()).toBe(1);
  await saveScreenshot(page, 'admin-seller-logo');
  await page.goto('/dashboard/facturation-admin');
  await screenTitle(page, 'Facturation').waitFor();

  // Generate, then download the PDF and the XML from the row.
  await rowOf(CLIENT)
    .getByRole('button', { name: `Constats à facturer de ${CLIENT}` })
    .click();
  await dialog.getByRole('checkbox', { name: 'Sélectionner Constat Factur-X – quai Perrache' }).check();
  await dialog.getByRole('button', { name: 'Générer la facture' }).click();
  await toast(page, 'Facture créée avec succès').waitFor();
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  const bill = await app.services.db.groupBill.findFirstOrThrow({ where: { groupName: CLIENT } });
  const row = rowOf(CLIENT);
  await row.getByText(`N° ${bill.number}`).waitFor();
  const xmlLink = row.getByRole('link', { name: `Télécharger le XML Factur-X de ${CLIENT}` });
  await xmlLink.waitFor();
  expect(await xmlLink.getAttribute('download')).toBe(`facture-${bill.number}.xml`);
  const xml = await (await fetch(new URL((await xmlLink.getAttribute('href'))!, app.url))).text();
  expect(await facturXsdErrors(xml)).toEqual([]);
  expect(xml).toContain('<ram:GrandTotalAmount>33.84</ram:GrandTotalAmount>');
  expect(xml).toContain('<ram:URIID schemeID="0225">845127638_FACTURES</ram:URIID>');
  expect(xml).toContain('<ram:DueDateTypeCode>5</ram:DueDateTypeCode>');

  await row.getByRole('button', { name: `Voir la facture de ${CLIENT}` }).click();
  const frame = page.getByRole('dialog', { name: `facture-${bill.number}.pdf` }).locator('iframe');
  await frame.waitFor();
  const pdf = Buffer.from(await (await fetch(new URL((await frame.getAttribute('src'))!, app.url))).arrayBuffer());
  expect((await pdfAttachments(pdf)).get('factur-x.xml')!.toString('utf8')).toBe(xml);
  expect(await pdfImages(pdf)).toEqual([{ page: 1, type: 'image', width: 400, height: 120, color: 'rgb', components: 3, bits: 8 }]);
  await saveScreenshot(page, 'admin-billing-factur-x');
  // Settings, a logo, a bill and its downloads: longer than one screen's default.
}, 180_000);

it('removing the logo asks first: « Non » keeps it, « Oui » removes it', async () => {
  page = await signedInPage(browser, 'admin', '/dashboard/parametres-facturation');
  await page.getByRole('img', { name: 'Logo des factures' }).waitFor();
  await page.getByRole('button', { name: 'Supprimer le logo' }).click();
  const question = page.getByRole('alertdialog');
  await question.getByText('Les prochaines factures n’auront plus de logo ; celles déjà émises gardent le leur.').waitFor();
  await question.getByRole('button', { name: 'Non' }).click();
  await question.waitFor({ state: 'detached' });
  // Kept: still shown (visible to assistive technologies again once the dialog has gone).
  await page.getByRole('img', { name: 'Logo des factures' }).waitFor();
  expect((await app.services.db.sellerSettings.findFirstOrThrow()).logoKey).not.toBeNull();
  await page.getByRole('button', { name: 'Supprimer le logo' }).click();
  await question.getByRole('button', { name: 'Oui' }).click();
  await toast(page, 'Logo supprimé.').waitFor();
  await page.getByText('Aucun logo : les factures portent la raison sociale seule.').waitFor();
  expect(await page.getByRole('img', { name: 'Logo des factures' }).count()).toBe(0);
  expect((await app.services.db.sellerSettings.findFirstOrThrow()).logoKey).toBeNull();
});
