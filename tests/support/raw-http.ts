// Requests that fetch cannot send: a body cut short, a body whose length lies, a connection
// dropped mid-upload, an answer awaited before the body is sent.
import http from 'node:http';

export type RawOutcome = { status: number; body: any; headers: http.IncomingHttpHeaders } | { closed: true };

export interface RawRequest {
  method?: string;
  headers?: Record<string, string | number>;
  /** Written at once, then the request is ended (unless `holdOpen` or `abortAfterWrite`). */
  body?: Buffer;
  /** Sends `body` and keeps the request open: the answer must come before the rest of the body. */
  holdOpen?: boolean;
  /** Sends `body`, then drops the connection as a client that went away. */
  abortAfterWrite?: boolean;
}

export function sendRaw(baseUrl: string, route: string, options: RawRequest = {}): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const request = http.request(`${baseUrl}${route}`, { method: options.method ?? 'POST', headers: options.headers, agent: false });
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', () => resolve({ closed: true }));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          // not JSON: keep the text
        }
        resolve({ status: response.statusCode ?? 0, body, headers: response.headers });
        request.destroy();
      });
    });
    // A server that answers before the whole body is sent, then closes, fails the rest of the
    // write: the answer already received counts.
    request.on('error', () => setTimeout(() => !answered && resolve({ closed: true }), 100));
    request.on('close', () => setTimeout(() => !answered && resolve({ closed: true }), 100));
    if (options.body) request.write(options.body);
    if (options.abortAfterWrite) setTimeout(() => request.destroy(), 200);
    else if (!options.holdOpen) request.end();
  });
}

export interface Part {
  name: string;
  filename?: string;
  content: Buffer | string;
}

/** A multipart/form-data body; `truncated` leaves off the closing boundary (a form cut short). */
export function multipart(parts: Part[], options: { truncated?: boolean } = {}): { body: Buffer; contentType: string } {
  const boundary = `----constats-raw-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`),
      Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  if (!options.truncated) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
