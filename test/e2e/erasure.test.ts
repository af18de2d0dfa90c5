import { createPublicKey, randomUUID } from 'node:crypto';
import { topicNames } from '@coin/contracts';
import { createPool } from '@coin/db';
import { createKafka } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { erasureRecordId } from '@coin/user';
import { runAudit, runAuditLogCheck } from '../../scripts/audit';
import { adminSession, apiKeyFor, runOperatorCommand } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { apiClient, applied, http, registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';
import { readTopicToEnd, recordsNaming } from '../harness/topic-read';

/**
 * Erasure through the real stack and the operator CLI (docs/operations/procedures.md "Erasure"): a person who
 * moved money is deleted and erased; then the ledger's audit and the admin audit log's hash chain
 * (with its signed checkpoints) still verify, the erasure is in the audit log once, and no table of
 * any service nor any topic holds the person's e-mail address or name in a readable form.
 */
describe('erasure of a deleted user: npm run admin -- erase --user-id', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  /** Every row of every table of the stack's schemas whose text holds one of the texts. */
  async function rowsNaming(texts: string[]): Promise<string[]> {
    const pool = createPool({ url: stack.databaseUrl, schema: 'public', applicationName: 'erasure-e2e', connectionsMax: 1 });
    try {
      const tables = await pool.query<{ table_schema: string; table_name: string }>(
        `SELECT table_schema, table_name FROM information_schema.tables
          WHERE table_schema = ANY($1::text[]) AND table_type = 'BASE TABLE'`,
        [['users', 'ledger', 'history'].map((s) => `${stack.prefix}${s}`)],
      );
      expect(tables.rows.length).toBeGreaterThan(10);
      const found: string[] = [];
      for (const { table_schema, table_name } of tables.rows) {
        const rows = await pool.query<{ row: string }>(
          `SELECT t::text AS row FROM "${table_schema}"."${table_name}" t WHERE ${texts.map((_, i) => `t::text ILIKE $${i + 1}`).join(' OR ')}`,
          texts.map((t) => `%${t}%`),
        );
        found.push(...rows.rows.map((r) => `${table_schema}.${table_name}: ${r.row}`));
      }
      return found;
    } finally {
      await pool.end();
    }
  }

  it('when a user who moved money is deleted and erased, then the books and the audit chain verify, and no table or topic names them', async () => {
    const run = randomUUID().slice(0, 8);
    const superadmin = await adminSession(stack, 'SUPERADMIN');
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    const person = await registerUser(stack.gatewayUrl, { email: `erase.me.${run}@example.com`, fullName: `Erasable Person ${run}` });
    const friend = await registerUser(stack.gatewayUrl);
    const personal = [person.email, `Erasable Person ${run}`];
    await applied(
      apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey }).mintCoins({
        body: { userId: person.userId, amount: 40, reason: 'welcome' },
      }),
    );
    const transfer = await applied(
      apiClient(stack.gatewayUrl, { accessToken: person.accessToken }).transferCoins({
        body: { toUserId: friend.userId, amount: 15, reason: 'lunch' },
      }),
    );

    // The scan below finds the person while they exist (their account row): it can see what it looks for.
    expect((await rowsNaming(personal)).map((row) => row.split(':')[0])).toEqual([`${stack.prefix}users.users`]);

    // A live account is not erased: deletion decides, erasure follows.
    await expect(runOperatorCommand(stack, ['erase', '--user-id', String(person.userId)])).rejects.toThrow(/USER_NOT_DELETED/);
    const deleted = await http(stack.gatewayUrl, 'DELETE', `/api/admin/users/${person.userId}`, { token: superadmin.accessToken });
    expect(deleted.status).toBe(200);

    // Its deletion event may still be on its way out of the outbox: the operator retries.
    let receipt = '';
    await eventually(
      async () => {
        receipt = await runOperatorCommand(stack, ['erase', '--user-id', String(person.userId)]).catch((err: Error) => {
          if (/EVENTS_UNSENT/.test(err.message)) return '';
          throw err;
        });
        return receipt !== '';
      },
      20_000,
      'the erasure',
    );
    const recordId = erasureRecordId(person.userId);
    expect(receipt.split('\n')[0]).toMatch(new RegExp(`^user ${person.userId} erased at \\S+ \\(audit record ${recordId}\\)$`));
    expect(receipt).toMatch(/^kept: /m);
    const again = await runOperatorCommand(stack, ['erase', '--user-id', String(person.userId)]);
    expect(again.split('\n')[0]).toBe(receipt.split('\n')[0]!.replace(' erased at ', ' was already erased at '));

    // The erasure is one record of the audit log, naming the account by id.
    const erasures = async () => {
      const page = await http(stack.gatewayUrl, 'GET', `/api/admin/audit-log?target=user:${person.userId}&action=user.delete`, {
        token: superadmin.accessToken,
      });
      return (page.body as { entries: Array<{ id: string; summary: Record<string, unknown> }> }).entries.filter((r) => r.summary.erasure);
    };
    await eventually(async () => (await erasures()).length === 1, 20_000, 'the erasure in the audit log');
    expect(await erasures()).toEqual([
      expect.objectContaining({ id: recordId, summary: expect.objectContaining({ erasure: 'personal-data' }) }),
    ]);

    // The books: the transfer is still the person's (by id), and the ledger and the audit chain verify.
    await eventually(
      async () => {
        const page = await http(stack.gatewayUrl, 'GET', `/api/admin/transactions?userId=${person.userId}`, {
          token: superadmin.accessToken,
        });
        return (page.body as { transactions?: Array<{ id: number }> }).transactions?.some((t) => t.id === transfer.transaction.id);
      },
      20_000,
      "the transfer in the erased user's history",
    );
    const lines: string[] = [];
    const ledgerAudit = await runAudit({
      databaseUrl: stack.databaseUrl,
      schemaPrefix: stack.prefix,
      waitMs: 10_000,
      log: (l) => lines.push(l),
    });
    expect([ledgerAudit.ok, lines]).toEqual([true, expect.any(Array)]);
    const checkpointKey = createPublicKey(stack.env.history.AUDIT_CHECKPOINT_PRIVATE_KEY!)
      .export({ type: 'spki', format: 'pem' })
      .toString();
    const chain = await runAuditLogCheck({
      databaseUrl: stack.databaseUrl,
      schemaPrefix: stack.prefix,
      checkpointPublicKeys: [checkpointKey],
      log: (l) => lines.push(l),
    });
    expect([chain.ok, lines]).toEqual([true, expect.any(Array)]);
    expect(chain.entries).toBeGreaterThan(0);

    // No table of any service names the person any more.
    expect(await rowsNaming(personal)).toEqual([]);

    // Nor any topic. user.commands holds the registration, sealed: its key went with the erasure.
    const kafka = createKafka({ brokers: stack.kafkaBrokers, clientId: 'erasure-e2e', logger: createLogger('erasure-e2e', 'warn') });
    const names = topicNames(stack.prefix);
    const registrations = (await readTopicToEnd(kafka, names.userCommands)).filter((r) => r.value?.toString().includes('"user.register"'));
    expect(registrations.some((r) => JSON.parse(r.value!.toString()).data.sealed)).toBe(true);
    const named: string[] = [];
    for (const topic of Object.values(names)) {
      for (const record of recordsNaming(await readTopicToEnd(kafka, topic), personal)) named.push(`${topic}: ${record.value?.toString()}`);
    }
    expect(named).toEqual([]);
  }, 180_000);
});
