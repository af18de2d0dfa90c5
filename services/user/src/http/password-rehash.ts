import type { Pool } from '@coin/db';
import type { Logger } from '@coin/logger';
import { hashPassword, passwordHashNeedsRehash, type ScryptCost } from '@coin/security';
import { replacePasswordHash } from '../db/users-repo';

/**
 * After a successful login, a hash made at a lower cost than the configured one (an account
 * from before the cost was raised to OWASP's, or from a test stack) is replaced by a hash of the
 * same password at the configured cost: the password is in hand only now. The login waits for it
 * (about 0.3 s, once per account); if it fails, the login still succeeds with the old hash kept.
 */
export async function rehashIfWeaker(
  deps: { pool: Pool; passwordHashCost: ScryptCost; log: Pick<Logger, 'warn'> },
  user: { id: number; password_hash: string },
  password: string,
): Promise<boolean> {
  if (!passwordHashNeedsRehash(user.password_hash, deps.passwordHashCost)) return false;
  try {
    return await replacePasswordHash(deps.pool, user.id, user.password_hash, await hashPassword(password, deps.passwordHashCost));
  } catch (err) {
    deps.log.warn({ err, userId: user.id }, 'password rehash failed; the old hash stays');
    return false;
  }
}
