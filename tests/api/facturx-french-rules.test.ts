// The French rules of the e-invoicing reform on the bills, through the real server: the seller's and
// each étude's electronic invoicing addresses (optional, the SIREN by default), the seller's option
// for VAT on debits, and what a generated bill then carries in its factur-x.xml and prints.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { pdfAttachments, pdfText } from '../support/pdf.js';
import { facturXsdErrors } from '../support/facturx.js';
import { block, texts } from '../support/facturx-xml.js';

let app: TestApp;
let admin: string;
let sequence = 0;

const SETTINGS = `mutation($input: SellerSettingsInput!) { updateSellerSettings(input: $input) { settings { electronicAddress vatOnDebits } } }`;
const UPDATE_GROUP = `mutation($input: UpdateGroupInput!) { updateGroup(input: $input) { group { electronicAddress } } }`;
const GENERATE = `mutation($input: GenerateGroupBillInput!) { generateGroupBill(input: $input) { bill { pdf { downloadUrl } } } }`;
const SELLER = {
  legalName: 'Frappe & Fils',
  legalForm: 'SARL',
  siret: '73282932000074',
  vatNumber: 'FR44732829320',
  rcs: 'RCS Lyon 732 829 320',
  address: '5 rue de la Barre',
  zip: '69002',
  city: 'Lyon',
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPPXXX',
  paymentTerms: 'Paiement à réception par virement.',
};
const ADDRESS_MESSAGE =
  'Adresse électronique de facturation invalide : lettres sans accents, chiffres et + - _ . uniquement, sans espace, 100 caractères au plus (vide : le SIREN).';
const gid = (type: string, id: number) => encodeGlobalID(type, id);

beforeAll(async () => {
  app = await startTestApp();
  admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
});

afterAll(async () => {
  await app?.stop();
});

/** An étude with one constat to bill this month. */
async function makeGroup() {
  sequence += 1;
  const group = await app.services.db.group.create({
    data: {
      name: `Étude Réforme ${sequence}`,
      siret: '53247189300018',
      telephone: '0478000000',
      email: `fr-${sequence}@etude.test`,
      address: '1 place Bellecour',
      zip: '69002',
      city: 'Lyon',
      pricePage: '2.5',
      pricePhoto: '0.8',
    },
  });
  const bailiff = await app.services.db.user.create({
    data: {
      role: 'BAILIFF',
      firstName: 'Maître',
      lastName: `Réforme ${sequence}`,
      email: `fr-huissier-${sequence}@etude.test`,
      identity: `fr.${sequence}`,
      passwordHash: 'x',
      groupId: group.id,
    },
  });
  const report = await app.services.db.report.create({
    data: { name: 'PV de constat', bailiffId: bailiff.id, status: 'TE', countPagesBilling: 4, countPhotosBilling: 2 },
  });
  return { group, report };
}

/** Generates the étude's bill and reads back its factur-x.xml and printed text. */
async function bill(groupId: number, reportId: number) {
  const result = await gql(
    app.url,
    GENERATE,
    { input: { groupId: gid('Group', groupId), reports: [{ reportId: gid('Report', reportId), discount: 0 }], discount: 0 } },
    admin,
  );
  expect(result.errors).toBeUndefined();
  const pdf = Buffer.from(await (await fetch(`${app.url}${result.data!.generateGroupBill.bill.pdf.downloadUrl}`)).arrayBuffer());
  const xml = (await pdfAttachments(pdf)).get('factur-x.xml')!.toString('utf8');
  expect(await facturXsdErrors(xml)).toEqual([]);
  return { xml, text: await pdfText(pdf) };
}

describe('electronic addresses and the option for VAT on debits', () => {
  it('the seller’s address is optional, checked, the SIREN when empty; the option is off by default', async () => {
    const wrong = await gql(app.url, SETTINGS, { input: { ...SELLER, electronicAddress: '732 829 320 é' } }, admin);
    expect(wrong.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { electronicAddress: ADDRESS_MESSAGE } });
    const tooLong = await gql(app.url, SETTINGS, { input: { ...SELLER, electronicAddress: '7'.repeat(101) } }, admin);
    expect(tooLong.errors![0].extensions).toMatchObject({ fields: { electronicAddress: ADDRESS_MESSAGE } });
    const saved = await gql(app.url, SETTINGS, { input: { ...SELLER, electronicAddress: '  ' } }, admin);
    expect(saved.data!.updateSellerSettings.settings).toEqual({ electronicAddress: null, vatOnDebits: false });
  });

  it('an étude’s address is optional and checked the same way', async () => {
    const { group } = await makeGroup();
    const wrong = await gql(app.url, UPDATE_GROUP, { input: { id: gid('Group', group.id), electronicAddress: 'a/b' } }, admin);
    expect(wrong.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { electronicAddress: ADDRESS_MESSAGE } });
    const right = await gql(app.url, UPDATE_GROUP, { input: { id: gid('Group', group.id), electronicAddress: '532471893_00018' } }, admin);
    expect(right.data!.updateGroup.group).toEqual({ electronicAddress: '532471893_00018' });
    const cleared = await gql(app.url, UPDATE_GROUP, { input: { id: gid('Group', group.id), electronicAddress: '' } }, admin);
    expect(cleared.data!.updateGroup.group).toEqual({ electronicAddress: null });
  });

  it('by default a bill is an S1 invoice of services, addressed by SIREN, VAT on receipts (72), no mention of debits', async () => {
    expect((await gql(app.url, SETTINGS, { input: SELLER }, admin)).errors).toBeUndefined();
    const { group, report } = await makeGroup();
    const { xml, text } = await bill(group.id, report.id);
    expect(block(xml, 'BusinessProcessSpecifiedDocumentContextParameter')).toContain('<ram:ID>S1</ram:ID>');
    expect(block(xml, 'SellerTradeParty')).toContain('<ram:URIID schemeID="0225">732829320</ram:URIID>');
    expect(block(xml, 'BuyerTradeParty')).toContain('<ram:URIID schemeID="0225">532471893</ram:URIID>');
    expect(texts(xml, 'DueDateTypeCode')).toEqual(['72']);
    expect(xml).not.toMatch(/<[\w:]+(?:\s[^>]*)?\/>/);
    expect(text).toContain('Catégorie de l’opération : Prestations de services.');
    expect(text).not.toContain('débits');
  });

  it('with the addresses set and the option for debits: the bill carries them (5) and prints the mention', async () => {
    const settings = { ...SELLER, electronicAddress: '732829320_FACTURES', vatOnDebits: true };
    expect((await gql(app.url, SETTINGS, { input: settings }, admin)).data!.updateSellerSettings.settings).toEqual({
      electronicAddress: '732829320_FACTURES',
      vatOnDebits: true,
    });
    const { group, report } = await makeGroup();
    await gql(app.url, UPDATE_GROUP, { input: { id: gid('Group', group.id), electronicAddress: '532471893_00018' } }, admin);
    const { xml, text } = await bill(group.id, report.id);
    expect(block(xml, 'SellerTradeParty')).toContain('<ram:URIID schemeID="0225">732829320_FACTURES</ram:URIID>');
    expect(block(xml, 'BuyerTradeParty')).toContain('<ram:URIID schemeID="0225">532471893_00018</ram:URIID>');
    expect(texts(xml, 'DueDateTypeCode')).toEqual(['5']);
    expect(text).toContain('Option pour le paiement de la taxe d’après les débits.');
    expect(text).toContain('Prestations de services');
  });
});
