import { randomBytes } from 'node:crypto';
import { createPool, inTransaction, schemaName, type Pool } from '@coin/db';
import { migrateServiceDatabase } from '../../../scripts/stack/provision';
import { devServiceDatabaseUrl, serviceDatabases } from '../../../scripts/stack/services';
import { testInfra, uniquePrefix } from '../../../test/harness/env';
import { issuePasswordReset, resetSecondFactor } from './admin/operator';
import {
  confirmSecret,
  consumeResetCode,
  lockSecondFactor,
  replaceRecoveryCodes,
  setPendingSecret,
  useRecoveryCode,
} from './db/second-factor-repo';
import { createRefreshToken, lockRefreshToken, newSessionOrigin } from './db/sessions-repo';
import { eraseUser, insertUser } from './db/users-repo';
import { groupedCodeHash, newRecoveryCodes } from './domain/second-factor';
import { SecretBox } from './domain/secret-box';
import { newAccount } from './domain/users';

/**
 * The second factor's and the sessions' rows against real PostgreSQL (the user schema only):
 * codes used once under concurrency, the absolute session lifetime on every refresh token, and
 * what an operator's reset or a deletion leaves behind.
 */
const passwordHash = 'scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U';

describe('second factor and sessions against PostgreSQL', () => {
  const prefix = uniquePrefix();
  let pool: Pool;
  let next = 0;

  beforeAll(async () => {
    const { databaseUrl } = testInfra();
    const schema = schemaName(prefix, serviceDatabases.user.schema);
    await migrateServiceDatabase({ databaseUrl, schema, service: 'user' });
    pool = createPool({
      url: devServiceDatabaseUrl(databaseUrl, 'user'),
      schema,
      applicationName: 'second-factor-int-test',
      connectionsMax: 4,
    });
  });
  afterAll(async () => {
    await pool?.end();
  });

  async function account(): Promise<number> {
    next += 1;
    const row = await insertUser(pool, newAccount({ email: `mfa${next}@int.test`, fullName: 'Int', passwordHash, role: 'ADMIN' }));
    return row!.id;
  }

  it('when a refresh token is issued near the end of its session, then it expires with the session, not after its own TTL', async () => {
    const id = await account();
    const startedAt = new Date(Date.now() - 3_600_000);
    const { token } = await createRefreshToken(
      pool,
      id,
      { ttlSeconds: 30 * 86_400, maxAgeSeconds: 3_600 + 60 },
      { ...newSessionOrigin(startedAt, null) },
    );
    const row = await inTransaction(pool, (client) => lockRefreshToken(client, token));
    expect(row).toMatchObject({ session_started_at: startedAt, mfa_at: null, expired: false });
    const expires = await pool.query<{ expires_at: Date }>('SELECT expires_at FROM refresh_tokens WHERE user_id = $1', [id]);
    expect(expires.rows[0]!.expires_at.getTime()).toBe(startedAt.getTime() + 3_660_000);
  });

  it('when two uses of one recovery code or one reset code race, then exactly one succeeds', async () => {
    const id = await account();
    const [code] = newRecoveryCodes();
    await inTransaction(pool, (client) => replaceRecoveryCodes(client, id, [groupedCodeHash(code!)]));
    const uses = await Promise.all([1, 2].map(() => inTransaction(pool, (client) => useRecoveryCode(client, id, groupedCodeHash(code!)))));
    expect(uses.sort()).toEqual([false, true]);

    const issued = await issuePasswordReset(pool, { userId: id, ttlSeconds: 600, topicPrefix: prefix, now: new Date() });
    const consumed = await Promise.all(
      [1, 2].map(() => inTransaction(pool, (client) => consumeResetCode(client, groupedCodeHash(issued!.code)))),
    );
    expect(consumed.sort()).toEqual([id, null].sort());
    // A second issue replaces the first; an expired code finds nothing.
    const first = await issuePasswordReset(pool, { userId: id, ttlSeconds: 600, topicPrefix: prefix, now: new Date() });
    await issuePasswordReset(pool, { userId: id, ttlSeconds: 600, topicPrefix: prefix, now: new Date() });
    expect(await inTransaction(pool, (client) => consumeResetCode(client, groupedCodeHash(first!.code)))).toBeNull();
    const stale = await issuePasswordReset(pool, { userId: id, ttlSeconds: 1, topicPrefix: prefix, now: new Date(Date.now() - 5_000) });
    expect(await inTransaction(pool, (client) => consumeResetCode(client, groupedCodeHash(stale!.code)))).toBeNull();
  });

  it("when an operator resets a user's second factor or the user is deleted, then no secret or recovery code is left", async () => {
    const box = new SecretBox(randomBytes(32).toString('base64url'));
    for (const end of ['reset', 'erase'] as const) {
      const id = await account();
      await inTransaction(pool, async (client) => {
        await setPendingSecret(client, id, box.seal('JBSWY3DPEHPK3PXP', id));
        await confirmSecret(client, id, 1, new Date());
        await replaceRecoveryCodes(client, id, newRecoveryCodes().map(groupedCodeHash));
      });
      if (end === 'reset')
        expect(await resetSecondFactor(pool, { userId: id, topicPrefix: prefix, now: new Date() })).toEqual({ tokenVersion: 1 });
      else {
        await inTransaction(pool, (client) => eraseUser(client, id));
      }
      const row = await pool.query('SELECT mfa_secret_sealed, mfa_pending_secret_sealed, mfa_enrolled_at FROM users WHERE id = $1', [id]);
      expect(row.rows[0]).toEqual({ mfa_secret_sealed: null, mfa_pending_secret_sealed: null, mfa_enrolled_at: null });
      expect((await pool.query('SELECT 1 FROM mfa_recovery_codes WHERE user_id = $1', [id])).rowCount).toBe(0);
      if (end === 'reset') {
        expect(await inTransaction(pool, (client) => lockSecondFactor(client, id))).toMatchObject({ secret_sealed: null, last_step: null });
      }
    }
  });
});
