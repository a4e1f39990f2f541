// A TCP server speaking just enough of PostgreSQL's wire protocol to fail the way a real server
// does when it dies, freezes or refuses: node-postgres and Prisma then raise their real errors,
// without a database to kill. Each connection's behaviour is chosen when the server starts.
import net from 'node:net';

export type FakeBehaviour =
  /** Accepts the TCP connection, never answers the start-up message (a frozen postmaster). */
  | { kind: 'mute' }
  /** Refuses the start-up with this SQLSTATE (57P03: the database system is starting up). */
  | { kind: 'refuseStartup'; code: string; message: string }
  /** Completes the start-up, then answers every statement with this SQLSTATE. */
  | { kind: 'fail'; code: string; message: string; severity?: string }
  /** Completes the start-up, then never answers a statement (a frozen backend). */
  | { kind: 'silent' }
  /** Completes the start-up, then closes the connection at the first statement (a killed backend). */
  | { kind: 'hangUp' };

export interface FakePostgres {
  url: string;
  close(): Promise<void>;
}

const message = (type: string, body: Buffer) => {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
};
const authenticationOk = () => message('R', Buffer.from([0, 0, 0, 0]));
const readyForQuery = () => message('Z', Buffer.from('I'));
const errorResponse = (code: string, text: string, severity = 'ERROR') =>
  message('E', Buffer.from(`S${severity}\0V${severity}\0C${code}\0M${text}\0\0`, 'utf8'));

export async function startFakePostgres(behaviour: FakeBehaviour): Promise<FakePostgres> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let started = false;
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      // The start-up message has no type byte: its length, then the protocol version.
      if (!started) {
        if (buffered.length < 4 || buffered.length < buffered.readInt32BE(0)) return;
        buffered = buffered.subarray(buffered.readInt32BE(0));
        started = true;
        if (behaviour.kind === 'mute') return;
        if (behaviour.kind === 'refuseStartup') {
          socket.end(errorResponse(behaviour.code, behaviour.message, 'FATAL'));
          return;
        }
        socket.write(Buffer.concat([authenticationOk(), readyForQuery()]));
      }
      // Then typed messages; a statement ends with Sync (extended protocol) or is one Query.
      while (buffered.length >= 5 && buffered.length >= 1 + buffered.readInt32BE(1)) {
        const type = String.fromCharCode(buffered[0]);
        buffered = buffered.subarray(1 + buffered.readInt32BE(1));
        if (type === 'X') socket.end();
        if (type !== 'S' && type !== 'Q') continue;
        if (behaviour.kind === 'hangUp') socket.destroy();
        if (behaviour.kind === 'fail')
          socket.write(Buffer.concat([errorResponse(behaviour.code, behaviour.message, behaviour.severity), readyForQuery()]));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `postgres://fake:fake@127.0.0.1:${port}/fake`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
