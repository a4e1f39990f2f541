// Reading a factur-x.xml back in tests: the text of elements by name, in document order, and the
// EN 16931 sums that the bill's frozen figures must satisfy.
import { Decimal } from '@constats/domain/money';

/** Texts of every `ram:<name>` element (no nested elements) in `xml`, in order. */
export function texts(xml: string, name: string): string[] {
  const pattern = new RegExp(`<ram:${name}(?:\\s[^>]*)?>([^<]*)</ram:${name}>`, 'g');
  return [...xml.matchAll(pattern)].map((match) => match[1]);
}

/** The first `ram:<container>` block of `xml`. */
export function block(xml: string, container: string): string {
  const start = xml.indexOf(`<ram:${container}>`);
  const end = xml.indexOf(`</ram:${container}>`, start);
  if (start < 0 || end < 0) throw new Error(`no ram:${container} in the XML`);
  return xml.slice(start, end);
}

export const lineBlocks = (xml: string) =>
  xml
    .split('<ram:IncludedSupplyChainTradeLineItem>')
    .slice(1)
    .map((part) => part.split('</ram:IncludedSupplyChainTradeLineItem>')[0]);

/**
 * The calculation rules of EN 16931 checked by hand on the XML (BR-CO-10, BR-CO-11, BR-CO-13,
 * BR-CO-15, BR-S-08, BR-S-09/BR-CO-17, BR-CO-16): the messages of the ones broken.
 */
export function brokenCalculationRules(xml: string): string[] {
  const summation = block(xml, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const amount = (name: string) => new Decimal(texts(summation, name)[0] ?? '0');
  const lines = lineBlocks(xml).map((line) => new Decimal(texts(line, 'LineTotalAmount')[0]));
  const settlement = xml.slice(xml.indexOf('<ram:ApplicableHeaderTradeSettlement>'));
  const headerAllowances = settlement
    .split('<ram:SpecifiedTradeAllowanceCharge>')
    .slice(1)
    .map((part) => new Decimal(texts(part.split('</ram:SpecifiedTradeAllowanceCharge>')[0], 'ActualAmount')[0]));
  const tax = block(settlement, 'ApplicableTradeTax');
  const basis = new Decimal(texts(tax, 'BasisAmount')[0]);
  const calculated = new Decimal(texts(tax, 'CalculatedAmount')[0]);
  const rate = new Decimal(texts(tax, 'RateApplicablePercent')[0]);
  const sumOf = (values: Decimal[]) => values.reduce((total, value) => total.plus(value), new Decimal(0));
  const broken: string[] = [];
  if (!amount('LineTotalAmount').equals(sumOf(lines))) broken.push('BR-CO-10');
  if (!amount('AllowanceTotalAmount').equals(sumOf(headerAllowances))) broken.push('BR-CO-11');
  if (
    !amount('TaxBasisTotalAmount').equals(amount('LineTotalAmount').minus(amount('AllowanceTotalAmount')).plus(amount('ChargeTotalAmount')))
  )
    broken.push('BR-CO-13');
  if (!amount('GrandTotalAmount').equals(amount('TaxBasisTotalAmount').plus(amount('TaxTotalAmount')))) broken.push('BR-CO-15');
  if (!amount('DuePayableAmount').equals(amount('GrandTotalAmount'))) broken.push('BR-CO-16');
  if (!basis.equals(sumOf(lines).minus(sumOf(headerAllowances)))) broken.push('BR-S-08');
  if (!calculated.equals(basis.times(rate).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP))) broken.push('BR-S-09');
  if (!amount('TaxTotalAmount').equals(calculated)) broken.push('BR-CO-14');
  return broken;
}
