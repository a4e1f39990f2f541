// Server-side PDF documents (group invoices): one render function per document, each resolving to a
// Buffer. Usage: `await renderGroupBillPdf(props)`.
export { ensurePdfFonts, FONT_DIR, PdfFontMissingError } from './fonts.js';
export { GroupBillDocument, renderGroupBillPdf, type GroupBillPdfLine, type GroupBillPdfProps } from './templates/groupBill.js';
