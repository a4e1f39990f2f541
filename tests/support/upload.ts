import type { GraphQLResponse } from './http.js';

const blobPart = (content: Buffer | string) => (typeof content === 'string' ? content : new Uint8Array(content));

export interface TestFile {
  /** Where the upload goes in the variables, e.g. 'input.files.0'. */
  path: string;
  name: string;
  content: Buffer | string;
  type?: string;
}

/** A GraphQL multipart request (the spec the web client follows), sent with Node's fetch. */
export async function gqlUpload<T = Record<string, any>>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown>,
  files: TestFile[],
  token?: string,
  headers: Record<string, string> = {},
): Promise<GraphQLResponse<T>> {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query, variables }));
  form.append('map', JSON.stringify(Object.fromEntries(files.map((file, index) => [String(index), [`variables.${file.path}`]]))));
  files.forEach((file, index) =>
    form.append(String(index), new Blob([blobPart(file.content)], { type: file.type ?? 'application/octet-stream' }), file.name),
  );
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    body: form,
    headers: { ...headers, ...(token && { authorization: `Bearer ${token}` }) },
  });
  return (await response.json()) as GraphQLResponse<T>;
}

/** A legacy multipart form (REST shims), text fields and files. */
export async function restForm(
  baseUrl: string,
  route: string,
  fields: Record<string, string>,
  files: { field: string; name: string; content: Buffer | string }[],
  token?: string,
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) form.append(file.field, new Blob([blobPart(file.content)]), file.name);
  const response = await fetch(`${baseUrl}${route}`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: await response.json() };
}

export const samplePdf = (label = 'Constat') =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${label}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

/**
 * Streams a multipart GraphQL upload of `size` bytes that starts like a PDF, generated on the fly
 * so the test itself never holds it in memory. `abortAfter` cuts the connection mid-transfer.
 */
export async function streamingUpload(
  baseUrl: string,
  token: string,
  options: { query: string; variables: Record<string, unknown>; path: string; size: number; abortAfter?: number },
): Promise<{ status: number; body: any } | { aborted: true }> {
  const boundary = `----constats${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${JSON.stringify({ query: options.query, variables: options.variables })}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n${JSON.stringify({ 0: [`variables.${options.path}`] })}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="gros-constat.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  const controller = new AbortController();
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start(stream) {
      stream.enqueue(head);
      stream.enqueue(Buffer.from('%PDF-1.7\n'));
      sent = 9;
    },
    pull(stream) {
      if (options.abortAfter !== undefined && sent >= options.abortAfter) {
        controller.abort();
        return;
      }
      if (sent >= options.size) {
        stream.enqueue(tail);
        stream.close();
        return;
      }
      const piece = chunk.subarray(0, Math.min(chunk.length, options.size - sent));
      sent += piece.length;
      stream.enqueue(piece);
    },
  });
  try {
    const response = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      body,
      signal: controller.signal,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);
    return { status: response.status, body: await response.json() };
  } catch (error) {
    if (controller.signal.aborted) return { aborted: true };
    throw error;
  }
}
