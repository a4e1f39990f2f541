// What the bills print, through the real server: a name with emoji prints with embedded fonts (the
// bill stays a PDF/A-3, no Helvetica), a character no bill font draws (Chinese) is refused at input
// in every printed field, in French, and nothing is stored.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { textInputMessages } from '@constats/domain/text-input';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { pdfAttachments, pdfFonts, pdfText } from '../support/pdf.js';
import { gqlUpload, samplePdf } from '../support/upload.js';
import { facturXsdErrors } from '../support/facturx.js';
import { expectEvery } from '../support/expect-every.js';

let app: TestApp;
let admin: string;
let bailiff: string;

const REFUSED = textInputMessages.unprintable(['张', '伟']);
const SETTINGS = `mutation($input: SellerSettingsInput!) { updateSellerSettings(input: $input) { message } }`;
const SELLER = {
  legalName: 'Frappe <Test> & Fils 🎉',
  legalForm: 'SARL',
  siret: '732 829 320 00074',
  vatNumber: 'FR44 732 829 320',
  rcs: 'RCS Lyon 732 829 320',
  address: '5 rue de la Barre',
  zip: '69002',
  city: 'Lyon',
  iban: 'FR76 3000 6000 0112 3456 7890 189',
  bic: 'AGRIFRPPXXX',
  paymentTerms: 'Paiement à réception par virement.',
};
const GROUP = {
  siret: '12345678900011',
  telephone: '0478000000',
  email: 'compta@etude-polices.fr',
  address: '2 place Bellecour',
  zip: '69002',
  city: 'Lyon',
  pricePage: '2.50',
  pricePhoto: '0.80',
};

beforeAll(async () => {
  app = await startTestApp();
  [admin, bailiff] = await Promise.all([
    loginToken(app.url, demo.admin.email, demo.admin.password),
    loginToken(app.url, demo.bailiff.email, demo.bailiff.password),
  ]);
});

afterAll(async () => {
  await app?.stop();
});

describe('bill fonts', () => {
  it('an étude and a constat named with emoji and XML specials: the bill embeds every font, reads back, and its XML is valid', async () => {
    await app.services.db.sellerSettings.deleteMany();
    expect((await gql(app.url, SETTINGS, { input: SELLER }, admin)).errors).toBeUndefined();
    const created = await gql(
      app.url,
      'mutation($input: CreateGroupInput!) { createGroup(input: $input) { group { databaseId } } }',
      { input: { ...GROUP, name: 'Étude Ça 🎉 <Durand> & "Fils"', email: 'emoji@etude-polices.fr' } },
      admin,
    );
    expect(created.errors).toBeUndefined();
    const groupId = created.data!.createGroup.group.databaseId;
    const user = await app.services.db.user.create({
      data: {
        role: 'BAILIFF',
        firstName: 'Maître',
        lastName: 'Emoji',
        email: 'emoji-huissier@etude-polices.fr',
        identity: 'emoji.huissier',
        passwordHash: 'x',
        groupId,
      },
    });
    const report = await app.services.db.report.create({
      data: { name: 'Constat Ça 🎉 & <cave>', bailiffId: user.id, status: 'TE', countPagesBilling: 4, countPhotosBilling: 2 },
    });
    const generated = await gql(
      app.url,
      'mutation($input: GenerateGroupBillInput!) { generateGroupBill(input: $input) { bill { pdf { downloadUrl } } } }',
      {
        input: {
          groupId: encodeGlobalID('Group', groupId),
          reports: [{ reportId: encodeGlobalID('Report', report.id), discount: 0 }],
          discount: 0,
        },
      },
      admin,
    );
    expect(generated.errors).toBeUndefined();
    const pdf = Buffer.from(await (await fetch(`${app.url}${generated.data!.generateGroupBill.bill.pdf.downloadUrl}`)).arrayBuffer());
    const fonts = await pdfFonts(pdf);
    expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, ''))).toEqual(
      expect.arrayContaining(['NotoEmoji-Regular', 'NotoEmoji-Bold']),
    );
    expectEvery(fonts, (font) => font.embedded && !/Helvetica/.test(font.name));
    const text = await pdfText(pdf);
    expect(text).toContain('Étude Ça 🎉 <Durand> & "Fils"');
    expect(text).toContain('Constat Ça 🎉 & <cave>');
    expect(text).toContain('Frappe <Test> & Fils 🎉');
    expect(await facturXsdErrors((await pdfAttachments(pdf)).get('factur-x.xml')!.toString('utf8'))).toEqual([]);
  });

  it('an étude named or addressed in Chinese is refused in French and nothing is stored', async () => {
    const before = await app.services.db.group.count();
    for (const [field, input] of [
      ['name', { ...GROUP, name: 'Étude 张伟' }],
      ['address', { ...GROUP, name: 'Étude Chinoise', address: '2 rue 张伟' }],
    ] as const) {
      const result = await gql(app.url, 'mutation($input: CreateGroupInput!) { createGroup(input: $input) { message } }', { input }, admin);
      expect(result.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { [field]: REFUSED } });
    }
    expect(await app.services.db.group.count()).toBe(before);
  });

  it('a constat named in Chinese is refused in French and nothing is stored', async () => {
    const before = await app.services.db.report.count();
    const result = await gqlUpload(
      app.url,
      'mutation($input: CreateReportInput!) { createReport(input: $input) { report { databaseId } } }',
      { input: { name: 'Constat 张伟', files: [null] } },
      [{ path: 'input.files.0', name: 'constat.pdf', content: samplePdf() }],
      bailiff,
    );
    expect(result.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { name: REFUSED } });
    expect(await app.services.db.report.count()).toBe(before);
  });

  it('a seller named in Chinese is refused in French and the settings are kept', async () => {
    const result = await gql(app.url, SETTINGS, { input: { ...SELLER, legalName: 'Frappe 张伟' } }, admin);
    expect(result.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { legalName: REFUSED } });
    expect((await app.services.db.sellerSettings.findFirstOrThrow()).legalName).toBe(SELLER.legalName);
  });
});
