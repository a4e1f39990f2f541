// Passwords are argon2id at the library's production parameters; jest's runs (NODE_ENV=test) hash
// at the cheapest ones, and a hash verifies whichever hashed it.
import { hashPassword, verifyPassword } from '../../api/src/modules/credentials/password.js';

async function hashUnder(nodeEnv: string | undefined, plain: string): Promise<string> {
  const saved = process.env.NODE_ENV;
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  try {
    return await hashPassword(plain);
  } finally {
    process.env.NODE_ENV = saved;
  }
}

describe('hashPassword', () => {
  it.each([['production'], ['development'], [undefined]])('NODE_ENV=%s: argon2id, 64 MiB, 3 passes, 4 lanes', async (nodeEnv) => {
    const hash = await hashUnder(nodeEnv, 'Constat#2026');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
    expect(await verifyPassword(hash, 'Constat#2026')).toBe(true);
    expect(await verifyPassword(hash, 'constat#2026')).toBe(false);
  });

  it('under jest only, the cheapest parameters, verified the same way', async () => {
    const hash = await hashUnder('test', 'Constat#2026');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(hash, 'Constat#2026')).toBe(true);
    expect(await verifyPassword(hash, 'Constat#2027')).toBe(false);
  });

  it('a malformed stored hash is a wrong password, not an error', async () => {
    expect(await verifyPassword('pas-un-hash', 'Constat#2026')).toBe(false);
  });
});
