import { createClient, type Client, type ClientOptions } from 'graphql-ws';
import WebSocket from 'ws';

/** A graphql-ws client of the test server at `baseUrl`, signed in with `token` when given. */
export function wsClient(baseUrl: string, token?: string, options: Partial<ClientOptions> = {}): Client {
  return createClient({
    url: baseUrl.replace('http', 'ws') + '/graphql',
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    ...options,
  });
}

export interface LiveSocket {
  client: Client;
  /** Events received by the socket's subscription. */
  events: unknown[];
  /** The close code, once the server closed the socket. */
  closed: Promise<number>;
}

/** A signed-in socket with one running subscription, resolved once graphql-ws acknowledged it. */
export async function openLiveSocket(
  baseUrl: string,
  token: string,
  query = 'subscription { notificationAdded { kind body } }',
): Promise<LiveSocket> {
  const client = wsClient(baseUrl, token, { lazy: false, onNonLazyError: () => {} });
  const connected = new Promise<void>((resolve) => client.on('connected', () => resolve()));
  const closed = new Promise<number>((resolve) => client.on('closed', (event) => resolve((event as { code: number }).code)));
  const events: unknown[] = [];
  client.subscribe({ query }, { next: (value) => events.push(value), error: () => {}, complete: () => {} });
  await connected;
  // Let the server register the subscription after the connection ack.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return { client, events, closed };
}

/** Whether `closed` settles within `ms` milliseconds, with its close code. */
export async function closedWithin(socket: LiveSocket, ms: number): Promise<number | 'open'> {
  return Promise.race([socket.closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms))]);
}

/** Closes every client; graphql-ws's `dispose` answers synchronously or with a promise. */
export async function disposeAll(clients: Client[]): Promise<void> {
  await Promise.all(clients.map(async (client) => client.dispose()));
}
