// Pages and photos of a PDF with pdf-lib: the page tree gives the pages; each page's content
// streams are scanned for the XObjects they draw (`/Name Do`), following form XObjects, and the
// image XObjects among them are measured from their dictionary (Width, Height) without decoding
// a single pixel, so a 500-photo PDF counts in well under a second.
import { decodePDFRawStream, PDFArray, PDFBool, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFStream } from 'pdf-lib';
import { CountError, isPhoto } from './rules.js';

/** Form XObjects nest; deeper than this is a malicious or broken file, not a constat. */
const MAX_FORM_DEPTH = 8;

const DO_OPERATOR = /\/([^\s/[\]()<>{}%]+)\s+Do\b/g;

export interface PdfCount {
  pages: number;
  photos: number;
}

export async function countPdf(bytes: Uint8Array): Promise<PdfCount> {
  let document: PDFDocument;
  try {
    // Loaded despite encryption, then refused by its flag: pdf-lib's own EncryptedPDFError is an ES5
    // Error subclass that instanceof cannot recognise.
    document = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  } catch (error) {
    throw new CountError(`PDF illisible ou endommagé (${(error as Error).message.slice(0, 200)}).`);
  }
  if (document.isEncrypted) throw new CountError('PDF protégé par un mot de passe ou chiffré : impossible de le compter.');
  try {
    const pages = document.getPages();
    if (pages.length === 0) throw new CountError('Le PDF ne contient aucune page.');
    // Distinct image objects: a photo drawn twice, or a letterhead picture repeated on every page,
    // counts once.
    const photos = new Set<PDFRef | PDFStream>();
    for (const page of pages) {
      const resources = page.node.Resources();
      for (const content of contentStreams(document, page.node.Contents())) {
        collectImages(document, content, resources, photos, 0, new Set());
      }
    }
    return { pages: pages.length, photos: photos.size };
  } catch (error) {
    if (error instanceof CountError) throw error;
    // A broken page tree or content stream surfaces as any error from pdf-lib.
    throw new CountError(`PDF illisible ou endommagé (${(error as Error).message.slice(0, 200)}).`);
  }
}

function contentStreams(document: PDFDocument, contents: PDFStream | PDFArray | undefined): PDFStream[] {
  if (contents instanceof PDFStream) return [contents];
  if (!(contents instanceof PDFArray)) return [];
  const streams: PDFStream[] = [];
  for (let i = 0; i < contents.size(); i++) {
    const item = document.context.lookup(contents.get(i));
    if (item instanceof PDFStream) streams.push(item);
  }
  return streams;
}

function streamText(stream: PDFStream): string {
  const bytes = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

function collectImages(
  document: PDFDocument,
  content: PDFStream,
  resources: PDFDict | undefined,
  photos: Set<PDFRef | PDFStream>,
  depth: number,
  seenForms: Set<PDFRef | PDFStream>,
): void {
  const xobjects = resources && document.context.lookup(resources.get(PDFName.of('XObject')));
  if (!(xobjects instanceof PDFDict)) return;
  let text: string;
  try {
    text = streamText(content);
  } catch (error) {
    throw new CountError(`Contenu de page PDF illisible (${(error as Error).message.slice(0, 200)}).`);
  }
  for (const match of text.matchAll(DO_OPERATOR)) {
    const entry = xobjects.get(PDFName.of(decodeName(match[1])));
    const key = entry instanceof PDFRef ? entry : undefined;
    const xobject = document.context.lookup(entry);
    if (!(xobject instanceof PDFStream)) continue;
    const id = key ?? xobject;
    const subtype = xobject.dict.get(PDFName.of('Subtype'));
    if (subtype === PDFName.of('Image')) {
      if (photos.has(id) || xobject.dict.get(PDFName.of('ImageMask')) === PDFBool.True) continue;
      const width = numberOf(document, xobject.dict.get(PDFName.of('Width')));
      const height = numberOf(document, xobject.dict.get(PDFName.of('Height')));
      if (isPhoto(width, height)) photos.add(id);
    } else if (subtype === PDFName.of('Form') && depth < MAX_FORM_DEPTH && !seenForms.has(id)) {
      seenForms.add(id);
      const own = document.context.lookup(xobject.dict.get(PDFName.of('Resources')));
      collectImages(document, xobject, own instanceof PDFDict ? own : resources, photos, depth + 1, seenForms);
    }
  }
}

function numberOf(document: PDFDocument, value: unknown): number {
  const resolved = document.context.lookup(value as PDFRef);
  return resolved instanceof PDFNumber ? resolved.asNumber() : 0;
}

/** PDF names escape bytes as #xx. */
const decodeName = (raw: string) => raw.replace(/#([0-9A-Fa-f]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
