// Legacy multipart forms (e.g. POST /api/v1/report/create with deposited_items[]). Their text
// fields may come after the files, so each file is spooled to a temporary file while the request
// streams in (never held in memory); the shim then hands them to the GraphQL mutation as uploads.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { Upload, type FileUpload } from 'graphql-upload-minimal';

export interface MultipartForm {
  fields: Record<string, string>;
  /** Files by field name, with any trailing "[]" removed, as GraphQL `Upload` variable values. */
  files: Record<string, Upload[]>;
  /** Removes the spooled files; call when the request is answered. */
  cleanup(): Promise<void>;
}

export class MultipartError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export async function readMultipart(req: IncomingMessage, options: { tmpDir: string; maxFileBytes: number; maxFiles: number }): Promise<MultipartForm> {
  await mkdir(options.tmpDir, { recursive: true });
  const spooled: string[] = [];
  const cleanup = async () => {
    await Promise.all(spooled.map((file) => rm(file, { force: true })));
  };
  const fields: Record<string, string> = {};
  const files: Record<string, Upload[]> = {};
  const writes: Promise<void>[] = [];

  try {
    await new Promise<void>((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        // One byte over the limit so that storage sees the overflow and refuses with a clear message.
        // Browsers send UTF-8 file names; busboy would otherwise read them as Latin-1.
        parser = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: { fileSize: options.maxFileBytes + 1, files: options.maxFiles } });
      } catch {
        reject(new MultipartError('Formulaire multipart invalide.'));
        return;
      }
      parser.on('field', (name, value) => {
        fields[name.replace(/\[\]$/, '')] = value;
      });
      parser.on('file', (name, stream, info) => {
        const spoolPath = path.join(options.tmpDir, `upload-${randomUUID()}`);
        spooled.push(spoolPath);
        writes.push(pipeline(stream, createWriteStream(spoolPath)));
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
      parser.on('filesLimit', () => reject(new MultipartError(`Trop de fichiers (${options.maxFiles} au maximum).`, 413)));
      parser.on('error', () => reject(new MultipartError('Formulaire multipart invalide.')));
      parser.on('close', () => resolve());
      req.on('aborted', () => reject(new MultipartError('Envoi interrompu.')));
      req.pipe(parser);
    });
    await Promise.all(writes);
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { fields, files, cleanup };
}
