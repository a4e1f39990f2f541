// The bounds of live connections (graphql-ws sockets), applied before anything of a message is
// parsed: an anonymous socket could otherwise have the server buffer a 90 MB connection_init, and a
// signed-in one open thousands of subscriptions that each read every event again.
import type { IncomingMessage } from 'node:http';
import { GraphQLError } from 'graphql';
import type { WebSocket, WebSocketServer } from 'ws';
import { AppError } from '../errors.js';
import { bearerToken } from '../http/request.js';
import { MAX_GRAPHQL_BODY_BYTES } from './body-limit.js';
import { toGraphQLError } from './errors.js';

/**
 * Bytes a socket may send before its connection_init is acknowledged: a connection_init with a
 * bearer token takes well under 1 KB, so this leaves room for any client's parameters.
 */
export const MAX_UNACKNOWLEDGED_BYTES = 256 * 1024;

/**
 * ws' own bound on one message, checked from each frame's header before its payload is buffered:
 * the /graphql body limit, as a subscription is the same operation and variables as a POST.
 */
export const MAX_LIVE_MESSAGE_BYTES = MAX_GRAPHQL_BODY_BYTES;

/** The WebSocket close code for a message over a bound (RFC 6455 « Message Too Big »). */
export const MESSAGE_TOO_BIG_CLOSE = 1009;
/** graphql-ws' code for a refused connection: the web app clears its session and goes to /login. */
export const FORBIDDEN_CLOSE = 4403;
/** graphql-ws' « too many » code: a session (or API token) already holding its share of sockets. */
export const TOO_MANY_SOCKETS_CLOSE = 4429;

export const liveMessages = {
  tooBig: 'Message trop volumineux.',
  tooManySockets: 'Trop de connexions en direct pour cette session ou ce jeton d’API.',
  apiTokenEnded: 'Jeton d’API révoqué ou expiré : connexion en direct fermée.',
  tooManySubscriptions: 'Trop d’abonnements en direct ouverts : fermez-en avant d’en ouvrir un autre.',
} as const;

export const tooManySubscriptions = () =>
  new AppError('TOO_MANY_REQUESTS', liveMessages.tooManySubscriptions, { reason: 'TOO_MANY_SUBSCRIPTIONS' });

/**
 * Counts what each socket receives until `acknowledged(socket)` is called, and closes a socket
 * that sends more than `maxBytes` before. ws applies a single `maxPayload` for the socket's whole
 * life, so the tighter bound of an unknown caller is counted on the TCP socket, chunk by chunk, as
 * it arrives: at most one chunk (64 KB) past the bound is ever held.
 */
export function boundUnacknowledged(sockets: WebSocketServer, maxBytes = MAX_UNACKNOWLEDGED_BYTES) {
  const counting = new WeakMap<WebSocket, () => void>();
  sockets.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    const tcp = request.socket;
    let received = 0;
    const stop = () => tcp.off('data', count);
    function count(chunk: Buffer) {
      received += chunk.length;
      if (received <= maxBytes) return;
      stop();
      socket.close(MESSAGE_TOO_BIG_CLOSE, liveMessages.tooBig);
      // As ws does for a frame over maxPayload: what follows is read and dropped, never parsed,
      // so the client's closing handshake still ends the connection at once.
      tcp.removeAllListeners('data');
      tcp.resume();
    }
    tcp.on('data', count);
    counting.set(socket, stop);
    socket.once('close', stop);
  });
  return {
    /** The socket's connection_init was accepted: only maxPayload bounds it from now on. */
    acknowledged: (socket: WebSocket) => counting.get(socket)?.(),
  };
}

/**
 * The session token of a connection_init's payload. Any shape reaches here (an array, a number, an
 * object as `authorization`): anything but a string is no token, never an error.
 */
export function connectionToken(params: unknown): string | null {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return null;
  const authorization: unknown = (params as Record<string, unknown>).authorization;
  if (typeof authorization !== 'string' || authorization.length === 0) return null;
  return bearerToken(authorization) ?? authorization;
}

/**
 * Refuses a socket's subscription past `max` open at once. graphql-ws registers a subscription's id
 * before calling onSubscribe, synchronously, so counting them there bounds subscriptions sent all
 * at once too.
 */
export function subscriptionRefusal(open: Record<string, unknown>, max: number): readonly GraphQLError[] | null {
  return Object.keys(open).length > max ? [toGraphQLError(tooManySubscriptions())] : null;
}
