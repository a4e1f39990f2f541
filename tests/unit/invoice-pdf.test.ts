import { createPdfRenderer, type GroupBillPdfProps } from '../../api/src/infra/pdf/index.js';
import { FONT_FILES } from '../../api/src/infra/pdf/font-files.js';
import { prepareLogo, type PreparedLogo } from '../../api/src/modules/seller/logo.js';
import { samplePng } from '../support/images.js';
import { pdfFonts, pdfImages, pdfText } from '../support/pdf.js';
import { expectEvery } from '../support/expect-every.js';

const line = (index: number) => ({
  createdAt: new Date(Date.UTC(2026, 10, 1 + (index % 28), 9)),
  name:
    index === 0
      ? 'Constat d’état des lieux de sortie – appartement T4, 27 montée de la Grande-Côte, 69001 Lyon'
      : `Constat n° ${index + 1}`,
  pages: 10,
  photos: 3,
  textPages: 8,
  amountHT: '22.40',
  discount: index % 2 === 0 ? 0 : 100,
  discountAmount: index % 2 === 0 ? '0.00' : '22.40',
  netAmount: index % 2 === 0 ? '22.40' : '0.00',
});

const props = (lines: number): GroupBillPdfProps => ({
  number: 1042,
  issuedAt: new Date('2026-11-30T15:30:00Z'),
  year: 2026,
  month: 11,
  group: { name: 'Étude Duprés-Hénin & Associés', address: '8 place des Terreaux', zip: '69001', city: 'Lyon' },
  pricePage: '2.5',
  pricePhoto: '0.8',
  lines: Array.from({ length: lines }, (_, index) => line(index)),
  totalCountPages: lines * 10,
  totalCountPhotos: lines * 3,
  totals: {
    amountHT: '1344.00',
    lineDiscounts: '672.00',
    globalDiscount: 0,
    globalDiscountAmount: '0.00',
    netHT: '672.00',
    vatAmount: '134.40',
    amountTTC: '806.40',
  },
  mentions: ['Règlement comptant', 'Intérêts de retard : 1,5 % par mois'],
});

// Rendered as the server renders them: in the renderer's worker thread.
const renderer = createPdfRenderer({ threads: 1 });
const renderGroupBillPdf = (bill: GroupBillPdfProps) => renderer.renderGroupBill(bill);
afterAll(() => renderer.close());

describe('invoice PDF', () => {
  it('one page: the étude, the period, the tariffs, the lines, the totals in French number format and the mentions', async () => {
    const text = await pdfText(await renderGroupBillPdf(props(3)));
    expect(text).toContain('FACTURE N° 1042');
    expect(text).toContain('Date : 30/11/2026');
    expect(text).toContain('Période : novembre 2026');
    expect(text).toContain('Étude Duprés-Hénin & Associés');
    expect(text).toContain('69001 Lyon');
    expect(text).toContain('Tarifs : 2,50 € la page, 0,80 € la photo');
    expect(text).toContain('3 constats – 30 pages, 9 photos');
    expect(text).toMatch(/Total HT\s+1 344,00 €/);
    expect(text).toMatch(/Remises sur constats\s+− 672,00 €/);
    expect(text).toMatch(/TVA 20 %\s+134,40 €/);
    expect(text).toMatch(/Total TTC\s+806,40 €/);
    expect(text).toContain('Règlement comptant');
    expect(text).toContain('Intérêts de retard : 1,5 % par mois');
    expect(text).toContain('Page 1 / 1');
  });

  it('the font comes from the npm package dejavu-fonts-ttf and every font is embedded', async () => {
    expect(FONT_FILES.regular).toMatch(/node_modules\/dejavu-fonts-ttf\/ttf\/DejaVuSans\.ttf$/);
    const fonts = await pdfFonts(await renderGroupBillPdf(props(3)));
    expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, ''))).toEqual(expect.arrayContaining(['DejaVuSans', 'DejaVuSans-Bold']));
    expectEvery(fonts, (font) => font.embedded);
  });

  it('an étude and a constat named with emoji, XML specials, a tab and CJK: every font embedded, no Helvetica, the text read back', async () => {
    const base = props(1);
    const pdf = await renderGroupBillPdf({
      ...base,
      group: { ...base.group, name: 'Étude Ça 🎉 <Durand> & "Fils"' },
      lines: [
        { ...base.lines[0], name: 'Ça 🎉\tcave <sol> & "B"' },
        { ...base.lines[0], name: 'Constat 张伟' },
      ],
    });
    const fonts = await pdfFonts(pdf);
    expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, ''))).toEqual(
      expect.arrayContaining(['DejaVuSans', 'DejaVuSans-Bold', 'NotoEmoji-Regular', 'NotoEmoji-Bold']),
    );
    expectEvery(fonts, (font) => font.embedded && !/Helvetica/.test(font.name));
    const text = await pdfText(pdf);
    expect(text).toContain('Étude Ça 🎉 <Durand> & "Fils"');
    // The tab of a name stored before tabs were refused prints as a space.
    expect(text).toContain('Ça 🎉 cave <sol> & "B"');
    // A character no font draws, stored before the fonts were checked at input, prints as « � ».
    expect(text).toContain('Constat ��');
  });

  it('many lines: more pages, the table header and the footer on each', async () => {
    const text = await pdfText(await renderGroupBillPdf(props(60)));
    const pages = text.split('\f').filter((page) => page.trim());
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page).toContain('FACTURE N° 1042');
      expect(page).toContain(`Page ${index + 1} / ${pages.length}`);
      // Wherever lines are printed, the table header is printed above them.
      if (/Constat n° \d+/.test(page)) expect(page).toMatch(/Date\s+Constat\s+Pages\s+Photos/);
    });
    expect(text).toContain('Constat n° 60');
    // A long name wraps inside its column rather than being cut.
    expect(text).toContain('Constat d’état des lieux de sortie');
    expect(text).toContain('Grande-Côte');
    // Totals and mentions end the invoice, together.
    const last = pages[pages.length - 1];
    expect(last).toMatch(/Total TTC\s+806,40 €/);
    expect(last).toContain('Intérêts de retard : 1,5 % par mois');
  });

  it('a Factur-X bill draws the seller’s logo (flattened upload: one opaque RGB image, no soft mask)', async () => {
    const seller = {
      legalName: 'Frappe & Constats SAS',
      legalForm: 'SAS',
      siret: '84512763800012',
      vatNumber: 'FR30845127638',
      rcs: 'RCS Lyon 845 127 638',
      address: '22 rue Édouard-Herriot',
      zip: '69002',
      city: 'Lyon',
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPPXXX',
    };
    const buyer = { siren: null, vatNumber: null, address: '8 place des Terreaux', zip: '69001', city: 'Lyon' };
    const logo = prepareLogo(samplePng(300, 100, { alpha: true }), 'png') as PreparedLogo;
    const withLogo = await renderGroupBillPdf({
      ...props(3),
      facturX: { seller, buyer, xml: '<rsm:CrossIndustryInvoice/>', logo: { data: logo.data, format: logo.format } },
    });
    expect(await pdfImages(withLogo)).toEqual([{ page: 1, type: 'image', width: 300, height: 100, color: 'rgb', components: 3, bits: 8 }]);
    expect(await pdfText(withLogo)).toContain('Frappe & Constats SAS');
    const without = await renderGroupBillPdf({ ...props(3), facturX: { seller, buyer, xml: '<rsm:CrossIndustryInvoice/>' } });
    expect(await pdfImages(without)).toEqual([]);
  });

  it('a render that fails in its thread rejects that render alone: the next one renders', async () => {
    await expect(renderGroupBillPdf({ ...props(3), lines: null as never })).rejects.toThrow();
    expect(await pdfText(await renderGroupBillPdf(props(3)))).toContain('FACTURE N° 1042');
  });
});
