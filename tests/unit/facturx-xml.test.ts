import { buildFacturXml, FacturXFiguresError, type FacturXBill } from '../../api/src/modules/billing/facturx.js';
import { Decimal } from '@constats/domain/money';
import { facturXsdErrors } from '../support/facturx.js';
import { brokenCalculationRules, texts } from '../support/facturx-xml.js';

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
