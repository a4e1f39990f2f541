// The file extensions each kind of upload accepts (product.md §5; §16 for photos and
// dictations): the web's pickers offer these, and the server's content check
// (api/src/infra/file-types.ts) accepts nothing else.

export const DOCUMENT_EXTENSIONS = ['doc', 'docx', 'odt', 'pdf', 'txt'] as const;
export const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'heic', 'heif'] as const;
export const DICTATION_EXTENSIONS = ['mp3', 'm4a', 'aac', 'wav', 'ogg', 'opus'] as const;

/** Returned items and matrices: documents (the typed PV). Deposited items: documents, photos and dictations. */
export const ACCEPTED_EXTENSIONS = {
  document: DOCUMENT_EXTENSIONS,
  deposit: [...DOCUMENT_EXTENSIONS, ...PHOTO_EXTENSIONS, ...DICTATION_EXTENSIONS],
} as const;

/** ['pdf', 'txt'] → '.pdf, .txt', as messages list them. */
const listed = (extensions: readonly string[]) => extensions.map((extension) => `.${extension}`).join(', ');

/** The accepted formats as the refusal of another one names them. */
export const ACCEPTED_LABELS = {
  document: listed(DOCUMENT_EXTENSIONS),
  deposit: `documents (${listed(DOCUMENT_EXTENSIONS)}), photos (${listed(PHOTO_EXTENSIONS)}), dictées (${listed(DICTATION_EXTENSIONS)})`,
} as const;

/** A file input's `accept` entries: ['pdf'] → ['.pdf']. */
export const pickerExtensions = (extensions: readonly string[]) => extensions.map((extension) => `.${extension}`);

export type FileKind = 'document' | 'photo' | 'dictation';

const KINDS: ReadonlyMap<string, FileKind> = new Map([
  ...DOCUMENT_EXTENSIONS.map((extension) => [extension, 'document'] as const),
  ...PHOTO_EXTENSIONS.map((extension) => [extension, 'photo'] as const),
  ...DICTATION_EXTENSIONS.map((extension) => [extension, 'dictation'] as const),
]);

/** What a stored file is, by its name's extension (its content was checked on upload); null for another. */
export function fileKindOf(name: string): FileKind | null {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? null : (KINDS.get(name.slice(dot + 1).toLowerCase()) ?? null);
}
