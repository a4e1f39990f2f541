// The database's time limits (DB_STATEMENT_TIMEOUT_SECONDS, DB_POOL_TIMEOUT_SECONDS), read in
// api/src/config.ts like every setting.
import { ConfigError, loadConfig } from '../../api/src/config.js';

it('waits 4 s for a statement and 10 s for a free connection by default', () => {
  expect(loadConfig({})).toMatchObject({ dbStatementTimeoutSeconds: 4, dbPoolTimeoutSeconds: 10 });
});

it('reads both from the environment', () => {
  expect(loadConfig({ DB_STATEMENT_TIMEOUT_SECONDS: '30', DB_POOL_TIMEOUT_SECONDS: '60' })).toMatchObject({
    dbStatementTimeoutSeconds: 30,
    dbPoolTimeoutSeconds: 60,
  });
});

it.each(['0', '-1', '2.5', 'quatre', '3601'])('refuses %s seconds (no limit is not an option)', (value) => {
  expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_SECONDS: value })).toThrow(ConfigError);
  expect(() => loadConfig({ DB_POOL_TIMEOUT_SECONDS: value })).toThrow(ConfigError);
});
