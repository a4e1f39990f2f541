// Factur-X bills through the real server (issue 22): the seller's settings required before a bill,
// the étude's buyer identifiers, and each generated bill a PDF/A-3 whose embedded factur-x.xml is
// valid against the Factur-X 1.07.3 EN 16931 XSD, satisfies the EN 16931 calculation rules and
// carries the bill's frozen figures to the cent — with and without line and global discounts.
// Over 400 lines on purpose: one file per capability's API contract; the seller settings and the
// bills share the études and the Factur-X checks (checkFacturX) defined here.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, readOutbox } from '../support/http.js';
import { samplePng } from '../support/images.js';
import { pdfAttachments, pdfaMarkers, pdfFonts, pdfImages, pdfText } from '../support/pdf.js';
import { gqlUpload } from '../support/upload.js';
import { facturXsdErrors } from '../support/facturx.js';
import { block, brokenCalculationRules, lineBlocks, texts } from '../support/facturx-xml.js';
import { expectEvery } from '../support/expect-every.js';

let app: TestApp;
let admin: string;
let bailiff: string;
let sequence = 0;
const gid = (type: string, id: number) => encodeGlobalID(type, id);

const BILL = `id databaseId number discount amountHT discountAmount netAmountHT vatAmount amountTTC facturX
  pdf { name downloadUrl } xml { name downloadUrl }
  lines(first: 100) { edges { node { reportDatabaseId name textPages photos amountHT discount discountAmount netAmountHT } } }`;
const GENERATE = `mutation($input: GenerateGroupBillInput!) { generateGroupBill(input: $input) { bill { ${BILL} } } }`;
const SETTINGS = `mutation($input: SellerSettingsInput!) { updateSellerSettings(input: $input) { message settings { legalName siret siren vatNumber iban bic } } }`;
const SELLER = {
  legalName: 'Frappe <Test> & Fils',
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

async function makeGroup(name: string, extra: Record<string, string> = {}) {
  sequence += 1;
  const group = await app.services.db.group.create({
    data: {
      name,
      siret: '53247189300018',
      telephone: '0478000000',
      email: `fx-${sequence}@etude.test`,
      address: '1 place Bellecour',
      zip: '69002',
      city: 'Lyon',
      pricePage: '2.345',
      pricePhoto: '0.915',
      ...extra,
    },
  });
  const user = await app.services.db.user.create({
    data: {
      role: 'BAILIFF',
      firstName: 'Maître',
      lastName: `Fx ${sequence}`,
      email: `fx-huissier-${sequence}@etude.test`,
      identity: `fx.${sequence}`,
      passwordHash: 'x',
      groupId: group.id,
    },
  });
  const secretary = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } });
  const report = (name: string, pages: number, photos: number) =>
    app.services.db.report.create({
      data: {
        name,
        bailiffId: user.id,
        secretaryId: secretary.id,
        status: 'TE',
        countPagesBilling: pages,
        countPhotosBilling: photos,
        countPagesRetrocession: pages,
        countPhotosRetrocession: photos,
      },
    });
  return {
    group,
    reports: [
      await report('PV de constat – 3 quai Fulchiron', 25, 7),
      await report('Constat d’affichage <mairie> & co', 10, 3),
      await report('Constat photo seul', 1, 1),
    ],
  };
}

async function generate(groupId: number, reports: { id: number; discount: number }[], discount: number) {
  const result = await gql(
    app.url,
    GENERATE,
    {
      input: {
        groupId: gid('Group', groupId),
        reports: reports.map((report) => ({ reportId: gid('Report', report.id), discount: report.discount })),
        discount,
      },
    },
    admin,
  );
  return result;
}

const fetchBody = async (link: string) => {
  const response = await fetch(`${app.url}${link}`);
  return {
    status: response.status,
    body: Buffer.from(await response.arrayBuffer()),
    disposition: response.headers.get('content-disposition'),
    type: response.headers.get('content-type'),
  };
};

/** Everything the acceptance asks of one generated bill. */
async function checkFacturX(bill: any) {
  expect(bill.facturX).toBe(true);
  const pdf = await fetchBody(bill.pdf.downloadUrl);
  expect(pdf.status).toBe(200);
  const attachments = await pdfAttachments(pdf.body);
  expect([...attachments.keys()]).toEqual(['factur-x.xml']);
  const xml = attachments.get('factur-x.xml')!.toString('utf8');

  // Official XSD, then the EN 16931 calculation rules.
  expect(await facturXsdErrors(xml)).toEqual([]);
  expect(brokenCalculationRules(xml)).toEqual([]);

  // Every amount is the bill's frozen figure.
  const summation = block(xml, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const billLines = bill.lines.edges.map((edge: any) => edge.node);
  const lineDiscounts = billLines.reduce((total: number, line: any) => total + Math.round(Number(line.discountAmount) * 100), 0);
  const lineNets = billLines.reduce((total: number, line: any) => total + Math.round(Number(line.netAmountHT) * 100), 0);
  const cents = (value: string) => Math.round(Number(value) * 100);
  expect(texts(summation, 'LineTotalAmount')).toEqual([((cents(bill.amountHT) - lineDiscounts) / 100).toFixed(2)]);
  expect(cents(texts(summation, 'LineTotalAmount')[0])).toBe(lineNets);
  expect(texts(summation, 'AllowanceTotalAmount')).toEqual([((cents(bill.discountAmount) - lineDiscounts) / 100).toFixed(2)]);
  expect(texts(summation, 'TaxBasisTotalAmount')).toEqual([bill.netAmountHT]);
  expect(texts(summation, 'TaxTotalAmount')).toEqual([bill.vatAmount]);
  expect(texts(summation, 'GrandTotalAmount')).toEqual([bill.amountTTC]);
  expect(texts(summation, 'DuePayableAmount')).toEqual([bill.amountTTC]);
  const lines = lineBlocks(xml);
  expect(lines).toHaveLength(billLines.length);
  lines.forEach((line, index) => {
    const frozen = billLines[index];
    expect(texts(line, 'SellerAssignedID')).toEqual([String(frozen.reportDatabaseId)]);
    expect(texts(line, 'ChargeAmount')).toEqual([frozen.amountHT, frozen.amountHT]);
    expect(texts(line, 'LineTotalAmount')).toEqual([frozen.netAmountHT]);
    expect(texts(line, 'ActualAmount')).toEqual(frozen.discount > 0 ? [frozen.discountAmount] : []);
    expect(texts(line, 'Value')).toEqual([String(frozen.textPages), '2.345', String(frozen.photos), '0.915']);
  });
  expect(xml).toContain(`<rsm:ExchangedDocument><ram:ID>${bill.number}</ram:ID>`);
  expectEvery(texts(xml, 'RateApplicablePercent'), (rate) => rate === '20');

  // PDF/A-3 markers: XMP part 3 / B and Factur-X, the attachment /Data in AF, sRGB intent, fonts embedded.
  const markers = await pdfaMarkers(pdf.body);
  expect(markers.xmp).toContain('<pdfaid:part>3</pdfaid:part>');
  expect(markers.xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
  expect(markers.xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
  expect(markers.xmp).toContain('<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>');
  expect(markers.attachedFiles).toEqual([{ name: 'factur-x.xml', relationship: 'Data' }]);
  expect(markers.outputIntents).toBe(1);
  const fonts = await pdfFonts(pdf.body);
  expect(fonts.length).toBeGreaterThan(0);
  expectEvery(fonts, (font) => font.embedded);

  // The XML alone downloads, identical to the embedded one.
  const alone = await fetchBody(bill.xml.downloadUrl);
  expect(alone.status).toBe(200);
  expect(alone.disposition).toContain(`facture-${bill.number}.xml`);
  expect(alone.type).toBe('application/xml; charset=utf-8');
  expect(alone.body.toString('utf8')).toBe(xml);
  return { xml, pdf: pdf.body };
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
  bailiff = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
});

afterAll(async () => {
  await app?.stop();
});

describe('seller settings', () => {
  it('without them no bill is generated: a clear French refusal naming the screen, nothing created', async () => {
    await app.services.db.sellerSettings.deleteMany();
    const { group, reports } = await makeGroup('Étude Sans Vendeur');
    const before = await app.services.db.groupBill.count();
    const result = await generate(group.id, [{ id: reports[0].id, discount: 0 }], 0);
    expect(result.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'SELLER_SETTINGS_REQUIRED' });
    expect(result.errors![0].message).toMatch(/^Renseignez les paramètres de facturation .* Paramètres de facturation\.$/);
    expect(await app.services.db.groupBill.count()).toBe(before);
    expect((await app.services.db.report.findUniqueOrThrow({ where: { id: reports[0].id } })).invoiced).toBe(false);
    const query = await gql(app.url, '{ sellerSettings { legalName } }', {}, admin);
    expect(query.data!.sellerSettings).toBeNull();
  });

  it('validated field by field by their check digits; only admins read or save them', async () => {
    const bad = await gql(
      app.url,
      SETTINGS,
      {
        input: {
          ...SELLER,
          siret: '73282932000075',
          vatNumber: 'FR45732829320',
          iban: 'FR7630006000011234567890188',
          bic: 'AGRI',
          legalName: '',
        },
      },
      admin,
    );
    expect(bad.errors![0].extensions!.fields).toEqual({
      siret: 'Siret invalide : 14 chiffres dont le dernier est une clé de contrôle.',
      vatNumber: expect.stringMatching(/^Numéro de TVA invalide/),
      iban: 'IBAN invalide (clé de contrôle incorrecte).',
      bic: expect.stringMatching(/^BIC invalide/),
      legalName: 'Champ requis',
    });
    const oversized = await gql(app.url, SETTINGS, { input: { ...SELLER, paymentTerms: 'x'.repeat(100_000) } }, admin);
    expect(oversized.errors![0].extensions!.fields).toEqual({ paymentTerms: 'Ce champ est trop long (500 caractères maximum).' });
    const denied = await gql(app.url, SETTINGS, { input: SELLER }, bailiff);
    expect(denied.errors![0].extensions!.code).toBe('FORBIDDEN');
    expect((await gql(app.url, '{ sellerSettings { legalName } }', {}, bailiff)).errors![0].extensions!.code).toBe('FORBIDDEN');

    const saved = await gql(app.url, SETTINGS, { input: SELLER }, admin);
    expect(saved.errors).toBeUndefined();
    expect(saved.data!.updateSellerSettings).toEqual({
      message: 'Paramètres de facturation enregistrés.',
      settings: {
        legalName: 'Frappe <Test> & Fils',
        siret: '73282932000074',
        siren: '732829320',
        vatNumber: 'FR44732829320',
        iban: 'FR7630006000011234567890189',
        bic: 'AGRIFRPPXXX',
      },
    });
  });

  it('ten saves at once: each answers, one row remains, with one of the sent values', async () => {
    const names = Array.from({ length: 10 }, (_, index) => `Frappe ${index}`);
    const results = await Promise.all(names.map((legalName) => gql(app.url, SETTINGS, { input: { ...SELLER, legalName } }, admin)));
    expect(results.map((result) => result.errors)).toEqual(names.map(() => undefined));
    const rows = await app.services.db.sellerSettings.findMany();
    expect(rows).toHaveLength(1);
    expect(names).toContain(rows[0].legalName);
    expect((await gql(app.url, SETTINGS, { input: SELLER }, admin)).errors).toBeUndefined();
  });

  it('the étude gains its VAT number (key of the SIREN of its Siret) and a billing address, same validation', async () => {
    const { group } = await makeGroup('Étude Acheteuse');
    const UPDATE = `mutation($input: UpdateGroupInput!) { updateGroup(input: $input) { group { siren vatNumber billingAddress billingZip billingCity } } }`;
    const wrong = await gql(
      app.url,
      UPDATE,
      { input: { id: gid('Group', group.id), vatNumber: 'FR44732829320', billingZip: '690' } },
      admin,
    );
    expect(wrong.errors![0].extensions!.fields).toEqual({
      vatNumber: 'Le numéro de TVA doit reprendre le SIREN du Siret de l’étude.',
      billingAddress: 'Adresse de facturation : renseignez l’adresse, le code postal et la ville, ou aucun des trois.',
      billingCity: 'Adresse de facturation : renseignez l’adresse, le code postal et la ville, ou aucun des trois.',
      billingZip: 'Code postal invalide (5 chiffres).',
    });
    const right = await gql(
      app.url,
      UPDATE,
      {
        input: {
          id: gid('Group', group.id),
          vatNumber: 'fr00 532 471 893',
          billingAddress: 'BP 12, 4 rue du Port',
          billingZip: '69003',
          billingCity: 'Lyon',
        },
      },
      admin,
    );
    expect(right.errors).toBeUndefined();
    expect(right.data!.updateGroup.group).toEqual({
      siren: '532471893',
      vatNumber: 'FR00532471893',
      billingAddress: 'BP 12, 4 rue du Port',
      billingZip: '69003',
      billingCity: 'Lyon',
    });
    const cleared = await gql(
      app.url,
      UPDATE,
      { input: { id: gid('Group', group.id), vatNumber: '', billingAddress: '', billingZip: '', billingCity: '' } },
      admin,
    );
    expect(cleared.data!.updateGroup.group).toMatchObject({ vatNumber: null, billingAddress: null });
  });
});

describe('Factur-X bills', () => {
  beforeAll(async () => {
    await app.services.db.sellerSettings.deleteMany();
    expect((await gql(app.url, SETTINGS, { input: SELLER }, admin)).errors).toBeUndefined();
  });

  it('with line and global discounts: PDF/A-3 + factur-x.xml, XSD-valid, calculation rules hold, every amount frozen', async () => {
    const { group, reports } = await makeGroup('Étude Remisée & Cie', {
      vatNumber: 'FR00532471893',
      billingAddress: 'BP 7, 2 quai Saint-Vincent',
      billingZip: '69001',
      billingCity: 'Lyon',
    });
    const result = await generate(
      group.id,
      [
        { id: reports[0].id, discount: 0 },
        { id: reports[1].id, discount: 100 },
        { id: reports[2].id, discount: 10 },
      ],
      5,
    );
    expect(result.errors).toBeUndefined();
    const bill = result.data!.generateGroupBill.bill;
    // HT 55.66 + 21.51 + 0.92 = 78.09; discounts 0 + 21.51 + 0.09, then 5 % of 56.49 = 2.8245 → 2.82; net 53.67;
    // VAT 10.734 → 10.73; TTC 64.40.
    expect(bill).toMatchObject({
      amountHT: '78.09',
      discountAmount: '24.42',
      netAmountHT: '53.67',
      vatAmount: '10.73',
      amountTTC: '64.40',
    });
    const { xml, pdf } = await checkFacturX(bill);
    const settlement = block(xml, 'ApplicableHeaderTradeSettlement');
    expect(texts(settlement, 'CalculationPercent')).toEqual(['5']);
    expect(texts(settlement, 'BasisAmount')).toEqual(['53.67', '56.49']);
    expect(texts(settlement, 'ActualAmount')).toEqual(['2.82']);
    // Seller and buyer identifiers, the buyer's billing address, payment means, the French mentions.
    const seller = block(xml, 'SellerTradeParty');
    expect(texts(seller, 'Name')).toEqual(['Frappe &lt;Test&gt; &amp; Fils']);
    expect(texts(seller, 'ID')).toEqual(['732829320', 'FR44732829320']);
    const buyer = block(xml, 'BuyerTradeParty');
    expect(texts(buyer, 'ID')).toEqual(['532471893', 'FR00532471893']);
    expect(texts(buyer, 'LineOne')).toEqual(['BP 7, 2 quai Saint-Vincent']);
    expect(texts(xml, 'IBANID')).toEqual(['FR7630006000011234567890189']);
    const terms = texts(block(xml, 'SpecifiedTradePaymentTerms'), 'Description')[0];
    expect(terms).toContain('Paiement à réception par virement.');
    expect(terms).toContain('à réception de la facture');
    expect(terms).toContain('1,5 % par mois');
    expect(terms).toContain('40 €');
    expect(texts(xml, 'SubjectCode')).toEqual(['REG', 'AAB', 'PMD', 'PMT']);
    // The printed invoice names the seller and the buyer's identifiers too.
    const text = await pdfText(pdf);
    expect(text).toContain('Frappe <Test> & Fils');
    expect(text).toContain('SIRET 73282932000074 – TVA FR44732829320');
    expect(text).toContain('SIREN 532471893 – TVA FR00532471893');
    expect(text).toContain('Indemnité forfaitaire pour frais de recouvrement');
  });

  it('without any discount: no allowance at all, same guarantees', async () => {
    const { group, reports } = await makeGroup('Étude Plein Tarif');
    const result = await generate(
      group.id,
      reports.map((report) => ({ id: report.id, discount: 0 })),
      0,
    );
    expect(result.errors).toBeUndefined();
    const bill = result.data!.generateGroupBill.bill;
    // VAT 15.618 → 15.62.
    expect(bill).toMatchObject({ amountHT: '78.09', discountAmount: '0.00', vatAmount: '15.62', amountTTC: '93.71' });
    const { xml } = await checkFacturX(bill);
    expect(xml).not.toContain('SpecifiedTradeAllowanceCharge');
    expect(texts(block(xml, 'SpecifiedTradeSettlementHeaderMonetarySummation'), 'AllowanceTotalAmount')).toEqual(['0.00']);
    // A buyer without VAT number: its SIREN (from the Siret) only.
    expect(texts(block(xml, 'BuyerTradeParty'), 'ID')).toEqual(['532471893']);
  });

  it('a global discount only, then the settings change: the issued bill keeps the seller it was issued with', async () => {
    const { group, reports } = await makeGroup('Étude Globale');
    const result = await generate(
      group.id,
      reports.map((report) => ({ id: report.id, discount: 0 })),
      12,
    );
    const bill = result.data!.generateGroupBill.bill;
    await gql(app.url, SETTINGS, { input: { ...SELLER, legalName: 'Nouveau Nom SAS' } }, admin);
    // Rendered again from scratch (as on a machine that lost its files): still the frozen seller.
    await app.services.db.groupBill.update({ where: { id: bill.databaseId }, data: { pdfKey: null, xmlKey: null } });
    const refreshed = (await gql(app.url, `query($id: ID!) { node(id: $id) { ... on GroupBill { ${BILL} } } }`, { id: bill.id }, admin))
      .data!.node;
    const { xml } = await checkFacturX(refreshed);
    expect(texts(block(xml, 'SellerTradeParty'), 'Name')).toEqual(['Frappe &lt;Test&gt; &amp; Fils']);
    await gql(app.url, SETTINGS, { input: SELLER }, admin);
  });

  it('with the seller’s logo: drawn on the PDF as one opaque RGB image (no soft mask), the Factur-X guarantees hold', async () => {
    const uploaded = await gqlUpload(
      app.url,
      'mutation($input: SellerLogoInput!) { updateSellerLogo(input: $input) { message } }',
      { input: { logo: null } },
      [{ path: 'input.logo', name: 'logo.png', content: samplePng(400, 120, { alpha: true }) }],
      admin,
    );
    expect(uploaded.errors).toBeUndefined();
    const { group, reports } = await makeGroup('Étude au Logo');
    const result = await generate(
      group.id,
      reports.map((report) => ({ id: report.id, discount: 0 })),
      0,
    );
    expect(result.errors).toBeUndefined();
    const { pdf } = await checkFacturX(result.data!.generateGroupBill.bill);
    expect(await pdfImages(pdf)).toEqual([{ page: 1, type: 'image', width: 400, height: 120, color: 'rgb', components: 3, bits: 8 }]);
    expect((await gql(app.url, 'mutation { removeSellerLogo { message } }', {}, admin)).errors).toBeUndefined();
    // Its PDF is the one issued: the logo stays on it once removed from the settings.
    expect(await pdfImages((await fetchBody(result.data!.generateGroupBill.bill.pdf.downloadUrl)).body)).toHaveLength(1);
  });

  it('bills issued before Factur-X stay as issued: plain PDF, no XML', async () => {
    // The demo's seeded bills were issued before Factur-X.
    const old = (await app.services.db.groupBill.findMany({ orderBy: { id: 'asc' } })).find((bill) => bill.einvoice === null)!;
    const node = (
      await gql(
        app.url,
        `query($id: ID!) { node(id: $id) { ... on GroupBill { facturX xml { name } pdf { downloadUrl } } } }`,
        { id: gid('GroupBill', old.id) },
        admin,
      )
    ).data!.node;
    expect(node.facturX).toBe(false);
    expect(node.xml).toBeNull();
    const pdf = await fetchBody(node.pdf.downloadUrl);
    expect((await pdfAttachments(pdf.body)).size).toBe(0);
    expect((await pdfaMarkers(pdf.body)).attachedFiles).toEqual([]);
  });

  it('the bailiff of the étude downloads the PDF and the XML from « Mes factures »; another étude’s bailiff sees neither', async () => {
    const { group, reports } = await makeGroup('Étude Lectrice');
    // A bailiff of that étude who can sign in (the demo bailiff's password).
    const demoBailiff = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
    await app.services.db.user.create({
      data: {
        role: 'BAILIFF',
        firstName: 'Maître',
        lastName: 'Lectrice',
        email: 'fx-lectrice@etude.test',
        identity: 'fx.lectrice',
        passwordHash: demoBailiff.passwordHash,
        groupId: group.id,
      },
    });
    const reader = await loginToken(app.url, 'fx-lectrice@etude.test', demo.bailiff.password);
    const bill = (await generate(group.id, [{ id: reports[0].id, discount: 0 }], 0)).data!.generateGroupBill.bill;
    const mine = await gql(
      app.url,
      `{ groupBills(first: 50) { edges { node { databaseId facturX xml { name downloadUrl } pdf { downloadUrl } } } } }`,
      {},
      reader,
    );
    expect(mine.errors).toBeUndefined();
    const rows = mine.data!.groupBills.edges.map((edge: any) => edge.node);
    expect(rows).toEqual([
      expect.objectContaining({
        databaseId: bill.databaseId,
        facturX: true,
        xml: expect.objectContaining({ name: `facture-${bill.number}.xml` }),
      }),
    ]);
    const xml = (await fetchBody(rows[0].xml.downloadUrl)).body.toString('utf8');
    expect(await facturXsdErrors(xml)).toEqual([]);
    expect((await pdfAttachments((await fetchBody(rows[0].pdf.downloadUrl)).body)).get('factur-x.xml')!.toString('utf8')).toBe(xml);
    // The demo bailiff belongs to another étude: the bill is not his to see.
    const theirs = await gql(
      app.url,
      `query($id: ID!) { node(id: $id) { ... on GroupBill { xml { downloadUrl } } } }`,
      { id: bill.id },
      bailiff,
    );
    expect(theirs.data?.node ?? null).toBeNull();
  });

  it('the e-mail to the accounting address attaches the Factur-X PDF', async () => {
    const { group, reports } = await makeGroup('Étude Destinataire');
    const bill = (await generate(group.id, [{ id: reports[0].id, discount: 0 }], 0)).data!.generateGroupBill.bill;
    const sent = await gql(
      app.url,
      'mutation($input: SendGroupBillInput!) { sendGroupBill(input: $input) { message } }',
      { input: { billId: bill.id } },
      admin,
    );
    expect(sent.errors).toBeUndefined();
    const mail = (await readOutbox(app.outboxDir)).find((message) => message.subject?.includes(`Facture n° ${bill.number}`));
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]).toMatchObject({ filename: `facture-${bill.number}.pdf`, contentType: 'application/pdf' });
    const embedded = await pdfAttachments(mail!.attachments[0].content);
    expect(await facturXsdErrors(embedded.get('factur-x.xml')!.toString('utf8'))).toEqual([]);
  });
});
