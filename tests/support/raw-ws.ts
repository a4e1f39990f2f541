// WebSocket frames that a well-behaved client never sends: a message announced as 90 MB and sent
// piece by piece (no client-side copy of it), to see what the server buffers.
import http from 'node:http';
import type { Duplex } from 'node:stream';

/** A socket upgraded to graphql-ws' protocol, and the close code the server sent, if any. */
export interface RawWebSocket {
  socket: Duplex;
  /** The close code of the server's close frame (0 when the connection ended without one). */
  closed: Promise<number>;
}

export function openRawWebSocket(baseUrl: string): Promise<RawWebSocket> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}/graphql`, {
      agent: false,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': Buffer.from('constats-raw-ws!').toString('base64'),
        'sec-websocket-protocol': 'graphql-transport-ws',
      },
    });
    request.on('upgrade', (_response, socket) => {
      let received = Buffer.alloc(0);
      const closed = new Promise<number>((done) => {
        socket.on('data', (chunk: Buffer) => {
          received = Buffer.concat([received, chunk]);
          // A close frame: opcode 8, its status code in the first two bytes of the payload.
          if ((received[0] & 0x0f) === 8 && received.length >= 4) done(received.readUInt16BE(2));
        });
        socket.on('close', () => done(0));
        socket.on('error', () => done(0));
      });
      resolve({ socket, closed });
    });
    request.on('response', (response) => reject(new Error(`no upgrade: ${response.statusCode}`)));
    request.on('error', reject);
    request.end();
  });
}

/**
 * Sends a text frame announcing `length` bytes, then that many zero bytes a chunk at a time, waiting
 * for each write; stops early when the server closes. Masked with a zero key, so the one chunk is
 * sent as it is. Resolves with the bytes written.
 */
export async function sendAnnouncedFrame(raw: RawWebSocket, length: number, chunk = Buffer.alloc(1024 * 1024)): Promise<number> {
  const header = Buffer.alloc(14);
  header[0] = 0x81; // FIN + text
  header[1] = 0x80 | 127; // masked, 64-bit length
  header.writeBigUInt64BE(BigInt(length), 2);
  // bytes 10-13: the mask key, zero
  let written = 0;
  let open = true;
  void raw.closed.then(() => (open = false));
  const write = (data: Buffer) =>
    new Promise<boolean>((resolve) => {
      if (!open || raw.socket.destroyed) return resolve(false);
      raw.socket.write(data, (error) => resolve(!error));
    });
  if (!(await write(header))) return written;
  while (written < length && open) {
    const piece = length - written >= chunk.length ? chunk : chunk.subarray(0, length - written);
    if (!(await write(piece))) break;
    written += piece.length;
  }
  return written;
}
