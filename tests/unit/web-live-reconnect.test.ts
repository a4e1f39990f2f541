// The web app's live socket (web/src/relay/environment.ts) against a server speaking graphql-ws'
// protocol: when the server asks it to reconnect (a « service restart », which the API sends once
// its event bus is back after a Redis outage), the socket comes back and the screens kept live
// are told to read again what they show; its first connection tells them nothing.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { WebSocket, WebSocketServer } from 'ws';
import { requestSubscription } from 'react-relay';
import type { Environment, GraphQLTaggedNode } from 'relay-runtime';
import { waitFor } from '../support/wait.js';

// Loaded by path, as screen-preload.test.ts does: these modules are the web project's to
// type-check, not this NodeNext one's.
const web = path.resolve(import.meta.dirname, '../../web/src');
const { createRelayEnvironment, disposeRelayEnvironment, onLiveReconnect } = (await import(path.join(web, 'relay/environment.ts'))) as {
  createRelayEnvironment: () => Environment;
  disposeRelayEnvironment: (environment: Environment) => void;
  onLiveReconnect: (environment: Environment, listener: () => void) => () => void;
};
const { default: subscription } = (await import(path.join(web, '__generated__/LiveUpdatesNotificationSubscription.graphql.ts'))) as {
  default: GraphQLTaggedNode;
};

let server: WebSocketServer;
/** Each socket the app opened, with the ids of the subscriptions it sent. */
const sockets: { socket: WebSocket; subscribed: string[] }[] = [];

beforeAll(async () => {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/graphql' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  server.on('connection', (socket) => {
    const seen = { socket, subscribed: [] as string[] };
    sockets.push(seen);
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { type: string; id?: string };
      if (message.type === 'connection_init') socket.send(JSON.stringify({ type: 'connection_ack' }));
      if (message.type === 'subscribe') seen.subscribed.push(message.id!);
    });
  });
  // What the environment reads of the browser: the page's address and the stored token.
  const { port } = server.address() as AddressInfo;
  Object.assign(globalThis, {
    window: { location: { href: `http://127.0.0.1:${port}/dashboard` } },
    localStorage: { getItem: () => 'jeton' },
    WebSocket,
  });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  for (const key of ['window', 'localStorage', 'WebSocket']) Reflect.deleteProperty(globalThis, key);
});

describe('the live socket of the web app', () => {
  it('reconnects after a service restart, and only then tells the live screens to read again', async () => {
    const environment = createRelayEnvironment();
    let rereads = 0;
    onLiveReconnect(environment, () => (rereads += 1));
    const { dispose } = requestSubscription(environment, { subscription, variables: {}, onError: () => {} });
    try {
      await waitFor(() => sockets[0]?.subscribed.length === 1, { what: 'the first subscription' });
      expect(rereads).toBe(0);

      sockets[0].socket.close(1012, 'Service Restart');
      // The same subscription is sent again on the new socket, after which the screens re-read.
      await waitFor(() => sockets[1]?.subscribed.length === 1, { what: 'the subscription sent again', timeout: 20_000 });
      expect(rereads).toBe(1);
    } finally {
      dispose();
      disposeRelayEnvironment(environment);
    }
  });
});
