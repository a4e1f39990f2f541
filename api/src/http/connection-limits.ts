// The HTTP server's defences against slow and numerous clients, below the request handler:
// - a request that is not an upload must arrive whole within a short time;
// - an upload may take long, but must keep bringing a minimum of bytes per window;
// - an answer sent before its body was read (a refusal) is followed by a lingering close, as
//   nginx does: the rest of the body is read and dropped, within bounds, so that a client still
//   sending reads the answer instead of a connection reset;
// - one client address holds a bounded number of connections that have shown no session.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIPv6, type Socket } from 'node:net';
import type { Config } from '../config.js';

export interface ConnectionLimits {
  /** A request that is not an upload: headers, then its body, each within this time. */
  requestTimeoutMs: number;
  /** The whole of an upload request (Node's own request timeout). */
  uploadTimeoutMs: number;
  /** An upload must bring at least `uploadMinBytes` in every `uploadWindowMs`. */
  uploadMinBytes: number;
  uploadWindowMs: number;
  /** Connections without a session one address may hold; 0: no cap. */
  maxConnectionsPerAddress: number;
  /** After an early answer, at most this much of the rest of the body is read before closing. */
  drainMaxBytes: number;
}

export function connectionLimits(config: Config): ConnectionLimits {
  return {
    requestTimeoutMs: config.requestTimeoutSeconds * 1000,
    uploadTimeoutMs: config.uploadTimeoutMinutes * 60_000,
    uploadMinBytes: config.uploadMinKb * 1024,
    uploadWindowMs: config.uploadRateWindowSeconds * 1000,
    // Behind a reverse proxy every connection comes from the proxy: the proxy limits its clients.
    maxConnectionsPerAddress: config.trustProxy ? 0 : config.maxConnectionsPerAddress,
    drainMaxBytes: config.drainRefusedBodyMb * 1024 * 1024,
  };
}

/** Lingering close: a client that sends nothing for this long, or drains for this long in all, is closed. */
const LINGER_IDLE_MS = 5_000;
const LINGER_MAX_MS = 30_000;
/** Often, so that a fast client is cut near the bound: at loopback speed 100 ms let 60 MB through. */
const DRAIN_CHECK_MS = 10;
/** Over its address's cap, a connection has this long to send a request that carries a session… */
const OVER_CAP_GRACE_MS = 5_000;
/** …and at most this many such connections wait at once; beyond, they are closed on arrival. */
const OVER_CAP_WAITING = 20;

export const connectionMessages = {
  tooSlow: 'Requête trop lente : la connexion a été fermée.',
  tooManyConnections: 'Trop de connexions simultanées depuis votre adresse. Réessayez dans quelques instants.',
};

/**
 * Multipart bodies (GraphQL and REST alike) and resumable uploads' chunks (tus,
 * application/offset+octet-stream) are the uploads; they alone may take long.
 */
export function isUpload(method: string | undefined, contentType: string | undefined): boolean {
  const type = (contentType ?? '').toLowerCase();
  return (
    method !== 'GET' && method !== 'HEAD' && (type.includes('multipart/form-data') || type.includes('application/offset+octet-stream'))
  );
}

export function hasBody(headers: IncomingMessage['headers']): boolean {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}

/**
 * The key connections are counted under: an IPv4 address as is (IPv4-mapped IPv6 included), an
 * IPv6 address by its /64 network, which one subscriber usually holds whole.
 */
export function addressKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const bare = ip.split('%')[0];
  const [head, tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** What an upload's window tells: the client is too slow only if nothing of its waits on us. */
export function uploadStalled(receivedInWindow: number, waitingOnUs: number, minBytes: number): boolean {
  return receivedInWindow < minBytes && waitingOnUs === 0;
}

interface SocketState {
  address: string;
  /** Takes the connection off its address's count (its server's). */
  release: () => void;
  /** Counted against its address (no session shown yet). */
  counted: boolean;
  /** Arrived over its address's cap: its first request must carry a session. */
  overCap: boolean;
  grace?: NodeJS.Timeout;
  /** The request being answered on this connection. */
  request?: IncomingMessage;
  draining: boolean;
}

/** Every limited server's connections (a socket belongs to one server). */
const states = new WeakMap<Socket, SocketState>();

function rawAnswer(status: number, statusText: string, message: string): string {
  const body = JSON.stringify({ code: status, message });
  return (
    `HTTP/1.1 ${status} ${statusText}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/**
 * The application's HTTP server with these limits. `isSignedIn` tells whether a request carries
 * a live session; it is asked only for connections over their address's cap.
 */
export function createHttpServer(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  limits: ConnectionLimits,
  isSignedIn: (req: IncomingMessage) => Promise<boolean>,
): Server {
  const counts = new Map<string, number>();

  const uncount = (state: SocketState) => {
    if (!state.counted) return;
    state.counted = false;
    const left = (counts.get(state.address) ?? 1) - 1;
    if (left > 0) counts.set(state.address, left);
    else counts.delete(state.address);
  };

  /** Cuts a request whose client is too slow: a French 408 when nothing was answered yet. */
  const cut = (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    if (!res.headersSent && socket.writable) socket.write(rawAnswer(408, 'Request Timeout', connectionMessages.tooSlow));
    socket.destroy();
  };

  /** Watches a request's body arriving: short for plain requests, by rate for uploads. */
  const watchBody = (req: IncomingMessage, res: ServerResponse) => {
    if (!hasBody(req.headers)) return;
    const socket = req.socket;
    let timer: NodeJS.Timeout;
    if (isUpload(req.method, req.headers['content-type'])) {
      let before = socket.bytesRead;
      timer = setInterval(() => {
        if (req.complete) return clearInterval(timer);
        const read = socket.bytesRead;
        // Bytes already in our buffers mean we are the slow side (storage, parsing), not the client.
        if (uploadStalled(read - before, req.readableLength, limits.uploadMinBytes)) cut(req, res);
        before = read;
      }, limits.uploadWindowMs);
    } else {
      timer = setTimeout(() => {
        if (!req.complete) cut(req, res);
      }, limits.requestTimeoutMs);
    }
    res.once('close', () => clearInterval(timer));
  };

  /**
   * Reads and drops the rest of a body answered early, then closes (`closing`: the answer said
   * `Connection: close`) or keeps the connection (a body read whole leaves it usable).
   */
  const drain = (socket: Socket, state: SocketState, req: IncomingMessage, closing: boolean) => {
    if (state.draining || socket.destroyed) return;
    state.draining = true;
    // Whoever was reading the body has given up on it: the rest is read and dropped.
    req.unpipe();
    req.removeAllListeners('data');
    req.resume();
    // Counted on the socket: once Node has dumped the request, its body bytes never reach `req`.
    const start = socket.bytesRead;
    const began = Date.now();
    let last = start;
    let lastAt = began;
    const stop = () => {
      clearInterval(timer);
      state.draining = false;
    };
    const close = () => {
      stop();
      socket.destroy();
    };
    const timer = setInterval(() => {
      const now = Date.now();
      if (socket.bytesRead > last) [last, lastAt] = [socket.bytesRead, now];
      if (last - start > limits.drainMaxBytes || now - began > LINGER_MAX_MS || now - lastAt > LINGER_IDLE_MS) close();
    }, DRAIN_CHECK_MS);
    socket.once('close', stop);
    const done = () => (closing ? close() : stop());
    if (req.complete) done();
    else req.once('end', done);
  };

  const guarded = (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const state = states.get(socket);
    if (!state) return listener(req, res);
    clearTimeout(state.grace);
    state.request = req;
    res.once('finish', () => {
      if (!req.complete) drain(socket, state, req, false);
    });
    const proceed = () => {
      watchBody(req, res);
      listener(req, res);
    };
    if (!state.overCap || !state.counted) return proceed();
    void isSignedIn(req)
      .catch(() => false)
      .then((signedIn) => {
        if (signedIn) {
          // A signed-in user's connection counts no more: an address's anonymous crowd cannot lock him out.
          uncount(state);
          state.overCap = false;
          return proceed();
        }
        const body = Buffer.from(JSON.stringify({ code: 429, message: connectionMessages.tooManyConnections }));
        res.writeHead(429, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': body.length,
          'retry-after': '10',
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          connection: 'close',
        });
        res.end(body);
      })
      .catch((error: unknown) => {
        console.error('[http] connection over its address cap', error);
        socket.destroy();
      });
  };

  const server = createServer(
    {
      // Headers must arrive within the short timeout; Node checks its timeouts on this interval.
      headersTimeout: Math.min(limits.requestTimeoutMs, limits.uploadTimeoutMs),
      requestTimeout: limits.uploadTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, limits.requestTimeoutMs / 4)),
    },
    guarded,
  );

  server.on('connection', (socket: Socket) => {
    const state: SocketState = {
      address: addressKey(socket.remoteAddress),
      release: () => uncount(state),
      counted: false,
      overCap: false,
      draining: false,
    };
    states.set(socket, state);
    if (limits.maxConnectionsPerAddress > 0) {
      const open = counts.get(state.address) ?? 0;
      if (open >= limits.maxConnectionsPerAddress + OVER_CAP_WAITING) {
        socket.destroy();
        return;
      }
      counts.set(state.address, open + 1);
      state.counted = true;
      state.overCap = open >= limits.maxConnectionsPerAddress;
      if (state.overCap) {
        state.grace = setTimeout(() => {
          if (socket.writable) socket.write(rawAnswer(429, 'Too Many Requests', connectionMessages.tooManyConnections));
          socket.destroy();
        }, OVER_CAP_GRACE_MS);
      }
      socket.once('close', () => {
        clearTimeout(state.grace);
        uncount(state);
      });
    }
    // Node closes a `Connection: close` answer with destroySoon (end, then destroy at once), which
    // resets a client still sending the body: that client reports a network error, not the
    // answer. Our side is ended the same, but the rest of the body is drained first.
    const destroySoon = socket.destroySoon.bind(socket);
    socket.destroySoon = () => {
      const req = state.request;
      if (!req || req.complete || socket.destroyed) return destroySoon();
      socket.end();
      drain(socket, state, req, true);
    };
  });
  // A graphql-ws socket authenticates itself after the upgrade (graphql-ws closes it otherwise).
  server.on('upgrade', (req: IncomingMessage) => clearTimeout(states.get(req.socket)?.grace));
  return server;
}

/**
 * A connection on which a session was shown (a request's viewer resolved, a graphql-ws
 * `connection_init` accepted) counts no more against its address: an office's signed-in users
 * behind one address never use up the share kept for connections without a session. Told by
 * whoever resolved the session, so it costs no lookup of its own.
 */
export function markSignedIn(socket: Socket | undefined): void {
  if (socket) states.get(socket)?.release();
}
