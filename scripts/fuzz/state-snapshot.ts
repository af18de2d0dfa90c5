/**
 * A fingerprint of every table of the services' schemas, for "a rejected request changes
 * nothing". Tables that record rejections on purpose are left out: processed_commands (docs/CONTRACT.md "Idempotency":
 * a rejected command's outcome is remembered, so its retry gets the same answer), outbox rows
 * of admin audit records only (a refused admin action is recorded), idempotency records, and refresh tokens (docs/CONTRACT.md "Authentication and roles": a reused refresh token is refused AND revokes its
 * family). Meant for small test schemas: it reads every row.
 */
import pg from 'pg';
import { assertIdentifier } from '@coin/db';

const excludedTables = /^(processed_commands|idempotency.*|refresh_tokens|.*_rate_limits?)$/;

export interface StateSnapshotter {
  snapshot(): Promise<string>;
  close(): Promise<void>;
}

export function stateSnapshotter(adminUrl: string, schemas: string[]): StateSnapshotter {
  for (const s of schemas) assertIdentifier(s);
  const pool = new pg.Pool({ connectionString: adminUrl, max: 1 });
  // An idle connection's error (a database restart) must not end the fuzzer; the pool reconnects.
  pool.on('error', () => undefined);
  let tables: Array<{ schema: string; table: string }> | undefined;
  return {
    async snapshot() {
      if (!tables) {
        const result = await pool.query<{ schema: string; table: string }>(
          `SELECT table_schema AS schema, table_name AS table FROM information_schema.tables
            WHERE table_schema = ANY($1::text[]) AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
          [schemas],
        );
        tables = result.rows.filter((r) => !excludedTables.test(r.table) && r.table !== 'schema_migrations');
      }
      if (tables.length === 0) return '';
      const parts = tables.map((t) => {
        assertIdentifier(t.table);
        // Outbox rows (outbox, the ledger's outbox_batches) are marked published after the fact,
        // in the background: only their existence counts. A rejected administrative command is
        // recorded in the admin audit log on purpose, through the outbox: rows that
        // carry only admin.audit messages are left out, like processed_commands.
        const row = t.table === 'outbox' || t.table === 'outbox_batches' ? 'x.id::text' : 'x::text';
        const where =
          t.table === 'outbox'
            ? ` WHERE x.topic NOT LIKE '%admin.audit'`
            : t.table === 'outbox_batches'
              ? ` WHERE EXISTS (SELECT 1 FROM json_array_elements(x.messages::json) m WHERE m->>'topic' NOT LIKE '%admin.audit')`
              : '';
        return `SELECT '${t.schema}.${t.table}' AS name, count(*) AS n, md5(coalesce(string_agg(${row}, '|' ORDER BY ${row}), '')) AS digest FROM ${t.schema}.${t.table} x${where}`;
      });
      const result = await pool.query<{ name: string; n: string; digest: string }>(parts.join(' UNION ALL '));
      return result.rows.map((r) => `${r.name}:${r.n}:${r.digest}`).join('\n');
    },
    async close() {
      await pool.end();
    },
  };
}
