import { PassThrough, type Readable } from 'node:stream';
import type { FileUpload } from 'graphql-upload-minimal';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { acceptedTypesLabel, detectFileType, isImageType, SNIFF_BYTES, type FileCategory } from './file-types.js';
import { imageHeaderRefusal, IMAGE_HEAD_BYTES, photoHeaderRefusal } from './image-limits.js';
import { FileTooLargeError, newStorageKey, type Storage } from './storage.js';

/** What the `Upload` scalar hands to resolvers: the file arrives while the request streams in. */
export type UploadInput = Promise<FileUpload>;

export interface StoredFile {
  storageKey: string;
  originalName: string;
  size: number;
  mimeType: string;
}

export interface SaveOptions {
  /** Storage folder, e.g. 'reports' or 'avatars'. */
  folder: string;
  category: FileCategory;
  maxBytes: number;
  /** The sender, whose storage quota and hourly upload budget the file is charged to. */
  owner?: number;
  /** Pictures (category 'image'): most pixels their header may announce. */
  maxImagePixels?: number;
  /** Deposited photos (category 'deposit'): most pixels their header may announce. */
  maxPhotoPixels?: number;
}

/** The options every upload of a request shares: its sender, and the picture size limits. */
export const sentBy = (ctx: {
  viewer: { id: number } | null;
  config: Pick<Config, 'maxImagePixels' | 'maxPhotoPixels'>;
}): Pick<SaveOptions, 'owner' | 'maxImagePixels' | 'maxPhotoPixels'> => ({
  owner: ctx.viewer?.id,
  maxImagePixels: ctx.config.maxImagePixels,
  maxPhotoPixels: ctx.config.maxPhotoPixels,
});

/** Categories that may hold a picture, whose size is read from a longer head. */
const PICTURES: ReadonlySet<FileCategory> = new Set(['image', 'deposit']);

/** The French refusal of a picture too large by its header, before anything decodes it; null otherwise. */
function pictureRefusal(options: SaveOptions, mimeType: string, head: Buffer, whole: boolean, name: string): string | null {
  if (!isImageType(mimeType)) return null;
  if (options.category === 'image') return imageHeaderRefusal(head, whole, options.maxImagePixels, name);
  if (options.category === 'deposit') return photoHeaderRefusal(head, whole, options.maxPhotoPixels, name);
  return null;
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

export const UPLOAD_CUT_MESSAGE = 'Envoi interrompu ou incomplet : aucun fichier n’a été enregistré.';

/**
 * A body that ended before its file did (client gone, cut or malformed multipart) is the request's
 * fault: a 400 for the caller, not an internal error in the operators' log. graphql-upload-minimal
 * reports it as an HttpError with a 4xx status; busboy only by this message.
 */
function asCutUpload(error: unknown): unknown {
  const status = (error as { status?: unknown } | null)?.status;
  const cut =
    (typeof status === 'number' && status >= 400 && status < 500) || (error instanceof Error && error.message === 'Unexpected end of form');
  return cut ? new AppError('BAD_USER_INPUT', UPLOAD_CUT_MESSAGE, { reason: 'UPLOAD_INCOMPLETE' }) : error;
}

/** Original names are shown back to users and put in headers: keep them printable and short. */
export function cleanFileName(name: string): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f/\\]/g, '')
    .trim()
    .slice(-200);
  return cleaned || 'fichier';
}

/**
 * Streams one upload to storage after checking its type from its first bytes. Nothing is kept when
 * the type is refused, the size limit is passed or the client goes away mid-transfer.
 */
export async function saveUpload(storage: Storage, upload: UploadInput, options: SaveOptions): Promise<StoredFile> {
  try {
    return await streamUpload(storage, upload, options);
  } catch (error) {
    throw asCutUpload(error);
  }
}

async function streamUpload(storage: Storage, upload: UploadInput, options: SaveOptions): Promise<StoredFile> {
  const file = await upload;
  const originalName = cleanFileName(file.filename);
  const stream = file.createReadStream();
  // A picture's size is read from its header, which a JPEG may put after large metadata segments.
  const { head, rest, ended } = await readHead(stream, PICTURES.has(options.category) ? IMAGE_HEAD_BYTES : SNIFF_BYTES);
  // The multipart parser stops feeding a file past its size limit ("limit" event) without ending
  // it: fail the write then, or it would wait for data that never comes.
  stream.once('limit', () => rest.destroy(new FileTooLargeError(options.maxBytes)));
  if (head.length === 0) {
    rest.destroy();
    throw new AppError('BAD_USER_INPUT', `Le fichier « ${originalName} » est vide.`, { reason: 'FILE_EMPTY' });
  }
  const type = await detectFileType(options.category, originalName, head);
  if (!type) {
    rest.destroy();
    throw new AppError(
      'BAD_USER_INPUT',
      `Type de fichier non autorisé : « ${originalName} ». Formats acceptés : ${acceptedTypesLabel(options.category)}.`,
      {
        reason: 'FILE_TYPE',
      },
    );
  }
  const tooLarge = pictureRefusal(options, type.mimeType, head, ended, originalName);
  if (tooLarge) {
    rest.destroy();
    stream.resume();
    throw new AppError('BAD_USER_INPUT', tooLarge, { reason: 'IMAGE_DIMENSIONS' });
  }
  const storageKey = newStorageKey(options.folder, `file.${type.extension}`);
  try {
    const { size } = await storage.put(storageKey, rest, { maxBytes: options.maxBytes, owner: options.owner });
    return { storageKey, originalName, size, mimeType: type.mimeType };
  } catch (error) {
    // Refused mid-way (quota, upload rate): the rest of the file is read and dropped, so the
    // client's transfer ends and it receives the answer.
    stream.unpipe();
    stream.resume();
    if (error instanceof FileTooLargeError) {
      throw new AppError(
        'BAD_USER_INPUT',
        `Le fichier « ${originalName} » dépasse la taille maximale autorisée (${megabytes(options.maxBytes)} Mo).`,
        {
          reason: 'FILE_TOO_LARGE',
        },
      );
    }
    throw error;
  }
}

/**
 * Saves several uploads, all or nothing: if one is refused, the ones already stored are removed.
 * Files are read in order because a multipart request delivers them one after the other.
 */
export async function saveUploads(storage: Storage, uploads: UploadInput[], options: SaveOptions): Promise<StoredFile[]> {
  const stored: StoredFile[] = [];
  try {
    for (const upload of uploads) stored.push(await saveUpload(storage, upload, options));
    return stored;
  } catch (error) {
    await discardFiles(storage, stored);
    drainUploads(uploads.slice(stored.length + 1));
    throw error;
  }
}

/**
 * Reads and drops uploads a request will not use (refused before storing), so the client's
 * transfer completes and it receives the answer instead of a broken connection. A drained file may
 * fail to open (its spooled copy removed by the form's cleanup as the answer left): nothing to tell,
 * but heard, as an 'error' event nobody listens to stops the process.
 */
export function drainUploads(uploads: UploadInput[]): void {
  for (const upload of uploads) {
    void upload.then(
      (file) => {
        try {
          file
            .createReadStream()
            .on('error', () => {})
            .resume();
        } catch {
          // already consumed or failed: nothing to drain
        }
      },
      () => {},
    );
  }
}

/** Removes stored files when the database change they belonged to did not happen. */
export async function discardFiles(storage: Storage, files: Pick<StoredFile, 'storageKey'>[]): Promise<void> {
  await Promise.all(files.map((file) => storage.remove(file.storageKey).catch(() => {})));
}

/** Reads up to `bytes` from the stream and returns them with a stream that still yields everything. */
async function readHead(stream: Readable, bytes: number): Promise<{ head: Buffer; rest: Readable; ended: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= bytes) finish();
    };
    const onEnd = () => {
      ended = true;
      finish();
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    function finish() {
      cleanup();
      stream.pause();
      resolve();
    }
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
  });
  const buffered = Buffer.concat(chunks);
  const rest = new PassThrough();
  rest.write(buffered);
  if (ended) rest.end();
  else {
    stream.on('error', (error) => rest.destroy(error));
    stream.pipe(rest);
  }
  return { head: buffered.subarray(0, bytes), rest, ended };
}
