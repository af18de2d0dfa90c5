import { randomUUID } from 'node:crypto';
import { commandMessage, dlqOf, headerNames, walletKeyOfUser, type Reply } from '@coin/contracts';
import { fastGroupSettings, readHeaders } from '@coin/kafka';
import type { Consumer } from 'kafkajs';
import { ProofCache } from '../../../scripts/stack/proofs';
import { scaledBound } from '../../../test/harness/machine-speed';
import { eventually, harnessActor, startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';

/**
 * A record whose headers make its answer larger than the broker takes: a `correlation-id` of
 * 400,000 characters is accepted with the command (about 400 KB), but the answer repeats it in
 * its key, its header and its body (about 1.2 MB), which the broker refuses (MESSAGE_TOO_LARGE).
 * On the code before the fix that refusal was taken for the broker being away: the batch was
 * retried in place for ever and every command after it on the partition timed out.
 */

function resultOf(reply: Reply): any {
  if (!reply.ok) throw new Error(`rejected: ${JSON.stringify(reply.error)}`);
  return reply.result;
}

describe('a command on ledger.commands with a 400,000-character correlation-id', () => {
  let h: LedgerHarness;
  let proofs: ProofCache;
  let dlqReader: Consumer;
  /** The dead letters of ledger.commands and the admin audit records, as they arrive. */
  const seen: Array<{ topic: string; headers: Record<string, string>; value: string }> = [];
  const hugeCorrelationId = 'c'.repeat(400_000);
  let nextUser = 7000;

  const mint = (userId: number, amount: number, reason: string) =>
    h.send({ type: 'ledger.mint', key: walletKeyOfUser(userId), data: { to: { kind: 'user', userId }, amount, reason } });
  const balanceOf = async (userId: number) =>
    (await h.pool.query<{ balance: number }>('SELECT balance FROM wallets WHERE wallet_key = $1', [walletKeyOfUser(userId)])).rows[0]
      ?.balance;

  /** A mint as the gateway sends it (proven, or not), but with the hostile header, produced straight to the topic. */
  async function produceHostileMint(userId: number, amount: number, options: { proven: boolean }): Promise<string> {
    const commandId = randomUUID();
    const data = { to: { kind: 'user' as const, userId }, amount, reason: 'hostile headers' };
    const proof = options.proven ? await proofs.forCommand(harnessActor, { type: 'ledger.mint', data }) : {};
    const command = {
      commandId,
      type: 'ledger.mint',
      issuedAt: new Date().toISOString(),
      actor: { kind: harnessActor.kind, id: harnessActor.id, role: harnessActor.role },
      ...proof,
      data,
    };
    const message = commandMessage(command, walletKeyOfUser(userId));
    await h.producer.send(h.topics.ledgerCommands, {
      ...message,
      headers: { ...message.headers, [headerNames.correlationId]: hugeCorrelationId, [headerNames.replyTo]: h.topics.gatewayReplies },
    });
    return commandId;
  }

  beforeAll(async () => {
    h = await startLedgerHarness();
    await h.startLedger();
    proofs = new ProofCache(h.jwtKey);
    dlqReader = h.kafka.consumer({ groupId: `${h.prefix}hostile-headers-dlq-reader`, ...fastGroupSettings });
    await dlqReader.connect();
    await dlqReader.subscribe({ topic: dlqOf(h.topics.ledgerCommands), fromBeginning: true });
    await dlqReader.subscribe({ topic: h.topics.adminAudit, fromBeginning: true });
    await dlqReader.run({
      eachMessage: async ({ topic, message }) =>
        void seen.push({ topic, headers: readHeaders(message.headers), value: message.value?.toString() ?? '' }),
    });
  }, 90_000);

  afterAll(async () => {
    await dlqReader?.disconnect();
    await h?.close();
  });

  it.each([
    ['proven (it would be applied)', true],
    ['without a proof (it would be refused)', false],
  ])(
    'when such a command, %s, comes first on its partition, then the command right after it is answered in its usual time, and the hostile one is refused, dead-lettered, audited and answered to no one',
    async (_case, proven) => {
      nextUser += 1;
      const userId = nextUser;
      resultOf(await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } }));
      const usualStarted = Date.now();
      resultOf(await mint(userId, 100, 'usual'));
      const usualMs = Date.now() - usualStarted;

      const hostileId = await produceHostileMint(userId, 500, { proven });
      const started = Date.now();
      const after = await mint(userId, 100, 'after the hostile record');
      const afterMs = Date.now() - started;
      console.info(`hostile correlation-id (${_case}): a mint took ${usualMs} ms before it, ${afterMs} ms right after it`);
      // The gateway's own deadline is 5 s (scaled to the machine); before the fix this timed out.
      expect(afterMs).toBeLessThan(scaledBound(5_000));
      // Refused before any apply: the hostile mint of 5 coins moved nothing.
      expect(resultOf(after).wallet.balance).toBe(2);
      expect(await balanceOf(userId)).toBe(200);

      const dead = await eventually(
        async () => seen.find((d) => d.topic === dlqOf(h.topics.ledgerCommands) && d.headers[headerNames.commandId] === hostileId),
        10_000,
        'the dead letter of the hostile command',
      );
      expect(dead.headers['dlq-error']).toMatch(/^header correlation-id must be a UUID; it holds 400000 characters, sha256 [0-9a-f]{64}$/);
      expect(dead.headers['dlq-original-topic']).toBe(h.topics.ledgerCommands);
      // The audit log says who the command names and why it was refused, without the header itself.
      const audited = await eventually(
        async () => seen.find((d) => d.topic === h.topics.adminAudit && d.value.includes(`command:${hostileId}`)),
        10_000,
        'the audit record of the refusal',
      );
      expect(audited.value.length).toBeLessThan(5_000);
      expect(JSON.parse(audited.value)).toMatchObject({
        record: {
          action: 'ledger.mint',
          result: 'rejected',
          errorCode: 'COMMAND_REFUSED',
          reason: expect.stringContaining('correlation-id'),
        },
      });
    },
    120_000,
  );
});
