/**
 * The naive baseline's own schema (`<prefix>baseline`) on the same PostgreSQL as the stack:
 * one row per account with its balance, one row per transfer. Created and seeded by the
 * benchmark; the baseline server only reads and writes it.
 */
import pg from 'pg';
import { assertIdentifier } from '@coin/db';

export function baselineSchema(prefix: string): string {
  const schema = `${prefix}baseline`;
  assertIdentifier(schema);
  return schema;
}

export async function prepareBaseline(input: {
  adminUrl: string;
  schema: string;
  accountIds: number[];
  balanceMinor: number;
  /** The hot-account target (the baseline's "treasury"), created with balance 0. */
  treasuryId: number;
}): Promise<void> {
  const client = new pg.Client({ connectionString: input.adminUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${input.schema} CASCADE`);
    await client.query(`CREATE SCHEMA ${input.schema}`);
    await client.query(`
      CREATE TABLE ${input.schema}.accounts (
        id      bigint PRIMARY KEY,
        balance bigint NOT NULL CHECK (balance >= 0)
      )`);
    await client.query(`
      CREATE TABLE ${input.schema}.transfers (
        id         bigserial PRIMARY KEY,
        from_id    bigint      NOT NULL REFERENCES ${input.schema}.accounts (id),
        to_id      bigint      NOT NULL REFERENCES ${input.schema}.accounts (id),
        amount     bigint      NOT NULL CHECK (amount > 0),
        reason     text        NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await client.query(`INSERT INTO ${input.schema}.accounts (id, balance) SELECT unnest($1::bigint[]), $2::bigint`, [
      input.accountIds,
      input.balanceMinor,
    ]);
    await client.query(`INSERT INTO ${input.schema}.accounts (id, balance) VALUES ($1, 0)`, [input.treasuryId]);
  } finally {
    await client.end();
  }
}

export interface BaselineAudit {
  ok: boolean;
  accounts: number;
  transfers: number;
  totalMinor: number;
  expectedTotalMinor: number;
  negative: number;
}

/** Money is only moved, never made: Σ balances stays what was seeded, and none is negative. */
export async function auditBaseline(adminUrl: string, schema: string, expectedTotalMinor: number): Promise<BaselineAudit> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const sums = await client.query<{ accounts: string; total: string; negative: string }>(
      `SELECT count(*) AS accounts, coalesce(sum(balance), 0) AS total, count(*) FILTER (WHERE balance < 0) AS negative
         FROM ${schema}.accounts`,
    );
    const transfers = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${schema}.transfers`);
    const row = sums.rows[0]!;
    const totalMinor = Number(row.total);
    const negative = Number(row.negative);
    return {
      ok: totalMinor === expectedTotalMinor && negative === 0,
      accounts: Number(row.accounts),
      transfers: Number(transfers.rows[0]!.n),
      totalMinor,
      expectedTotalMinor,
      negative,
    };
  } finally {
    await client.end();
  }
}

export async function dropBaseline(adminUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}
