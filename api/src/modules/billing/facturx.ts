// The Factur-X XML (UN/CEFACT CII D16B, profile EN 16931) of a bill, from its FROZEN figures (issue
// 22). Pure: the caller reads the bill, its lines and the seller/buyer snapshot; this writes them
// out and refuses figures that would break the EN 16931 sums (BR-CO-10, -13, -15, BR-S-08, -09).
//
// Mapping: one line per constat, quantity 1 (C62) at its amount before discount (text pages at the
// page price + photos at the photo price, each rounded to the cent as the bill did), the page and
// photo counts and unit prices as product characteristics, the constat's discount as a line
// allowance; the global discount is a document-level allowance on the sum of the line nets; VAT
// 20 % category S. The French mentions (payment on receipt, late interest, 40 € indemnity) are
// notes (subject codes AAB, PMD, PMT) and the payment terms (BT-20), due date = issue date.
// The French rules of the 2026 reform: billing framework S1 (BT-23, services), the electronic
// addresses of the seller and the buyer (BT-34, BT-49, scheme 0225: the French directory), the VAT
// due date code (BT-8) after the seller's option, and no empty element.
import { Decimal, formatAmount, sum } from '@constats/domain/money';
import { parisDate } from '../../lib/periods.js';
import type { SellerField } from '../seller/rules.js';
import { LATE_INTEREST, PAYMENT_TERMS } from './rules.js';

export const FACTURX_FILE_NAME = 'factur-x.xml';
export const FACTURX_XML_NAME = (number: number) => `facture-${number}.xml`;
/** Factur-X 1.0 (1.07) EN 16931 profile: the guideline ID of BT-24. */
export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';
export const FACTURX_VAT_PERCENT = '20';
/** BT-23, the billing framework of the French reform: S1, an invoice of services. */
export const BILLING_FRAMEWORK = 'S1';
/** The scheme (ISO 6523 ICD) of the French directory's electronic invoicing addresses. */
export const FRENCH_DIRECTORY_SCHEME = '0225';
/**
 * BT-8 in CII (UNTDID 2475): 5 = date of invoice (VAT on debits), 72 = paid to date (VAT on
 * receipts, the rule for services unless the seller opted for debits).
 */
export const vatDueDateCode = (vatOnDebits: boolean | undefined) => (vatOnDebits ? '5' : '72');

/** The French mentions of every Factur-X bill, printed and in the XML (product.md §9's, completed). */
export const facturXMentions = {
  onReceipt: `${PAYMENT_TERMS}, à réception de la facture ; pas d’escompte pour paiement anticipé.`,
  lateInterest: `${LATE_INTEREST} de retard, exigibles sans rappel.`,
  indemnity:
    'Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 € (art. L441-10 et D441-5 du code de commerce).',
  /** The category of the operation, a mandatory mention of the e-invoicing reform. */
  category: 'Catégorie de l’opération : Prestations de services.',
  /** CGI art. 242 nonies A: printed when the seller opted for VAT on debits. */
  vatOnDebits: 'Option pour le paiement de la taxe d’après les débits.',
} as const;

/** The mentions a Factur-X bill prints, in this order. */
export const printedMentions = (seller: EinvoiceSnapshot['seller']) => [
  seller.paymentTerms,
  facturXMentions.onReceipt,
  facturXMentions.lateInterest,
  facturXMentions.indemnity,
  facturXMentions.category,
  ...(seller.vatOnDebits ? [facturXMentions.vatOnDebits] : []),
];

/** What the bill froze about its seller and buyer at generation (GroupBill.einvoice). */
export interface EinvoiceSnapshot {
  seller: { [K in SellerField]: string } & {
    siren: string;
    /** Absent from the bills issued before it was asked: the SIREN. */
    electronicAddress?: string | null;
    /** Absent from the bills issued before it was asked: VAT on receipts. */
    vatOnDebits?: boolean;
  };
  buyer: {
    siren: string | null;
    vatNumber: string | null;
    address: string;
    zip: string;
    city: string;
    /** Absent from the bills issued before it was asked: the SIREN. */
    electronicAddress?: string | null;
  };
  /** The seller's logo when the bill was issued (storage key); absent or null: none. */
  logoKey?: string | null;
}

export interface FacturXLine {
  reportId: number;
  name: string;
  textPages: number;
  photos: number;
  pricePage: Decimal;
  pricePhoto: Decimal;
  /** Before discount (pages + photos amounts). */
  amount: Decimal;
  /** Percent 0–100. */
  discount: number;
  discountAmount: Decimal;
}

export interface FacturXBill {
  number: number;
  issuedAt: Date;
  year: number;
  month: number;
  buyerName: string;
  /** The étude's own address as frozen on the bill: where the services were delivered. */
  deliverTo: { address: string; zip: string; city: string };
  snapshot: EinvoiceSnapshot;
  lines: FacturXLine[];
  /** Percent 0–100. */
  globalDiscount: number;
  /** The bill's frozen totals. */
  amountHT: Decimal;
  discountAmount: Decimal;
  vatAmount: Decimal;
  amountTTC: Decimal;
}

export class FacturXFiguresError extends Error {
  override name = 'FacturXFiguresError';
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[character]!);
/**
 * Control characters, U+FFFE, U+FFFF and lone surrogates are not allowed in XML 1.0; names stored
 * before they were refused at input may hold some.
 */
// eslint-disable-next-line no-control-regex -- matching the characters XML 1.0 forbids is the point
const clean = (text: string) => escapeXml(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\uFFFE\uFFFF]|\p{Cs}/gu, ' '));
/** An element with its text, or nothing when the text is blank (no empty element). */
const optional = (tag: string, text: string | null | undefined) => (text?.trim() ? `<${tag}>${clean(text)}</${tag}>` : '');
const money = (value: Decimal) => formatAmount(value);
/** Unit prices keep their third decimal (DECIMAL(8,3)). */
const unitPrice = (value: Decimal) => value.toFixed(3).replace(/0$/, '');

function date102(instant: Date): string {
  const { year, month, day } = parisDate(instant);
  return `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
}
const dateElement = (tag: string, value: string) => `<${tag}><udt:DateTimeString format="102">${value}</udt:DateTimeString></${tag}>`;
const monthEnd = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function address(parts: { address: string; zip: string; city: string }): string {
  return `<ram:PostalTradeAddress>${optional('ram:PostcodeCode', parts.zip)}${optional('ram:LineOne', parts.address)}${optional('ram:CityName', parts.city)}<ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress>`;
}

/** BT-34 / BT-49: the party's address in the French directory; none when neither it nor a SIREN is known. */
function electronicAddress(value: string | null | undefined, siren: string | null): string {
  const uri = value || siren;
  return uri
    ? `<ram:URIUniversalCommunication><ram:URIID schemeID="${FRENCH_DIRECTORY_SCHEME}">${clean(uri)}</ram:URIID></ram:URIUniversalCommunication>`
    : '';
}

function allowance(percent: number, basis: Decimal, amount: Decimal, reason: string, withTax: boolean): string {
  return (
    '<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator>' +
    `<ram:CalculationPercent>${percent}</ram:CalculationPercent><ram:BasisAmount>${money(basis)}</ram:BasisAmount>` +
    `<ram:ActualAmount>${money(amount)}</ram:ActualAmount><ram:ReasonCode>95</ram:ReasonCode><ram:Reason>${clean(reason)}</ram:Reason>` +
    (withTax
      ? `<ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>${FACTURX_VAT_PERCENT}</ram:RateApplicablePercent></ram:CategoryTradeTax>`
      : '') +
    '</ram:SpecifiedTradeAllowanceCharge>'
  );
}

const characteristic = (description: string, value: string) =>
  `<ram:ApplicableProductCharacteristic><ram:Description>${clean(description)}</ram:Description><ram:Value>${clean(value)}</ram:Value></ram:ApplicableProductCharacteristic>`;

function lineItem(line: FacturXLine, index: number): string {
  const net = line.amount.minus(line.discountAmount);
  return (
    '<ram:IncludedSupplyChainTradeLineItem>' +
    `<ram:AssociatedDocumentLineDocument><ram:LineID>${index + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>` +
    `<ram:SpecifiedTradeProduct><ram:SellerAssignedID>${line.reportId}</ram:SellerAssignedID><ram:Name>${clean(line.name || `Constat ${line.reportId}`)}</ram:Name>` +
    `<ram:Description>Dactylographie du constat : ${line.textPages} page(s) texte à ${unitPrice(line.pricePage)} €, ${line.photos} photo(s) à ${unitPrice(line.pricePhoto)} €.</ram:Description>` +
    characteristic('Pages texte', String(line.textPages)) +
    characteristic('Tarif page (€ HT)', unitPrice(line.pricePage)) +
    characteristic('Photos', String(line.photos)) +
    characteristic('Tarif photo (€ HT)', unitPrice(line.pricePhoto)) +
    '</ram:SpecifiedTradeProduct>' +
    `<ram:SpecifiedLineTradeAgreement><ram:GrossPriceProductTradePrice><ram:ChargeAmount>${money(line.amount)}</ram:ChargeAmount></ram:GrossPriceProductTradePrice>` +
    `<ram:NetPriceProductTradePrice><ram:ChargeAmount>${money(line.amount)}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>` +
    '<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">1</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>' +
    '<ram:SpecifiedLineTradeSettlement>' +
    `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>${FACTURX_VAT_PERCENT}</ram:RateApplicablePercent></ram:ApplicableTradeTax>` +
    (line.discount > 0
      ? allowance(line.discount, line.amount, line.discountAmount, `Remise sur constat (${line.discount} %)`, false)
      : '') +
    `<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${money(net)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>` +
    '</ram:SpecifiedLineTradeSettlement></ram:IncludedSupplyChainTradeLineItem>'
  );
}

/** The EN 16931 sums of the bill, checked against its frozen totals. */
export function facturXTotals(bill: FacturXBill) {
  const lineTotal = sum(bill.lines.map((line) => line.amount.minus(line.discountAmount)));
  const lineDiscounts = sum(bill.lines.map((line) => line.discountAmount));
  const documentAllowance = bill.discountAmount.minus(lineDiscounts);
  const taxBasis = lineTotal.minus(documentAllowance);
  const problems = [
    !sum(bill.lines.map((line) => line.amount)).equals(bill.amountHT) && 'la somme des lignes diffère du total HT',
    documentAllowance.isNegative() && 'les remises des lignes dépassent la remise totale',
    !taxBasis.equals(bill.amountHT.minus(bill.discountAmount)) && 'la base de TVA diffère du net HT',
    !taxBasis.times(FACTURX_VAT_PERCENT).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).equals(bill.vatAmount) &&
      'la TVA n’est pas 20 % de la base arrondie au centime',
    !taxBasis.plus(bill.vatAmount).equals(bill.amountTTC) && 'le TTC n’est pas la base plus la TVA',
  ].filter(Boolean);
  if (problems.length > 0) throw new FacturXFiguresError(`Facture ${bill.number} : ${problems.join(' ; ')}.`);
  return { lineTotal, documentAllowance, taxBasis };
}

/** The factur-x.xml of a bill (UTF-8 text). */
export function buildFacturXml(bill: FacturXBill): string {
  const { lineTotal, documentAllowance, taxBasis } = facturXTotals(bill);
  const { seller, buyer } = bill.snapshot;
  const issued = date102(bill.issuedAt);
  const month = String(bill.month).padStart(2, '0');
  const note = (subject: string, text: string) =>
    `<ram:IncludedNote><ram:Content>${clean(text)}</ram:Content><ram:SubjectCode>${subject}</ram:SubjectCode></ram:IncludedNote>`;
  const legal = `${seller.legalName}, ${seller.legalForm}, ${seller.rcs}, SIRET ${seller.siret}, TVA ${seller.vatNumber}`;
  const terms = [seller.paymentTerms, facturXMentions.onReceipt, facturXMentions.lateInterest, facturXMentions.indemnity].join(' ');
  const taxRegistration = (vat: string | null) =>
    vat ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${clean(vat)}</ram:ID></ram:SpecifiedTaxRegistration>` : '';
  const legalOrganization = (siren: string | null, name?: string) =>
    siren
      ? `<ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${siren}</ram:ID>${name ? `<ram:TradingBusinessName>${clean(name)}</ram:TradingBusinessName>` : ''}</ram:SpecifiedLegalOrganization>`
      : '';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">' +
    '<rsm:ExchangedDocumentContext>' +
    `<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>${BILLING_FRAMEWORK}</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter>` +
    `<ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${EN16931_GUIDELINE}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>` +
    `<rsm:ExchangedDocument><ram:ID>${bill.number}</ram:ID><ram:TypeCode>380</ram:TypeCode>${dateElement('ram:IssueDateTime', issued)}` +
    note('REG', legal) +
    note('AAB', facturXMentions.onReceipt) +
    note('PMD', facturXMentions.lateInterest) +
    note('PMT', facturXMentions.indemnity) +
    '</rsm:ExchangedDocument>' +
    '<rsm:SupplyChainTradeTransaction>' +
    bill.lines.map(lineItem).join('') +
    '<ram:ApplicableHeaderTradeAgreement>' +
    `<ram:SellerTradeParty><ram:Name>${clean(seller.legalName)}</ram:Name><ram:Description>${clean(`${seller.legalForm} – ${seller.rcs}`)}</ram:Description>` +
    legalOrganization(seller.siren) +
    address(seller) +
    electronicAddress(seller.electronicAddress, seller.siren) +
    taxRegistration(seller.vatNumber) +
    '</ram:SellerTradeParty>' +
    `<ram:BuyerTradeParty><ram:Name>${clean(bill.buyerName)}</ram:Name>` +
    legalOrganization(buyer.siren) +
    address(buyer) +
    electronicAddress(buyer.electronicAddress, buyer.siren) +
    taxRegistration(buyer.vatNumber) +
    '</ram:BuyerTradeParty>' +
    '</ram:ApplicableHeaderTradeAgreement>' +
    // Never empty (Factur-X FX-SCH-A-000372): the services were delivered to the étude.
    `<ram:ApplicableHeaderTradeDelivery><ram:ShipToTradeParty><ram:Name>${clean(bill.buyerName)}</ram:Name>${address(bill.deliverTo)}</ram:ShipToTradeParty></ram:ApplicableHeaderTradeDelivery>` +
    '<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>' +
    `<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode><ram:Information>Virement SEPA</ram:Information><ram:PayeePartyCreditorFinancialAccount><ram:IBANID>${clean(seller.iban)}</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>` +
    `<ram:PayeeSpecifiedCreditorFinancialInstitution><ram:BICID>${clean(seller.bic)}</ram:BICID></ram:PayeeSpecifiedCreditorFinancialInstitution></ram:SpecifiedTradeSettlementPaymentMeans>` +
    `<ram:ApplicableTradeTax><ram:CalculatedAmount>${money(bill.vatAmount)}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>${money(taxBasis)}</ram:BasisAmount>` +
    `<ram:CategoryCode>S</ram:CategoryCode><ram:DueDateTypeCode>${vatDueDateCode(seller.vatOnDebits)}</ram:DueDateTypeCode><ram:RateApplicablePercent>${FACTURX_VAT_PERCENT}</ram:RateApplicablePercent></ram:ApplicableTradeTax>` +
    `<ram:BillingSpecifiedPeriod>${dateElement('ram:StartDateTime', `${bill.year}${month}01`)}${dateElement('ram:EndDateTime', `${bill.year}${month}${monthEnd(bill.year, bill.month)}`)}</ram:BillingSpecifiedPeriod>` +
    (bill.globalDiscount > 0
      ? allowance(bill.globalDiscount, lineTotal, documentAllowance, `Remise globale (${bill.globalDiscount} %)`, true)
      : '') +
    `<ram:SpecifiedTradePaymentTerms><ram:Description>${clean(terms)}</ram:Description>${dateElement('ram:DueDateDateTime', issued)}</ram:SpecifiedTradePaymentTerms>` +
    '<ram:SpecifiedTradeSettlementHeaderMonetarySummation>' +
    `<ram:LineTotalAmount>${money(lineTotal)}</ram:LineTotalAmount><ram:ChargeTotalAmount>0.00</ram:ChargeTotalAmount><ram:AllowanceTotalAmount>${money(documentAllowance)}</ram:AllowanceTotalAmount>` +
    `<ram:TaxBasisTotalAmount>${money(taxBasis)}</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">${money(bill.vatAmount)}</ram:TaxTotalAmount>` +
    `<ram:GrandTotalAmount>${money(bill.amountTTC)}</ram:GrandTotalAmount><ram:DuePayableAmount>${money(bill.amountTTC)}</ram:DuePayableAmount>` +
    '</ram:SpecifiedTradeSettlementHeaderMonetarySummation></ram:ApplicableHeaderTradeSettlement>' +
    '</rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>\n'
  );
}
