// Pages and photos of a PDF with pdf-lib: the page tree gives the pages; each page's content
// streams are scanned for the XObjects they draw (`/Name Do`), following form XObjects, and the
// image XObjects among them are measured from their dictionary (Width, Height) without decoding
// a single pixel, so a 500-photo PDF counts in well under a second.
//
// A few kilobytes can describe work without end: a page tree whose nodes name the same kids twice
// (2^n pages), or content streams that inflate to gigabytes. The tree is walked once per node and
// content is decoded up to a budget, so such files fail in milliseconds with a reason.
import {
  decodePDFRawStream,
  PDFArray,
  PDFBool,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFPageLeaf,
  PDFPageTree,
  PDFRawStream,
  PDFRef,
  PDFStream,
} from 'pdf-lib';
import { CountError, isOutOfMemory, isPhoto, MEMORY_MESSAGE } from './rules.js';

/** Form XObjects nest; deeper than this is a malicious or broken file, not a constat. */
const MAX_FORM_DEPTH = 8;
/**
 * One content stream, decoded: a page of dense text is tens of kilobytes, a vector drawing a few
 * megabytes. Pictures are XObjects, never read.
 */
export const MAX_CONTENT_STREAM_BYTES = 64 * 1024 * 1024;
/** Every content stream of a document, decoded once each. */
export const MAX_CONTENT_TOTAL_BYTES = 1024 * 1024 * 1024;
/** Decoding steps: the decoders grow their buffer as they go, each step is checked against the limits. */
const DECODE_STEP_BYTES = 1024 * 1024;

const DO_OPERATOR = /\/([^\s/[\]()<>{}%]+)\s+Do\b/g;

export interface PdfCount {
  pages: number;
  photos: number;
}

interface Page {
  leaf: PDFPageLeaf;
  resources: PDFDict | undefined;
}

export async function countPdf(bytes: Uint8Array): Promise<PdfCount> {
  let document: PDFDocument;
  try {
    // Loaded despite encryption, then refused by its flag: pdf-lib's own EncryptedPDFError is an ES5
    // Error subclass that instanceof cannot recognise.
    document = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  } catch (error) {
    throw unreadable(error);
  }
  if (document.isEncrypted) throw new CountError('PDF protégé par un mot de passe ou chiffré : impossible de le compter.');
  try {
    const pages = pageLeaves(document);
    if (pages.length === 0) throw new CountError('Le PDF ne contient aucune page.');
    // Distinct image objects: a photo drawn twice, or a letterhead picture repeated on every page,
    // counts once.
    const photos = new Set<PDFRef | PDFStream>();
    const scan: Scan = { document, photos, names: new Map(), decodedBytes: 0 };
    for (const { leaf, resources } of pages) {
      for (const content of contentStreams(document, leaf.Contents())) {
        collectImages(scan, content, resources, 0, new Set());
      }
    }
    return { pages: pages.length, photos: photos.size };
  } catch (error) {
    if (error instanceof CountError) throw error;
    // A broken page tree or content stream surfaces as any error from pdf-lib.
    throw unreadable(error);
  }
}

function unreadable(error: unknown): CountError {
  if (isOutOfMemory(error)) return new CountError(MEMORY_MESSAGE);
  return new CountError(`PDF illisible ou endommagé (${(error as Error).message.slice(0, 200)}).`);
}

/**
 * The page leaves in reading order, each with the resources it inherits, every node visited once:
 * a node named twice (a shared subtree, a cycle) makes the file hostile, not bigger.
 */
function pageLeaves(document: PDFDocument): Page[] {
  const root = document.catalog.Pages();
  const seen = new Set<PDFDict>([root]);
  const pages: Page[] = [];
  const pending: { node: PDFDict; inherited: PDFDict | undefined }[] = [{ node: root, inherited: undefined }];
  while (pending.length > 0) {
    const { node, inherited } = pending.pop()!;
    const own = document.context.lookup(node.get(PDFName.of('Resources')));
    const resources = own instanceof PDFDict ? own : inherited;
    if (node instanceof PDFPageLeaf) {
      pages.push({ leaf: node, resources });
      continue;
    }
    if (!(node instanceof PDFPageTree)) continue;
    const kids = document.context.lookup(node.get(PDFName.of('Kids')));
    if (!(kids instanceof PDFArray)) continue;
    // Pushed last to first: the stack pops them in reading order.
    for (let i = kids.size() - 1; i >= 0; i--) {
      const kid = document.context.lookup(kids.get(i));
      if (!(kid instanceof PDFDict)) continue;
      if (seen.has(kid)) throw new CountError('PDF anormal : son arbre des pages nomme plusieurs fois les mêmes pages.');
      seen.add(kid);
      pending.push({ node: kid, inherited: resources });
    }
  }
  return pages;
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

interface Scan {
  document: PDFDocument;
  photos: Set<PDFRef | PDFStream>;
  /** The XObject names each content stream draws, decoded once however many pages share it. */
  names: Map<PDFStream, string[]>;
  /** Content decoded so far in this document. */
  decodedBytes: number;
}

function drawnNames(scan: Scan, stream: PDFStream): string[] {
  let names = scan.names.get(stream);
  if (!names) {
    let text: string;
    try {
      text = streamText(scan, stream);
    } catch (error) {
      if (error instanceof CountError) throw error;
      if (isOutOfMemory(error)) throw new CountError(MEMORY_MESSAGE);
      throw new CountError(`Contenu de page PDF illisible (${(error as Error).message.slice(0, 200)}).`);
    }
    names = [...text.matchAll(DO_OPERATOR)].map((match) => decodeName(match[1]));
    scan.names.set(stream, names);
  }
  return names;
}

/** A content stream's text, decoded step by step so that a stream inflating without end stops at the limits. */
function streamText(scan: Scan, stream: PDFStream): string {
  let bytes: Uint8Array | Uint8ClampedArray;
  if (stream instanceof PDFRawStream) {
    const decoder = decodePDFRawStream(stream);
    let length = 0;
    for (;;) {
      const step = decoder.getBytes(DECODE_STEP_BYTES).length;
      length += step;
      if (length > MAX_CONTENT_STREAM_BYTES || scan.decodedBytes + length > MAX_CONTENT_TOTAL_BYTES)
        throw new CountError('PDF anormal : son contenu décompressé dépasse les limites du comptage.');
      if (step < DECODE_STEP_BYTES) break;
    }
    // Everything is decoded now: reading it again from the start returns the decoder's buffer.
    decoder.reset();
    bytes = decoder.getBytes(length);
  } else {
    bytes = stream.getContents();
  }
  scan.decodedBytes += bytes.byteLength;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

function collectImages(
  scan: Scan,
  content: PDFStream,
  resources: PDFDict | undefined,
  depth: number,
  seenForms: Set<PDFRef | PDFStream>,
): void {
  const { document, photos } = scan;
  const xobjects = resources && document.context.lookup(resources.get(PDFName.of('XObject')));
  if (!(xobjects instanceof PDFDict)) return;
  for (const name of drawnNames(scan, content)) {
    const entry = xobjects.get(PDFName.of(name));
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
      collectImages(scan, xobject, own instanceof PDFDict ? own : resources, depth + 1, seenForms);
    }
  }
}

function numberOf(document: PDFDocument, value: unknown): number {
  const resolved = document.context.lookup(value as PDFRef);
  return resolved instanceof PDFNumber ? resolved.asNumber() : 0;
}

/** PDF names escape bytes as #xx. */
const decodeName = (raw: string) => raw.replace(/#([0-9A-Fa-f]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
