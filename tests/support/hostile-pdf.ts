// PDFs a few kilobytes long that describe unbounded work, written for the counting tests. pdf-lib
// takes minutes to add tens of thousands of pages, so the long documents are written by hand.
import { constants, createDeflate, deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

/** A valid PDF of `pages` blank A4 pages, in one flat page tree. */
export function blankPagesPdf(pages: number): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', ''];
  const kids: string[] = [];
  for (let i = 0; i < pages; i++) {
    kids.push(`${i + 3} 0 R`);
    objects.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>');
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  return writePdf(objects);
}

/**
 * A page tree whose every node names the node below twice: `depth` levels over a single page
 * announce 2^depth pages in about 3 KB.
 */
export function sharedPageTreePdf(depth: number): Buffer {
  // 1 catalog, 2 root, 3 the page, then one node per level.
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'];
  let below = 3;
  for (let level = 1; level <= depth; level++) {
    objects.push(`<< /Type /Pages /Parent 2 0 R /Kids [${below} 0 R ${below} 0 R] /Count ${2 ** level} >>`);
    below = objects.length;
  }
  objects[1] = `<< /Type /Pages /Kids [${below} 0 R] /Count ${2 ** depth} >>`;
  return writePdf(objects);
}

/**
 * A one-page PDF whose content stream is compressed twice (FlateDecode twice): a few kilobytes
 * that inflate to `inflatedMb` megabytes of spaces. The inner layer is deflated as a stream, so
 * building it costs no memory.
 */
export async function flateBombPdf(inflatedMb: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9, strategy: constants.Z_RLE });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const block = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < inflatedMb; i++) {
    if (!deflate.write(block)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  const twice = deflateSync(Buffer.concat(chunks), { level: 9 });
  const document = await PDFDocument.create();
  const page = document.addPage([595, 842]);
  const filters = [PDFName.of('FlateDecode'), PDFName.of('FlateDecode')];
  page.node.set(PDFName.of('Contents'), document.context.register(PDFRawStream.of(document.context.obj({ Filter: filters }), twice)));
  // Something to draw, so the content is read.
  page.node.set(PDFName.of('Resources'), document.context.obj({ XObject: {} }));
  return Buffer.from(await document.save());
}

function writePdf(objects: string[]): Buffer {
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
