import { randomUUID } from 'node:crypto';
import { dlqOf, headerNames, walletKeyOfUser, type LedgerCommand, type Reply } from '@coin/contracts';
import { createPool, OutboxRelay, type Pool } from '@coin/db';
import { fastGroupSettings, readHeaders, type Delivered } from '@coin/kafka';
import type { Consumer } from 'kafkajs';
import { eventually, startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';
import { testInfra } from '../../../test/harness/env';
import { batchStore } from './db/batch-store';
import { outboxBatches } from './db/outbox-store';
import { outboxBatchPublisher } from './kafka/outbox-publisher';
import { handleLedgerCommands } from './kafka/ledger-commands';
import { commandTable } from './domain/commands/table';

/**
 * No partition ever stops on a command that cannot be applied. Each case puts one
 * message the database or the domain refuses among good ones on the same partition; on the code
 * before the fix the batch was redelivered for ever and every later command there timed out.
 */

function resultOf(reply: Reply): any {
  if (!reply.ok) throw new Error(`rejected: ${JSON.stringify(reply.error)}`);
  return reply.result;
}

describe('ledger consumers with a poison message among good ones', () => {
  let h: LedgerHarness;
  let owner: Pool;
  let dlqReader: Consumer;
  const deadLetters: Array<{ headers: Record<string, string>; value: string }> = [];
  let nextUser = 5000;
  const poisonUserId = 9_000_000_001;

  const openUser = async () => {
    nextUser += 1;
    resultOf(await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(nextUser), data: { userId: nextUser } }));
    return nextUser;
  };
  const mint = (userId: number, amount: number, reason = 'seed', commandId: string = randomUUID()) =>
    h.send(
      { type: 'ledger.mint', key: walletKeyOfUser(userId), commandId, data: { to: { kind: 'user', userId }, amount, reason } },
      10_000,
    );
  const balanceOf = async (userId: number) =>
    (await h.pool.query<{ balance: number }>('SELECT balance FROM wallets WHERE wallet_key = $1', [walletKeyOfUser(userId)])).rows[0]
      ?.balance;

  beforeAll(async () => {
    h = await startLedgerHarness();
    await h.startLedger();
    // The schema's owner: the service role may not create triggers.
    owner = createPool({
      url: testInfra().databaseUrl,
      schema: `${h.prefix}ledger`,
      applicationName: 'ledger-poison-test',
      connectionsMax: 1,
    });
    // The database refuses what no validation upstream caught: a transaction whose reason is
    // 'poison', a credit entry of exactly 7.77 coins (SQLSTATE 22023, a data exception).
    await owner.query(`
      CREATE FUNCTION refuse_poison_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.reason = 'poison' THEN RAISE EXCEPTION 'poison transaction refused' USING ERRCODE = '22023'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_poison_transaction BEFORE INSERT ON transactions FOR EACH ROW EXECUTE FUNCTION refuse_poison_transaction();
      CREATE FUNCTION refuse_poison_entry() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.amount = 777 THEN RAISE EXCEPTION 'poison entry refused' USING ERRCODE = '22023'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_poison_entry BEFORE INSERT ON entries FOR EACH ROW EXECUTE FUNCTION refuse_poison_entry();
      CREATE FUNCTION refuse_poison_wallet() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.user_id = ${poisonUserId} THEN RAISE EXCEPTION 'poison wallet refused' USING ERRCODE = '22023'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_poison_wallet BEFORE INSERT ON wallets FOR EACH ROW EXECUTE FUNCTION refuse_poison_wallet();`);
    dlqReader = h.kafka.consumer({ groupId: `${h.prefix}poison-dlq-reader`, ...fastGroupSettings });
    await dlqReader.connect();
    await dlqReader.subscribe({ topic: dlqOf(h.topics.ledgerCommands), fromBeginning: true });
    await dlqReader.subscribe({ topic: dlqOf(h.topics.ledgerInternal), fromBeginning: true });
    await dlqReader.subscribe({ topic: dlqOf(h.topics.userEvents), fromBeginning: true });
    await dlqReader.subscribe({ topic: h.topics.adminAudit, fromBeginning: true });
    await dlqReader.run({
      eachMessage: async ({ message }) =>
        void deadLetters.push({ headers: readHeaders(message.headers), value: message.value?.toString() ?? '' }),
    });
  }, 90_000);

  afterAll(async () => {
    await dlqReader?.disconnect();
    await owner?.end();
    await h?.close();
  });

  it('when a command the database refuses is among good ones, then the good ones apply, it is answered COMMAND_FAILED with its id, stored, dead-lettered, and the partition goes on', async () => {
    const userId = await openUser();
    const poisonId = randomUUID();
    // Sent together, so they are likely to share one batch on the wallet's partition.
    const [first, poison, second] = await Promise.all([mint(userId, 100), mint(userId, 5, 'poison', poisonId), mint(userId, 200)]);
    expect(resultOf(first).transaction.amount).toBe(1);
    expect(resultOf(second).transaction.amount).toBe(2);
    expect(poison).toMatchObject({ ok: false, commandId: poisonId, error: { code: 'COMMAND_FAILED' } });
    expect(!poison.ok && poison.error.detail).toContain(poisonId);
    expect(await balanceOf(userId)).toBe(300);

    // A retry with the same id gets the same answer from the stored outcome, marked so, and changes nothing.
    const retry = await mint(userId, 5, 'poison', poisonId);
    expect(retry).toEqual({ ...poison, correlationId: retry.correlationId, replayed: true });
    expect(poison).not.toHaveProperty('replayed');
    const dead = await eventually(
      async () => deadLetters.find((d) => d.headers[headerNames.commandId] === poisonId),
      10_000,
      'dead letter',
    );
    expect(dead.headers['dlq-error']).toContain('22023');
    expect(dead.headers['dlq-original-topic']).toBe(h.topics.ledgerCommands);

    // The partition goes on.
    expect(resultOf(await mint(userId, 1)).wallet.balance).toBe(3.01);
  });

  it('when a decider throws a TypeError on one command (a bug), then that command alone is answered COMMAND_FAILED, stored, dead-lettered and audited, and every partition keeps applying', async () => {
    const users = [await openUser(), await openUser(), await openUser(), await openUser()];
    const decide = commandTable['ledger.mint'].decide;
    const spy = jest.spyOn(commandTable['ledger.mint'], 'decide').mockImplementation((command, context) => {
      if (command.data.reason === 'throw in decide') throw new TypeError("Cannot read properties of undefined (reading 'rule')");
      return decide(command, context);
    });
    try {
      const brokenId = randomUUID();
      // Sent together with commands on the same and other partitions, so that they share applies.
      const [broken, ...others] = await Promise.all([
        mint(users[0]!, 5, 'throw in decide', brokenId),
        ...users.flatMap((userId) => [mint(userId, 100), mint(userId, 200)]),
      ]);
      expect(broken).toMatchObject({ ok: false, commandId: brokenId, error: { code: 'COMMAND_FAILED' } });
      for (const reply of others) expect(reply.ok).toBe(true);
      for (const userId of users) expect(await balanceOf(userId)).toBe(300);
      // Stored: a retry is answered the same, and still nothing moves.
      expect(await mint(users[0]!, 5, 'throw in decide', brokenId)).toMatchObject({
        ok: false,
        replayed: true,
        error: { code: 'COMMAND_FAILED' },
      });
      const dead = await eventually(
        async () => deadLetters.find((d) => d.headers[headerNames.commandId] === brokenId),
        10_000,
        'dead letter',
      );
      expect(dead.headers['dlq-error']).toMatch(/^set aside \(permanent\): TypeError/);
      const audited = await eventually(
        async () => deadLetters.find((d) => d.value.includes(`command:${brokenId}`) && d.value.includes('COMMAND_FAILED')),
        10_000,
        'set-aside audit record',
      );
      expect(JSON.parse(audited.value)).toMatchObject({
        record: { action: 'ledger.mint', result: 'rejected', errorCode: 'COMMAND_FAILED' },
      });
    } finally {
      spy.mockRestore();
    }
    expect(resultOf(await mint(users[0]!, 1)).wallet.balance).toBe(3.01);
  });

  it('when a credit leg the database refuses arrives, then it is dead-lettered without a stored outcome and the wallet goes on', async () => {
    const userId = await openUser();
    const seeded = resultOf(await mint(userId, 100));
    const leg: LedgerCommand = {
      commandId: randomUUID(),
      type: 'ledger.credit',
      issuedAt: new Date().toISOString(),
      actor: { kind: 'service', id: 'ledger' },
      data: { transactionId: seeded.transaction.id, to: { kind: 'user', userId }, amount: 777, returnTo: null },
    };
    // Where the ledger sends its legs: ledger.internal.
    await h.producer.send(h.topics.ledgerInternal, {
      key: walletKeyOfUser(userId),
      value: JSON.stringify(leg),
      headers: { [headerNames.commandId]: leg.commandId, [headerNames.type]: leg.type },
    });
    expect(resultOf(await mint(userId, 50)).wallet.balance).toBe(1.5);
    const dead = await eventually(
      async () => deadLetters.find((d) => d.headers[headerNames.commandId] === leg.commandId),
      10_000,
      'dead-lettered leg',
    );
    // Set aside by the database's refusal (not refused for its topic), on its own topic's DLQ.
    expect(dead.headers['dlq-original-topic']).toBe(h.topics.ledgerInternal);
    expect(dead.headers['dlq-error']).toContain('22023');
    // Nothing stored: once the cause is fixed, a redrive applies the leg.
    const stored = await h.pool.query('SELECT 1 FROM processed_commands WHERE command_id = $1', [leg.commandId]);
    expect(stored.rowCount).toBe(0);
  });

  it("when the database refuses one user.registered event's wallet, then the other users get theirs and its open-wallet command is dead-lettered", async () => {
    const registered = (userId: number) => ({
      key: String(userId),
      value: JSON.stringify({
        eventId: randomUUID(),
        type: 'user.registered',
        version: 1,
        occurredAt: new Date().toISOString(),
        user: { id: userId, email: `u${userId}@example.com`, role: 'USER', tokenVersion: 0 },
      }),
      headers: { type: 'user.registered' },
    });
    const [before, after] = [9_000_000_000, 9_000_000_002];
    // One key, so one partition and (most likely) one batch.
    await h.producer.sendMany(
      [before, poisonUserId, after].map((userId) => ({
        topic: h.topics.userEvents,
        message: { ...registered(userId), key: 'same-partition' },
      })),
    );
    await eventually(
      async () => ((await balanceOf(before)) === 0 && (await balanceOf(after)) === 0 ? true : undefined),
      15_000,
      'wallets of the good events',
    );
    // The event becomes a ledger.open-wallet command in the wallet's partition; that command is set aside.
    const dead = await eventually(
      async () => deadLetters.find((d) => d.value.includes('"ledger.open-wallet"') && d.value.includes(`"userId":${poisonUserId}`)),
      15_000,
      'dead-lettered open-wallet command',
    );
    expect(dead.headers['dlq-error']).toContain('22023');
    expect(await balanceOf(poisonUserId)).toBeUndefined();
  });

  it('when a balance would pass 2^53 − 1 minor units, then the command is rejected BALANCE_LIMIT_EXCEEDED and the partition goes on', async () => {
    const userId = await openUser();
    await owner.query('UPDATE wallets SET balance = $2, total_received = $2 WHERE wallet_key = $1', [
      walletKeyOfUser(userId),
      Number.MAX_SAFE_INTEGER - 50,
    ]);
    const over = await mint(userId, 100);
    expect(over).toMatchObject({ ok: false, error: { code: 'BALANCE_LIMIT_EXCEEDED' } });
    expect(resultOf(await mint(userId, 50)).wallet.balance).toBe(Number.MAX_SAFE_INTEGER / 100);
  });

  it('when a return is burned in the same apply that creates it, then every id it names is a real transaction id', async () => {
    const [alice, bob, carol] = [await openUser(), await openUser(), await openUser()];
    const origin = resultOf(await mint(carol, 50)).transaction.id as number;
    for (const userId of [alice, bob]) {
      resultOf(
        await h.send({ type: 'ledger.close-wallet', key: walletKeyOfUser(userId), data: { userId, reason: 'closed for the test' } }),
      );
    }
    // One process owning every partition: the return to alice is credited (burned: alice is
    // closed) inside the apply that creates it. Alice's close (a no-op now) loads her wallet.
    const handle = handleLedgerCommands({
      store: batchStore(h.pool),
      producer: h.producer,
      outbox: new OutboxRelay({ store: outboxBatches(h.pool), publish: outboxBatchPublisher(h.producer) }),
      topics: h.topics,
      logger: h.logger,
      now: () => new Date(),
      partitionOfWallet: () => 0,
    });
    const delivered = (value: Omit<LedgerCommand, 'commandId' | 'issuedAt' | 'actor'>, offset: number): Delivered<LedgerCommand> => ({
      value: {
        commandId: randomUUID(),
        issuedAt: new Date().toISOString(),
        actor: { kind: 'service', id: 'ledger' },
        ...value,
      } as LedgerCommand,
      key: null,
      headers: {},
      topic: h.topics.ledgerCommands,
      partition: 0,
      offset: String(offset),
    });
    await handle([
      delivered({ type: 'ledger.close-wallet', data: { userId: alice, reason: 'closed for the test' } }, 1),
      delivered(
        {
          type: 'ledger.credit',
          data: { transactionId: origin, to: { kind: 'user', userId: bob }, amount: 50, returnTo: { kind: 'user', userId: alice } },
        },
        2,
      ),
    ]);
    const rows = await h.pool.query<{ id: number; type: string; returns: number; reason: string }>(
      'SELECT id, type, returns, reason FROM transactions WHERE returns IS NOT NULL AND (returns = $1 OR returns IN (SELECT id FROM transactions WHERE returns = $1)) ORDER BY id',
      [origin],
    );
    expect(rows.rows.map((r) => r.type)).toEqual(['TRANSFER', 'BURN']);
    const [returned, burned] = rows.rows;
    expect(returned!.returns).toBe(origin);
    expect(burned!.returns).toBe(returned!.id);
    expect(burned!.reason).toContain(`transaction ${returned!.id}`);
    for (const row of rows.rows) expect(row.id).toBeGreaterThan(0);
  });
});
