import { randomUUID } from 'node:crypto';
import { apiKeyScopeOfCommand, ledgerDraft, topicNames, userDraft, type LedgerDraft, type MoneyResult, type Reply } from '@coin/contracts';
import { AppError, InvariantViolation } from '@coin/errors';
import type { RequestOptions, RequestReplyClient } from '@coin/kafka';
import { CommandBus } from './commands';

const topics = topicNames('bus_');
const at = '2025-01-01T00:00:00.000Z';
const admin = { kind: 'user' as const, id: '2', role: 'ADMIN' as const };

/** A request/reply client that records what it is asked to send and answers with `answer`. */
function fakeClient(answer: (options: RequestOptions) => Omit<Reply, 'correlationId' | 'commandId'>) {
  const requests: RequestOptions[] = [];
  const client = {
    request: async (options: RequestOptions): Promise<Reply> => {
      requests.push(options);
      return { correlationId: randomUUID(), commandId: options.command.commandId, ...answer(options) } as Reply;
    },
  } as unknown as RequestReplyClient;
  return { client, requests };
}

const moneyResult: MoneyResult = {
  transaction: {
    id: 41,
    type: 'MINT',
    amount: 5,
    fromUserId: null,
    toUserId: 7,
    fromTreasury: null,
    toTreasury: null,
    reason: 'grant',
    reference: null,
    refundOf: null,
    createdAt: at,
  },
  wallet: {
    id: randomUUID(),
    userId: 7,
    balance: 5,
    activeCoins: 5,
    totalReceived: 5,
    totalSent: 0,
    createdAt: at,
    updatedAt: at,
    frozen: false,
  },
};

const mint = ledgerDraft('ledger.mint', { to: { kind: 'user', userId: 7 }, amount: 500, reason: 'grant' });

describe('CommandBus', () => {
  it('when a ledger command is sent, then it goes to the ledger topic under its partition key, with the context and the clock', async () => {
    const { client, requests } = fakeClient(() => ({ ok: true, result: moneyResult }));
    const bus = new CommandBus(client, topics, 1234, () => new Date(at));
    const commandId = randomUUID();

    const result = await bus.ledger(mint, { actor: admin, keyProof: 'a.key.proof', commandId, requestId: 'req-1' });

    expect(result).toEqual(moneyResult);
    expect(requests).toEqual([
      {
        topic: topics.ledgerCommands,
        key: 'user:7',
        timeoutMs: 1234,
        requestId: 'req-1',
        command: { commandId, type: 'ledger.mint', issuedAt: at, actor: admin, keyProof: 'a.key.proof', data: mint.data },
      },
    ]);
  });

  it('when a test-mode caller sends a ledger command, then it goes to the sandbox’s ledger.commands through the client that reads the sandbox’s replies, never the live one', async () => {
    const live = fakeClient(() => ({ ok: true, result: moneyResult }));
    const sandbox = fakeClient(() => ({ ok: true, result: moneyResult }));
    const sandboxCommands = topicNames('bus_sandbox_').ledgerCommands;
    const bus = new CommandBus(live.client, topics, 1000, undefined, { ledgerCommands: sandboxCommands, client: sandbox.client });
    const client = { kind: 'system' as const, id: 'test_shop' };
    const fund = ledgerDraft('ledger.mint', { to: { kind: 'treasury', code: 'REWARDS' }, amount: 500, reason: 'fund' });
    await bus.ledger(fund, { actor: client, space: 'test', usersProof: 'users.proof.sig' });
    expect(live.requests).toEqual([]);
    expect(sandbox.requests.map((r) => [r.topic, (r.command as { usersProof?: string }).usersProof])).toEqual([
      [sandboxCommands, 'users.proof.sig'],
    ]);
    // It funds the client's own sandbox treasury, under that treasury's key (docs/decisions/0018-sandbox.md).
    expect(sandbox.requests.map((r) => [r.key, (r.command as { data: unknown }).data])).toEqual([
      ['treasury:REWARDS@test_shop', { ...fund.data, to: { kind: 'treasury', code: 'REWARDS', clientId: 'test_shop' } }],
    ]);
    // A gateway without a sandbox sending one is a bug, not a refusal.
    await expect(new CommandBus(live.client, topics, 1000).ledger(fund, { actor: client, space: 'test' })).rejects.toBeInstanceOf(
      InvariantViolation,
    );
  });

  it("when a person's admin money command comes without the proof of an API key, then nothing is sent (a route that checked no key is a bug)", async () => {
    const { client, requests } = fakeClient(() => ({ ok: true, result: moneyResult }));
    const bus = new CommandBus(client, topics, 1000);
    await expect(bus.ledger(mint, { actor: admin })).rejects.toBeInstanceOf(InvariantViolation);
    expect(requests).toEqual([]);
  });

  it.each(Object.keys(apiKeyScopeOfCommand))(
    "when a person's %s, whose row names a key, comes without the proof of one, then nothing is sent (the bus reads the ledger's row)",
    async (type) => {
      const { client, requests } = fakeClient(() => ({ ok: true, result: moneyResult }));
      const bus = new CommandBus(client, topics, 1000);
      // A payout's row names a key when it pays from a treasury.
      const draft = { type, data: { from: { kind: 'treasury', code: 'REWARDS' } } } as unknown as LedgerDraft;
      await expect(bus.ledger(draft, { actor: admin })).rejects.toBeInstanceOf(InvariantViolation);
      expect(requests).toEqual([]);
    },
  );

  it('when a command needs no key (a transfer), then a key proof in the context is not sent with it', async () => {
    const { client, requests } = fakeClient(() => ({ ok: true, result: moneyResult }));
    const bus = new CommandBus(client, topics, 1000);
    const transfer = ledgerDraft('ledger.transfer', {
      kind: 'TRANSFER',
      fromUserId: 2,
      to: { kind: 'user', userId: 7 },
      amount: 5,
      reason: 'r',
    });
    await bus.ledger(transfer, { actor: admin, keyProof: 'a.key.proof' });
    expect(requests[0]!.command).not.toHaveProperty('keyProof');
  });

  it('when a user command is sent without a command id, then it goes to the user topic under its partition key with a fresh id', async () => {
    const { client, requests } = fakeClient(() => ({ ok: true, result: { userId: 12, tokenVersion: 3 } }));
    const bus = new CommandBus(client, topics, 1000);

    const result = await bus.user(userDraft('user.revoke-sessions', { userId: 12 }), { actor: { kind: 'user', id: '12', role: 'USER' } });

    expect(result).toEqual({ userId: 12, tokenVersion: 3 });
    expect(requests[0]).toMatchObject({
      topic: topics.userCommands,
      key: '12',
      command: { type: 'user.revoke-sessions', data: { userId: 12 } },
    });
    expect(requests[0]!.command.commandId).toMatch(/^[0-9a-f-]{36}$/);
    expect(requests[0]).not.toHaveProperty('requestId');
  });

  it('when a registration is sent, then it is keyed by the address as the user service compares it', async () => {
    const user = { id: 12, email: 'Ada@Example.com', fullName: 'Ada', role: 'USER', isVerified: false, createdAt: at };
    const { client, requests } = fakeClient(() => ({ ok: true, result: { user } }));
    const bus = new CommandBus(client, topics, 1000);

    const result = await bus.user(userDraft('user.register', { email: ' Ada@Example.com', passwordHash: 'h', fullName: 'Ada' }), {
      actor: { kind: 'user', id: 'anonymous' },
    });

    expect(result.user.id).toBe(12);
    expect(requests[0]).toMatchObject({ topic: topics.userCommands, key: 'ada@example.com' });
  });

  describe('a reply whose result does not match the contract', () => {
    it('when a ledger reply lacks the wallet, then the bus throws an invariant violation naming the command, not an AppError', async () => {
      const { client } = fakeClient(() => ({ ok: true, result: { transaction: moneyResult.transaction } }));
      const bus = new CommandBus(client, topics, 1000);
      const commandId = randomUUID();

      // A transfer's result is a money result only (a mint's or a reward's may also be an approval request).
      const transfer = { kind: 'TRANSFER' as const, fromUserId: 7, to: { kind: 'user' as const, userId: 8 }, amount: 500, reason: 'gift' };
      const sent = bus.ledger(ledgerDraft('ledger.transfer', transfer), { actor: admin, commandId });

      await expect(sent).rejects.toBeInstanceOf(InvariantViolation);
      await expect(sent).rejects.toThrow(new RegExp(`ledger\\.transfer command ${commandId} .*wallet`));
    });

    it('when a user reply carries a token version that is not a number, then the bus throws an invariant violation', async () => {
      const { client } = fakeClient(() => ({ ok: true, result: { userId: 12, tokenVersion: '3' } }));
      const bus = new CommandBus(client, topics, 1000);

      const sent = bus.user(userDraft('user.revoke-sessions', { userId: 12 }), { actor: admin });

      await expect(sent).rejects.toBeInstanceOf(InvariantViolation);
      await expect(sent).rejects.toThrow(/user\.revoke-sessions .*tokenVersion/);
    });

    it('when an open-wallet reply is the result of another command, then it is refused too (each type has its own schema)', async () => {
      const { client } = fakeClient(() => ({ ok: true, result: { closed: true, burnTransactionId: null } }));
      const bus = new CommandBus(client, topics, 1000);

      await expect(bus.ledger(ledgerDraft('ledger.open-wallet', { userId: 7 }), { actor: admin })).rejects.toBeInstanceOf(
        InvariantViolation,
      );
    });
  });

  describe('a rejected reply', () => {
    it('when the ledger refuses, then the bus throws the AppError it carries', async () => {
      const { client } = fakeClient(() => ({ ok: false, error: { code: 'INSUFFICIENT_FUNDS', detail: 'Balance 3.00 is below 5.00' } }));
      const bus = new CommandBus(client, topics, 1000);

      const sent = bus.ledger(mint, { actor: admin, keyProof: 'a.key.proof' });

      await expect(sent).rejects.toBeInstanceOf(AppError);
      await expect(sent).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: 'Balance 3.00 is below 5.00', extra: undefined });
    });

    it.each(['COMMAND_FAILED', 'COMMAND_REFUSED'])(
      'when the command was set aside or refused (%s), then the error names the command id',
      async (code) => {
        const { client } = fakeClient(() => ({ ok: false, error: { code, detail: 'The command was set aside' } }));
        const bus = new CommandBus(client, topics, 1000);
        const commandId = randomUUID();

        await expect(bus.user(userDraft('user.delete', { userId: 12 }), { actor: admin, commandId })).rejects.toMatchObject({
          code,
          extra: { commandId },
        });
      },
    );
  });
});
