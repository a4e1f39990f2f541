// Clients on a bare TCP socket: one that trickles its request, one that (like a browser) sends its
// whole body before reading the answer, and idle connections from a chosen loopback address.
import net from 'node:net';

export interface RawAnswer {
  /** The status of the answer read, if any. */
  status?: number;
  headers: Record<string, string>;
  /** The answer's body, parsed as JSON when it is. */
  body: any;
  /** How the connection ended: the server closed it cleanly, reset it, or a write failed. */
  ending: 'end' | 'error';
  error?: string;
  /** Milliseconds from the first byte sent to the end of the connection. */
  elapsedMs: number;
  /** Body bytes the socket accepted before the connection ended. */
  sent: number;
}

/** Opens a connection to the server of `baseUrl`, from `localAddress` when given (127.0.0.x). */
export function connect(baseUrl: string, localAddress?: string): Promise<net.Socket> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port), localAddress }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** The request line and headers of an HTTP/1.1 request. */
export function head(method: string, route: string, headers: Record<string, string | number>): Buffer {
  const lines = [`${method} ${route} HTTP/1.1`, 'Host: localhost', ...Object.entries(headers).map(([key, value]) => `${key}: ${value}`)];
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
}

function parseAnswer(raw: Buffer): Pick<RawAnswer, 'status' | 'headers' | 'body'> {
  const text = raw.toString('utf8');
  const split = text.indexOf('\r\n\r\n');
  if (!text.startsWith('HTTP/1.1 ') || split < 0) return { headers: {}, body: text || null };
  const [statusLine, ...lines] = text.slice(0, split).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  const payload = raw.subarray(Buffer.byteLength(text.slice(0, split + 4)));
  const rest = (/chunked/i.test(headers['transfer-encoding'] ?? '') ? dechunk(payload) : payload).toString('utf8');
  let body: unknown = rest;
  try {
    body = rest ? JSON.parse(rest) : null;
  } catch {
    // not JSON (or chunked): keep the text
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/** The payload of a chunked body (sizes in hex, each chunk followed by CRLF, a zero-size chunk last). */
function dechunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const eol = raw.indexOf('\r\n', offset);
    const size = parseInt(raw.subarray(offset, eol).toString('latin1'), 16);
    if (eol < 0 || !size) return Buffer.concat(parts);
    parts.push(raw.subarray(eol + 2, eol + 2 + size));
    offset = eol + 4 + size;
  }
}

/** Collects everything the server sends until the connection ends; reading may start paused. */
function collect(socket: net.Socket, started: number, sent: () => number): Promise<RawAnswer> {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => {
    let error: string | undefined;
    socket.on('error', (err: NodeJS.ErrnoException) => (error ??= err.code ?? err.message));
    socket.on('close', () =>
      resolve({
        ...parseAnswer(Buffer.concat(chunks)),
        ending: error ? 'error' : 'end',
        error,
        elapsedMs: Date.now() - started,
        sent: sent(),
      }),
    );
  });
}

/**
 * Sends `head` at once, then `body` `step` bytes every `everyMs`, until the server ends the
 * connection or `giveUpMs` passes (then the client closes, and `ending` says 'error': 'GAVE_UP').
 */
export async function trickle(
  socket: net.Socket,
  requestHead: Buffer,
  body: Buffer,
  { step, everyMs, giveUpMs }: { step: number; everyMs: number; giveUpMs: number },
): Promise<RawAnswer> {
  const started = Date.now();
  let sent = 0;
  const answer = collect(socket, started, () => sent);
  socket.write(requestHead);
  const timer = setInterval(() => {
    if (socket.destroyed || !socket.writable) return clearInterval(timer);
    const chunk = body.subarray(sent, sent + step);
    if (chunk.length === 0) return clearInterval(timer);
    sent += chunk.length;
    socket.write(chunk);
  }, everyMs);
  const giveUp = setTimeout(() => socket.destroy(new Error('GAVE_UP')), giveUpMs);
  const result = await answer;
  clearInterval(timer);
  clearTimeout(giveUp);
  return result;
}

/**
 * As a browser uploads: the whole body is written (waiting for each write to be taken) before the
 * answer is read. A server that resets the connection while the body is still coming makes the
 * write fail: the client sees a network error, not the answer sitting in its receive buffer.
 */
export async function sendWholeThenRead(socket: net.Socket, requestHead: Buffer, body: Buffer | Iterable<Buffer>): Promise<RawAnswer> {
  const started = Date.now();
  let sent = 0;
  socket.pause();
  const answer = collect(socket, started, () => sent);
  const write = (chunk: Buffer) =>
    new Promise<boolean>((resolve) => {
      if (socket.destroyed || !socket.writable) return resolve(false);
      socket.write(chunk, (error) => resolve(!error));
    });
  let ok = await write(requestHead);
  for (const chunk of Buffer.isBuffer(body) ? chunks(body) : body) {
    if (!ok) break;
    ok = await write(chunk);
    if (ok) sent += chunk.length;
  }
  socket.resume();
  return answer;
}

/** A buffer in pieces of 64 KB, as a socket takes them. */
export function* chunks(buffer: Buffer, size = 64 * 1024): Generator<Buffer> {
  for (let offset = 0; offset < buffer.length; offset += size) yield buffer.subarray(offset, offset + size);
}

/** `total` bytes of `head` then zeros, generated as they are sent (never held whole). */
export function* padded(prefix: Buffer, total: number, size = 64 * 1024): Generator<Buffer> {
  yield prefix;
  const zeros = Buffer.alloc(size);
  for (let left = total - prefix.length; left > 0; left -= size) yield left >= size ? zeros : zeros.subarray(0, left);
}
