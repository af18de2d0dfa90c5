/**
 * Many users at once, for the benchmark and the bank test. Registering 10,000 users through
 * the API would spend minutes in scrypt (the gateway hashes every password), so this inserts
 * them through the user service's own repository code and outbox instead, in chunks: the rows
 * are what a registration writes, and the user.registered events go through the outbox and
 * Kafka as always, so the ledger opens each wallet itself. Access tokens are signed with the
 * stack's signing key by the user service's own token code. Funding is NOT done here: it must
 * go through real MINT commands so the ledger's invariants hold.
 */
import { topicNames } from '@coin/contracts';
import { createPool, inTransaction, type Pool, schemaName } from '@coin/db';
import { hashPassword } from '@coin/security';
import { insertUserEvents, loadSigningKeys, signAccessToken, userEventOf, type UserRow } from '@coin/user/testing';
import type { JwtKey } from './keys';

export interface SeededUser {
  userId: number;
  email: string;
  accessToken: string;
}

export interface SeedOptions {
  /** The user and ledger services' database URLs (their own roles). */
  userDatabaseUrl: string;
  ledgerDatabaseUrl: string;
  /** Every ledger shard's URL when the ledger is sharded (docs/design/ledger.md "Shards"): the opened wallets are counted over all. */
  ledgerShardDatabaseUrls?: readonly string[];
  prefix: string;
  count: number;
  jwtKey: JwtKey;
  /** Long enough for the whole run; the API's own tokens live 15 minutes. */
  tokenTtlSeconds?: number;
  issuer?: string;
  audience?: string;
  /** Distinguishes the emails of several seedings in one schema. */
  tag?: string;
  /** How long the ledger may take to open every wallet. */
  walletsTimeoutMs?: number;
  log?: (message: string) => void;
}

const usersPerChunk = 1000;
export const seedPassword = 'bench-password-1';

export async function seedUsers(options: SeedOptions): Promise<SeededUser[]> {
  const log = options.log ?? (() => undefined);
  const tag = options.tag ?? `s${Date.now().toString(36)}`;
  const userPool = createPool({
    url: options.userDatabaseUrl,
    schema: schemaName(options.prefix, 'users'),
    applicationName: 'seed',
    connectionsMax: 2,
  });
  const ledgerPools = (options.ledgerShardDatabaseUrls ?? [options.ledgerDatabaseUrl]).map((url) =>
    createPool({ url, schema: schemaName(options.prefix, 'ledger'), applicationName: 'seed', connectionsMax: 1 }),
  );
  const topics = topicNames(options.prefix);
  try {
    // One hash for everyone: the password is the same, and scrypt is what we are avoiding.
    const passwordHash = await hashPassword(seedPassword);
    const rows = await insertUsers(userPool, topics, passwordHash, tag, options.count, log);

    const ids = rows.map((r) => r.id);
    await walletsOpened(ledgerPools, ids, options.walletsTimeoutMs ?? 180_000, log);

    return await signTokens(rows, options);
  } finally {
    await Promise.all([userPool.end(), ...ledgerPools.map((pool) => pool.end())]);
  }
}

/** Inserts `count` users in chunks, each chunk with its user.registered events in the same transaction. */
async function insertUsers(
  userPool: Pool,
  topics: ReturnType<typeof topicNames>,
  passwordHash: string,
  tag: string,
  count: number,
  log: (line: string) => void,
): Promise<UserRow[]> {
  const rows: UserRow[] = [];
  for (let start = 0; start < count; start += usersPerChunk) {
    const size = Math.min(usersPerChunk, count - start);
    const emails = Array.from({ length: size }, (_, i) => `${tag}.${start + i}@bench.example`);
    const chunk = await inTransaction(userPool, async (client) => {
      const inserted = await client.query<UserRow>(
        `INSERT INTO users (email, email_normalized, full_name, password_hash)
         SELECT e, e, 'Bench User', $2 FROM unnest($1::text[]) AS e
         RETURNING id, email, full_name, role, is_verified, token_version, created_at`,
        [emails, passwordHash],
      );
      const now = new Date();
      await insertUserEvents(
        client,
        topics,
        inserted.rows.map((row) => userEventOf('user.registered', row, now)),
      );
      return inserted.rows;
    });
    rows.push(...chunk);
    log(`seed: ${rows.length}/${count} users inserted`);
  }
  return rows;
}

/** Waits until the ledger has opened a wallet for each of `ids` (it does so from the user.registered events). */
async function walletsOpened(ledgerPools: Pool[], ids: number[], timeoutMs: number, log: (line: string) => void): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let opened = 0;
    for (const ledgerPool of ledgerPools) {
      const result = await ledgerPool.query<{ n: number }>('SELECT count(*)::int AS n FROM wallets WHERE user_id = ANY($1::bigint[])', [
        ids,
      ]);
      opened += result.rows[0]?.n ?? 0;
    }
    log(`seed: ${opened}/${ids.length} wallets opened by the ledger`);
    if (opened === ids.length) break;
    if (Date.now() > deadline) throw new Error(`only ${opened} of ${ids.length} wallets were opened in time`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** An access token for each seeded user, signed with the stack's JWT key. */
async function signTokens(rows: UserRow[], options: SeedOptions): Promise<SeededUser[]> {
  const keys = await loadSigningKeys(options.jwtKey.privateKeyPem, options.jwtKey.kid, '[]');
  const settings = {
    issuer: options.issuer ?? 'coin-ledger',
    audience: options.audience ?? 'coin-ledger-api',
    ttlSeconds: options.tokenTtlSeconds ?? 3600,
  };
  const nowMs = Date.now();
  const users: SeededUser[] = [];
  for (const row of rows) {
    const accessToken = await signAccessToken(
      keys,
      settings,
      { subject: String(row.id), role: row.role, tokenVersion: row.token_version },
      nowMs,
    );
    users.push({ userId: row.id, email: row.email, accessToken });
  }
  return users;
}
