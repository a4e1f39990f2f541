// Documents with known pages and photos, generated on the spot for the counting tests and the
// bench (docs/product.md §10): PDF with pdf-lib, DOCX and ODT written part by part (yazl) the way Word and
// LibreOffice lay them out, pictures as real PNGs of chosen sizes.
import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import yazl from 'yazl';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGB PNG of `width` × `height` pixels, in a colour derived from `seed` (distinct pictures). */
export function png(width: number, height: number, seed = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([(seed * 37 + x) & 0xff, (seed * 91) & 0xff, (x * 7) & 0xff], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface SampleLayout {
  pages: number;
  /** Pictures of photo size (400 × 300 px), spread over the pages. */
  photos: number;
  /** Small pictures (a 120 × 40 px logo on every page, a 600 × 3 px rule): never photos. */
  decorations?: boolean;
  /** Pads each photo to this many bytes after its end (the size of a camera photo; readers ignore it). */
  photoBytes?: number;
  /** ODT only: the manifest announces encrypted parts, as for a password-protected document. */
  passwordProtected?: boolean;
}

const PHOTO = { width: 400, height: 300 };

/** Which page each photo goes on: round-robin, so every page holds at most ceil(photos / pages). */
const photoPage = (index: number, pages: number) => index % pages;

export async function samplePdf(layout: SampleLayout): Promise<Buffer> {
  const document = await PDFDocument.create();
  const photos = await Promise.all(Array.from({ length: layout.photos }, (_, i) => document.embedPng(png(PHOTO.width, PHOTO.height, i))));
  const logo = layout.decorations ? await document.embedPng(png(120, 40, 999)) : null;
  const rule = layout.decorations ? await document.embedPng(png(600, 3, 998)) : null;
  const font = await document.embedFont('Helvetica');
  const pages = Array.from({ length: layout.pages }, (_, i) => {
    const page = document.addPage([595, 842]);
    page.drawText(`Page ${i + 1}`, { x: 50, y: 800, size: 12, font });
    if (logo && rule) {
      page.drawImage(logo, { x: 50, y: 760, width: 60, height: 20 });
      page.drawImage(rule, { x: 50, y: 740, width: 495, height: 2 });
    }
    return page;
  });
  photos.forEach((photo, i) => {
    const page = pages[photoPage(i, layout.pages)];
    const slot = Math.floor(i / layout.pages);
    page.drawImage(photo, { x: 50 + (slot % 4) * 125, y: 600 - Math.floor(slot / 4) * 100, width: 120, height: 90 });
  });
  return Buffer.from(await document.save());
}

async function zip(entries: [name: string, content: Buffer | string, compress: boolean][]): Promise<Buffer> {
  const file = new yazl.ZipFile();
  for (const [name, content, compress] of entries) file.addBuffer(Buffer.from(content), name, { compress });
  file.end();
  const chunks: Buffer[] = [];
  for await (const part of file.outputStream) chunks.push(part as Buffer);
  return Buffer.concat(chunks);
}

interface Picture {
  name: string;
  bytes: Buffer;
  page: number;
}

function pictures(layout: SampleLayout): Picture[] {
  const sample = png(PHOTO.width, PHOTO.height, 1);
  const padding = Buffer.alloc(Math.max(0, (layout.photoBytes ?? 0) - sample.length), 0x5a);
  const list = Array.from({ length: layout.photos }, (_, i) => ({
    name: `photo${i + 1}.png`,
    bytes: padding.length > 0 ? Buffer.concat([sample, padding]) : png(PHOTO.width, PHOTO.height, i),
    page: photoPage(i, layout.pages),
  }));
  if (layout.decorations)
    list.push({ name: 'logo.png', bytes: png(120, 40, 999), page: 0 }, { name: 'rule.png', bytes: png(600, 3, 998), page: 0 });
  return list;
}

/** Pictures are drawn 3 × 2.25 cm, six to a line: a page of text holds dozens without overflowing. */
const docxPicture = (picture: Picture, id: number) => {
  const cx = 1080000;
  const cy = 810000;
  return `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="${id}" name="${picture.name}"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="${id}" name="${picture.name}"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="img${id}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`;
};

/** A Word document of `pages` pages (explicit page breaks) with its pictures in word/media. */
export async function sampleDocx(layout: SampleLayout): Promise<Buffer> {
  const list = pictures(layout);
  const body = Array.from({ length: layout.pages }, (_, page) => {
    const onPage = list.map((picture, i) => ({ picture, id: i + 1 })).filter(({ picture }) => picture.page === page);
    const lines = [];
    for (let i = 0; i < onPage.length; i += 6)
      lines.push(
        `<w:p>${onPage
          .slice(i, i + 6)
          .map(({ picture, id }) => docxPicture(picture, id))
          .join('')}</w:p>`,
      );
    const pageBreak = page < layout.pages - 1 ? '<w:p><w:r><w:br w:type="page"/></w:r></w:p>' : '';
    return `<w:p><w:r><w:t>Page ${page + 1}</w:t></w:r></w:p>${lines.join('')}${pageBreak}`;
  }).join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134" w:header="0" w:footer="0" w:gutter="0"/></w:sectPr></w:body></w:document>`;
  const relationships = list
    .map(
      (picture, i) =>
        `<Relationship Id="img${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/${picture.name}"/>`,
    )
    .join('');
  return zip([
    [
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>`,
      true,
    ],
    [
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/></Relationships>`,
      true,
    ],
    ['word/document.xml', document, true],
    [
      'word/_rels/document.xml.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationships}</Relationships>`,
      true,
    ],
    [
      'docProps/app.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>Microsoft Office Word</Application><Pages>${layout.pages}</Pages></Properties>`,
      true,
    ],
    ...list.map((picture): [string, Buffer, boolean] => [`word/media/${picture.name}`, picture.bytes, false]),
  ]);
}

/** An OpenDocument text of `pages` pages (paragraphs breaking before) with its pictures in Pictures/. */
export async function sampleOdt(layout: SampleLayout): Promise<Buffer> {
  const list = pictures(layout);
  const body = Array.from({ length: layout.pages }, (_, page) => {
    const frames = list
      .filter((picture) => picture.page === page)
      .map(
        (picture) =>
          `<draw:frame draw:name="${picture.name}" text:anchor-type="as-char" svg:width="3cm" svg:height="2.25cm"><draw:image xlink:href="Pictures/${picture.name}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame>`,
      );
    const lines = [];
    for (let i = 0; i < frames.length; i += 5)
      lines.push(`<text:p text:style-name="Standard">${frames.slice(i, i + 5).join(' ')}</text:p>`);
    return `<text:p text:style-name="${page === 0 ? 'Standard' : 'PageStart'}">Page ${page + 1}</text:p>${lines.join('')}`;
  }).join('');
  const ns =
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"';
  const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ns} office:version="1.3"><office:automatic-styles><style:style style:name="PageStart" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:break-before="page"/></style:style></office:automatic-styles><office:body><office:text>${body}</office:text></office:body></office:document-content>`;
  const manifest = `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"${layout.passwordProtected ? '><manifest:encryption-data manifest:checksum-type="SHA1/1K" manifest:checksum="AAAA"/></manifest:file-entry>' : '/>'}<manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/>${list.map((picture) => `<manifest:file-entry manifest:full-path="Pictures/${picture.name}" manifest:media-type="image/png"/>`).join('')}</manifest:manifest>`;
  return zip([
    ['mimetype', 'application/vnd.oasis.opendocument.text', false],
    ['content.xml', content, true],
    [
      'meta.xml',
      `<?xml version="1.0" encoding="UTF-8"?><office:document-meta ${ns} office:version="1.3"><office:meta><meta:document-statistic meta:page-count="${layout.pages}" meta:image-count="${list.length}"/></office:meta></office:document-meta>`,
      true,
    ],
    ['META-INF/manifest.xml', manifest, true],
    ...list.map((picture): [string, Buffer, boolean] => [`Pictures/${picture.name}`, picture.bytes, false]),
  ]);
}
