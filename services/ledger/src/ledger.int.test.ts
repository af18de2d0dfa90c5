import { randomUUID } from 'node:crypto';
import { dlqOf, routeOfApprovalId, walletKeyOfTreasury, walletKeyOfUser, type Reply } from '@coin/contracts';
import { eventually, harnessActor, startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';
import { generateJwtKey } from '../../../scripts/stack/keys';
import { signProof, signTestKeyProof, type ProofActor } from '../../../scripts/stack/proofs';
import { watchTopic, type TopicWatch } from '../../../test/harness/topic-watch';
import { OutboxRelay } from '@coin/db';
import type { Delivered } from '@coin/kafka';
import type { LedgerCommand } from '@coin/contracts';
import { ApplyConflictError, emptyBatchWrite, emptyReadRequest, StaleWalletError } from './apply/store';
import { batchStore, readBatch, writeBatch } from './db/batch-store';
import { outboxBatches } from './db/outbox-store';
import { outboxBatchPublisher } from './kafka/outbox-publisher';
import { creditLegCommandId } from './domain/batch';
import { processedCommandRowOf } from './domain/kinds/processed-commands';
import { wallets } from './domain/kinds/wallets';
import { handleLedgerCommands, type LedgerCommandDeps } from './kafka/ledger-commands';
import { closeWalletCommandId } from './kafka/user-events';

async function balanceOf(h: LedgerHarness, key: string): Promise<number> {
  const result = await h.pool.query<{ balance: number }>('SELECT balance FROM wallets WHERE wallet_key = $1', [key]);
  return result.rows[0]?.balance ?? -1;
}

function resultOf(reply: Reply): any {
  if (!reply.ok) throw new Error(`rejected: ${JSON.stringify(reply.error)}`);
  return reply.result;
}

describe('ledger apply stage against real Kafka and PostgreSQL', () => {
  let h: LedgerHarness;
  let nextUser = 1000;
  const openUser = async () => {
    nextUser += 1;
    const userId = nextUser;
    resultOf(await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } }));
    return userId;
  };
  const mint = (userId: number, amount: number) =>
    h.send({ type: 'ledger.mint', key: walletKeyOfUser(userId), data: { to: { kind: 'user', userId }, amount, reason: 'seed' } });

  /** The handler one ledger process runs, outside the service, over the harness's pool and producer. */
  const processHandler = (
    onBatch?: LedgerCommandDeps['onBatch'],
    partitionOfWallet?: LedgerCommandDeps['partitionOfWallet'],
    ownsPartition?: LedgerCommandDeps['ownsPartition'],
  ) =>
    handleLedgerCommands({
      store: batchStore(h.pool),
      producer: h.producer,
      outbox: new OutboxRelay({ store: outboxBatches(h.pool), publish: outboxBatchPublisher(h.producer) }),
      topics: h.topics,
      logger: h.logger,
      now: () => new Date(),
      ...(onBatch ? { onBatch } : {}),
      ...(partitionOfWallet ? { partitionOfWallet } : {}),
      ...(ownsPartition ? { ownsPartition } : {}),
    });

  let audit: TopicWatch;
  /** The refusal records of admin.audit that name this command, once there is one. */
  const refusalRecordsOf = (commandId: string) =>
    eventually(
      async () => {
        const records = audit.values
          .filter((v): v is { type: string; record: any } => (v as { type?: string } | null)?.type === 'admin.refusal.recorded')
          .map((v) => v.record)
          .filter((r) => r.target === `command:${commandId}`);
        return records.length > 0 ? records : undefined;
      },
      15_000,
      `refusal record of ${commandId}`,
    );

  beforeAll(async () => {
    h = await startLedgerHarness();
    await h.startLedger();
    audit = await watchTopic(h.kafka, h.topics.adminAudit);
  }, 90_000);
  afterAll(async () => {
    await audit?.stop();
    await h?.close();
  });

  it('when a transfer is applied, then the debit answers with the transaction and wallet, and the credit leg lands on the receiver', async () => {
    const [alice, bob] = [await openUser(), await openUser()];
    resultOf(await mint(alice, 10_000));
    const reply = await h.send({
      type: 'ledger.transfer',
      key: walletKeyOfUser(alice),
      data: { kind: 'TRANSFER', fromUserId: alice, to: { kind: 'user', userId: bob }, amount: 2_550, reason: 'lunch' },
    });
    const result = resultOf(reply);
    expect(result.transaction).toMatchObject({ type: 'TRANSFER', amount: 25.5, fromUserId: alice, toUserId: bob, reason: 'lunch' });
    expect(result.wallet).toMatchObject({ userId: alice, balance: 74.5, totalSent: 25.5, totalReceived: 100 });
    await eventually(async () => ((await balanceOf(h, walletKeyOfUser(bob))) === 2_550 ? true : undefined), 10_000, 'credit leg');
    const entries = await h.pool.query('SELECT amount FROM entries WHERE transaction_id = $1 ORDER BY amount', [result.transaction.id]);
    expect(entries.rows.map((r) => r.amount)).toEqual([-2_550, 2_550]);
  });

  it('when the same command is delivered twice, then it applies once and both deliveries get the same answer', async () => {
    const userId = await openUser();
    const commandId = randomUUID();
    const command = {
      type: 'ledger.mint' as const,
      key: walletKeyOfUser(userId),
      commandId,
      data: { to: { kind: 'user', userId }, amount: 500, reason: 'once' },
    };
    const [first, second] = await Promise.all([h.send(command), h.send(command)]);
    const third = await h.send(command);
    expect(resultOf(first)).toEqual(resultOf(second));
    expect(resultOf(third)).toEqual(resultOf(first));
    expect(await balanceOf(h, walletKeyOfUser(userId))).toBe(500);
    const count = await h.pool.query('SELECT count(*)::int AS n FROM transactions WHERE command_id = $1', [commandId]);
    expect(count.rows[0].n).toBe(1);
  });

  it('when a command id comes back with a different request hash, then IDEMPOTENCY_KEY_REUSED and nothing changes', async () => {
    const userId = await openUser();
    const commandId = randomUUID();
    const data = (amount: number, hashChar: string) => ({
      to: { kind: 'user', userId },
      amount,
      reason: 'r',
      requestHash: hashChar.repeat(64),
    });
    resultOf(await h.send({ type: 'ledger.mint', key: walletKeyOfUser(userId), commandId, data: data(100, 'a') }));
    const reused = await h.send({ type: 'ledger.mint', key: walletKeyOfUser(userId), commandId, data: data(200, 'b') });
    expect(reused).toMatchObject({ ok: false, error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(await balanceOf(h, walletKeyOfUser(userId))).toBe(100);
  });

  it('when a purchase is refunded beyond its amount or a non-purchase is refunded, then REFUND_EXCEEDS_PURCHASE / NOT_REFUNDABLE', async () => {
    const userId = await openUser();
    const minted = resultOf(await mint(userId, 1_000));
    const purchase = resultOf(
      await h.send({
        type: 'ledger.transfer',
        key: walletKeyOfUser(userId),
        data: {
          kind: 'PURCHASE',
          fromUserId: userId,
          to: { kind: 'treasury', code: 'COURSE_FEES' },
          amount: 600,
          reason: 'course',
          reference: 'order-1',
        },
      }),
    );
    expect(purchase.transaction).toMatchObject({ type: 'PURCHASE', toTreasury: 'COURSE_FEES', reference: 'order-1' });
    const refund = (transactionId: number, amount?: number) =>
      h.send({
        type: 'ledger.refund',
        key: walletKeyOfTreasury('COURSE_FEES'),
        data: { transactionId, treasury: 'COURSE_FEES', reason: 'cancelled', ...(amount ? { amount } : {}) },
      });
    await eventually(async () => ((await balanceOf(h, walletKeyOfTreasury('COURSE_FEES'))) >= 600 ? true : undefined));
    expect(resultOf(await refund(purchase.transaction.id, 200)).transaction).toMatchObject({
      type: 'REFUND',
      amount: 2,
      refundOf: purchase.transaction.id,
    });
    expect(await refund(purchase.transaction.id, 401)).toMatchObject({ ok: false, error: { code: 'REFUND_EXCEEDS_PURCHASE' } });
    expect(resultOf(await refund(purchase.transaction.id)).transaction.amount).toBe(4);
    expect(await refund(minted.transaction.id)).toMatchObject({ ok: false, error: { code: 'NOT_REFUNDABLE' } });
    await eventually(async () => ((await balanceOf(h, walletKeyOfUser(userId))) === 1_000 ? true : undefined));
  });

  it('when a wallet is closed while a transfer to it is in flight, then the coins come back to the sender', async () => {
    const [alice, bob] = [await openUser(), await openUser()];
    resultOf(await mint(alice, 1_000));
    resultOf(await mint(bob, 300));
    // Close first in bob's partition, then transfer: the debit checked bob open only if it ran
    // before; either way no coin is lost and bob ends closed with nothing.
    const closeId = closeWalletCommandId(randomUUID());
    const close = resultOf(
      await h.send({
        type: 'ledger.close-wallet',
        key: walletKeyOfUser(bob),
        commandId: closeId,
        data: { userId: bob, reason: 'Account deleted (test)' },
      }),
    );
    expect(close).toEqual({ closed: true, burnTransactionId: expect.any(Number) });
    const burn = await h.pool.query('SELECT type, amount, reason FROM transactions WHERE id = $1', [close.burnTransactionId]);
    expect(burn.rows[0]).toEqual({ type: 'BURN', amount: 300, reason: 'Account deleted (test)' });
    const rejected = await h.send({
      type: 'ledger.transfer',
      key: walletKeyOfUser(alice),
      data: { kind: 'TRANSFER', fromUserId: alice, to: { kind: 'user', userId: bob }, amount: 100, reason: 'late' },
    });
    expect(rejected).toMatchObject({ ok: false, error: { code: 'RECIPIENT_CLOSED' } });

    // A credit leg that reaches a closed wallet (as if the close raced the debit) is returned.
    const leg = await h.send({
      type: 'ledger.credit',
      key: walletKeyOfUser(bob),
      data: {
        transactionId: close.burnTransactionId,
        to: { kind: 'user', userId: bob },
        amount: 50,
        returnTo: { kind: 'user', userId: alice },
      },
    });
    expect(resultOf(leg)).toMatchObject({ resolution: 'returned', returnTransactionId: expect.any(Number) });
  });

  it('when a command is invalid, then it goes to the dead-letter topic and the partition keeps flowing', async () => {
    await h.producer.send(h.topics.ledgerCommands, {
      key: walletKeyOfUser(1),
      value: JSON.stringify({ type: 'ledger.mint', data: { amount: -1 } }),
    });
    const userId = await openUser();
    expect(resultOf(await mint(userId, 1)).wallet.balance).toBe(0.01);
  });

  it('when a command travels under a key other than its partitionKeyOf, then it is refused with an answer and nothing moves', async () => {
    const [userId, other] = [await openUser(), await openUser()];
    // Keyed by another wallet, the mint would sit in a partition that does not serialise the wallet it credits.
    const commandId = randomUUID();
    const reply = await h.send({
      type: 'ledger.mint',
      key: walletKeyOfUser(other),
      commandId,
      data: { to: { kind: 'user', userId }, amount: 100, reason: 'wrong key' },
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    expect(await balanceOf(h, walletKeyOfUser(userId))).toBe(0);
    expect(resultOf(await mint(userId, 100)).wallet.balance).toBe(1);
    // The refusal is in the admin audit log: rejected, the actor as the command named it, unverified.
    const [record] = await refusalRecordsOf(commandId);
    expect(record).toMatchObject({
      source: 'ledger',
      actor: { kind: 'user', id: harnessActor.id, verified: false },
      action: 'ledger.mint',
      result: 'rejected',
      errorCode: 'COMMAND_REFUSED',
      reason: expect.stringContaining('key: travelled under'),
    });
  });

  it('when a ledger-only command (a forged credit leg) arrives on ledger.commands, then it is refused with an answer and credits nothing', async () => {
    const userId = await openUser();
    // What a compromised gateway could write to the topic it may write: coins from no debit.
    // Only ledger.internal, which the broker lets the ledger alone write, carries credit legs.
    const creditId = randomUUID();
    const forge = (type: 'ledger.credit' | 'ledger.expire-hold', data: unknown, commandId = randomUUID()) =>
      h.client.request({
        topic: h.topics.ledgerCommands,
        key: walletKeyOfUser(userId),
        timeoutMs: 20_000,
        command: { commandId, type, issuedAt: new Date().toISOString(), actor: { kind: 'operator', id: 'forger' }, data },
      });
    const credit = await forge(
      'ledger.credit',
      {
        transactionId: 1,
        to: { kind: 'user', userId },
        amount: 1_000_000,
        returnTo: null,
      },
      creditId,
    );
    expect(credit).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    const expiry = await forge('ledger.expire-hold', { holdId: randomUUID(), fromUserId: userId });
    expect(expiry).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    expect(await balanceOf(h, walletKeyOfUser(userId))).toBe(0);
    // The partition goes on.
    expect(resultOf(await mint(userId, 100)).wallet.balance).toBe(1);
    // And the forgery is in the admin audit log, once, as what it claimed to be.
    const records = await refusalRecordsOf(creditId);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      source: 'ledger',
      actor: { kind: 'operator', id: 'forger', verified: false },
      address: null,
      action: 'ledger.credit',
      target: `command:${creditId}`,
      result: 'rejected',
      errorCode: 'COMMAND_REFUSED',
      summary: { topic: h.topics.ledgerCommands },
    });
  });

  it('when a process with only Kafka credentials forges who asked, then the command is refused with an answer and nothing moves', async () => {
    const userId = await openUser();
    const key = walletKeyOfUser(userId);
    const mintAs = (options: { actor?: ProofActor; proof?: string | null; issuedAt?: Date; commandId?: string }) =>
      h.send({ type: 'ledger.mint', key, data: { to: { kind: 'user', userId }, amount: 1_000_000, reason: 'forged' }, ...options });
    const admin: ProofActor = { kind: 'user', id: '424242', role: 'SUPERADMIN' };
    const stranger = generateJwtKey('not-the-user-service');
    const unproven = randomUUID();
    const refusals = [
      // No proof at all: what the gateway's Kafka credentials alone can write.
      await mintAs({ actor: admin, proof: null, commandId: unproven }),
      // A USER's own token, with the command naming them a SUPERADMIN.
      await mintAs({
        actor: { kind: 'user', id: '424242', role: 'SUPERADMIN' },
        proof: await signProof(h.jwtKey, { ...admin, role: 'USER' }),
      }),
      // Someone else's token for an actor it does not name.
      await mintAs({ actor: admin, proof: await signProof(h.jwtKey, { kind: 'user', id: '7', role: 'SUPERADMIN' }) }),
      // A token signed with a key the ledger was never given.
      await mintAs({ actor: admin, proof: await signProof(stranger, admin) }),
      // A stolen token that had expired when the command was issued.
      await mintAs({
        actor: admin,
        proof: await signProof(h.jwtKey, admin, { issuedAt: new Date(Date.now() - 3_600_000), ttlSeconds: 900 }),
      }),
      // An operator actor, which no token names: operators act through the CLI, never on Kafka.
      await mintAs({ actor: { kind: 'user', id: 'operator' } as ProofActor, proof: null }),
    ];
    for (const reply of refusals) expect(reply).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    expect(await balanceOf(h, key)).toBe(0);
    // Each refusal of authority is in the admin audit log: rejected, the actor it named, unverified.
    expect((await refusalRecordsOf(unproven))[0]).toMatchObject({
      source: 'ledger',
      actor: { kind: 'user', id: admin.id, verified: false },
      action: 'ledger.mint',
      result: 'rejected',
      reason: expect.stringContaining('no proof of authority'),
    });
    // A legitimate command applied after an outage: its token has expired since, but was valid
    // when the broker appended the command, so it still applies; and the partition went on.
    await h.ledger!.close();
    const shortLived = await signProof(h.jwtKey, admin, { ttlSeconds: 2 });
    const replayed = mintAs({ actor: admin, proof: shortLived });
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    await h.startLedger();
    expect(resultOf(await replayed).wallet.balance).toBe(10_000);
  });

  it('when a command carries an issuedAt backdated into its expired token lifetime, then it is refused: the broker append time counts', async () => {
    const userId = await openUser();
    const key = walletKeyOfUser(userId);
    const admin: ProofActor = { kind: 'user', id: '424243', role: 'SUPERADMIN' };
    const issuedAt = new Date(Date.now() - 3_600_000);
    const old = await signProof(h.jwtKey, admin, { issuedAt, ttlSeconds: 900 });
    const reply = await h.send({
      type: 'ledger.mint',
      key,
      data: { to: { kind: 'user', userId }, amount: 1_000_000, reason: 'backdated' },
      actor: admin,
      proof: old,
      issuedAt: new Date(issuedAt.getTime() + 60_000),
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    expect(await balanceOf(h, key)).toBe(0);
  });

  it("when an admin's mint on ledger.commands lacks the admin's key proof or second factor, then it is refused, dead-lettered and audited, and the partition goes on", async () => {
    const userId = await openUser();
    const key = walletKeyOfUser(userId);
    const admin: ProofActor = { kind: 'user', id: '535353', role: 'ADMIN' };
    // A real admin's valid token (signed in with a second factor), as the gateway would copy it.
    const token = await signProof(h.jwtKey, admin);
    const mintWith = (proof: string, keyProof: string | null, commandId: string) =>
      h.send({
        type: 'ledger.mint',
        key,
        commandId,
        actor: admin,
        proof,
        keyProof,
        data: { to: { kind: 'user', userId }, amount: 700_000, reason: 'without its key' },
      });
    const ownKey = await signTestKeyProof(h.jwtKey, admin);
    const forgeries: Array<[string, string, string | null]> = [
      // No key proof at all: what the gateway's Kafka credentials and an admin's token can write.
      ['no key proof', token, null],
      // The proof of another admin's key.
      ['another admin’s key', token, await signTestKeyProof(h.jwtKey, { id: '7' })],
      // The proof of the admin's own key, without the mint scope.
      ['a key without the mint scope', token, await signTestKeyProof(h.jwtKey, admin, { scopes: ['burn', 'refund', 'reward'] })],
      // A key proof signed with a key the ledger was never given.
      ['a key proof signed by another key', token, await signTestKeyProof(generateJwtKey('not-the-user-service'), admin)],
      // A token of a password-only session (no second factor), with the admin's own key.
      ['a token without a second factor', await signProof(h.jwtKey, admin, { mfaAt: null }), ownKey],
      // A key proof that had expired long before the command.
      ['an expired key proof', token, await signTestKeyProof(h.jwtKey, admin, { issuedAt: new Date(Date.now() - 3_600_000) })],
      // An access token passed off as a key proof.
      ['an access token as the key proof', token, token],
    ];
    const deadLetters = await watchTopic(h.kafka, dlqOf(h.topics.ledgerCommands));
    try {
      const ids = forgeries.map(() => randomUUID());
      const answers: Array<[string, string]> = [];
      for (const [i, [name, proof, keyProof]] of forgeries.entries()) {
        const reply = await mintWith(proof, keyProof, ids[i]!);
        answers.push([name, reply.ok ? 'applied' : reply.error.code]);
      }
      expect(answers).toEqual(forgeries.map(([name]) => [name, 'COMMAND_REFUSED']));
      expect(await balanceOf(h, key)).toBe(0);
      for (const [i, [name]] of forgeries.entries()) {
        expect({ name, records: await refusalRecordsOf(ids[i]!) }).toMatchObject({
          name,
          records: [{ source: 'ledger', actor: { kind: 'user', id: admin.id }, action: 'ledger.mint', result: 'rejected' }],
        });
      }
      await eventually(
        async () => (ids.every((id) => deadLetters.values.some((v) => (v as { commandId?: string })?.commandId === id)) ? true : undefined),
        15_000,
        'every refused mint dead-lettered',
      );
    } finally {
      await deadLetters.stop();
    }
    // The same admin with their token and their own key's proof: applied, on the same partition.
    expect(resultOf(await mintWith(token, ownKey, randomUUID())).wallet.balance).toBe(7_000);
  });

  it("when an approval, a request for one or a payout from REWARDS lacks the sender's own key proof, then it is refused; a platform client's reward needs none", async () => {
    const userId = await openUser();
    const key = walletKeyOfUser(userId);
    const requester: ProofActor = { kind: 'user', id: '616161', role: 'ADMIN' };
    const approver: ProofActor = { kind: 'user', id: '626262', role: 'ADMIN' };
    const held = { type: 'ledger.mint', data: { to: { kind: 'user', userId }, amount: 300, reason: 'four eyes' } };
    const request = (keyProof?: string | null) =>
      h.send({ type: 'ledger.request-approval', key, actor: requester, keyProof, data: { command: held, requestHash: 'a'.repeat(64) } });
    expect(await request(null)).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    const approvalId = resultOf(await request()).approval.id as string;
    const approve = (keyProof?: string | null) =>
      h.send({ type: 'ledger.approve', key, actor: approver, keyProof, data: { approvalId, command: held, requestHash: 'b'.repeat(64) } });
    const refusedApprovals = [
      await approve(null),
      await approve(await signTestKeyProof(h.jwtKey, approver, { scopes: ['burn', 'refund', 'reward'] })),
      // The requester's key, with the approver's token.
      await approve(await signTestKeyProof(h.jwtKey, requester)),
    ];
    for (const reply of refusedApprovals) expect(reply).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    expect(await balanceOf(h, key)).toBe(0);
    expect(resultOf(await approve()).wallet.balance).toBe(3);

    resultOf(
      await h.send({
        type: 'ledger.mint',
        key: walletKeyOfTreasury('REWARDS'),
        data: { to: { kind: 'treasury', code: 'REWARDS' }, amount: 10_000, reason: 'fund' },
      }),
    );
    const payout = (keyProof?: string | null) =>
      h.send({
        type: 'ledger.payout',
        key: walletKeyOfTreasury('REWARDS'),
        actor: requester,
        keyProof,
        data: { from: { kind: 'treasury', code: 'REWARDS' }, lines: [{ toUserId: userId, amount: 100 }], reason: 'prizes' },
      });
    expect(await payout(await signTestKeyProof(h.jwtKey, requester, { scopes: ['mint'] }))).toMatchObject({
      ok: false,
      error: { code: 'COMMAND_REFUSED' },
    });
    expect(resultOf(await payout()).payout.lines).toHaveLength(1);
    // A platform client is no person and has no key: its token is its proof.
    const client: ProofActor = { kind: 'system', id: 'shop-backend', treasuries: ['REWARDS'] };
    const reward = await h.send({
      type: 'ledger.reward',
      key: walletKeyOfTreasury('REWARDS'),
      actor: client,
      data: { toUserId: userId, amount: 100, reason: 'prize' },
    });
    expect(resultOf(reward).transaction).toMatchObject({ type: 'REWARD', amount: 1 });
  });

  it("when an approve names only a routed request, then the apply loads the request first and judges the approver's key against the stored command; a reject names only the request too", async () => {
    const userId = await openUser();
    const key = walletKeyOfUser(userId);
    const requester: ProofActor = { kind: 'user', id: '636363', role: 'ADMIN' };
    const approver: ProofActor = { kind: 'user', id: '646464', role: 'ADMIN' };
    const held = { type: 'ledger.mint', data: { to: { kind: 'user', userId }, amount: 400, reason: 'four eyes' } };
    const request = async (idNonce: string) =>
      resultOf(
        await h.send({
          type: 'ledger.request-approval',
          key,
          actor: requester,
          data: { command: held, idNonce, requestHash: 'a'.repeat(64) },
        }),
      ).approval.id as string;
    const approvalId = await request('Zz0W9vJ3nL8xR2tY6uI1oP');
    expect(routeOfApprovalId(approvalId)).toEqual({ walletKey: key, payout: false });
    const approve = (keyProof?: string | null) =>
      h.send({ type: 'ledger.approve', key, actor: approver, keyProof, data: { approvalId, requestHash: 'b'.repeat(64) } });
    // No key proof, or the requester's: refused when the command is judged, before any read.
    for (const keyProof of [null, await signTestKeyProof(h.jwtKey, requester)]) {
      expect(await approve(keyProof)).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    }
    // The approver's own key without the mint scope: refused once the stored command is loaded.
    expect(await approve(await signTestKeyProof(h.jwtKey, approver, { scopes: ['burn', 'refund', 'reward'] }))).toMatchObject({
      ok: false,
      error: { code: 'API_KEY_SCOPE' },
    });
    expect(await balanceOf(h, key)).toBe(0);
    expect(resultOf(await approve())).toMatchObject({ approval: { id: approvalId, status: 'APPROVED' }, wallet: { balance: 4 } });
    const other = await request('Aa1B2c3D4e5F6g7H8i9J0k');
    const rejected = await h.send({
      type: 'ledger.reject-approval',
      key,
      actor: approver,
      data: { approvalId: other, reason: 'no budget', requestHash: 'c'.repeat(64) },
    });
    expect(resultOf(rejected)).toMatchObject({ approval: { id: other, status: 'REJECTED', rejectionReason: 'no budget' } });
  });

  it('when a wallet changes between a batch read and its write, then the write fails as a whole and writes nothing', async () => {
    const userId = await openUser();
    resultOf(await mint(userId, 1_000));
    const key = walletKeyOfUser(userId);
    const read = await readBatch(h.pool, { ...emptyReadRequest, kindKeys: { wallets: [key] }, idsToReserve: 1 });
    const loaded = read.kinds!.wallets!;
    const decided = wallets.stateOf(loaded);
    decided.get(key)!.balance -= 500;
    // Another writer (a zombie consumer after a rebalance) gets there first.
    await h.pool.query('UPDATE wallets SET balance = balance - 10, version = version + 1 WHERE wallet_key = $1', [key]);
    const commandId = randomUUID();
    const write = writeBatch(h.pool, {
      transactions: [],
      entries: [],
      kinds: {
        wallets: wallets.writesOf(loaded, decided, new Set([key])),
        processedCommands: [{ command_id: commandId, type: 'ledger.burn', ok: true, reply: '{}', request_hash: null }],
      },
      outbox: [{ topic: h.topics.coinTransactions, key: 'k', headers: {}, payload: '{}' }],
    });
    await expect(write).rejects.toBeInstanceOf(StaleWalletError);
    expect(await balanceOf(h, key)).toBe(990);
    const outcome = await h.pool.query('SELECT 1 FROM processed_commands WHERE command_id = $1', [commandId]);
    expect(outcome.rowCount).toBe(0);
  });

  it('when a batch stores an outcome, then its reply is stored as the reply’s exact JSON text and read back as it was', async () => {
    const commandId = randomUUID();
    const reply = { detail: 'a "quote", a \\ and a \n, \u0000, é, 💸 <>&', amount: 1.5, nested: { list: [1, null, true] } };
    const processed = { type: 'ledger.mint', ok: false, reply, requestHash: 'hash-1' };
    await writeBatch(h.pool, { ...emptyBatchWrite(), kinds: { processedCommands: [processedCommandRowOf(commandId, processed)] } });
    const stored = await h.pool.query<{ reply: string }>('SELECT reply FROM processed_commands WHERE command_id = $1', [commandId]);
    expect(stored.rows[0]!.reply).toBe(JSON.stringify(reply));
    const read = await readBatch(h.pool, { ...emptyReadRequest, kindKeys: { processedCommands: [commandId, randomUUID()] } });
    expect([...(read.kinds?.processedCommands ?? [])]).toEqual([[commandId, processed]]);
  });

  it('when a command id the batch stores was stored first by another writer, then the write fails as a conflict and writes nothing', async () => {
    const commandId = randomUUID();
    // Another writer (a zombie consumer after a rebalance) stored the command's outcome first.
    await h.pool.query(`INSERT INTO processed_commands (command_id, type, ok, reply) VALUES ($1, 'ledger.mint', false, '{}')`, [commandId]);
    const key = `conflict-${commandId}`;
    const write = writeBatch(h.pool, {
      transactions: [],
      entries: [],
      kinds: { processedCommands: [{ command_id: commandId, type: 'ledger.mint', ok: true, reply: '{}', request_hash: null }] },
      outbox: [{ topic: h.topics.coinTransactions, key, headers: {}, payload: '{}' }],
    });
    await expect(write).rejects.toBeInstanceOf(ApplyConflictError);
    await expect(write).rejects.toMatchObject({ code: '40001' });
    const outbox = await h.pool.query('SELECT 1 FROM outbox_batches WHERE position($1 in messages) > 0', [key]);
    expect(outbox.rowCount).toBe(0);
  });

  it('when several consumers apply the same batch at once (zombies after a rebalance), then it applies once', async () => {
    const [alice, bob] = [await openUser(), await openUser()];
    resultOf(await mint(alice, 1_000));
    // One handler per process: each has its own GroupCommit, as four processes would.
    const processes = Array.from({ length: 4 }, () => processHandler());
    const batch: Delivered<LedgerCommand>[] = [1, 2, 3].map((n) => ({
      value: {
        commandId: randomUUID(),
        type: 'ledger.transfer',
        issuedAt: new Date().toISOString(),
        actor: { kind: 'user', id: String(alice) },
        data: { kind: 'TRANSFER', fromUserId: alice, to: { kind: 'user', userId: bob }, amount: 100 * n, reason: 'race' },
      },
      key: walletKeyOfUser(alice),
      headers: {},
      topic: h.topics.ledgerCommands,
      partition: 0,
      offset: String(n),
    }));
    await Promise.all(processes.map((handle) => handle(batch)));
    expect(await balanceOf(h, walletKeyOfUser(alice))).toBe(400);
    const transfers = await h.pool.query("SELECT count(*)::int AS n FROM transactions WHERE type = 'TRANSFER' AND from_user_id = $1", [
      alice,
    ]);
    expect(transfers.rows[0].n).toBe(3);
    await eventually(async () => ((await balanceOf(h, walletKeyOfUser(bob))) === 600 ? true : undefined), 10_000, 'credit legs');
  });

  it('when batches of several partitions arrive together, then one database transaction applies them and each gets its own outcomes', async () => {
    const users = [await openUser(), await openUser(), await openUser()];
    const applies: Array<{ commands: number; applied: number }> = [];
    const handle = processHandler((b) => applies.push({ commands: b.commands, applied: b.applied }));
    const mintOf = (userId: number, amount: number, partition: number, offset: number): Delivered<LedgerCommand> => ({
      value: {
        commandId: randomUUID(),
        type: 'ledger.mint',
        issuedAt: new Date().toISOString(),
        actor: { kind: 'operator', id: 'test' },
        data: { to: { kind: 'user', userId }, amount, reason: 'r' },
      },
      key: walletKeyOfUser(userId),
      headers: {},
      topic: h.topics.ledgerCommands,
      partition,
      offset: String(offset),
    });
    const overdraw = (userId: number, partition: number): Delivered<LedgerCommand> => ({
      ...mintOf(userId, 0, partition, 9),
      value: {
        commandId: randomUUID(),
        type: 'ledger.burn',
        issuedAt: new Date().toISOString(),
        actor: { kind: 'operator', id: 'test' },
        data: { from: { kind: 'user', userId }, amount: 1_000_000, reason: 'too much' },
      },
    });
    const outboxBefore = (await h.pool.query('SELECT count(*)::int AS n FROM outbox_batches')).rows[0].n;
    const groups = [
      [mintOf(users[0]!, 100, 0, 1), mintOf(users[0]!, 5, 0, 2)],
      [mintOf(users[1]!, 200, 1, 1), overdraw(users[1]!, 1)],
      [mintOf(users[2]!, 300, 2, 1)],
    ];
    // Three partitions' batches from the same fetch, as three consumers hand them over.
    await Promise.all(groups.map((g) => handle(g)));
    // Reported once its publish settled, which the handler does not wait for.
    await eventually(async () => (applies.length > 0 ? true : undefined), 10_000, 'the apply reported');
    expect(applies).toEqual([{ commands: 5, applied: 5 }]);
    expect(await Promise.all(users.map((u) => balanceOf(h, walletKeyOfUser(u))))).toEqual([105, 200, 300]);
    const ids = groups.flat().map((d) => d.value.commandId);
    const outcomes = await h.pool.query<{ command_id: string; ok: boolean; code: string | null }>(
      "SELECT command_id, ok, reply::json->>'code' AS code FROM processed_commands WHERE command_id = ANY($1::uuid[])",
      [ids],
    );
    const byId = new Map(outcomes.rows.map((r) => [r.command_id, r]));
    expect(ids.map((id) => byId.get(id)?.ok)).toEqual([true, true, true, false, true]);
    expect(byId.get(ids[3]!)?.code).toBe('INSUFFICIENT_FUNDS');
    // One outbox row for the one transaction.
    expect((await h.pool.query('SELECT count(*)::int AS n FROM outbox_batches')).rows[0].n).toBe(outboxBefore + 1);
  });

  it("when a credited wallet's partition is in the same apply, then the credit commits with the debit and only the other legs travel", async () => {
    const [alice, bob, carol] = [await openUser(), await openUser(), await openUser()];
    resultOf(await mint(alice, 1_000));
    // Bob's wallet is on partition 1, carol's on 5, the rest on 0; this process has 0 and 1 now.
    const partitionOf = (key: string) => (key === walletKeyOfUser(bob) ? 1 : key === walletKeyOfUser(carol) ? 5 : 0);
    const handle = processHandler(undefined, partitionOf);
    const delivered = (
      partition: number,
      offset: number,
      value: Omit<LedgerCommand, 'commandId' | 'issuedAt'>,
    ): Delivered<LedgerCommand> => ({
      value: { commandId: randomUUID(), issuedAt: new Date().toISOString(), ...value } as LedgerCommand,
      key: null,
      headers: {},
      topic: h.topics.ledgerCommands,
      partition,
      offset: String(offset),
    });
    const transfer = (to: number, amount: number, offset: number) =>
      delivered(0, offset, {
        type: 'ledger.transfer',
        actor: { kind: 'user', id: String(alice) },
        data: { kind: 'TRANSFER', fromUserId: alice, to: { kind: 'user', userId: to }, amount, reason: 'r' },
      });
    const toBob = transfer(bob, 100, 1);
    const toCarol = transfer(carol, 50, 2);
    const bobsPartition = delivered(1, 1, {
      type: 'ledger.mint',
      actor: { kind: 'operator', id: 'test' },
      data: { to: { kind: 'user', userId: bob }, amount: 1, reason: 'r' },
    });
    await Promise.all([handle([toBob, toCarol]), handle([bobsPartition])]);

    // Bob's credit is already there, in the debit's database transaction; carol's is a leg in Kafka.
    expect(await balanceOf(h, walletKeyOfUser(bob))).toBe(101);
    const transactionOf = async (d: Delivered<LedgerCommand>) =>
      (await h.pool.query<{ id: number }>('SELECT id FROM transactions WHERE command_id = $1', [d.value.commandId])).rows[0]!.id;
    const [bobTx, carolTx] = [await transactionOf(toBob), await transactionOf(toCarol)];
    const entries = await h.pool.query('SELECT amount FROM entries WHERE transaction_id = $1 ORDER BY amount', [bobTx]);
    expect(entries.rows.map((r) => r.amount)).toEqual([-100, 100]);
    await eventually(async () => ((await balanceOf(h, walletKeyOfUser(carol))) === 50 ? true : undefined), 10_000, "carol's leg");
    const legOutcomes = await h.pool.query<{ command_id: string }>(
      'SELECT command_id FROM processed_commands WHERE command_id = ANY($1::uuid[])',
      [
        [
          creditLegCommandId({ transactionId: bobTx, to: { kind: 'user', userId: bob } }),
          creditLegCommandId({ transactionId: carolTx, to: { kind: 'user', userId: carol } }),
        ],
      ],
    );
    // Only the leg that travelled was applied (and stored) as a command of its own.
    expect(legOutcomes.rows.map((r) => r.command_id)).toEqual([
      creditLegCommandId({ transactionId: carolTx, to: { kind: 'user', userId: carol } }),
    ]);
    expect(await balanceOf(h, walletKeyOfUser(alice))).toBe(850);
  });

  it('when a credited wallet is in an idle partition this process owns, then its credit commits with the debit; one it does not own travels', async () => {
    const [alice, bob, carol] = [await openUser(), await openUser(), await openUser()];
    resultOf(await mint(alice, 1_000));
    // Alice on partition 0, bob on 3 (owned, no batch of its own), carol on 7 (another process's).
    const partitionOf = (key: string) => (key === walletKeyOfUser(bob) ? 3 : key === walletKeyOfUser(carol) ? 7 : 0);
    const creditedInPlace: number[] = [];
    const handle = processHandler(
      (b) => creditedInPlace.push(b.creditedInPlace),
      partitionOf,
      (partition) => partition !== 7,
    );
    const transfer = (to: number, amount: number, offset: number): Delivered<LedgerCommand> => ({
      value: {
        commandId: randomUUID(),
        issuedAt: new Date().toISOString(),
        type: 'ledger.transfer',
        actor: { kind: 'user', id: String(alice) },
        data: { kind: 'TRANSFER', fromUserId: alice, to: { kind: 'user', userId: to }, amount, reason: 'r' },
      } as LedgerCommand,
      key: null,
      headers: {},
      topic: h.topics.ledgerCommands,
      partition: 0,
      offset: String(offset),
    });
    const [toBob, toCarol] = [transfer(bob, 100, 1), transfer(carol, 50, 2)];
    await handle([toBob, toCarol]);

    // Bob's credit is in the debit's database transaction; carol's travels as a leg through Kafka.
    expect(await balanceOf(h, walletKeyOfUser(bob))).toBe(100);
    await eventually(async () => (creditedInPlace.length > 0 ? true : undefined), 10_000, 'the apply reported');
    expect(creditedInPlace[0]).toBe(1);
    await eventually(async () => ((await balanceOf(h, walletKeyOfUser(carol))) === 50 ? true : undefined), 10_000, "carol's leg");
    expect(await balanceOf(h, walletKeyOfUser(alice))).toBe(850);
  });

  it('when the heartbeat after a committed batch fails (a rebalance), then the batch is still reported with what it applied', async () => {
    const userId = await openUser();
    const reported: number[] = [];
    const handle = processHandler((b) => reported.push(b.applied));
    const mint: Delivered<LedgerCommand> = {
      value: {
        commandId: randomUUID(),
        type: 'ledger.mint',
        issuedAt: new Date().toISOString(),
        actor: { kind: 'operator', id: 'test' },
        data: { to: { kind: 'user', userId }, amount: 70, reason: 'r' },
      },
      key: walletKeyOfUser(userId),
      headers: {},
      topic: h.topics.ledgerCommands,
      partition: 0,
      offset: '1',
    };
    let heartbeats = 0;
    const rebalancing = async () => {
      heartbeats += 1;
      if (heartbeats > 1) throw new Error('The group is rebalancing, so a rejoin is needed');
    };
    await expect(handle([mint], { heartbeat: rebalancing })).rejects.toThrow('rebalancing');
    // Reported once its publish settled, which the handler does not wait for.
    await eventually(async () => (reported.length > 0 ? true : undefined), 10_000, 'the apply reported');
    expect(reported).toEqual([1]);
    // The redelivery is answered from the stored outcome and applies nothing more.
    await handle([mint], { heartbeat: async () => undefined });
    await eventually(async () => (reported.length > 1 ? true : undefined), 10_000, 'the redelivery reported');
    expect(reported).toEqual([1, 0]);
    expect(await balanceOf(h, walletKeyOfUser(userId))).toBe(70);
  });

  describe('packed records (docs/DESIGN.md "Packed records")', () => {
    /** The command ids each pack of a topic carried (records that are not packs are left out). */
    const packsOf = (watch: TopicWatch): string[][] =>
      watch.values
        .filter((v): v is Array<{ value: string }> => Array.isArray(v))
        .map((entries) => entries.map((e) => (JSON.parse(e.value) as { commandId: string }).commandId));

    /**
     * A funded payer, after one transfer of it (its proof is signed once and cached, so the
     * sends of a test leave in the same tick) and a transfer of it to another user by command id.
     */
    async function payerWithTransfer() {
      const [alice, bob] = [await openUser(), await openUser()];
      resultOf(await mint(alice, 10_000));
      const transfer = (commandId: string, amount: unknown) =>
        h.send({
          type: 'ledger.transfer',
          key: walletKeyOfUser(alice),
          commandId,
          data: { kind: 'TRANSFER', fromUserId: alice, to: { kind: 'user', userId: bob }, amount, reason: 'packed' },
        });
      resultOf(await transfer(randomUUID(), 100));
      return { alice, transfer };
    }

    it('when N commands to one partition are sent together, then they travel as one pack, all N apply and each of the N callers gets its own answer, itself packed', async () => {
      const { alice, transfer } = await payerWithTransfer();
      const commands = await watchTopic(h.kafka, h.topics.ledgerCommands);
      const replies = await watchTopic(h.kafka, h.topics.gatewayReplies);
      try {
        const ids: string[] = Array.from({ length: 20 }, () => randomUUID());
        const answers = await Promise.all(ids.map((id, n) => transfer(id, 10 + n)));
        expect(answers.map((a) => a.ok && (a.result as { transaction: { amount: number } }).transaction.amount)).toEqual(
          ids.map((_, n) => (10 + n) / 100),
        );
        expect(answers.map((a) => a.commandId)).toEqual(ids);
        const sum = ids.reduce((total, _, n) => total + 10 + n, 0);
        expect(await balanceOf(h, walletKeyOfUser(alice))).toBe(10_000 - 100 - sum);
        const applied = await h.pool.query('SELECT count(*)::int AS n FROM transactions WHERE command_id = ANY($1::uuid[])', [ids]);
        expect(applied.rows[0].n).toBe(ids.length);
        // One pack carried them all, in the order they were sent.
        await eventually(async () => (packsOf(commands).some((p) => p.includes(ids[0]!)) ? true : undefined), 10_000, 'the pack');
        expect(packsOf(commands).find((p) => p.includes(ids[0]!))).toEqual(ids);
        // And the answers came back packed too (the apply may have split them over batches).
        await eventually(
          async () =>
            packsOf(replies)
              .flat()
              .filter((id) => ids.includes(id)).length >= 2
              ? true
              : undefined,
          10_000,
          'packed replies',
        );
      } finally {
        await commands.stop();
        await replies.stop();
      }
    });

    it('when one command of a pack fails the contract, then it alone is dead-lettered and answered COMMAND_REFUSED, and the others of its pack apply', async () => {
      const { alice, transfer } = await payerWithTransfer();
      const commands = await watchTopic(h.kafka, h.topics.ledgerCommands);
      const deadLetters = await watchTopic(h.kafka, dlqOf(h.topics.ledgerCommands));
      try {
        const ids: string[] = Array.from({ length: 6 }, () => randomUUID());
        const bad = 3;
        const answers = await Promise.all(ids.map((id, n) => transfer(id, n === bad ? 'lots' : 50)));
        expect(answers.map((a) => (a.ok ? 'applied' : a.error.code))).toEqual(
          ids.map((_, n) => (n === bad ? 'COMMAND_REFUSED' : 'applied')),
        );
        expect(await balanceOf(h, walletKeyOfUser(alice))).toBe(10_000 - 100 - 5 * 50);
        await eventually(async () => (packsOf(commands).some((p) => p.includes(ids[bad]!)) ? true : undefined), 10_000, 'the pack');
        expect(packsOf(commands).find((p) => p.includes(ids[bad]!))).toEqual(ids);
        const deadIds = () => deadLetters.values.map((v) => (v as { commandId?: string } | null)?.commandId);
        await eventually(async () => (deadIds().includes(ids[bad]!) ? true : undefined), 15_000, 'the dead letter');
        expect(deadIds().filter((id) => id !== undefined && ids.includes(id))).toEqual([ids[bad]]);
      } finally {
        await commands.stop();
        await deadLetters.stop();
      }
    });
  });
});
