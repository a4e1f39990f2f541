// What the PDF renderer's worker threads run (index.ts): the template, its fonts, @react-pdf's
// layout and the Factur-X embedding load and run here, never on the server's event loop.
import { renderGroupBillPdf, type GroupBillPdfProps } from './templates/groupBill.js';

/**
 * A bill's PDF. Its logo crossed the thread boundary by structured clone, which makes a Buffer a
 * plain Uint8Array: @react-pdf draws image data from a Buffer only.
 */
export default async function renderGroupBill(props: GroupBillPdfProps): Promise<Uint8Array> {
  const logo = props.facturX?.logo;
  if (!logo) return renderGroupBillPdf(props);
  const data = Buffer.from(logo.data.buffer, logo.data.byteOffset, logo.data.byteLength);
  return renderGroupBillPdf({ ...props, facturX: { ...props.facturX!, logo: { ...logo, data } } });
}
