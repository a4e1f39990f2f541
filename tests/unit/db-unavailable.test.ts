// What counts as "the database is unavailable" (a 503 to retry) rather than a fault of the request
// or of our code (api/src/infra/db-unavailable.ts), over the errors node-postgres and Prisma really
// raise: a fake server on loopback dies, freezes or refuses the way PostgreSQL does.
import net from 'node:net';
import pg from 'pg';
import { AppError, forbidden } from '../../api/src/errors.js';
import { openDb } from '../../api/src/infra/db.js';
import { boundedPoolConfig } from '../../api/src/infra/db-pool.js';
import { databaseUnavailable, isDatabaseUnavailable } from '../../api/src/infra/db-unavailable.js';
import { startFakePostgres, type FakeBehaviour, type FakePostgres } from '../support/fake-postgres.js';

// One second for a statement's answer and a new connection's handshake; a free connection of the
// pool is waited for far longer (legitimate work queues there), so a frozen server's handshake is
// seen to end on the statement's bound.
const timeouts = { statementSeconds: 1, transactionStatementSeconds: 1, poolSeconds: 30 };

const servers: FakePostgres[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));
async function fake(behaviour: FakeBehaviour): Promise<string> {
  const server = await startFakePostgres(behaviour);
  servers.push(server);
  return server.url;
}

/** The error a Prisma model query raises against this server, through the app's own pool. */
async function prismaError(url: string): Promise<unknown> {
  const db = openDb(url, { timeouts });
  try {
    await db.user.findFirst();
  } catch (error) {
    return error;
  } finally {
    await db.$disconnect().catch(() => {});
  }
  throw new Error('the query succeeded');
}

/** The error a raw statement raises (Prisma words raw failures apart). */
async function rawError(url: string): Promise<unknown> {
  const db = openDb(url, { timeouts });
  try {
    await db.$queryRaw`SELECT 1`;
  } catch (error) {
    return error;
  } finally {
    await db.$disconnect().catch(() => {});
  }
  throw new Error('the query succeeded');
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the database is unavailable', () => {
  it('when its server is not listening (connection refused)', async () => {
    const error = await prismaError(`postgres://fake:fake@127.0.0.1:${await closedPort()}/fake`);
    expect(error).toMatchObject({ code: 'P1001' });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection because of crash of another server process'],
    ['57P03', 'the database system is in recovery mode'],
    ['08006', 'connection failure'],
    ['57014', 'canceling statement due to statement timeout'],
    ['53300', 'sorry, too many clients already'],
  ])('when PostgreSQL answers %s (%s), to a model query and to a raw one', async (code, text) => {
    const url = await fake({ kind: 'fail', code, message: text, severity: code.startsWith('57P') ? 'FATAL' : 'ERROR' });
    expect(isDatabaseUnavailable(await prismaError(url))).toBe(true);
    expect(isDatabaseUnavailable(await rawError(url))).toBe(true);
  });

  it('when the server refuses the connection while it starts up (57P03)', async () => {
    const url = await fake({ kind: 'refuseStartup', code: '57P03', message: 'the database system is starting up' });
    expect(isDatabaseUnavailable(await prismaError(url))).toBe(true);
  });

  it('when its backend dies in the middle of a statement', async () => {
    const error = await prismaError(await fake({ kind: 'hangUp' }));
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('when a frozen backend never answers a statement (our client-side limit)', async () => {
    const error = await prismaError(await fake({ kind: 'silent' }));
    expect((error as Error).message).toContain('Query read timeout');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('when a frozen server never answers a new connection (bounded like a statement)', async () => {
    const error = await prismaError(await fake({ kind: 'mute' }));
    expect((error as Error).message).toContain('timeout expired');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('when no connection of the pool frees up in time', async () => {
    const pool = new pg.Pool(
      boundedPoolConfig(await fake({ kind: 'silent' }), 1, { statementSeconds: 30, transactionStatementSeconds: 30, poolSeconds: 1 }),
    );
    const held = await pool.connect();
    try {
      const error = await pool.query('SELECT 1').catch((failure: unknown) => failure);
      expect((error as Error).message).toBe('timeout exceeded when trying to connect');
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      held.release(true);
      await pool.end();
    }
  });

  it('when the decision was already made (a REST shim rethrowing the masked GraphQL error)', () => {
    expect(isDatabaseUnavailable(databaseUnavailable())).toBe(true);
  });
});

describe('the database is available, the request or the code failed', () => {
  it.each([
    ['23505', 'duplicate key value violates unique constraint "User_email_key"'],
    ['42601', 'syntax error at or near "SELEC"'],
    ['40001', 'could not serialize access due to concurrent update'],
    ['53100', 'could not extend file: No space left on device'],
  ])('PostgreSQL answering %s (%s)', async (code, text) => {
    const url = await fake({ kind: 'fail', code, message: text });
    expect(isDatabaseUnavailable(await prismaError(url))).toBe(false);
    expect(isDatabaseUnavailable(await rawError(url))).toBe(false);
  });

  it.each([
    ['a plain error', new Error('boom')],
    ['an error of ours', forbidden()],
    ['another 503 of ours (a mail relay down)', new AppError('SERVICE_UNAVAILABLE', 'Le message n’a pas pu partir.')],
    ['a file missing', Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' })],
    ['not an error at all', 'Connection terminated'],
    ['nothing', undefined],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('an error wrapping itself does not loop', () => {
    const error = new Error('boom') as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

it('is answered 503 in French with a Retry-After', () => {
  const error = databaseUnavailable();
  expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Service momentanément indisponible. Réessayez dans un instant.' });
  expect(error.extensions).toMatchObject({ reason: 'DATABASE_UNAVAILABLE', http: { status: 503, headers: { 'retry-after': '5' } } });
});
