// A TCP proxy between the browser and the test server that can cut the network: every open
// connection is reset and new ones are reset as they arrive, for a while. Chromium's offline mode
// does not stop an upload already running; a dropped connection does, as a phone losing its signal.
import net from 'node:net';

export interface CutProxy {
  /** http://127.0.0.1:<port>, to open the app through. */
  url: string;
  /** Resets every connection now and every new one for `ms`; resolves when the network is back. */
  cut(ms: number): Promise<void>;
  /** Connections reset so far (open ones and the ones refused during cuts). */
  resets(): number;
  close(): Promise<void>;
}

export async function startCutProxy(target: string): Promise<CutProxy> {
  const { hostname, port } = new URL(target);
  const open = new Set<net.Socket>();
  let cutUntil = 0;
  let resets = 0;
  const reset = (socket: net.Socket) => {
    resets++;
    socket.resetAndDestroy();
  };
  const server = net.createServer((client) => {
    if (Date.now() < cutUntil) return reset(client);
    const upstream = net.connect(Number(port), hostname);
    open.add(client);
    const forget = () => {
      open.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', forget).on('close', forget);
    upstream.on('error', forget).on('close', forget);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut: async (ms) => {
      cutUntil = Date.now() + ms;
      for (const socket of open) reset(socket);
      open.clear();
      await new Promise((resolve) => setTimeout(resolve, ms));
    },
    resets: () => resets,
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
