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
