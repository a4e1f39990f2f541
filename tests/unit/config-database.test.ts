// The database's time limits (DB_STATEMENT_TIMEOUT_SECONDS, DB_TRANSACTION_TIMEOUT_SECONDS,
// DB_POOL_TIMEOUT_SECONDS), read in api/src/config.ts like every setting; which one a statement
// gets (infra/db-pool.ts).
import { transactionBoundary } from '../../api/src/infra/db-pool.js';
import { ConfigError, loadConfig } from '../../api/src/config.js';

it('waits 4 s for a statement, 30 s for one inside a transaction and 10 s for a free connection by default', () => {
  expect(loadConfig({})).toMatchObject({ dbStatementTimeoutSeconds: 4, dbTransactionTimeoutSeconds: 30, dbPoolTimeoutSeconds: 10 });
});

it('reads them from the environment', () => {
  expect(
    loadConfig({ DB_STATEMENT_TIMEOUT_SECONDS: '30', DB_TRANSACTION_TIMEOUT_SECONDS: '90', DB_POOL_TIMEOUT_SECONDS: '60' }),
  ).toMatchObject({ dbStatementTimeoutSeconds: 30, dbTransactionTimeoutSeconds: 90, dbPoolTimeoutSeconds: 60 });
});

it.each(['0', '-1', '2.5', 'quatre', '3601'])('refuses %s seconds (no limit is not an option)', (value) => {
  expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_SECONDS: value })).toThrow(ConfigError);
  expect(() => loadConfig({ DB_TRANSACTION_TIMEOUT_SECONDS: value })).toThrow(ConfigError);
  expect(() => loadConfig({ DB_POOL_TIMEOUT_SECONDS: value })).toThrow(ConfigError);
});

describe('a statement inside a transaction gets the longer limit (it may wait on row locks)', () => {
  it.each([
    ['BEGIN', 'begin'],
    ['  begin isolation level serializable', 'begin'],
    ['START TRANSACTION', 'begin'],
    ['COMMIT', 'end'],
    ['ROLLBACK', 'end'],
    ['SELECT id FROM "Report" WHERE id = ANY($1) ORDER BY id FOR UPDATE', null],
    ['ROLLBACK TO SAVEPOINT s1', null],
    ['SAVEPOINT s1', null],
    [undefined, null],
  ])('%s opens or ends one: %s', (text, expected) => {
    expect(transactionBoundary(text)).toBe(expected);
  });
});
