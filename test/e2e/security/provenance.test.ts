import { createHash, generateKeyPairSync, randomUUID } from 'node:crypto';
import { dlqOf, headerNames, topicNames, walletKeyOfUser } from '@coin/contracts';
import { BatchingProducer, createKafka } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { createPool, schemaName } from '@coin/db';
import { AuditRecordSigner } from '@coin/security';
import type { Kafka } from 'kafkajs';
import { ownerCheckOf, redriveDlq } from '../../../scripts/redrive-dlq';
import { httpLedgerRecord } from '@coin/history';
import { ServiceTokenSigner } from '@coin/http';
import { adminSession, apiKeyFor, type AdminSession } from '../../harness/admin';
import { eventually } from '../../harness/eventually';
import { transactionEvent } from '../../harness/history';
import { apiClient, applied, http, login, registerUser } from '../../harness/http';
import { startTestStack, type TestStack } from '../../harness/stack';
import { readTopicToEnd } from '../../harness/topic-read';
import { callerSigner, internalHeaders } from '../../harness/service-tokens';

/*
 * Provenance of the records that move money or tell about it, attacked through the real stack:
 * each record below is produced on the real topics, as a process holding one service's Kafka
 * credentials could, and must not act in the owner's name.
 */
describe('provenance of events, dead letters and audit records', () => {
  let stack: TestStack;
  let kafka: Kafka;
  let producer: BatchingProducer;
  let superadmin: AdminSession;
  let mintKey: string;
  const topics = () => topicNames(stack.prefix);
  const logger = createLogger('e2e', 'warn');

  const mint = (userId: number, amount: number) =>
    apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey: mintKey }).mintCoins({
      body: { userId, amount, reason: 'provenance test' },
    });
  const metric = async (service: 'history' | 'ledger', name: string): Promise<number> => {
    const text = String((await http(stack.metricsUrls[service], 'GET', '/metrics')).body);
    return text
      .split('\n')
      .filter((line) => line.startsWith(name))
      .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
  };
  const auditEntries = async (path: string): Promise<Array<Record<string, any>>> => {
    const entries: Array<Record<string, any>> = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: any } = await http(
        stack.gatewayUrl,
        'GET',
        `${path}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        {
          token: superadmin.accessToken,
        },
      );
      expect(page.status).toBe(200);
      entries.push(...page.body.entries);
      cursor = page.body.nextCursor;
    } while (cursor);
    return entries;
  };

  beforeAll(async () => {
    stack = await startTestStack();
    superadmin = await adminSession(stack, 'SUPERADMIN');
    mintKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    kafka = createKafka({ brokers: stack.kafkaBrokers, clientId: 'e2e-provenance', logger });
    producer = new BatchingProducer(kafka.producer(), logger);
    await producer.connect();
  }, 90_000);
  afterAll(async () => {
    await producer?.close();
    await stack?.close();
  });

  it('when a user.deleted naming a live user is produced on user.events.v2, then the balance stays, the wallet stays open and the user still signs in and reads it', async () => {
    const victim = await registerUser(stack.gatewayUrl);
    await mint(victim.userId, 25);
    const event = {
      eventId: randomUUID(),
      type: 'user.deleted',
      version: 2,
      occurredAt: new Date().toISOString(),
      user: { id: victim.userId, role: 'USER', tokenVersion: 99 },
    };
    await producer.send(topics().userEventsV2, {
      key: String(victim.userId),
      value: JSON.stringify(event),
      headers: { [headerNames.type]: event.type },
    });
    // Decided either way: the ledger refuses it (recorded in the audit log), or the wallet closes.
    await eventually(
      async () => {
        const refused = (await auditEntries('/api/admin/audit-log')).some((e) => e.target === `event:${event.eventId}`);
        const wallet = await http(stack.ledgerUrl, 'GET', `/internal/wallets/by-user/${victim.userId}`, {
          headers: await internalHeaders(callerSigner(stack.env.gateway), 'ledger'),
        });
        return refused || wallet.status !== 200 || wallet.body.balance !== 25;
      },
      20_000,
      'the forged deletion decided',
    );
    const fresh = await login(stack.gatewayUrl, victim.email, victim.password);
    const wallet = await apiClient(stack.gatewayUrl, { accessToken: fresh.accessToken }).getMyWallet();
    expect(wallet.balance).toBe(25);
    // The token issued before the forged event still works too: the gateway did not take the event's word.
    expect((await apiClient(stack.gatewayUrl, { accessToken: victim.accessToken }).getMyWallet()).balance).toBe(25);
  });

  it('when a forged transaction is put in coin.transactions.dlq and the DLQ is redriven, then it never reaches coin.transactions, the history or a statement', async () => {
    const victim = await registerUser(stack.gatewayUrl);
    const forgedId = 900_000_000 + Math.floor(Math.random() * 1_000_000);
    const forged = transactionEvent({
      id: forgedId,
      type: 'MINT',
      amount: 5000,
      fromUserId: null,
      toUserId: victim.userId,
      reason: 'forged',
    });
    // What a history or webhooks principal may write: the DLQ of the topic it reads.
    await producer.send(dlqOf(topics().coinTransactions), {
      key: String(forgedId),
      value: JSON.stringify(forged),
      headers: { [headerNames.type]: forged.type, 'dlq-error': 'x' },
    });
    // A real transaction dead-lettered too (a consumer that failed it): that one the ledger vouches for.
    const real = await applied(mint(victim.userId, 3));
    const realRecord = await eventually(
      async () =>
        (await readTopicToEnd(kafka, topics().coinTransactions)).find((r) =>
          r.value?.toString('utf8').includes(`"id":${real.transaction.id},`),
        ),
      20_000,
      'the real mint on coin.transactions',
    );
    await producer.send(dlqOf(topics().coinTransactions), {
      key: realRecord.key,
      value: realRecord.value,
      headers: { [headerNames.type]: 'coin.transaction.recorded', 'dlq-error': 'x' },
    });
    // As an operator runs it: the ledger's record read with the history service's key, as the rebuild reads it.
    const check = ownerCheckOf('coin.transactions', {
      ledger: httpLedgerRecord(
        stack.ledgerUrl,
        5000,
        new ServiceTokenSigner('history', String(stack.env.history.SERVICE_TOKEN_PRIVATE_KEY)).authorizationFor('ledger'),
      ),
    });
    expect(await redriveDlq({ kafka, topic: topics().coinTransactions, logger, check })).toEqual({ moved: 1, refused: 1 });
    const onTopic = await readTopicToEnd(kafka, topics().coinTransactions);
    expect(onTopic.filter((r) => r.value?.toString('utf8').includes(forged.eventId))).toHaveLength(0);
    // The real one went back (consumers skip what they have), and the history shows it once, the forged one never.
    expect(onTopic.filter((r) => r.value?.equals(realRecord.value!))).toHaveLength(2);
    await mint(victim.userId, 1);
    const history = await eventually(
      async () => {
        const page = await apiClient(stack.gatewayUrl, { accessToken: victim.accessToken }).getMyHistory({});
        return page.transactions.length >= 2 ? page : undefined;
      },
      20_000,
      'the real mints in the history',
    );
    expect(history.transactions.filter((t: { id: number }) => t.id === real.transaction.id)).toHaveLength(1);
    expect(history.transactions.map((t: { id: number }) => t.id)).not.toContain(forgedId);
  });

  it('when an audit record claims the ledger but is signed by another key (or by none), then the log refuses it and the refusal counts', async () => {
    const before = await metric('history', 'coin_history_audit_records_refused_total');
    const id = randomUUID();
    const record = {
      id,
      at: new Date().toISOString(),
      source: 'ledger',
      actor: { kind: 'user', id: '1', role: 'SUPERADMIN', verified: false },
      address: null,
      action: 'ledger.mint',
      target: `command:${randomUUID()}`,
      summary: {},
      result: 'rejected',
      errorCode: 'COMMAND_REFUSED',
      reason: 'forged by another writer',
      requestId: null,
    };
    const value = JSON.stringify({ eventId: id, type: 'admin.refusal.recorded', version: 1, occurredAt: record.at, record });
    // Signed as "ledger" with a key of its own (what another writer holds), and not signed at all.
    const stranger = new AuditRecordSigner(
      'ledger',
      generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    );
    await producer.send(topics().adminAudit, {
      key: id,
      value,
      headers: { [headerNames.type]: 'admin.refusal.recorded', ...stranger.headersFor(value) },
    });
    await producer.send(topics().adminAudit, { key: id, value, headers: { [headerNames.type]: 'admin.refusal.recorded' } });
    await eventually(
      async () =>
        (await metric('history', 'coin_history_audit_records_refused_total')) >= before + 2 ||
        (await auditEntries('/api/admin/audit-log')).some((e) => e.id === id),
      20_000,
      'the forged record decided',
    );
    expect((await auditEntries('/api/admin/audit-log')).some((e) => e.id === id)).toBe(false);
  });

  it('when two records with one id and other content arrive, then the first is in the chain, the second kept beside it, and the conflict counts', async () => {
    const before = await metric('history', 'coin_history_audit_id_conflicts_total');
    const id = randomUUID();
    const recordOf = (reason: string) => ({
      id,
      at: new Date().toISOString(),
      source: 'ledger',
      actor: { kind: 'user', id: '1', role: 'SUPERADMIN', verified: false },
      address: null,
      action: 'ledger.mint',
      target: `command:${id}`,
      summary: {},
      result: 'rejected',
      errorCode: 'COMMAND_REFUSED',
      reason,
      requestId: null,
    });
    // Both signed with the ledger's own key: a writer whose two records collide (a bug, or its key in other hands).
    const ledgerSigner = new AuditRecordSigner('ledger', String(stack.env.ledger.SERVICE_TOKEN_PRIVATE_KEY));
    for (const reason of ['first', 'second']) {
      const record = recordOf(reason);
      const value = JSON.stringify({ eventId: id, type: 'admin.refusal.recorded', version: 1, occurredAt: record.at, record });
      await producer.send(topics().adminAudit, {
        key: id,
        value,
        headers: { [headerNames.type]: 'admin.refusal.recorded', ...ledgerSigner.headersFor(value) },
      });
    }
    await eventually(
      async () => (await metric('history', 'coin_history_audit_id_conflicts_total')) > before,
      20_000,
      'the conflict counted',
    );
    const inChain = (await auditEntries('/api/admin/audit-log')).filter((e) => e.id === id);
    expect(inChain.map((e) => e.reason)).toEqual(['first']);
    const pool = createPool({
      url: stack.databaseUrl,
      schema: schemaName(stack.prefix, 'history'),
      applicationName: 'test',
      connectionsMax: 1,
    });
    try {
      const kept = await pool.query<{ record: { reason: string } }>('SELECT record FROM admin_audit_conflicts WHERE id = $1', [id]);
      expect(kept.rows.map((r) => r.record.reason)).toEqual(['second']);
    } finally {
      await pool.end();
    }
  });

  it('when the whole audit log is read through the API alone, then every hash recomputes from the fields it returns', async () => {
    // A refusal of the user service, which the API used to shorten: a role change without its proof.
    const target = await registerUser(stack.gatewayUrl);
    const command = {
      commandId: randomUUID(),
      type: 'user.change-role',
      issuedAt: new Date().toISOString(),
      actor: { kind: 'user', id: String(superadmin.userId), role: 'SUPERADMIN' },
      data: { userId: target.userId, role: 'ADMIN' },
    };
    await producer.send(topics().userCommands, { key: String(target.userId), value: JSON.stringify(command) });
    await eventually(
      async () => (await auditEntries('/api/admin/audit-log')).some((e) => e.target === `command:${command.commandId}`),
      20_000,
      'the user service refusal in the log',
    );
    await mint(target.userId, 2);
    void walletKeyOfUser;
    const entries = [...(await auditEntries('/api/admin/audit-log')), ...(await auditEntries('/api/admin/audit-log/service-actions'))].sort(
      (a, b) => a.seq - b.seq,
    );
    expect(entries.length).toBeGreaterThan(3);
    expect(entries.some((e) => e.source === 'user')).toBe(true);
    // docs/CONTRACT.md "Verifying the audit log": sha256 hex of the previous hash (64 zeros before
    // the first) followed by the record's canonical JSON (keys sorted, no spaces), the record being
    // the entry without `seq` and `hash`.
    const canonical = (value: unknown): string => {
      if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
      if (value !== null && typeof value === 'object')
        return `{${Object.keys(value)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
          .join(',')}}`;
      return JSON.stringify(value);
    };
    let previous = '0'.repeat(64);
    for (const [index, entry] of entries.entries()) {
      expect(entry.seq).toBe(index + 1);
      const { seq: _seq, hash, ...record } = entry;
      const expected = createHash('sha256').update(previous).update(canonical(record)).digest('hex');
      expect({ seq: entry.seq, hash }).toEqual({ seq: entry.seq, hash: expected });
      previous = hash;
    }
  });
});
