// Rehearses docs/operations/procedures.md "Restoring from a backup" with real Kafka and PostgreSQL: back up
// the ledger's schema while credit legs are owed (their debits committed and published, their
// credits not yet applied), move money, restore the backup, position the consumer groups as the
// runbook says, let the ledger apply again, and audit. The runbook before this test rewound
// ledger.commands only: the credits applied after the backup were lost for good.
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ledgerCommandMessage, treasuryCodes, walletKeyOfTreasury, walletKeyOfUser, type LedgerCommand } from '@coin/contracts';
import { createPool } from '@coin/db';
import { decodeOutboxMessages, ledgerGroupIds, owedCreditLegCommands } from '@coin/ledger';
import { uuidV5 } from '@coin/security';
import { rewindAfterRestore } from '../../scripts/restore-rewind';
import { ProofCache, type ProofActor } from '../../scripts/stack/proofs';
import { testInfra } from '../harness/env';
import { eventually, startLedgerHarness, type LedgerHarness } from '../harness/ledger';
import {
  type AuditRun,
  balances,
  deduplicateByEventId,
  dumpLedgerSchema,
  internalEndOffsets,
  marginMs,
  readTopic,
  restoreLedgerSchema,
  restoreRewind,
  settledAudit,
  seedWallets,
  userPartitions,
} from './restore-helpers';

const users = Array.from({ length: 10 }, (_, i) => i + 1);
const seedAmount = 100_000;

type Runbook = 'as written' | 'before the fix (ledger.commands only)';

interface Rehearsal {
  /** What `npm run audit` reports after the restore and the re-apply. */
  audit: AuditRun;
  balancesBefore: Record<string, number>;
  balancesAfter: Record<string, number>;
  /** Transfers whose credit entry is missing after the restore (command ids). */
  transfersWithoutCredit: string[];
  owedAtBackup: { commandIds: string[]; transactionIds: number[] };
  /** The transactions whose legs step 3 said it sent. */
  legsSent: number[];
  /** The legs the restored ledger owes, as step 3 sends them. */
  legsOwed: Array<{ commandId: string; data: unknown }>;
  /** The legs the debits owed at the backup sent (the outbox in the backup). */
  originalLegs: Array<{ commandId: string; data: unknown }>;
  /** The highest transaction id published before the restore (the ledger's record then). */
  highestBeforeRestore: number;
  /** Transactions the restarted ledger wrote: the commands applied again, then new ones. */
  writtenAfterRestore: Array<{ id: number; commandId: string; createdAt: string }>;
  /**
   * A consumer deduplicating coin.transactions by eventId, reading the whole topic: the
   * transactions written after the restore whose event it dropped as a duplicate (the copy it
   * kept under that eventId is another transaction's, published before the restore).
   */
  droppedAsDuplicate: Array<{ id: number; kept: string; dropped: string }>;
  /** What step 3 printed. */
  step3Stdout: string;
}

async function rehearse(runbook: Runbook): Promise<Rehearsal> {
  // Legs are owed only while they travel: to a partition of another ledger process. This one owns
  // every partition, so it credits none in place beyond its apply's own, as if the payees' were another's.
  const h: LedgerHarness = await startLedgerHarness({ extraEnv: { LEDGER_CREDIT_REACHED_PARTITIONS: 'false' } });
  const adminUrl = testInfra().databaseUrl;
  const schema = `${h.prefix}ledger`;
  const admin = createPool({ url: adminUrl, schema, applicationName: 'restore-rehearsal', connectionsMax: 2 });
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-restore-'));
  try {
    await h.startLedger();
    const { partitionOf, partition } = await userPartitions(h);
    await seedWallets(h, users, seedAmount);

    const { owed, sender, r1, r2, treasury } = await owedAtBackup(h, partitionOf, partition);
    const dump = path.join(workDir, 'ledger.dump');
    const { owedIds, owedTransactions, restorePoint } = await backupWhileLegsOwed(h, admin, owed, [r1, r2], treasury, dump);

    // Money moves after the backup: transfers across partitions (their legs travel on
    // ledger.internal, one command at a time so no other batch shares their apply), a mint, and
    // spending by the recipients of the owed legs, within what they had before them.
    const pairs = users.flatMap((from) => users.filter((to) => partition(to) !== partition(from)).map((to) => [from, to] as const));
    const after = await moneyAfterBackup(h, pairs, sender, r1, r2);
    const quiet = await settledAudit(adminUrl, h.prefix, 15_000);
    expect(quiet.ok).toBe(true);
    expect(quiet.report.creditLegs.inFlight.count).toBe(0);
    const balancesBefore = await balances(admin);

    if (runbook === 'as written') await expectRewindRefusedWhileRunning(h, restorePoint);
    const highestBeforeRestore = Number(
      (await admin.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM transactions')).rows[0]!.id,
    );
    const { originalLegs, legsOwed } = await stopAndRestore(h, admin, dump);
    // 3. Position the consumer groups.
    const { legsSent, step3Stdout } = await positionConsumerGroups(h, runbook, restorePoint);
    // 4. Start the ledger; it applies again what the restore lost.
    await h.startLedger();
    await eventually(async () => {
      const r = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM processed_commands WHERE command_id = ANY($1)', [after]);
      return r.rows[0]!.n === after.length ? true : undefined;
    }, 30_000);
    const audit = await settledAudit(adminUrl, h.prefix, 10_000);
    const balancesAfter = await balances(admin);
    // New money after the restore: transfers the restored ledger numbers itself.
    const newAfterRestore = await newMoneyAfterRestore(h, admin, pairs);
    const { writtenAfterRestore, droppedAsDuplicate } = await writtenAndDropped(h, admin, [...after, ...newAfterRestore]);
    const transfersWithoutCredit = await withoutCredit(admin, [...owedIds, ...after]);
    return {
      audit,
      balancesBefore,
      balancesAfter,
      transfersWithoutCredit,
      owedAtBackup: { commandIds: owedIds, transactionIds: owedTransactions },
      legsSent,
      legsOwed,
      originalLegs,
      highestBeforeRestore,
      writtenAfterRestore,
      droppedAsDuplicate,
      step3Stdout,
    };
  } finally {
    await h.close();
    await admin.end();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/** Step 3 before step 1: refused while the ledger still consumes, and no leg is sent. */
async function expectRewindRefusedWhileRunning(h: LedgerHarness, restorePoint: Date): Promise<void> {
  const internalEnd = await internalEndOffsets(h);
  await expect(
    rewindAfterRestore({ kafka: h.kafka, topicPrefix: h.prefix, restorePoint, marginMs, ledgerDb: h.pool, log: () => undefined }),
  ).rejects.toThrow(/still running: stop the ledger first/);
  expect(await internalEndOffsets(h)).toEqual(internalEnd);
}

/**
 * Steps 1 and 2 of the runbook: stop everything that writes, restore the backup. Then the legs the
 * outbox in the backup sent, and those the restored ledger owes.
 */
async function stopAndRestore(h: LedgerHarness, admin: Admin, dump: string) {
  // 1. Stop everything that writes.
  await h.ledger?.close();
  h.ledger = undefined;
  // 2. Restore the backup.
  restoreLedgerSchema(testInfra().databaseUrl, dump);
  const originalLegs = (await admin.query<{ messages: string }>('SELECT messages FROM outbox_batches ORDER BY id')).rows.flatMap((row) =>
    decodeOutboxMessages(row.messages)
      .filter((m) => m.topic === h.topics.ledgerInternal)
      .map((m) => JSON.parse(m.payload) as { commandId: string; data: unknown })
      .map(({ commandId, data }) => ({ commandId, data })),
  );
  const legsOwed = (await owedCreditLegCommands(h.pool, new Date())).map(({ commandId, data }) => ({ commandId, data }));
  return { originalLegs, legsOwed };
}

/** Those of the transfers `commandIds` whose credit entry is missing. */
async function withoutCredit(admin: Admin, commandIds: string[]): Promise<string[]> {
  const missing = await admin.query<{ command_id: string }>(
    `SELECT t.command_id FROM transactions t
      WHERE t.command_id = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM entries e WHERE e.transaction_id = t.id AND e.amount > 0)
      ORDER BY t.id`,
    [commandIds],
  );
  return missing.rows.map((r) => r.command_id);
}

type Admin = ReturnType<typeof createPool>;
type Pair = readonly [number, number];

/**
 * Credit legs owed at the backup: user 1 pays two users of two other partitions and buys from
 * a treasury of another partition. The credited wallet rows are locked, so the legs (on
 * ledger.internal, across partitions) cannot be applied while the debits commit and their
 * outbox row is published: a backup taken then holds the debits, a published outbox and no
 * credits, as a point-in-time restore can.
 */
async function owedAtBackup(
  h: LedgerHarness,
  partitionOf: Awaited<ReturnType<typeof userPartitions>>['partitionOf'],
  partition: Awaited<ReturnType<typeof userPartitions>>['partition'],
) {
  const sender = users[0]!;
  const treasury = treasuryCodes.find((code) => partitionOf(walletKeyOfTreasury(code)) !== partition(sender));
  if (!treasury) throw new Error('every treasury shares the sender partition: no leg would travel');
  const recipients = users.filter((u) => partition(u) !== partition(sender));
  const [r1, r2] = [recipients[0]!, recipients.find((u) => partition(u) !== partition(recipients[0]!)) ?? recipients[1]!];
  const owed = await owedCommands(h, sender, r1, r2, treasury);
  return { owed, sender, r1, r2, treasury };
}

/**
 * The commands owed at the backup: the sender pays r1 twice and r2 once, and buys from `treasury`,
 * each with the payer's proof.
 */
async function owedCommands(h: LedgerHarness, sender: number, r1: number, r2: number, treasury: string): Promise<LedgerCommand[]> {
  const proofs = new ProofCache(h.jwtKey);
  const payer: ProofActor = { kind: 'user', id: String(sender), role: 'USER' };
  const command = async (data: unknown): Promise<LedgerCommand> =>
    ({
      commandId: randomUUID(),
      type: 'ledger.transfer',
      issuedAt: new Date().toISOString(),
      actor: { kind: 'user', id: String(sender), role: 'USER' },
      proof: await proofs.of(payer),
      data,
    }) as LedgerCommand;
  const owed: LedgerCommand[] = [];
  for (const [to, amount] of [
    [r1, 111],
    [r1, 222],
    [r2, 333],
  ] as const) {
    owed.push(
      await command({ kind: 'TRANSFER', fromUserId: sender, to: { kind: 'user', userId: to }, amount, reason: 'owed at the backup' }),
    );
  }
  owed.push(
    await command({
      kind: 'PURCHASE',
      fromUserId: sender,
      to: { kind: 'treasury', code: treasury },
      amount: 444,
      reason: 'owed at the backup',
    }),
  );
  return owed;
}

/**
 * Applies `owed` while the credited wallets are locked, waits until their debits are committed and
 * published with no credit, then dumps the ledger's schema (the backup) to `dump`; T, the restore
 * point, is taken before it starts.
 */
async function backupWhileLegsOwed(
  h: LedgerHarness,
  admin: Admin,
  owed: LedgerCommand[],
  [r1, r2]: [number, number],
  treasury: string,
  dump: string,
): Promise<{ owedIds: string[]; owedTransactions: number[]; restorePoint: Date }> {
  const lock = await admin.connect();
  await lock.query('BEGIN');
  await lock.query('SELECT 1 FROM wallets WHERE wallet_key = ANY($1) FOR UPDATE', [
    [walletKeyOfUser(r1), walletKeyOfUser(r2), walletKeyOfTreasury(treasury)],
  ]);
  // One produce request: the four debits are one batch of the sender's partition.
  await h.producer.sendMany(owed.map((c) => ({ topic: h.topics.ledgerCommands, message: ledgerCommandMessage(c) })));
  const owedIds = owed.map((c) => c.commandId);
  const owedTransactions = await eventually(async () => {
    const r = await admin.query<{ id: number }>('SELECT id FROM transactions WHERE command_id = ANY($1) ORDER BY id', [owedIds]);
    return r.rows.length === owed.length ? r.rows.map((row) => Number(row.id)) : undefined;
  });
  await eventually(async () => {
    const r = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_batches WHERE published_at IS NULL');
    return r.rows[0]!.n === 0 ? true : undefined;
  });
  const credited = await admin.query('SELECT 1 FROM entries WHERE transaction_id = ANY($1) AND amount > 0', [owedTransactions]);
  expect(credited.rows).toEqual([]);

  // The backup (the runbook's logical backup of the ledger's schema); T is taken before it starts.
  const restorePoint = new Date();
  dumpLedgerSchema(testInfra().databaseUrl, `${h.prefix}ledger`, dump);
  await lock.query('ROLLBACK');
  lock.release();
  return { owedIds, owedTransactions, restorePoint };
}

/** Money moved after the backup (see the call); the ids of the transfers. */
async function moneyAfterBackup(h: LedgerHarness, pairs: Pair[], sender: number, r1: number, r2: number): Promise<string[]> {
  const after: string[] = [];
  for (const [i, [from, to]] of pairs.slice(0, 12).entries()) {
    after.push(await transferOk(h, from, to, 1_000 + i, 'after the backup'));
  }
  expect(
    await h.send({
      type: 'ledger.mint',
      key: walletKeyOfUser(r1),
      data: { to: { kind: 'user', userId: r1 }, amount: 5_000, reason: 'after' },
    }),
  ).toMatchObject({ ok: true });
  for (const [from, to] of [
    [r1, sender],
    [r2, r1],
  ] as const) {
    after.push(await transferOk(h, from, to, 777, 'after the backup'));
  }
  return after;
}

/** A transfer from `from` to `to`, applied: its command id. */
async function transferOk(h: LedgerHarness, from: number, to: number, amount: number, reason: string): Promise<string> {
  const commandId = randomUUID();
  const reply = await h.send({
    type: 'ledger.transfer',
    key: walletKeyOfUser(from),
    commandId,
    data: { kind: 'TRANSFER', fromUserId: from, to: { kind: 'user', userId: to }, amount, reason },
  });
  expect(reply).toMatchObject({ ok: true });
  return commandId;
}

/** Step 3: the runbook's rewind as written (its stdout and the legs it sent), or before the fix, ledger.commands only. */
async function positionConsumerGroups(
  h: LedgerHarness,
  runbook: Runbook,
  restorePoint: Date,
): Promise<{ legsSent: number[]; step3Stdout: string }> {
  let legsSent: number[] = [];
  let step3Stdout = '';
  if (runbook === 'as written') {
    const step3 = await restoreRewind(h, restorePoint);
    step3Stdout = step3.stdout;
    expect({ code: step3.code, stderr: step3.stderr }).toEqual({ code: 0, stderr: '' });
    const sent = /credit legs owed by the restored ledger sent to \S+: (\d+)(?: \(transactions ([\d, ]+)\))?/.exec(step3.stdout);
    expect(sent).not.toBeNull();
    legsSent = sent![2] ? sent![2].split(', ').map(Number) : [];
    expect(legsSent).toHaveLength(Number(sent![1]));
  } else {
    // kafka-consumer-groups.sh --group ledger-service --topic ledger.commands --reset-offsets --to-datetime <T − margin>
    const a = h.kafka.admin();
    await a.connect();
    const partitions = await a.fetchTopicOffsetsByTimestamp(h.topics.ledgerCommands, restorePoint.getTime() - marginMs);
    await a.setOffsets({ groupId: ledgerGroupIds(h.prefix).commands, topic: h.topics.ledgerCommands, partitions });
    await a.disconnect();
  }
  return { legsSent, step3Stdout };
}

/** New money after the restore: transfers the restored ledger numbers itself, published. */
async function newMoneyAfterRestore(h: LedgerHarness, admin: Admin, pairs: Pair[]): Promise<string[]> {
  const newAfterRestore: string[] = [];
  for (const [from, to] of pairs.slice(0, 3)) {
    newAfterRestore.push(await transferOk(h, from, to, 50, 'after the restore'));
  }
  await eventually(async () => {
    const r = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_batches WHERE published_at IS NULL');
    return r.rows[0]!.n === 0 ? true : undefined;
  });
  return newAfterRestore;
}

/**
 * The transactions the restarted ledger wrote for `commandIds`, and those whose event a consumer
 * deduplicating coin.transactions by eventId drops.
 */
async function writtenAndDropped(h: LedgerHarness, admin: Admin, commandIds: string[]) {
  const writtenAfterRestore = (
    await admin.query<{ id: string; command_id: string; created_at: Date }>(
      'SELECT id::text, command_id::text, created_at FROM transactions WHERE command_id = ANY($1) ORDER BY id',
      [commandIds],
    )
  ).rows.map((r) => ({ id: Number(r.id), commandId: r.command_id, createdAt: r.created_at.toISOString() }));
  expect(writtenAfterRestore.map((t) => t.commandId).sort()).toEqual([...commandIds].sort());
  const { kept } = deduplicateByEventId(await readTopic(h, h.topics.coinTransactions));
  const droppedAsDuplicate = writtenAfterRestore.flatMap((t) => {
    const first = kept.get(uuidV5(`coin.transaction.recorded:${t.id}`));
    return first && first.createdAt === t.createdAt ? [] : [{ id: t.id, kept: first?.createdAt ?? 'none', dropped: t.createdAt }];
  });
  return { writtenAfterRestore, droppedAsDuplicate };
}

describe('restoring the ledger from a backup (docs/operations/procedures.md "Restoring from a backup")', () => {
  it('when the runbook is followed as written (ledger.commands back to T − margin, ledger.internal to its end, the owed legs sent again), then the audit is exact and every transfer is credited once', async () => {
    const r = await rehearse('as written');

    expect(r.audit.ok).toBe(true);
    expect(r.audit.report).toMatchObject({ consistent: true, discrepancy: 0, mismatchedWallets: [] });
    expect(r.audit.report.creditLegs.inFlight.count).toBe(0);
    expect(r.transfersWithoutCredit).toEqual([]);
    expect(r.balancesAfter).toEqual(r.balancesBefore);
    // The legs sent again are the ones the owed debits sent: the same command ids and the same legs.
    expect(r.legsOwed).toHaveLength(r.owedAtBackup.commandIds.length);
    expect([...r.legsSent].sort()).toEqual([...r.owedAtBackup.transactionIds].sort());
    expect(r.originalLegs).toEqual(expect.arrayContaining(r.legsOwed));
    // No id is handed out twice: what the restarted ledger wrote (the commands applied again, and
    // new ones) is numbered above every id published before the restore, and a consumer that
    // deduplicates by eventId keeps every one of them.
    expect({
      reusedIds: r.writtenAfterRestore.filter((t) => t.id <= r.highestBeforeRestore).map((t) => t.id),
      droppedAsDuplicate: r.droppedAsDuplicate,
    }).toEqual({ reusedIds: [], droppedAsDuplicate: [] });
    const floor =
      /shard 0: transaction ids start at (\d+) \(the restored sequence would have handed out (\d+); ids \d+\.\.\d+ are never handed out again, highest published (\d+), gap 1000\)/.exec(
        r.step3Stdout,
      );
    expect(floor).not.toBeNull();
    expect(Number(floor![3])).toBe(r.highestBeforeRestore);
    expect(Number(floor![1])).toBe(r.highestBeforeRestore + 1001);
    expect(Math.min(...r.writtenAfterRestore.map((t) => t.id))).toBeGreaterThanOrEqual(Number(floor![1]));
  }, 180_000);

  it('when only ledger.commands is rewound (the runbook before), then the credits applied after the backup are lost and the audit fails on them', async () => {
    const r = await rehearse('before the fix (ledger.commands only)');

    expect(r.audit.ok).toBe(false);
    expect(r.audit.report.creditLegs.staleTransactionIds).toEqual(expect.arrayContaining(r.owedAtBackup.transactionIds));
    expect(r.transfersWithoutCredit).toEqual(expect.arrayContaining(r.owedAtBackup.commandIds));
    expect(r.balancesAfter).not.toEqual(r.balancesBefore);
  }, 180_000);
});
