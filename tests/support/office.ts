import yazl from 'yazl';

// Real (minimal) Office files: upload types are detected by file-type, which reads the zip entries.

async function zip(entries: [name: string, content: string, compress: boolean][]): Promise<Buffer> {
  const file = new yazl.ZipFile();
  for (const [name, content, compress] of entries) file.addBuffer(Buffer.from(content), name, { compress });
  file.end();
  const chunks: Buffer[] = [];
  for await (const chunk of file.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;

/** A Word .docx as Word writes it: [Content_Types].xml first, then the word/ parts. */
export const sampleDocx = (text = 'Constat') =>
  zip([
    ['[Content_Types].xml', CONTENT_TYPES, true],
    ['word/document.xml', `<w:document><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`, true],
  ]);

/** An OpenDocument text: the uncompressed "mimetype" entry first. */
export const sampleOdt = () =>
  zip([
    ['mimetype', 'application/vnd.oasis.opendocument.text', false],
    ['content.xml', '<office:document-content/>', true],
  ]);
