import { Document, Image, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import { formatEuros, formatParisDate } from '@constats/domain/format';
import { formatMonthYear } from '../../mail/format.js';
import { embedFacturX, type PdfInfo } from '../facturx.js';
import { printableText } from '@constats/domain/text-input';
import { canPrint } from '../coverage.js';
import { PDF_FONT_STACK } from '../font-files.js';
import { ensurePdfFonts } from '../fonts.js';

// Texts of the invoice, in French, in one place.
const fr = {
  issuer: 'Extranet Constats',
  issuerLine: 'Dactylographie de constats de commissaires de justice',
  title: (number: number) => `FACTURE N° ${number}`,
  date: 'Date',
  period: 'Période',
  billedTo: 'Facturé à',
  tariffs: (page: string, photo: string) => `Tarifs : ${page} la page, ${photo} la photo`,
  columns: ['Date', 'Constat', 'Pages', 'Photos', 'Pages texte', 'Montant HT', 'Remise', 'Net HT'],
  totalPagesPhotos: (reports: number, pages: number, photos: number) =>
    `${reports} constat${reports > 1 ? 's' : ''} – ${pages} page${pages > 1 ? 's' : ''}, ${photos} photo${photos > 1 ? 's' : ''}`,
  totalHT: 'Total HT',
  lineDiscounts: 'Remises sur constats',
  globalDiscount: (percent: number) => `Remise globale (${percent} %)`,
  netHT: 'Total HT après remises',
  vat: 'TVA 20 %',
  totalTTC: 'Total TTC',
  page: (page: number, total: number) => `Page ${page} / ${total}`,
  sellerIds: (siret: string, vat: string) => `SIRET ${siret} – TVA ${vat}`,
  buyerIds: (siren: string | null, vat: string | null) => [siren && `SIREN ${siren}`, vat && `TVA ${vat}`].filter(Boolean).join(' – '),
  bank: (iban: string, bic: string) => `IBAN ${iban} – BIC ${bic}`,
};

export interface GroupBillPdfLine {
  createdAt: Date;
  name: string;
  pages: number;
  photos: number;
  textPages: number;
  /** Decimal strings in euros ("12.50"). */
  amountHT: string;
  /** Percent 0–100. */
  discount: number;
  discountAmount: string;
  netAmount: string;
}

export interface GroupBillPdfProps {
  number: number;
  issuedAt: Date;
  year: number;
  month: number;
  group: { name: string; address: string; zip: string; city: string };
  /** Unit prices as decimal strings. */
  pricePage: string;
  pricePhoto: string;
  lines: GroupBillPdfLine[];
  totalCountPages: number;
  totalCountPhotos: number;
  totals: {
    amountHT: string;
    lineDiscounts: string;
    globalDiscount: number;
    globalDiscountAmount: string;
    netHT: string;
    vatAmount: string;
    amountTTC: string;
  };
  /** « Règlement comptant », « Intérêts de retard : 1,5 % par mois ». */
  mentions: string[];
  /** Bills issued since Factur-X (product.md §11): the seller, the buyer's identifiers and the CII XML. */
  facturX?: GroupBillFacturX;
}

export interface GroupBillFacturX {
  seller: {
    legalName: string;
    legalForm: string;
    siret: string;
    vatNumber: string;
    rcs: string;
    address: string;
    zip: string;
    city: string;
    iban: string;
    bic: string;
  };
  buyer: { siren: string | null; vatNumber: string | null; address: string; zip: string; city: string };
  /** The factur-x.xml embedded in the PDF/A-3. */
  xml: string;
  /** The seller's logo, drawn above its name. */
  logo?: GroupBillLogo;
}

/** An opaque RGB picture (seller/logo.ts wrote it so): nothing PDF/A-3 forbids. */
export interface GroupBillLogo {
  data: Buffer;
  format: 'png' | 'jpg';
}

const colors = { brand: '#1f3a5f', muted: '#6b7280', border: '#d1d5db', stripe: '#f4f5f7' };
// Column widths of the lines table, in percent of the printable width.
const widths = ['11%', '36%', '7%', '7%', '8%', '11%', '8%', '12%'];

const styles = StyleSheet.create({
  page: { fontFamily: PDF_FONT_STACK, fontSize: 9, padding: '18mm 15mm 20mm 15mm', color: '#1f2328' },
  header: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 18 },
  issuer: { fontSize: 14, fontWeight: 'bold', color: colors.brand },
  // At most 60 × 25 mm, its proportions kept, against the left margin.
  logo: { maxWidth: 170, maxHeight: 70, objectFit: 'contain', objectPosition: 'left', marginBottom: 6, alignSelf: 'flex-start' },
  muted: { color: colors.muted },
  title: { fontSize: 14, fontWeight: 'bold', textAlign: 'right', marginBottom: 4 },
  right: { textAlign: 'right' },
  client: { marginLeft: '55%', padding: 8, border: `1pt solid ${colors.border}`, marginBottom: 16 },
  clientName: { fontSize: 11, fontWeight: 'bold', marginBottom: 2 },
  row: { flexDirection: 'row', borderBottom: `0.5pt solid ${colors.border}`, paddingVertical: 3 },
  headRow: { flexDirection: 'row', backgroundColor: colors.brand, color: '#ffffff', fontWeight: 'bold', paddingVertical: 4 },
  cell: { paddingHorizontal: 3 },
  number: { paddingHorizontal: 3, textAlign: 'right' },
  summary: { marginTop: 6, marginBottom: 14, color: colors.muted },
  totals: { marginLeft: '50%' },
  totalRow: { flexDirection: 'row', justifyContent: 'space-between', paddingVertical: 2 },
  grandTotal: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    paddingVertical: 4,
    marginTop: 4,
    borderTop: `1pt solid ${colors.brand}`,
    fontSize: 11,
    fontWeight: 'bold',
  },
  mentions: { marginTop: 24, padding: 8, backgroundColor: colors.stripe },
  footer: {
    position: 'absolute',
    bottom: '10mm',
    left: '15mm',
    right: '15mm',
    flexDirection: 'row',
    justifyContent: 'space-between',
    color: colors.muted,
    fontSize: 8,
  },
});

// Unit prices keep their third decimal (2,345 €: tariffs are DECIMAL(8,3)); amounts have two.
const formatUnitPrice = (price: string) => formatEuros(price, { exact: true });

function TotalRow({ label, value }: { label: string; value: string }) {
  return (
    <View style={styles.totalRow}>
      <Text>{label}</Text>
      <Text>{value}</Text>
    </View>
  );
}

/** The document information (Info dictionary, and XMP for a Factur-X bill). */
const pdfInfo = (props: GroupBillPdfProps): PdfInfo => ({
  title: `Facture ${props.number}`,
  author: props.facturX?.seller.legalName ?? fr.issuer,
  subject: `${props.group.name} – ${formatMonthYear(props.year, props.month)}`,
  creator: 'react-pdf',
  producer: 'react-pdf',
  createdAt: props.issuedAt,
});

/** The A4 invoice of an étude for a month, from the bill's frozen figures. */
export function GroupBillDocument(props: GroupBillPdfProps) {
  const period = formatMonthYear(props.year, props.month);
  const title = fr.title(props.number);
  const seller = props.facturX?.seller;
  const buyer = props.facturX?.buyer;
  const info = pdfInfo(props);
  return (
    // A Factur-X bill is a PDF/A-3b: pdfkit adds the sRGB output intent (embedFacturX the rest).
    <Document
      title={info.title}
      author={info.author}
      subject={info.subject}
      creator={info.creator}
      producer={info.producer}
      language="fr"
      creationDate={info.createdAt}
      conformance={props.facturX ? 'PDF/A-3b' : undefined}
    >
      <Page size="A4" style={styles.page}>
        <View style={styles.header} fixed>
          {seller ? (
            <View>
              {props.facturX?.logo ? <Image style={styles.logo} src={props.facturX.logo} /> : null}
              <Text style={styles.issuer}>{seller.legalName}</Text>
              <Text style={styles.muted}>{`${seller.legalForm} – ${seller.rcs}`}</Text>
              <Text style={styles.muted}>{`${seller.address}, ${seller.zip} ${seller.city}`}</Text>
              <Text style={styles.muted}>{fr.sellerIds(seller.siret, seller.vatNumber)}</Text>
            </View>
          ) : (
            <View>
              <Text style={styles.issuer}>{fr.issuer}</Text>
              <Text style={styles.muted}>{fr.issuerLine}</Text>
            </View>
          )}
          <View>
            <Text style={styles.title}>{title}</Text>
            <Text style={styles.right}>{`${fr.date} : ${formatParisDate(props.issuedAt)}`}</Text>
            <Text style={styles.right}>{`${fr.period} : ${period}`}</Text>
          </View>
        </View>

        <View style={styles.client}>
          <Text style={styles.muted}>{fr.billedTo}</Text>
          <Text style={styles.clientName}>{props.group.name}</Text>
          <Text>{buyer?.address ?? props.group.address}</Text>
          <Text>{`${buyer?.zip ?? props.group.zip} ${buyer?.city ?? props.group.city}`}</Text>
          {buyer && (buyer.siren || buyer.vatNumber) ? <Text style={styles.muted}>{fr.buyerIds(buyer.siren, buyer.vatNumber)}</Text> : null}
        </View>

        <Text style={{ marginBottom: 6 }}>{fr.tariffs(formatUnitPrice(props.pricePage), formatUnitPrice(props.pricePhoto))}</Text>

        {/* The header row repeats on every page the table runs over. */}
        <View>
          <View style={styles.headRow} fixed>
            {fr.columns.map((label, index) => (
              <Text key={label} style={[index < 2 ? styles.cell : styles.number, { width: widths[index] }]}>
                {label}
              </Text>
            ))}
          </View>
          {props.lines.map((line, index) => (
            <View key={index} style={styles.row} wrap={false}>
              <Text style={[styles.cell, { width: widths[0] }]}>{formatParisDate(line.createdAt)}</Text>
              <Text style={[styles.cell, { width: widths[1] }]}>{line.name}</Text>
              <Text style={[styles.number, { width: widths[2] }]}>{line.pages}</Text>
              <Text style={[styles.number, { width: widths[3] }]}>{line.photos}</Text>
              <Text style={[styles.number, { width: widths[4] }]}>{line.textPages}</Text>
              <Text style={[styles.number, { width: widths[5] }]}>{formatEuros(line.amountHT)}</Text>
              <Text style={[styles.number, { width: widths[6] }]}>{`${line.discount} %`}</Text>
              <Text style={[styles.number, { width: widths[7] }]}>{formatEuros(line.netAmount)}</Text>
            </View>
          ))}
        </View>
        <Text style={styles.summary}>{fr.totalPagesPhotos(props.lines.length, props.totalCountPages, props.totalCountPhotos)}</Text>

        {/* Totals and payment mentions stay together on the last page. */}
        <View wrap={false}>
          <View style={styles.totals}>
            <TotalRow label={fr.totalHT} value={formatEuros(props.totals.amountHT)} />
            <TotalRow label={fr.lineDiscounts} value={`− ${formatEuros(props.totals.lineDiscounts)}`} />
            <TotalRow
              label={fr.globalDiscount(props.totals.globalDiscount)}
              value={`− ${formatEuros(props.totals.globalDiscountAmount)}`}
            />
            <TotalRow label={fr.netHT} value={formatEuros(props.totals.netHT)} />
            <TotalRow label={fr.vat} value={formatEuros(props.totals.vatAmount)} />
            <View style={styles.grandTotal}>
              <Text>{fr.totalTTC}</Text>
              <Text>{formatEuros(props.totals.amountTTC)}</Text>
            </View>
          </View>
          <View style={styles.mentions}>
            {props.mentions.map((mention) => (
              <Text key={mention}>{mention}</Text>
            ))}
            {seller ? <Text>{fr.bank(seller.iban, seller.bic)}</Text> : null}
          </View>
        </View>

        <View style={styles.footer} fixed>
          <Text>{`${title} – ${props.group.name}`}</Text>
          <Text render={({ pageNumber, totalPages }) => fr.page(pageNumber, totalPages)} />
        </View>
      </Page>
    </Document>
  );
}

/** The stored texts as they print (printableText); the factur-x.xml keeps them as they are. */
function printable(props: GroupBillPdfProps): GroupBillPdfProps {
  const print = (text: string) => printableText(text, canPrint);
  const texts = <T extends object>(fields: T) =>
    Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, typeof value === 'string' ? print(value) : value])) as T;
  return {
    ...props,
    group: texts(props.group),
    lines: props.lines.map((line) => ({ ...line, name: print(line.name) })),
    mentions: props.mentions.map(print),
    ...(props.facturX && { facturX: { ...props.facturX, seller: texts(props.facturX.seller), buyer: texts(props.facturX.buyer) } }),
  };
}

export async function renderGroupBillPdf(stored: GroupBillPdfProps): Promise<Buffer> {
  ensurePdfFonts();
  const props = printable(stored);
  const pdf = await renderToBuffer(<GroupBillDocument {...props} />);
  return props.facturX ? embedFacturX(pdf, { xml: props.facturX.xml, info: pdfInfo(props) }) : pdf;
}
