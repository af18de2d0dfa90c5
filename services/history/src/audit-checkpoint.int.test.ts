import { randomUUID } from 'node:crypto';
import { headerNames, topicNames, type AdminActionRecorded, type AuditRecord } from '@coin/contracts';
import { createPool, schemaName, type Pool } from '@coin/db';
import { testInfra } from '../../../test/harness/env';
import {
  auditCheckpointPublicKey,
  auditSignerAs,
  eventually,
  startHistoryTestBed,
  type HistoryTestBed,
} from '../../../test/harness/history';
import { runAuditLogCheck } from '../../../scripts/audit';
import { chainHash, genesisHash } from './domain/audit-chain';

describe('the audit log anchored by signed checkpoints (history service in-process, real Kafka and PostgreSQL)', () => {
  let bed: HistoryTestBed;
  let superuser: Pool;
  beforeAll(async () => {
    bed = await startHistoryTestBed();
    superuser = createPool({
      url: testInfra().databaseUrl,
      schema: schemaName(bed.prefix, 'history'),
      applicationName: 'checkpoint-int-su',
    });
  }, 90_000);
  afterAll(async () => {
    await superuser?.end();
    await bed?.close();
  });

  const record = (n: number): AuditRecord => ({
    id: randomUUID(),
    at: new Date(Date.UTC(2030, 0, 1, 0, 0, n)).toISOString(),
    actor: { kind: 'user', id: '1', role: 'ADMIN' },
    action: 'money.mint',
    target: `user:${n}`,
    summary: { amount: n, reason: 'test' },
    result: 'applied',
    errorCode: null,
    requestId: `req-${n}`,
  });
  const publish = async (records: AuditRecord[]) => {
    const events: AdminActionRecorded[] = records.map((r) => ({
      eventId: r.id,
      type: 'admin.action.recorded',
      version: 1,
      occurredAt: r.at,
      record: r,
    }));
    await bed.producer.send({
      topic: topicNames(bed.prefix).adminAudit,
      messages: events.map((e) => {
        const value = JSON.stringify(e);
        return { key: e.record.id, value, headers: { [headerNames.type]: e.type, ...auditSignerAs('ledger').headersFor(value) } };
      }),
    });
  };
  const countRows = async () => Number((await superuser.query<{ n: string }>('SELECT count(*) AS n FROM admin_audit_log')).rows[0]!.n);
  const check = async () => {
    const lines: string[] = [];
    const result = await runAuditLogCheck({
      databaseUrl: testInfra().databaseUrl,
      schemaPrefix: bed.prefix,
      log: (l) => lines.push(l),
      checkpointPublicKeys: [auditCheckpointPublicKey],
    });
    return { ...result, text: lines.join('\n') };
  };
  /** As the database's superuser, past the append-only triggers: what an owner of the database could do. */
  const tamper = async (statements: Array<[string, unknown[]?]>) => {
    const client = await superuser.connect();
    try {
      await client.query('BEGIN');
      await client.query('ALTER TABLE admin_audit_log DISABLE TRIGGER USER');
      for (const [sql, params] of statements) await client.query(sql, params);
      await client.query('ALTER TABLE admin_audit_log ENABLE TRIGGER USER');
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    } finally {
      client.release();
    }
  };

  const checkpointedSeq = async () =>
    Number((await superuser.query<{ seq: string | null }>('SELECT max(seq) AS seq FROM admin_audit_checkpoints')).rows[0]!.seq ?? 0);

  it('when the log is written, then the service signs its head and the audit verifies the chain against the checkpoint', async () => {
    await publish([record(1), record(2), record(3)]);
    await eventually(async () => ((await countRows()) === 3 ? true : undefined), 20_000, '3 audit rows');
    await eventually(async () => ((await checkpointedSeq()) === 3 ? true : undefined), 20_000, 'a checkpoint at seq 3');
    const result = await check();
    expect(result).toMatchObject({ ok: true, entries: 3 });
    expect(result.text).toMatch(/anchored, 1 signed checkpoints hold, the latest at seq 3/);
    // While the triggers stand, not even the database's superuser can take a checkpoint back.
    await expect(superuser.query('DELETE FROM admin_audit_checkpoints')).rejects.toThrow(/append-only: DELETE refused/);
  });

  it('when a checkpoint is forged into the table by someone without the key, then the audit reports it', async () => {
    const [row] = (await superuser.query('SELECT seq, hash, signed_at, key_id, signature FROM admin_audit_checkpoints WHERE seq = 3')).rows;
    const forgedSignature = Buffer.from(row.signature, 'base64url');
    forgedSignature[0] = forgedSignature[0]! ^ 1;
    await superuser.query('INSERT INTO admin_audit_checkpoints (seq, hash, signed_at, key_id, signature) VALUES (2, $1, $2, $3, $4)', [
      row.hash,
      row.signed_at,
      row.key_id,
      forgedSignature.toString('base64url'),
    ]);
    const result = await check();
    expect(result.ok).toBe(false);
    expect(result.text).toMatch(/FORGED admin audit log at seq 2/);
    await superuser.query(
      'SET session_replication_role = replica; DELETE FROM admin_audit_checkpoints WHERE seq = 2; RESET session_replication_role',
    );
    expect((await check()).ok).toBe(true);
  });

  it('when the tail of the log is deleted after it was checkpointed, then the audit reports the truncation (the chain alone still holds)', async () => {
    await tamper([['DELETE FROM admin_audit_log WHERE seq = 3']]);
    const result = await check();
    expect(result.ok).toBe(false);
    expect(result.text).toMatch(/hash chain intact/);
    expect(result.text).toMatch(/TRUNCATED admin audit log at seq 3: checkpoint signed at .* names seq 3, but the log ends at seq 2/);
  });

  it('when the tail is replaced by a recomputed chain, then the audit reports that the checkpointed hash differs', async () => {
    const rows = (await superuser.query<{ seq: string; hash: string }>('SELECT seq, hash FROM admin_audit_log ORDER BY seq')).rows;
    const forged = { ...record(3), target: 'user:forged' };
    const prev = rows[1]?.hash ?? genesisHash;
    await tamper([
      [
        `INSERT INTO admin_audit_log (seq, id, at, actor_kind, actor_id, action, target, result, record, prev_hash, hash)
         VALUES (3, $1, $2, 'user', '1', 'money.mint', 'user:forged', 'applied', $3, $4, $5)`,
        [forged.id, forged.at, JSON.stringify(forged), prev, chainHash(prev, forged)],
      ],
    ]);
    const result = await check();
    expect(result.ok).toBe(false);
    expect(result.text).toMatch(/hash chain intact/);
    expect(result.text).toMatch(/RECOMPUTED admin audit log at seq 3: .* the chain was rewritten/);
  });
});
