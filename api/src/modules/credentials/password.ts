import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, t=3, p=4): ~90 ms a hash on the reference machine. */
export const PRODUCTION_HASH = { type: argon2.argon2id, memoryCost: 65_536, timeCost: 3, parallelism: 4 } as const;

/**
 * Under jest (NODE_ENV=test) only: the cheapest argon2id, so that the suite's thousands of
 * sign-ins and seeded accounts do not each pay 90 ms. A hash carries its parameters, so verifying
 * works whatever hashed it; a production server (NODE_ENV=production) never takes this branch.
 */
export const TEST_HASH = { type: argon2.argon2id, memoryCost: 1_024, timeCost: 1, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, process.env.NODE_ENV === 'test' ? TEST_HASH : PRODUCTION_HASH);
}

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}
