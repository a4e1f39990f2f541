import { buildFacturXml, FacturXFiguresError, printedMentions, type FacturXBill } from '../../api/src/modules/billing/facturx.js';
import { Decimal } from '@constats/domain/money';
import { facturXsdErrors } from '../support/facturx.js';
import { block, brokenCalculationRules, texts } from '../support/facturx-xml.js';

const D = (value: string) => new Decimal(value);
const seller = {
  legalName: 'Frappe & Constats SAS',
  legalForm: 'SAS',
  siret: '84512763800011',
  siren: '845127638',
  vatNumber: 'FR30845127638',
  rcs: 'RCS Lyon 845 127 638',
  address: '22 rue Édouard-Herriot',
  zip: '69002',
  city: 'Lyon',
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPPXXX',
  paymentTerms: 'À réception.',
};
const bill = (overrides: Partial<FacturXBill> = {}): FacturXBill => ({
  number: 42,
  issuedAt: new Date('2026-11-30T23:30:00Z'),
  year: 2026,
  month: 11,
  buyerName: 'Étude "A" <B> & C',
  deliverTo: { address: '3 quai Saint-Antoine', zip: '69002', city: 'Lyon' },
  snapshot: { seller, buyer: { siren: null, vatNumber: null, address: '1 rue\u0001', zip: '69001', city: 'Lyon' } },
  lines: [
    {
      reportId: 7,
      name: 'Constat',
      textPages: 8,
      photos: 3,
      pricePage: D('2.5'),
      pricePhoto: D('0.8'),
      amount: D('22.40'),
      discount: 10,
      discountAmount: D('2.24'),
    },
    {
      reportId: 8,
      name: '',
      textPages: 0,
      photos: 1,
      pricePage: D('2.345'),
      pricePhoto: D('0.915'),
      amount: D('0.92'),
      discount: 0,
      discountAmount: D('0'),
    },
  ],
  globalDiscount: 5,
  // Lines 23.32; line discounts 2.24; 5 % of 21.08 = 1.054 → 1.05; net 20.03; VAT 4.006 → 4.01; TTC 24.04.
  amountHT: D('23.32'),
  discountAmount: D('3.29'),
  vatAmount: D('4.01'),
  amountTTC: D('24.04'),
  ...overrides,
});

describe('factur-x.xml builder', () => {
  it('writes an XSD-valid CII whose sums hold, dates in Paris time, texts escaped and control characters dropped', async () => {
    const xml = buildFacturXml(bill());
    expect(await facturXsdErrors(xml)).toEqual([]);
    expect(brokenCalculationRules(xml)).toEqual([]);
    // 23:30 UTC on 30 November is 1 December in Paris.
    expect(xml).toContain('<ram:IssueDateTime><udt:DateTimeString format="102">20261201</udt:DateTimeString></ram:IssueDateTime>');
    expect(texts(xml, 'Name')).toContain('Étude &quot;A&quot; &lt;B&gt; &amp; C');
    expect(xml).not.toContain('\u0001');
    // A constat without a name is still named.
    expect(texts(xml, 'Name')).toContain('Constat 8');
    expect(texts(xml, 'ActualAmount')).toEqual(['2.24', '1.05']);
    expect(texts(xml, 'TaxBasisTotalAmount')).toEqual(['20.03']);
  });

  it('refuses figures that would break the EN 16931 sums rather than writing a false invoice', () => {
    expect(() => buildFacturXml(bill({ amountHT: D('23.33') }))).toThrow(FacturXFiguresError);
    expect(() => buildFacturXml(bill({ vatAmount: D('4.00'), amountTTC: D('24.03') }))).toThrow(/la TVA n’est pas 20 %/);
    expect(() => buildFacturXml(bill({ amountTTC: D('24.05') }))).toThrow(/le TTC/);
    expect(() => buildFacturXml(bill({ discountAmount: D('2.00'), vatAmount: D('4.26'), amountTTC: D('25.58') }))).toThrow(
      /remises des lignes/,
    );
  });

  it('the XSD catches a broken document (the validation is real)', async () => {
    const xml = buildFacturXml(bill()).replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:Kind>380</ram:Kind>');
    expect((await facturXsdErrors(xml)).length).toBeGreaterThan(0);
  });
});

/** Leaf elements without text: `<a/>` or `<a …></a>` (Factur-X FX-SCH-A-000372 forbids them). */
const emptyElements = (xml: string) => [...xml.matchAll(/<([\w:]+)(?:\s[^>]*)?(?:\/>|>\s*<\/\1>)/g)].map((match) => match[0]);
const buyer = { siren: '732829320', vatNumber: null, address: '1 rue', zip: '69001', city: 'Lyon' };

describe('factur-x.xml: the French rules of the e-invoicing reform', () => {
  it('declares the billing framework S1 (BT-23) before the EN 16931 guideline', () => {
    const xml = buildFacturXml(bill());
    expect(block(xml, 'BusinessProcessSpecifiedDocumentContextParameter')).toContain('<ram:ID>S1</ram:ID>');
    expect(xml.indexOf('BusinessProcessSpecified')).toBeLessThan(xml.indexOf('GuidelineSpecified'));
  });

  it('writes the seller’s and the buyer’s electronic addresses (BT-34, BT-49) in scheme 0225, the SIREN by default', async () => {
    const xml = buildFacturXml(bill({ snapshot: { seller, buyer } }));
    expect(block(xml, 'SellerTradeParty')).toContain(
      '<ram:URIUniversalCommunication><ram:URIID schemeID="0225">845127638</ram:URIID></ram:URIUniversalCommunication>',
    );
    expect(block(xml, 'BuyerTradeParty')).toContain('<ram:URIID schemeID="0225">732829320</ram:URIID>');
    const chosen = buildFacturXml(
      bill({
        snapshot: {
          seller: { ...seller, electronicAddress: '845127638_FACTURES' },
          buyer: { ...buyer, electronicAddress: '732829320_00016' },
        },
      }),
    );
    expect(block(chosen, 'SellerTradeParty')).toContain('<ram:URIID schemeID="0225">845127638_FACTURES</ram:URIID>');
    expect(block(chosen, 'BuyerTradeParty')).toContain('<ram:URIID schemeID="0225">732829320_00016</ram:URIID>');
    expect(await facturXsdErrors(chosen)).toEqual([]);
  });

  it('writes no empty element, not even the delivery (the étude’s own address) nor a blank address part', async () => {
    const xml = buildFacturXml(bill({ deliverTo: { address: '3 quai Saint-Antoine', zip: '', city: 'Lyon' } }));
    expect(emptyElements(xml)).toEqual([]);
    expect(block(xml, 'ApplicableHeaderTradeDelivery')).toContain(
      '<ram:ShipToTradeParty><ram:Name>Étude &quot;A&quot; &lt;B&gt; &amp; C</ram:Name><ram:PostalTradeAddress><ram:LineOne>3 quai Saint-Antoine</ram:LineOne><ram:CityName>Lyon</ram:CityName><ram:CountryID>FR</ram:CountryID>',
    );
    // A buyer with neither a SIREN nor an electronic address gets no BT-49 rather than an empty one.
    expect(block(xml, 'BuyerTradeParty')).not.toContain('URIUniversalCommunication');
    expect(await facturXsdErrors(xml)).toEqual([]);
  });

  it('declares the VAT due date code after the seller’s option: 72 (receipts) by default, 5 on debits (BT-8)', () => {
    expect(texts(buildFacturXml(bill()), 'DueDateTypeCode')).toEqual(['72']);
    expect(texts(buildFacturXml(bill({ snapshot: { seller: { ...seller, vatOnDebits: false }, buyer } })), 'DueDateTypeCode')).toEqual([
      '72',
    ]);
    expect(texts(buildFacturXml(bill({ snapshot: { seller: { ...seller, vatOnDebits: true }, buyer } })), 'DueDateTypeCode')).toEqual([
      '5',
    ]);
  });

  it('prints the category of the operation, and the option for VAT on debits only when chosen', () => {
    expect(printedMentions(seller)).toContain('Catégorie de l’opération : Prestations de services.');
    expect(printedMentions(seller).join(' ')).not.toContain('débits');
    expect(printedMentions({ ...seller, vatOnDebits: true })).toContain('Option pour le paiement de la taxe d’après les débits.');
  });

  it('stays well-formed with names stored before noncharacters were refused', async () => {
    const lines = bill().lines.map((line, index) => (index === 0 ? { ...line, name: 'Constat \uFFFF\uFFFE \uD800' } : line));
    const xml = buildFacturXml(bill({ lines, buyerName: 'Étude \uFFFF' }));
    expect(xml).not.toMatch(/[\uFFFE\uFFFF]/);
    expect(await facturXsdErrors(xml)).toEqual([]);
  });
});
