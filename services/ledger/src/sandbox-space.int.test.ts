import { ServiceTokenSigner } from '@coin/http';
import { sandboxFundMaxCoins, walletKeyOfTreasury, walletKeyOfUser } from '@coin/contracts';
import type { ProofActor } from '../../../scripts/stack/proofs';
import { eventually, harnessActor, type LedgerHarness, startLedgerHarness } from '../../../test/harness/ledger';

/**
 * The sandbox ledger (LEDGER_SPACE=test, docs/decisions/0018-sandbox.md): the mirror of the live
 * ledger's rule. Commands written straight to its ledger.commands (no gateway to stop them), proved
 * by live credentials (a SUPERADMIN, a live client with the same grants), move no test coin; a
 * test-mode client funds its granted treasury with test coins, never waiting for a second person
 * even where the live policy would make a treasury mint wait, and rewards from it.
 */

async function balanceOf(h: LedgerHarness, key: string): Promise<number> {
  const result = await h.pool.query<{ balance: number }>('SELECT balance FROM wallets WHERE wallet_key = $1', [key]);
  return Number(result.rows[0]?.balance ?? 0);
}

describe('the sandbox ledger refuses live credentials', () => {
  let h: LedgerHarness;
  const userId = 4343;
  const rewards = walletKeyOfTreasury('REWARDS');
  const testClient: ProofActor = { kind: 'system', id: 'test_shop', treasuries: ['REWARDS'], mode: 'test' };
  // The test client's own REWARDS, which its funding and rewards move (the sandbox keys it as its own).
  const ownRewards = walletKeyOfTreasury('REWARDS', testClient.id);
  const mintInto = (actor: ProofActor, code: 'REWARDS' | 'OPERATIONS', amount = 1_000) =>
    h.send({
      type: 'ledger.mint',
      key: walletKeyOfTreasury(code),
      actor,
      data: { to: { kind: 'treasury', code }, amount, reason: 'fund' },
    });
  const reward = (actor: ProofActor) =>
    h.send({ type: 'ledger.reward', key: rewards, actor, data: { toUserId: userId, amount: 100, reason: 'prize' } });

  beforeAll(async () => {
    // The live policy's treasury mint waits for a second person; the sandbox's never does.
    // And its person windows are 1 coin: a person's 1-coin mint or reward would wait; no actor the sandbox admits is a person.
    h = await startLedgerHarness({
      space: 'test',
      extraEnv: { FOUR_EYES_TREASURY_MINT: 'true', FOUR_EYES_ACTOR_DAILY_COINS: '1', FOUR_EYES_RECIPIENT_DAILY_COINS: '1' },
    });
    await h.startLedger();
    expect((await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } })).ok).toBe(true);
  }, 90_000);
  afterAll(async () => {
    await h?.close();
  });

  it('when a test-mode client funds a treasury it was granted, then the test coins are there at once; another treasury is refused', async () => {
    expect(await mintInto(testClient, 'REWARDS')).toMatchObject({ ok: true, result: { transaction: { type: 'MINT' } } });
    expect(await balanceOf(h, ownRewards)).toBe(1_000);
    expect(await mintInto(testClient, 'OPERATIONS')).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    expect(await balanceOf(h, walletKeyOfTreasury('OPERATIONS'))).toBe(0);
  });

  it('when a test-mode client funds more than one call may, then the sandbox ledger refuses it SANDBOX_FUND_LIMIT and mints nothing; the bound itself is funded', async () => {
    const bound = sandboxFundMaxCoins * 100;
    const before = await balanceOf(h, ownRewards);
    expect(await mintInto(testClient, 'REWARDS', bound + 1)).toMatchObject({ ok: false, error: { code: 'SANDBOX_FUND_LIMIT' } });
    expect(await balanceOf(h, ownRewards)).toBe(before);
    expect(await mintInto(testClient, 'REWARDS', bound)).toMatchObject({ ok: true, result: { transaction: { type: 'MINT' } } });
    expect(await balanceOf(h, ownRewards)).toBe(before + bound);
  });

  it.each<[string, ProofActor]>([
    ['a SUPERADMIN', harnessActor],
    ['a live client with the same grants', { kind: 'system', id: 'pc_shop', treasuries: ['REWARDS'], mode: 'live' }],
    ['a live-looking client whose token claims no mode', { kind: 'system', id: 'pc_shop', treasuries: ['REWARDS'] }],
  ])('when %s mints or rewards in the sandbox, then it is refused and no test coin moves', async (_name, actor) => {
    const before = [await balanceOf(h, ownRewards), await balanceOf(h, walletKeyOfUser(userId))];
    expect(await mintInto(actor, 'REWARDS')).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    expect(await reward(actor)).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    expect([await balanceOf(h, ownRewards), await balanceOf(h, walletKeyOfUser(userId))]).toEqual(before);
  });

  it('when the test-mode client rewards a user, then the test coins reach the user’s sandbox wallet', async () => {
    const before = await balanceOf(h, walletKeyOfUser(userId));
    expect(await reward(testClient)).toMatchObject({ ok: true });
    await eventually(
      async () => ((await balanceOf(h, walletKeyOfUser(userId))) === before + 100 ? true : undefined),
      15_000,
      'the sandbox reward credited',
    );
  });

  it('when the sandbox has applied and refused all of the above past every window, then no approval request exists: none can arise there (the approval sweep has nothing to judge by a clock)', async () => {
    // Only test-mode platform clients act in the sandbox, and a platform client's command is never
    // parked (four-eyes asks a second person of people only; past its cap a client is refused).
    expect(await reward(testClient)).toMatchObject({ ok: true });
    const pending = await h.pool.query('SELECT id FROM approval_requests');
    expect(pending.rows).toEqual([]);
  });
});

/**
 * The test clock (docs/decisions/0018-sandbox.md "The test clock"): a test-mode client places a
 * hold it settles on a sandbox wallet and moves its own clock past the hold's expiry; the
 * sandbox's sweep then expires the hold (its coins active again). Another client's clock expires
 * nothing of it, and no live credential moves a clock.
 */
describe('the sandbox ledger expires a hold by its settler’s test clock', () => {
  let h: LedgerHarness;
  const userId = 4344;
  const rewards = walletKeyOfTreasury('REWARDS');
  const testClient: ProofActor = { kind: 'system', id: 'test_clock_shop', treasuries: ['REWARDS'], mode: 'test' };
  const otherClient: ProofActor = { kind: 'system', id: 'test_clock_other', treasuries: [], mode: 'test' };
  const advance = (actor: ProofActor, clientId: string, seconds: number) =>
    h.send({ type: 'ledger.advance-clock', key: `test-clock:${clientId}`, actor, data: { clientId, seconds } });
  const holdStatus = async (id: string) =>
    (await h.pool.query<{ status: string }>('SELECT status FROM holds WHERE id = $1', [id])).rows[0]?.status;
  const heldOf = async () =>
    Number(
      (await h.pool.query<{ held: number }>('SELECT held FROM wallets WHERE wallet_key = $1', [walletKeyOfUser(userId)])).rows[0]?.held,
    );

  beforeAll(async () => {
    h = await startLedgerHarness({ space: 'test', extraEnv: { HOLD_EXPIRY_SWEEP_INTERVAL_MS: '100' } });
    await h.startLedger();
    expect((await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } })).ok).toBe(true);
    const fund = { to: { kind: 'treasury', code: 'REWARDS' }, amount: 1_000, reason: 'fund' };
    expect((await h.send({ type: 'ledger.mint', key: rewards, actor: testClient, data: fund })).ok).toBe(true);
    const prize = { toUserId: userId, amount: 500, reason: 'prize' };
    expect((await h.send({ type: 'ledger.reward', key: rewards, actor: testClient, data: prize })).ok).toBe(true);
    await eventually(async () => ((await balanceOf(h, walletKeyOfUser(userId))) === 500 ? true : undefined), 15_000, 'rewarded');
  }, 90_000);
  afterAll(async () => {
    await h?.close();
  });

  it('when a live credential or another test client moves the clock, then it is refused', async () => {
    expect(await advance(harnessActor, testClient.id, 60)).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    expect(await advance(otherClient, testClient.id, 60)).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    expect((await h.pool.query('SELECT 1 FROM test_clocks WHERE client_id = $1', [testClient.id])).rows).toEqual([]);
  });

  it('when the settler advances its clock past the hold’s expiry, then the hold expires and its coins are released; another client’s clock does not', async () => {
    const placed = await h.send({
      type: 'ledger.hold',
      key: walletKeyOfUser(userId),
      actor: testClient,
      data: {
        fromUserId: userId,
        to: { kind: 'treasury', code: 'REWARDS' },
        amount: 100,
        reason: 'order',
        expiresInSeconds: 3_600,
        settlerClientId: testClient.id,
      },
    });
    expect(placed).toMatchObject({ ok: true, result: { hold: { status: 'PENDING' } } });
    const holdId = (placed as { result: { hold: { id: string } } }).result.hold.id;
    expect(await heldOf()).toBe(100);
    // A hold the client does not settle is refused in the sandbox: its clock would not be the hold's.
    const unsettled = await h.send({
      type: 'ledger.hold',
      key: walletKeyOfUser(userId),
      actor: otherClient,
      data: { fromUserId: userId, to: { kind: 'treasury', code: 'REWARDS' }, amount: 100, reason: 'order', settlerClientId: testClient.id },
    });
    expect(unsettled).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });

    expect(await advance(otherClient, otherClient.id, 7_200)).toMatchObject({ ok: true, result: { offsetSeconds: 7_200 } });
    expect(await advance(testClient, testClient.id, 1_800)).toMatchObject({ ok: true, result: { offsetSeconds: 1_800 } });
    // Several sweeps run (100 ms each): neither the other client's clock nor half the lifetime expires it.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await holdStatus(holdId)).toBe('PENDING');

    expect(await advance(testClient, testClient.id, 1_800)).toMatchObject({ ok: true, result: { offsetSeconds: 3_600 } });
    // The clock the sweep judges by, as the gateway reads it (GET /api/sandbox/clock): the client's own, an hour ahead.
    const clock = await fetch(`${h.ledger!.url}/internal/test-clocks/${testClient.id}`, {
      headers: { authorization: await h.asGateway() },
    });
    const read = (await clock.json()) as { clientId: string; offsetSeconds: number; now: string };
    expect(read).toMatchObject({ clientId: testClient.id, offsetSeconds: 3_600 });
    expect(Math.abs(Date.parse(read.now) - (Date.now() + 3_600_000))).toBeLessThan(60_000);
    const unset = await fetch(`${h.ledger!.url}/internal/test-clocks/test_never_moved`, {
      headers: { authorization: await h.asGateway() },
    });
    expect(await unset.json()).toMatchObject({ clientId: 'test_never_moved', offsetSeconds: 0 });
    await eventually(async () => ((await holdStatus(holdId)) === 'EXPIRED' ? true : undefined), 15_000, 'the hold expired by the clock');
    expect(await heldOf()).toBe(0);
    expect(await balanceOf(h, walletKeyOfUser(userId))).toBe(500);
  });

  it('when an advance is replayed with its command id, then the clock moves once', async () => {
    const commandId = '6b0d4f1e-1f6a-4c55-9d1e-0c7f3f6a2b11';
    const send = () =>
      h.send({
        type: 'ledger.advance-clock',
        key: 'test-clock:test_clock_other',
        actor: otherClient,
        commandId,
        data: { clientId: otherClient.id, seconds: 60 },
      });
    const first = await send();
    expect(await send()).toMatchObject({ ok: true, replayed: true, result: (first as { result: unknown }).result });
    const stored = await h.pool.query<{ offset_seconds: number }>('SELECT offset_seconds FROM test_clocks WHERE client_id = $1', [
      otherClient.id,
    ]);
    expect(Number(stored.rows[0]?.offset_seconds)).toBe(7_260);
  });

  it("when the sandbox's webhooks service reads the clocks, then it gets those stored, and only it may read them; a live client's id is no clock's", async () => {
    const asWebhooks = new ServiceTokenSigner('webhooks', h.serviceKeys.webhooks.privateKeyPem).authorizationFor('ledger');
    const read = async (clientIds: string, authorization: () => Promise<string>) => {
      const response = await fetch(`${h.ledger!.url}/internal/test-clocks?clientIds=${encodeURIComponent(clientIds)}`, {
        headers: { authorization: await authorization() },
      });
      return { status: response.status, body: (await response.json()) as { clocks?: unknown[]; code?: string } };
    };
    const clocks = await read(`${testClient.id},${otherClient.id},test_never_advanced`, asWebhooks);
    expect(clocks.status).toBe(200);
    expect(clocks.body.clocks).toEqual(
      expect.arrayContaining([
        { clientId: testClient.id, offsetSeconds: 3_600 },
        { clientId: otherClient.id, offsetSeconds: 7_260 },
      ]),
    );
    expect(clocks.body.clocks).toHaveLength(2);
    expect(await read(testClient.id, h.asGateway)).toMatchObject({ status: 403 });
    expect(await read('pc_live_client', asWebhooks)).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });

  it('when the settler places a hold after its clock moved, then the hold lives its lifetime on that clock: not expired at once, expired once the clock passes it', async () => {
    // The client's clock is an hour ahead by now: a 30-minute hold set on wall time would be past already.
    const placed = await h.send({
      type: 'ledger.hold',
      key: walletKeyOfUser(userId),
      actor: testClient,
      data: {
        fromUserId: userId,
        to: { kind: 'treasury', code: 'REWARDS' },
        amount: 50,
        reason: 'late order',
        expiresInSeconds: 1_800,
        settlerClientId: testClient.id,
      },
    });
    expect(placed).toMatchObject({ ok: true, result: { hold: { status: 'PENDING' } } });
    const { id, expiresAt } = (placed as { result: { hold: { id: string; expiresAt: string } } }).result.hold;
    expect(Math.abs(Date.parse(expiresAt) - (Date.now() + (3_600 + 1_800) * 1000))).toBeLessThan(60_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await holdStatus(id)).toBe('PENDING');
    expect(await advance(testClient, testClient.id, 1_800)).toMatchObject({ ok: true, result: { offsetSeconds: 5_400 } });
    await eventually(async () => ((await holdStatus(id)) === 'EXPIRED' ? true : undefined), 15_000, 'the late hold expired by the clock');
  });
});
