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

/**
 * A live client making its own test client: its grants and how many unrevoked test clients it made
 * itself, its row locked until the transaction ends, so that the count holds until the insert and
 * a revocation of the owner waits for it (or is seen: null, no client active of the id).
 */
export async function lockOwnerClient(db: Queryable, id: string): Promise<{ grants: PlatformClientGrants; testClients: number } | null> {
  const result = await db.query<{ treasuries: string[]; daily_reward_cap: string | null; cashout: boolean; test_clients: number }>(
    `SELECT c.treasuries, c.daily_reward_cap, c.cashout,
            (SELECT count(*)::int FROM platform_clients t WHERE t.owner_client_id = c.id AND t.revoked_at IS NULL) AS test_clients
       FROM platform_clients c WHERE c.id = $1 AND c.revoked_at IS NULL FOR UPDATE`,
    [id],
  );
  const row = result.rows[0];
  if (!row) return null;
  const cap = row.daily_reward_cap === null ? null : Number(row.daily_reward_cap);
  return { grants: { treasuries: row.treasuries, dailyRewardCap: cap, cashout: row.cashout }, testClients: row.test_clients };
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

/** A live client's grants and the people behind them, its row locked until the transaction ends; null: no live client of the id. */
export async function lockLiveClient(db: Queryable, id: string): Promise<(PlatformClientGrants & PeopleBehind) | null> {
  const result = await db.query<{
    treasuries: string[];
    daily_reward_cap: string | null;
    cashout: boolean;
    created_by: string | null;
    approved_by: string | null;
  }>(
    'SELECT treasuries, daily_reward_cap, cashout, created_by, approved_by FROM platform_clients WHERE id = $1 AND revoked_at IS NULL FOR UPDATE',
    [id],
  );
  const row = result.rows[0];
  if (!row) return null;
  const person = (text: string | null) => (text === null ? null : Number(text));
  return {
    treasuries: row.treasuries,
    dailyRewardCap: row.daily_reward_cap === null ? null : Number(row.daily_reward_cap),
    cashout: row.cashout,
    createdBy: person(row.created_by),
    approvedBy: person(row.approved_by),
  };
}

/** Sets a live client's daily reward cap (minor units; null: the ledger default); null when no live client has the id. */
export async function setRewardCap(db: Queryable, clientId: string, dailyRewardCap: number | null): Promise<{ clientId: string } | null> {
  const result = await db.query<{ id: string }>(
    'UPDATE platform_clients SET daily_reward_cap = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING id',
    [clientId, dailyRewardCap],
  );
  const row = result.rows[0];
  return row ? { clientId: row.id } : null;
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
 * Marks the client revoked, keeping the first revocation time when it already was, and with it
 * every test client it made itself (docs/decisions/0018-sandbox.md "Self-serve test clients"):
 * a test client ends with its owner. Null for an unknown id. `revoked` tells whether this call
 * revoked the client; `testClients` lists every test client it made, all revoked now (also those
 * revoked before: a retry stops them again where the first call could not), `testClientsRevoked`
 * those this call revoked.
 */
export async function revokePlatformClient(
  db: Queryable,
  id: string,
  now: Date,
  ownerClientId: string | null = null,
): Promise<{ row: PlatformClientRow; revoked: boolean; testClients: string[]; testClientsRevoked: string[] } | null> {
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
  const children = await db.query<{ id: string; revoked_now: boolean }>(
    `WITH updated AS (
       UPDATE platform_clients SET revoked_at = $2 WHERE owner_client_id = $1 AND revoked_at IS NULL RETURNING id
     )
     SELECT id, true AS revoked_now FROM updated
     UNION ALL
     SELECT id, false AS revoked_now FROM platform_clients WHERE owner_client_id = $1 AND id NOT IN (SELECT id FROM updated)
     ORDER BY id`,
    [id, now],
  );
  return {
    row,
    revoked,
    testClients: children.rows.map((child) => child.id),
    testClientsRevoked: children.rows.filter((child) => child.revoked_now).map((child) => child.id),
  };
}

/**
 * Whether users may link the client (docs/CONTRACT.md "Platform links"): live and not a test client
 * a live client made itself, whose test users are the sandbox's alone, so no live account becomes one.
 */
export async function isLinkablePlatformClient(db: Queryable, id: string): Promise<boolean> {
  const result = await db.query('SELECT 1 FROM platform_clients WHERE id = $1 AND revoked_at IS NULL AND owner_client_id IS NULL', [id]);
  return result.rows.length > 0;
}
