import { currentApiVersion, minorUnitsToCoins, type PlatformClient } from '@coin/contracts';
import type { Pool, PoolClient } from '@coin/db';
import type { NewCallbackSecret, NewPlatformClient, PeopleBehind, PlatformClientGrants } from '../domain/rules';

type Queryable = Pool | PoolClient;

/** A platform client as an operator may see it: never its secret's hash. */
export interface PlatformClientRow {
  id: string;
  name: string;
  created_at: Date;
  revoked_at: Date | null;
  treasuries: string[];
  /** Minor units (bigint, read as a string by pg); null: the ledger default. */
  daily_reward_cap: string | null;
  cashout: boolean;
}

const clientColumns = 'id, name, created_at, revoked_at, treasuries, daily_reward_cap, cashout';

/** Sorted, so a grant reads the same however it was asked for. */
function grantParams(input: PlatformClientGrants): [string[], number | null, boolean] {
  return [[...input.treasuries].sort(), input.dailyRewardCap, input.cashout];
}

export async function insertPlatformClient(db: Queryable, input: NewPlatformClient): Promise<void> {
  await db.query(
    'INSERT INTO platform_clients (id, name, secret_hash, treasuries, daily_reward_cap, cashout, created_by, approved_by, api_version) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
    [input.id, input.name, input.secretHash, ...grantParams(input), input.createdBy ?? null, input.approvedBy ?? null, currentApiVersion],
  );
}

/** The API's view of a client row (libs/contracts `platformClient`); the cap in coins. */
export function platformClientOf(row: PlatformClientRow): PlatformClient {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
    treasuries: row.treasuries as PlatformClient['treasuries'],
    dailyRewardCap: row.daily_reward_cap === null ? null : minorUnitsToCoins(Number(row.daily_reward_cap)),
    cashout: row.cashout,
  };
}

/** Inserts a client made by the gateway (the user command); null when the id is taken. */
export async function insertNewPlatformClient(db: Queryable, input: NewPlatformClient): Promise<PlatformClient | null> {
  const result = await db.query<PlatformClientRow>(
    `INSERT INTO platform_clients (id, name, secret_hash, treasuries, daily_reward_cap, cashout, created_by, approved_by, api_version, owner_client_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (id) DO NOTHING RETURNING ${clientColumns}`,
    [
      input.id,
      input.name,
      input.secretHash,
      ...grantParams(input),
      input.createdBy ?? null,
      input.approvedBy ?? null,
      currentApiVersion,
      input.ownerClientId ?? null,
    ],
  );
  const row = result.rows[0];
  return row ? platformClientOf(row) : null;
}

export async function findActivePlatformClient(
  db: Queryable,
  id: string,
): Promise<{ id: string; secret_hash: string; grants: PlatformClientGrants & PeopleBehind; apiVersion: string } | null> {
  const result = await db.query<{
    id: string;
    secret_hash: string;
    treasuries: string[];
    daily_reward_cap: string | null;
    cashout: boolean;
    created_by: string | null;
    approved_by: string | null;
    api_version: string;
  }>(
    'SELECT id, secret_hash, treasuries, daily_reward_cap, cashout, created_by, approved_by, api_version FROM platform_clients WHERE id = $1 AND revoked_at IS NULL',
    [id],
  );
  const row = result.rows[0];
  if (!row) return null;
  const cap = row.daily_reward_cap === null ? null : Number(row.daily_reward_cap);
  const person = (text: string | null) => (text === null ? null : Number(text));
  return {
    id: row.id,
    secret_hash: row.secret_hash,
    grants: {
      treasuries: row.treasuries,
      dailyRewardCap: cap,
      cashout: row.cashout,
      createdBy: person(row.created_by),
      approvedBy: person(row.approved_by),
    },
    apiVersion: row.api_version,
  };
}

/**
 * Issues a payout provider's callback secret when the client is live and granted `cashout` (one
 * statement, so a client revoked meanwhile gets none); null otherwise. The same grant request
 * issues once: a redelivered approval finds its row.
 */
export async function insertCallbackSecret(db: Queryable, input: NewCallbackSecret): Promise<{ issuedAt: Date } | null> {
  const result = await db.query<{ issued_at: Date }>(
    `WITH inserted AS (
       INSERT INTO platform_client_callback_secrets (grant_request_id, client_id, sealed_secret, secret_hash, requested_by, approved_by, issued_at)
       SELECT $1, id, $3, $4, $5, $6, $7 FROM platform_clients WHERE id = $2 AND revoked_at IS NULL AND cashout
       ON CONFLICT (grant_request_id) DO NOTHING RETURNING issued_at
     )
     SELECT issued_at FROM inserted
     UNION ALL
     SELECT issued_at FROM platform_client_callback_secrets WHERE grant_request_id = $1 AND NOT EXISTS (SELECT 1 FROM inserted)`,
    [input.grantRequestId, input.clientId, input.sealedSecret, input.secretHash, input.requestedBy, input.approvedBy, input.issuedAt],
  );
  const row = result.rows[0];
  return row ? { issuedAt: row.issued_at } : null;
}

/**
 * A live payout provider's two newest callback secrets, newest first, sealed as the gateway sent
 * them; none for an unknown, revoked or ungranted client.
 */
export async function listCallbackSecrets(db: Queryable, clientId: string): Promise<Array<{ sealed: string; issuedAt: string }>> {
  const result = await db.query<{ sealed_secret: string; issued_at: Date }>(
    `SELECT s.sealed_secret, s.issued_at FROM platform_client_callback_secrets s
     JOIN platform_clients c ON c.id = s.client_id AND c.revoked_at IS NULL AND c.cashout
     WHERE s.client_id = $1 ORDER BY s.issued_at DESC, s.grant_request_id DESC LIMIT 2`,
    [clientId],
  );
  return result.rows.map((row) => ({ sealed: row.sealed_secret, issuedAt: row.issued_at.toISOString() }));
}

/** Oldest first; revoked clients included (the listing is an audit too). */
export async function listPlatformClients(db: Queryable): Promise<PlatformClientRow[]> {
  const result = await db.query<PlatformClientRow>(`SELECT ${clientColumns} FROM platform_clients ORDER BY created_at, id`);
  return result.rows;
}

/**
 * Marks the client revoked, keeping the first revocation time when it already was; null for an
 * unknown id. `revoked` tells whether this call revoked it.
 */
export async function revokePlatformClient(
  db: Queryable,
  id: string,
  now: Date,
  ownerClientId: string | null = null,
): Promise<{ row: PlatformClientRow; revoked: boolean } | null> {
  // An owner's revocation finds only its own test clients: another id reads as none.
  const owned = '($3::text IS NULL OR owner_client_id = $3)';
  const result = await db.query<PlatformClientRow & { revoked: boolean }>(
    `WITH updated AS (
       UPDATE platform_clients SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL AND ${owned}
       RETURNING ${clientColumns}
     )
     SELECT ${clientColumns}, true AS revoked FROM updated
     UNION ALL
     SELECT ${clientColumns}, false AS revoked FROM platform_clients WHERE id = $1 AND ${owned} AND NOT EXISTS (SELECT 1 FROM updated)`,
    [id, now, ownerClientId],
  );
  const found = result.rows[0];
  if (!found) return null;
  const { revoked, ...row } = found;
  return { row, revoked };
}

/**
 * Whether users may link the client (docs/CONTRACT.md "Platform links"): live and not a test client
 * a live client made itself, whose test users are the sandbox's alone, so no live account becomes one.
 */
export async function isLinkablePlatformClient(db: Queryable, id: string): Promise<boolean> {
  const result = await db.query('SELECT 1 FROM platform_clients WHERE id = $1 AND revoked_at IS NULL AND owner_client_id IS NULL', [id]);
  return result.rows.length > 0;
}
