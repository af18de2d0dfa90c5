import { randomUUID } from 'node:crypto';
import {
  dlqOf,
  headerNames,
  topicNames,
  type AdminActionRecorded,
  type AdminRefusalRecorded,
  type AuditRecord,
  type RefusalRecord,
} from '@coin/contracts';
import { createPool, schemaName, type Pool } from '@coin/db';
import { testInfra } from '../../../test/harness/env';
import { auditSignerAs, eventually, historyGet, startHistoryTestBed, type HistoryTestBed } from '../../../test/harness/history';
import { runAuditLogCheck } from '../../../scripts/audit';
import { watchTopic } from '../../../test/harness/topic-watch';
import { serviceDatabases } from '../../../scripts/stack/services';
import { verifyAuditChain } from './db/audit-log-repo';
import { chainHash, genesisHash } from './domain/audit-chain';

describe('the admin audit log (history service in-process, real Kafka and PostgreSQL)', () => {
  let bed: HistoryTestBed;
  let service: Pool;
  let superuser: Pool;
  let topic: string;
  beforeAll(async () => {
    bed = await startHistoryTestBed();
    topic = topicNames(bed.prefix).adminAudit;
    // The service's own role, as the service connects; and the cluster's superuser, to tamper.
    service = createPool({ url: bed.env.HISTORY_DATABASE_URL!, schema: schemaName(bed.prefix, 'history'), applicationName: 'audit-int' });
    superuser = createPool({ url: testInfra().databaseUrl, schema: schemaName(bed.prefix, 'history'), applicationName: 'audit-int-su' });
  }, 90_000);
  afterAll(async () => {
    await service?.end();
    await superuser?.end();
    await bed?.close();
  });

  let n = 0;
  const record = (overrides: Partial<AuditRecord> = {}): AuditRecord => {
    n += 1;
    return {
      id: randomUUID(),
      at: new Date(Date.UTC(2030, 0, 1, 0, 0, n)).toISOString(),
      actor: { kind: 'user', id: '1', role: 'ADMIN' },
      action: 'money.mint',
      target: `user:${n}`,
      summary: { amount: n, reason: 'test' },
      result: 'applied',
      errorCode: null,
      requestId: `req-${n}`,
      ...overrides,
    };
  };
  const publish = async (records: AuditRecord[], raw: string[] = []) => {
    const events: AdminActionRecorded[] = records.map((r) => ({
      eventId: r.id,
      type: 'admin.action.recorded',
      version: 1,
      occurredAt: r.at,
      record: r,
    }));
    await bed.producer.send({
      topic,
      messages: [
        ...events.map((e) => {
          const value = JSON.stringify(e);
          // Signed by the service that applies such an action, as the history service requires.
          const writer = e.record.action.startsWith('money.') ? 'ledger' : 'user';
          return { key: e.record.id, value, headers: { [headerNames.type]: e.type, ...auditSignerAs(writer).headersFor(value) } };
        }),
        ...raw.map((value) => ({ key: 'hostile', value })),
      ],
    });
  };
  const log = (query = '') => historyGet(bed.url, `/internal/audit-log${query}`);
  const countRows = async () => Number((await service.query<{ n: string }>('SELECT count(*) AS n FROM admin_audit_log')).rows[0]!.n);
  const waitForRows = (count: number) =>
    eventually(async () => ((await countRows()) === count ? true : undefined), 20_000, `${count} audit rows`);

  it('when records are delivered, some twice and among hostile messages, then each is stored once, in order, chained', async () => {
    const [a, b, c] = [
      record(),
      record({ action: 'user.delete', target: 'user:99', result: 'rejected', errorCode: 'LAST_SUPERADMIN' }),
      record(),
    ];
    await publish([a!, b!], ['{not json', JSON.stringify({ eventId: randomUUID(), type: 'admin.action.recorded', version: 1 })]);
    await publish([a!, c!]);
    await waitForRows(3);
    const rows = (await service.query('SELECT seq, id, prev_hash, hash FROM admin_audit_log ORDER BY seq')).rows;
    expect(rows.map((r) => [Number(r.seq), r.id])).toEqual([
      [1, a!.id],
      [2, b!.id],
      [3, c!.id],
    ]);
    expect(rows[0]!.prev_hash).toBe(genesisHash);
    expect(rows[0]!.hash).toBe(chainHash(genesisHash, a));
    expect(rows[1]!.prev_hash).toBe(rows[0]!.hash);
    expect(await verifyAuditChain(service)).toEqual({ entries: 3, broken: null });
    // The hostile messages went to the dead-letter topic, not into the log.
    const page = await log();
    expect(page.status).toBe(200);
    expect(page.body.entries.map((e: { id: string }) => e.id)).toEqual([c!.id, b!.id, a!.id]);
    expect(page.body.entries[1]).toEqual({ ...b, seq: 2, hash: rows[1]!.hash });
  });

  it('when the log is read with filters and by cursor, then pages are newest first and every filter applies', async () => {
    const byOther = record({
      actor: { kind: 'operator', id: 'alice' },
      action: 'platform-client.create',
      target: 'client:pc_x',
      summary: { name: 'x' },
    });
    await publish([byOther, record(), record()]);
    await waitForRows(6);
    expect((await log('?actor=alice')).body.entries.map((e: { id: string }) => e.id)).toEqual([byOther.id]);
    expect((await log('?action=platform-client.create')).body.entries).toHaveLength(1);
    expect((await log('?target=client:pc_x')).body.entries).toHaveLength(1);
    expect((await log('?action=user.delete')).body.entries.map((e: { result: string }) => e.result)).toEqual(['rejected']);
    expect(
      (await log(`?from=${encodeURIComponent(byOther.at)}&to=2030-01-01T00:00:05Z`)).body.entries.map((e: { id: string }) => e.id),
    ).toEqual([byOther.id]);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { entries: { seq: number }[]; nextCursor: string | null } } = await log(
        `?limit=4${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.body.entries.map((e) => e.seq));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([6, 5, 4, 3, 2, 1]);
    expect((await log('?cursor=bm9wZQ')).status).toBe(400);
    expect((await log('?action=money.print')).status).toBe(400);
    expect((await log('?limit=1.5')).status).toBe(400);
    expect((await log('?unknown=1')).status).toBe(400);
  });

  it("when the service's runtime role updates, deletes, truncates, re-grants or disables the log's triggers, then the database refuses; the owner is refused by the triggers", async () => {
    for (const sql of [
      "UPDATE admin_audit_log SET target = 'user:0' WHERE seq = 1",
      'DELETE FROM admin_audit_log WHERE seq = 1',
      'TRUNCATE admin_audit_log',
      // Not the owner: it can touch neither the triggers nor the table.
      'ALTER TABLE admin_audit_log DISABLE TRIGGER USER',
      'DROP TRIGGER admin_audit_log_no_update_delete ON admin_audit_log',
      'DROP TABLE admin_audit_log',
    ]) {
      await expect(service.query(sql)).rejects.toThrow(/permission denied|must be owner/);
    }
    // Nor can it grant itself more: PostgreSQL grants nothing (a warning, not an error).
    await service.query('GRANT UPDATE, DELETE, TRUNCATE ON admin_audit_log TO CURRENT_USER');
    await expect(service.query('DELETE FROM admin_audit_log WHERE seq = 1')).rejects.toThrow(/permission denied/);
    // The migration role owns the table; even it cannot change a row while the triggers stand.
    const owner = await superuser.connect();
    try {
      await owner.query(`SET ROLE ${serviceDatabases.history.owner}`);
      await owner.query('GRANT UPDATE, DELETE, TRUNCATE ON admin_audit_log TO CURRENT_USER');
      await expect(owner.query("UPDATE admin_audit_log SET target = 'user:0' WHERE seq = 1")).rejects.toThrow(
        /append-only: UPDATE refused/,
      );
      await expect(owner.query('DELETE FROM admin_audit_log WHERE seq = 1')).rejects.toThrow(/append-only: DELETE refused/);
      await expect(owner.query('TRUNCATE admin_audit_log')).rejects.toThrow(/append-only: TRUNCATE refused/);
      await owner.query('REVOKE UPDATE, DELETE, TRUNCATE ON admin_audit_log FROM CURRENT_USER');
    } finally {
      await owner.query('RESET ROLE');
      owner.release();
    }
    expect(await countRows()).toBe(6);
  });

  it('when a superuser changes a record past the triggers, then the chain check names the first broken entry', async () => {
    const lines: string[] = [];
    const check = () => runAuditLogCheck({ databaseUrl: testInfra().databaseUrl, schemaPrefix: bed.prefix, log: (l) => lines.push(l) });
    expect(await check()).toEqual({ ok: true, entries: 6 });
    const client = await superuser.connect();
    try {
      await client.query('BEGIN');
      await client.query('ALTER TABLE admin_audit_log DISABLE TRIGGER USER');
      await client.query(`UPDATE admin_audit_log SET record = jsonb_set(record, '{summary,amount}', '1000000') WHERE seq = 4`);
      await client.query('ALTER TABLE admin_audit_log ENABLE TRIGGER USER');
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    } finally {
      client.release();
    }
    expect((await verifyAuditChain(service)).broken).toMatchObject({ seq: 4, problem: expect.stringMatching(/hash does not match/) });
    lines.length = 0;
    expect(await check()).toEqual({ ok: false, entries: 3 });
    expect(lines.join('\n')).toMatch(/MISMATCH admin audit log entry seq 4/);
  });

  it('when a refusal record arrives, then it is chained and read back with result=rejected; a record under a stored id with other content is kept beside the chain, never in it', async () => {
    const before = await countRows();
    const refusal: RefusalRecord = {
      id: randomUUID(),
      at: new Date(Date.UTC(2030, 0, 2)).toISOString(),
      source: 'gateway',
      actor: { kind: 'anonymous', id: '203.0.113.7', verified: false },
      address: '203.0.113.7',
      action: 'listUsers',
      target: 'route:GET /api/admin/users',
      summary: { method: 'GET', route: '/api/admin/users', status: 401 },
      result: 'rejected',
      errorCode: 'UNAUTHENTICATED',
      reason: 'A bearer access token is required',
      requestId: 'req-refusal',
    };
    const event: AdminRefusalRecorded = {
      eventId: refusal.id,
      type: 'admin.refusal.recorded',
      version: 1,
      occurredAt: refusal.at,
      record: refusal,
    };
    const kept = record({ target: 'user:kept' });
    await publish([kept]);
    // The gateway's records travel on admin.refusals, its own topic.
    await bed.producer.send({
      topic: topicNames(bed.prefix).adminRefusals,
      messages: [
        {
          key: refusal.id,
          value: JSON.stringify(event),
          headers: { [headerNames.type]: event.type, ...auditSignerAs('gateway').headersFor(JSON.stringify(event)) },
        },
      ],
    });
    await waitForRows(before + 2);
    const rejected = await log('?result=rejected&limit=1000');
    expect(rejected.body.entries.find((e: { id: string }) => e.id === refusal.id)).toMatchObject({ ...refusal });
    expect(rejected.body.entries.every((e: { result: string }) => e.result === 'rejected')).toBe(true);

    // Another writer sends a record under the id of one stored (a forgery to pre-empt a real record, say).
    await publish([{ ...kept, summary: { amount: 1_000_000, reason: 'forged' } }, kept]);
    const conflicts = await eventually(
      async () => {
        const found = await service.query<{ record: AuditRecord; signer: string }>(
          'SELECT record, signer FROM admin_audit_conflicts WHERE id = $1',
          [kept.id],
        );
        return found.rows.length > 0 ? found.rows : undefined;
      },
      20_000,
      'the colliding record kept',
    );
    expect(conflicts.map((c) => [c.record.summary, c.signer])).toEqual([[{ amount: 1_000_000, reason: 'forged' }, 'ledger']]);
    expect(await countRows()).toBe(before + 2);
    const stored = await service.query('SELECT record FROM admin_audit_log WHERE id = $1', [kept.id]);
    expect(stored.rows.map((r) => r.record.summary)).toEqual([kept.summary]);
  });

  it('when admin.refusals carries anything but a gateway refusal with a random id, or admin.audit a gateway refusal, then it is dead-lettered and the log is unchanged', async () => {
    const refusals = topicNames(bed.prefix).adminRefusals;
    const before = await countRows();
    const gatewayRefusal = (id: string): AdminRefusalRecorded => ({
      eventId: id,
      type: 'admin.refusal.recorded',
      version: 1,
      occurredAt: '2030-01-03T00:00:00.000Z',
      record: {
        id,
        at: '2030-01-03T00:00:00.000Z',
        source: 'gateway',
        actor: { kind: 'anonymous', id: '203.0.113.9', verified: false },
        address: '203.0.113.9',
        action: 'listUsers',
        target: 'route:GET /api/admin/users',
        summary: {},
        result: 'rejected',
        errorCode: 'UNAUTHENTICATED',
        reason: 'forged',
        requestId: null,
      },
    });
    const forgedAction = record({ target: 'user:forged-on-refusals' });
    const actionEvent: AdminActionRecorded = {
      eventId: forgedAction.id,
      type: 'admin.action.recorded',
      version: 1,
      occurredAt: forgedAction.at,
      record: forgedAction,
    };
    // A derived (version 5) id, as the ledger's records have: one a forger would take ahead of the real record.
    const derivedId = '8c2d4f6a-1b3e-5d70-9f82-4a6c8e0b2d14';
    const onAudit = gatewayRefusal(randomUUID());
    const refusalsDlq = await watchTopic(bed.kafka, dlqOf(refusals));
    const auditDlq = await watchTopic(bed.kafka, dlqOf(topic));
    try {
      await bed.producer.send({
        topic: refusals,
        messages: [actionEvent, gatewayRefusal(derivedId)].map((e) => ({ key: e.eventId, value: JSON.stringify(e) })),
      });
      await bed.producer.send({ topic, messages: [{ key: onAudit.eventId, value: JSON.stringify(onAudit) }] });
      const ids = (values: unknown[]) => values.map((v) => (v as { record?: { id?: string } } | null)?.record?.id);
      await eventually(async () => (ids(refusalsDlq.values).length >= 2 ? true : undefined), 20_000, 'the dead letters of admin.refusals');
      expect(ids(refusalsDlq.values)).toEqual([forgedAction.id, derivedId]);
      await eventually(
        async () => (ids(auditDlq.values).includes(onAudit.eventId) ? true : undefined),
        20_000,
        'the dead letter of admin.audit',
      );
      expect(await countRows()).toBe(before);
    } finally {
      await refusalsDlq.stop();
      await auditDlq.stop();
    }
  });
});
