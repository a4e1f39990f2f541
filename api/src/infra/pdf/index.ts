// Server-side PDF documents (group invoices): one render function per document, each resolving to a
// Buffer. Usage: `await renderGroupBillPdf(props)`. The renderer (@react-pdf, its fonts and layout
// engine) is imported with the first document, not at start-up, where it cost ~0.3 s; the template
// module (./templates/groupBill.js) exports the component and the font helpers.
import type { GroupBillPdfProps } from './templates/groupBill.js';

export type { GroupBillFacturX, GroupBillLogo, GroupBillPdfLine, GroupBillPdfProps } from './templates/groupBill.js';

export async function renderGroupBillPdf(props: GroupBillPdfProps): Promise<Buffer> {
  return (await import('./templates/groupBill.js')).renderGroupBillPdf(props);
}
