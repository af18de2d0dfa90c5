import { randomUUID } from 'node:crypto';
import { sandboxTestUserIdMin, walletKeyOfTreasury, walletKeyOfUser, type Reply } from '@coin/contracts';
import { eventually, startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';
import type { ProofActor } from '../../../scripts/stack/proofs';

/**
 * The live ledger and test-mode credentials (docs/decisions/0018-sandbox.md): a command proved by
 * a test-mode platform client's genuine token, written straight to ledger.commands (no gateway to
 * stop it), moves no real coin, whatever the client was granted.
 */

async function balanceOf(h: LedgerHarness, key: string): Promise<number> {
  const result = await h.pool.query<{ balance: number }>('SELECT balance FROM wallets WHERE wallet_key = $1', [key]);
  return Number(result.rows[0]?.balance ?? 0);
}

describe('the live ledger refuses test-mode credentials', () => {
  let h: LedgerHarness;
  const userId = 4242;
  const rewards = walletKeyOfTreasury('REWARDS');
  const reward = (actor: ProofActor) =>
    h.send({ type: 'ledger.reward', key: rewards, actor, data: { toUserId: userId, amount: 100, reason: 'prize' } });
  const settle = (actor: ProofActor, holdId: string) =>
    h.send({ type: 'ledger.void-hold', key: walletKeyOfUser(userId), actor, data: { holdId, fromUserId: userId } });

  beforeAll(async () => {
    h = await startLedgerHarness();
    await h.startLedger();
    const opened: Reply = await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } });
    expect(opened.ok).toBe(true);
    const minted = await h.send({
      type: 'ledger.mint',
      key: rewards,
      data: { to: { kind: 'treasury', code: 'REWARDS' }, amount: 10_000, reason: 'fund' },
    });
    expect(minted.ok).toBe(true);
  }, 90_000);
  afterAll(async () => {
    await h?.close();
  });

  it.each<[string, ProofActor]>([
    ['a test_ client claiming test mode', { kind: 'system', id: 'test_shop', treasuries: ['REWARDS'], mode: 'test' }],
    ['a test_ client whose token claims live', { kind: 'system', id: 'test_shop', treasuries: ['REWARDS'], mode: 'live' }],
    ['a live-looking id whose token claims test mode', { kind: 'system', id: 'pc_shop', treasuries: ['REWARDS'], mode: 'test' }],
  ])('when %s sends a forged reward from REWARDS, then it is refused and no balance moves', async (_name, actor) => {
    const before = [await balanceOf(h, rewards), await balanceOf(h, walletKeyOfUser(userId))];
    const reply = await reward(actor);
    expect(reply).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    expect([await balanceOf(h, rewards), await balanceOf(h, walletKeyOfUser(userId))]).toEqual(before);
  });

  it("when anyone asks the live ledger to open a wallet in a test user's range, then it is refused and no wallet exists", async () => {
    // A test-mode client's own test users have wallets in the sandbox alone (docs/decisions/0018-sandbox.md).
    const testUserId = sandboxTestUserIdMin + 7;
    const reply = await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(testUserId), data: { userId: testUserId } });
    expect(reply).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    const wallets = await h.pool.query('SELECT 1 FROM wallets WHERE wallet_key = $1', [walletKeyOfUser(testUserId)]);
    expect(wallets.rowCount).toBe(0);
  });

  it('when a test-mode client voids a live hold it would otherwise settle, then it is refused and the hold stays pending', async () => {
    const held = await h.send({
      type: 'ledger.mint',
      key: walletKeyOfUser(userId),
      data: { to: { kind: 'user', userId }, amount: 500, reason: 'seed' },
    });
    expect(held.ok).toBe(true);
    const hold = await h.send({
      type: 'ledger.hold',
      key: walletKeyOfUser(userId),
      data: { fromUserId: userId, to: { kind: 'treasury', code: 'REWARDS' }, amount: 200, reason: 'order' },
    });
    expect(hold.ok).toBe(true);
    const holdId = (hold as { result: { hold: { id: string } } }).result.hold.id;
    const reply = await settle({ kind: 'system', id: 'test_shop', treasuries: ['REWARDS'], mode: 'test' }, holdId);
    expect(reply).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    const status = await h.pool.query<{ status: string }>('SELECT status FROM holds WHERE id = $1', [holdId]);
    expect(status.rows[0]?.status).toBe('PENDING');
  });

  it('when a live client with the same grants sends the same reward, then it is paid (the refusal is the mode alone)', async () => {
    const before = await balanceOf(h, walletKeyOfUser(userId));
    const reply = await reward({ kind: 'system', id: 'pc_shop', treasuries: ['REWARDS'], mode: 'live' });
    expect(reply).toMatchObject({ ok: true });
    // The credit leg lands on the user's wallet after the debit's answer.
    await eventually(
      async () => ((await balanceOf(h, walletKeyOfUser(userId))) === before + 100 ? true : undefined),
      15_000,
      'the live reward credited',
    );
  });

  it('when a test-mode client sends its own clock advance to the live ledger, then it is refused and no clock is stored', async () => {
    const testClient: ProofActor = { kind: 'system', id: 'test_shop', treasuries: ['REWARDS'], mode: 'test' };
    const reply = await h.send({
      type: 'ledger.advance-clock',
      key: 'test-clock:test_shop',
      actor: testClient,
      data: { clientId: 'test_shop', seconds: 3600 },
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    const clocks = await h.pool.query('SELECT client_id FROM test_clocks');
    expect(clocks.rows).toEqual([]);
    // Nor does it answer for one: its internal clock route is the sandbox's alone (404 here), and no live id is a clock's.
    const read = await fetch(`${h.ledger!.url}/internal/test-clocks/test_shop`, { headers: { authorization: await h.asGateway() } });
    expect(read.status).toBe(404);
    const live = await fetch(`${h.ledger!.url}/internal/test-clocks/pc_shop`, { headers: { authorization: await h.asGateway() } });
    expect(live.status).toBe(400);
  });

  it('when a test-mode client sends its reset’s commands to the live ledger (a clock set or reset, a burn), then each is refused and nothing moves', async () => {
    const testClient: ProofActor = { kind: 'system', id: 'test_shop', treasuries: ['REWARDS'], mode: 'test' };
    for (const to of [new Date(Date.now() + 86_400_000).toISOString(), null]) {
      const reply = await h.send({
        type: 'ledger.set-clock',
        key: 'test-clock:test_shop',
        actor: testClient,
        data: { clientId: 'test_shop', to },
      });
      expect(reply).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    }
    expect((await h.pool.query('SELECT client_id FROM test_clocks')).rows).toEqual([]);
    const before = [await balanceOf(h, rewards), await balanceOf(h, walletKeyOfUser(userId))];
    for (const from of [
      { kind: 'user', userId },
      { kind: 'treasury', code: 'REWARDS' },
    ]) {
      const burn = await h.send({
        type: 'ledger.burn',
        key: from.kind === 'user' ? walletKeyOfUser(userId) : rewards,
        actor: testClient,
        data: { from, amount: 1, reason: 'Sandbox reset' },
      });
      expect(burn).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    }
    expect([await balanceOf(h, rewards), await balanceOf(h, walletKeyOfUser(userId))]).toEqual(before);
    // What a reset would delete is the sandbox's to name: the live ledger answers 404.
    const read = await fetch(`${h.ledger!.url}/internal/test-clients/test_shop/data`, { headers: { authorization: await h.asGateway() } });
    expect(read.status).toBe(404);
  });

  /**
   * The sandbox's economy (docs/decisions/0018-sandbox.md): what a test-mode client sends there,
   * written to the live ledger with its genuine token, moves nothing and stores nothing here.
   */
  describe('the sandbox economy’s commands, sent to the live ledger', () => {
    const testClient: ProofActor = { kind: 'system', id: 'test_shop', treasuries: ['REWARDS', 'COURSE_FEES'], mode: 'test' };
    const forged: Array<[string, () => { type: Parameters<LedgerHarness['send']>[0]['type']; key: string; data: unknown }]> = [
      [
        'a mandate it grants itself for a user',
        () => ({
          type: 'ledger.grant-mandate',
          key: walletKeyOfUser(userId),
          data: {
            fromUserId: userId,
            clientId: testClient.id,
            amount: 100,
            period: 'DAY',
            startsAt: new Date().toISOString(),
            reason: 'plan',
            idNonce: 'c2FuZGJveC1tYW5kYXRlLW5vbmNl',
          },
        }),
      ],
      [
        'a test cash-out for a user',
        () => ({
          type: 'ledger.cashout',
          key: walletKeyOfUser(userId),
          data: {
            fromUserId: userId,
            amount: 100,
            msisdn: '+237670000002',
            testOutcome: 'CONFIRMED',
            idNonce: 'c2FuZGJveC1jYXNob3V0LW5vbmNl',
          },
        }),
      ],
      [
        'a purchase for a user naming an affiliate',
        () => ({
          type: 'ledger.transfer',
          key: walletKeyOfUser(userId),
          data: {
            kind: 'PURCHASE',
            fromUserId: userId,
            to: { kind: 'treasury', code: 'COURSE_FEES' },
            amount: 100,
            reason: 'course',
            affiliate: { userId: userId + 1, clientId: testClient.id },
          },
        }),
      ],
      [
        'its own commission rule',
        () => ({
          type: 'ledger.set-commission',
          key: walletKeyOfTreasury('COURSE_FEES'),
          data: { treasury: 'COURSE_FEES', clientId: testClient.id, rule: { kind: 'bps', bps: 1000 } },
        }),
      ],
      [
        'a refund of a purchase',
        () => ({
          type: 'ledger.refund',
          key: walletKeyOfTreasury('COURSE_FEES'),
          data: { transactionId: 1, treasury: 'COURSE_FEES', reason: 'r' },
        }),
      ],
    ];

    it.each(forged)('when a test-mode client sends %s, then it is refused and nothing is stored', async (_name, command) => {
      const before = await balanceOf(h, walletKeyOfUser(userId));
      expect(await h.send({ ...command(), actor: testClient })).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
      expect(await balanceOf(h, walletKeyOfUser(userId))).toBe(before);
      expect((await h.pool.query('SELECT 1 FROM mandates WHERE client_id = $1', [testClient.id])).rows).toEqual([]);
      expect((await h.pool.query("SELECT 1 FROM holds WHERE cashout ? 'test'")).rows).toEqual([]);
      expect((await h.pool.query('SELECT 1 FROM transactions WHERE client_id = $1', [testClient.id])).rows).toEqual([]);
      const fees = await h.pool.query<{ commissions: Record<string, unknown> | null }>(
        'SELECT commissions FROM wallets WHERE wallet_key = $1',
        [walletKeyOfTreasury('COURSE_FEES')],
      );
      expect(fees.rows[0]?.commissions?.[testClient.id]).toBeUndefined();
    });

    it('when a live payer asks for a cash-out naming a test outcome, then the live ledger refuses it: a provider pays every live one', async () => {
      const cashout = forged[1]![1]();
      const reply = await h.send({ ...cashout, actor: { kind: 'user', id: String(userId), role: 'USER' } });
      expect(reply).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
      expect((await h.pool.query("SELECT 1 FROM holds WHERE cashout ? 'test'")).rows).toEqual([]);
    });

    it("when the test provider's settle is forged on ledger.commands, then it is refused by its topic; on ledger.internal it settles no live hold", async () => {
      const placed = await h.send({
        type: 'ledger.hold',
        key: walletKeyOfUser(userId),
        data: { fromUserId: userId, to: { kind: 'treasury', code: 'REWARDS' }, amount: 50, reason: 'order' },
      });
      const holdId = (placed as { result: { hold: { id: string } } }).result.hold.id;
      const settle = { holdId, fromUserId: userId, clockOf: testClient.id };
      const forged = await h.client.request({
        topic: h.topics.ledgerCommands,
        key: walletKeyOfUser(userId),
        timeoutMs: 20_000,
        command: {
          commandId: randomUUID(),
          type: 'ledger.settle-test-cashout',
          issuedAt: new Date().toISOString(),
          actor: testClient,
          data: settle,
        },
      });
      expect(forged).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
      // The ledger's own topic (the harness sends its own commands there): a hold with no test outcome is never settled by one.
      expect(await h.send({ type: 'ledger.settle-test-cashout', key: walletKeyOfUser(userId), data: settle })).toMatchObject({
        ok: true,
        result: { settled: false, outcome: null, transactionId: null },
      });
      const status = await h.pool.query<{ status: string }>('SELECT status FROM holds WHERE id = $1', [holdId]);
      expect(status.rows[0]?.status).toBe('PENDING');
    });

    it('when a live payer grants a mandate to a test-mode client, then the live ledger refuses it: no live mandate names one', async () => {
      const grant = forged[0]![1]();
      const reply = await h.send({ ...grant, actor: { kind: 'user', id: String(userId), role: 'USER' } });
      expect(reply).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
      expect((await h.pool.query('SELECT 1 FROM mandates WHERE client_id = $1', [testClient.id])).rows).toEqual([]);
    });
  });
});
