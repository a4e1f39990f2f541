// Legacy multipart forms (e.g. POST /api/v1/report/create with deposited_items[]). Their text
// fields may come after the files, so each file is spooled to a temporary file while the request
// streams in (never held in memory); the shim then hands them to the GraphQL mutation as uploads.
// A form that fails (malformed, truncated, aborted, over a limit) leaves no spooled file behind
// and no promise unsettled: every failure of the request ends here, as a BodyError.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { Upload, type FileUpload } from 'graphql-upload-minimal';
import { bareFieldName, BodyError, bodyTooLarge, formFieldValues } from './request.js';
import { SPOOL_PREFIX } from '../infra/orphan-sweep.js';
import { diskFullError } from '../errors.js';

export interface MultipartForm {
  /** Text fields by bare name ("ids[]" → "ids"), the last value of a repeated one. */
  fields: Record<string, string>;
  /** Text fields with their lists: repeated and `name[]` fields as arrays (formFieldValues). */
  values: Record<string, string | string[]>;
  /** Files by field name, with any trailing "[]" removed, as GraphQL `Upload` variable values. */
  files: Record<string, Upload[]>;
  /** Removes the spooled files; call when the request is answered. */
  cleanup(): Promise<void>;
}

export interface MultipartLimits {
  maxFileBytes: number;
  maxFiles: number;
  /** The whole request body, files and fields together. */
  maxTotalBytes: number;
}

const invalidForm = () => new BodyError('Formulaire multipart invalide.');
export const tooManyFiles = (maxFiles: number) => new BodyError(`Trop de fichiers (${maxFiles} au maximum).`, 413);

export async function readMultipart(req: IncomingMessage, options: MultipartLimits & { tmpDir: string }): Promise<MultipartForm> {
  // A declared length over the limit is refused before a byte is read.
  if (Number(req.headers['content-length'] ?? 0) > options.maxTotalBytes) throw bodyTooLarge();
  await mkdir(options.tmpDir, { recursive: true });
  const spooled: string[] = [];
  const cleanup = async () => {
    await Promise.all(spooled.map((file) => rm(file, { force: true })));
  };
  const fields: Record<string, string> = {};
  const entries: [string, string][] = [];
  const files: Record<string, Upload[]> = {};
  // Each spool write settles into this list (never rejects): a write cut short by a failed form
  // must not become an unhandled rejection once the form's own promise has already failed.
  const writes: Promise<Error | null>[] = [];

  try {
    await new Promise<void>((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        // One byte over the limit so that storage sees the overflow and refuses with a clear message.
        // Browsers send UTF-8 file names; busboy would otherwise read them as Latin-1.
        parser = busboy({
          headers: req.headers,
          defParamCharset: 'utf8',
          limits: { fileSize: options.maxFileBytes + 1, files: options.maxFiles },
        });
      } catch {
        reject(invalidForm());
        return;
      }
      let failed = false;
      const fail = (error: BodyError) => {
        if (failed) return;
        failed = true;
        req.unpipe(parser);
        req.off('data', count);
        // Destroying the parser fails the file being written, whose spool is removed below.
        parser.destroy();
        reject(error);
      };
      let received = 0;
      const count = (chunk: Buffer) => {
        received += chunk.length;
        if (received > options.maxTotalBytes) fail(bodyTooLarge());
      };
      parser.on('field', (name, value) => {
        fields[bareFieldName(name)] = value;
        entries.push([name, value]);
      });
      parser.on('file', (name, stream, info) => {
        if (failed) {
          stream.resume();
          return;
        }
        const spoolPath = path.join(options.tmpDir, `${SPOOL_PREFIX}${randomUUID()}`);
        spooled.push(spoolPath);
        const spool = createWriteStream(spoolPath);
        // A write cut short can fail before its file is even open; removed then, the file would be
        // created after its removal. Each write settles once its file is closed.
        const closed = new Promise<void>((resolve) => spool.once('close', () => resolve()));
        writes.push(
          pipeline(stream, spool)
            .then(
              () => null,
              (error: Error) => {
                // A part that cannot be kept (a full disk) fails the form: the parser would wait for
                // the spool to take the rest of it.
                fail(invalidForm());
                return error;
              },
            )
            .then(async (outcome) => {
              await closed;
              return outcome;
            }),
        );
        const upload: FileUpload = {
          fieldName: name,
          filename: info.filename ?? 'fichier',
          mimetype: info.mimeType,
          encoding: info.encoding,
          createReadStream: () => createReadStream(spoolPath),
        };
        const value = new Upload() as Upload & { resolve(file: FileUpload): void };
        value.resolve(upload);
        (files[name.replace(/\[\]$/, '')] ??= []).push(value);
      });
      parser.on('filesLimit', () => fail(tooManyFiles(options.maxFiles)));
      parser.on('error', () => fail(invalidForm()));
      parser.on('close', () => resolve());
      // A client gone mid-body: 'close' before the body was complete ('aborted' is deprecated).
      req.on('error', () => fail(new BodyError('Envoi interrompu.')));
      req.on('close', () => {
        if (!req.complete) fail(new BodyError('Envoi interrompu.'));
      });
      req.on('data', count);
      req.pipe(parser);
    });
    const failedWrite = (await Promise.all(writes)).find((error) => error);
    if (failedWrite) throw invalidForm();
  } catch (error) {
    const diskFull = (await Promise.all(writes)).find((failure) => failure && diskFullError(failure));
    await cleanup();
    // A full disk is no fault of the form, whatever its parser made of the cut spool: the write's
    // own error goes on, answered 507 at the edge (app.ts).
    throw diskFull ?? error;
  }
  return { fields, values: formFieldValues(entries), files, cleanup };
}
