// Server-side PDF documents (group invoices), rendered in worker threads: laying out a bill of a few
// hundred lines and embedding its Factur-X XML is seconds of CPU, during which a server rendering
// on its own event loop answered nobody (an idle keep-alive connection was closed by its timer
// under a client about to reuse it). This pool is the only place the server renders a PDF: the bill
// PDF queue, the download of a bill whose PDF is not stored yet and the legacy preview all go
// through it. A render that fails in its thread, kills it or outlasts RENDER_TIMEOUT_MS rejects
// that render only (piscina starts another thread for the next one); the queue tries it again.
// Threads start with the first render (the renderer's modules, ~0.3 s, are not loaded at start-up)
// and end after a minute idle.
import { Piscina } from 'piscina';
import type { GroupBillPdfProps } from './templates/groupBill.js';

export type { GroupBillFacturX, GroupBillLogo, GroupBillPdfLine, GroupBillPdfProps } from './templates/groupBill.js';

const IDLE_MS = 60_000;
/**
 * A render never holds its thread (and the queue's bill) for ever: a 1,000-line bill renders in
 * seconds; under the bill PDF queue's lease, so a render is given up before its bill is claimed again.
 */
export const RENDER_TIMEOUT_MS = 90_000;

export interface PdfRenderer {
  renderGroupBill(props: GroupBillPdfProps): Promise<Buffer>;
  /** Ends the threads; a render still under way rejects. */
  close(): Promise<void>;
}

export function createPdfRenderer(options: { threads: number; log?: (message: string) => void }): PdfRenderer {
  const own = import.meta.url;
  // From the TypeScript sources (dev, tests) the thread registers tsx first; from the build, the JavaScript.
  const entry = own.endsWith('.ts') ? './render-thread-tsx.mjs' : './render-thread.js';
  const pool = new Piscina<GroupBillPdfProps, Uint8Array>({
    filename: new URL(entry, own).href,
    minThreads: 0,
    maxThreads: options.threads,
    idleTimeout: IDLE_MS,
  });
  // A thread failing outside any render (at its start): said, never an unhandled 'error' that would end the process.
  pool.on('error', (error: Error) => (options.log ?? console.error)(`[pdf] fil de rendu en échec : ${error.message}`));
  return {
    renderGroupBill: async (props) => {
      const pdf = await pool.run(props, { signal: AbortSignal.timeout(RENDER_TIMEOUT_MS) });
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    },
    close: () => pool.destroy(),
  };
}
