import { execFile } from 'node:child_process';
import { createPublicKey } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { repoRoot, serviceDatabases } from '../../scripts/stack/services';
import { adminSession, apiKeyFor } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { apiClient, applied, registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

/**
 * The whole stack as `npm start` wires it: every service connects as its runtime role, which owns
 * nothing; the ledger's record refuses changes from it; and `npm run audit` (the real CLI) detects
 * a tail of the admin audit log that a database superuser removed after the service signed it.
 */
describe('records no service can rewrite, through the running stack', () => {
  let stack: TestStack;
  let superuser: pg.Client;
  const services = ['user', 'ledger', 'history'] as const;
  const urlOf = (service: (typeof services)[number]) => stack.env[service][`${service.toUpperCase()}_DATABASE_URL` as 'USER_DATABASE_URL']!;

  beforeAll(async () => {
    stack = await startTestStack({ extraEnv: { AUDIT_CHECKPOINT_INTERVAL_MS: '200' } });
    superuser = new pg.Client({ connectionString: stack.databaseUrl });
    await superuser.connect();
  }, 90_000);
  afterAll(async () => {
    await superuser?.end();
    await stack?.close();
  });

  /** `npm run audit` as an operator runs it, with the public half of the history service's checkpoint key. */
  const audit = async (): Promise<{ code: number; output: string }> => {
    const publicKey = createPublicKey(stack.env.history.AUDIT_CHECKPOINT_PRIVATE_KEY!).export({ type: 'spki', format: 'pem' }).toString();
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/audit.ts', '--wait-ms', '0'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATABASE_URL: stack.databaseUrl,
          DB_SCHEMA_PREFIX: stack.prefix,
          HISTORY_DATABASE_URL: urlOf('history'),
          LEDGER_DATABASE_URL: urlOf('ledger'),
          AUDIT_CHECKPOINT_PUBLIC_KEYS: JSON.stringify([publicKey]),
        },
      });
      return { code: 0, output: stdout };
    } catch (err) {
      const e = err as { code?: number; stdout?: string; stderr?: string };
      return { code: e.code ?? -1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
    }
  };

  it('when money has moved and an admin acted, then each service connects as its runtime role, which owns nothing in its schema', async () => {
    const admin = await adminSession(stack, 'SUPERADMIN');
    const apiKey = await apiKeyFor(stack, admin.accessToken, ['mint']);
    const alice = await registerUser(stack.gatewayUrl);
    await applied(
      apiClient(stack.gatewayUrl, { accessToken: admin.accessToken, apiKey }).mintCoins({
        body: { userId: alice.userId, amount: 10, reason: 'roles e2e' },
      }),
    );
    for (const service of services) {
      const db = serviceDatabases[service];
      expect(decodeURIComponent(new URL(urlOf(service)).username)).toBe(db.runtime);
      const owned = await superuser.query(
        `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = $1 AND pg_get_userbyid(c.relowner) <> $2`,
        [`${stack.prefix}${db.schema}`, db.owner],
      );
      expect({ service, notOwnedByOwner: owned.rows }).toEqual({ service, notOwnedByOwner: [] });
    }
  });

  it("when the ledger's runtime role tries to change the minted transaction or its entries, then PostgreSQL refuses", async () => {
    const ledger = new pg.Client({ connectionString: urlOf('ledger') });
    await ledger.connect();
    try {
      await ledger.query(`SET search_path TO ${stack.prefix}ledger`);
      const minted = await ledger.query("SELECT id FROM transactions WHERE reason = 'roles e2e'");
      expect(minted.rowCount).toBe(1);
      for (const sql of [
        'UPDATE transactions SET amount = amount * 2',
        'DELETE FROM transactions',
        'UPDATE entries SET amount = 1',
        'DELETE FROM entries',
      ]) {
        await expect(ledger.query(sql)).rejects.toThrow(/permission denied/);
      }
    } finally {
      await ledger.end();
    }
  });

  it('when the audit log was checkpointed and a superuser then removes its last entry, then npm run audit fails naming the truncation', async () => {
    const history = `${stack.prefix}history`;
    // Every act of the first test is audited, each reaching the log over its own service's events in
    // no fixed order: the head is the last one only once all four are there (else one arriving after
    // the wait becomes the head, and the entry deleted below is no longer the last).
    const actsAudited = ['approval.request', 'approval.approve', 'api-key.create', 'money.mint'];
    const head = await eventually(
      async () => {
        const actions = (await superuser.query(`SELECT action FROM ${history}.admin_audit_log`)).rows.map((row) => row.action as string);
        const row = (await superuser.query(`SELECT max(seq)::int AS seq FROM ${history}.admin_audit_log`)).rows[0];
        const checkpointed = (await superuser.query(`SELECT max(seq)::int AS seq FROM ${history}.admin_audit_checkpoints`)).rows[0];
        const allThere = actsAudited.every((action) => actions.includes(action));
        return allThere && row?.seq && row.seq === checkpointed?.seq ? (row.seq as number) : undefined;
      },
      20_000,
      "the first test's acts audited and the log checkpointed up to its head",
    );
    const before = await audit();
    expect(before.output).toMatch(new RegExp(`admin audit log: anchored, \\d+ signed checkpoints hold, the latest at seq ${head}`));
    expect(before.code).toBe(0);

    await superuser.query('BEGIN');
    await superuser.query(`ALTER TABLE ${history}.admin_audit_log DISABLE TRIGGER USER`);
    await superuser.query(`DELETE FROM ${history}.admin_audit_log WHERE seq = $1`, [head]);
    await superuser.query(`ALTER TABLE ${history}.admin_audit_log ENABLE TRIGGER USER`);
    await superuser.query('COMMIT');
    const after = await audit();
    expect(after.output).toContain('hash chain intact');
    expect(after.output).toContain(`TRUNCATED admin audit log at seq ${head}`);
    expect(after.code).toBe(1);
  });
});
