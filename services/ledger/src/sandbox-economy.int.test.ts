import { randomUUID } from 'node:crypto';
import { walletKeyOfTreasury, walletKeyOfUser, type Reply } from '@coin/contracts';
import type { ProofActor } from '../../../scripts/stack/proofs';
import { eventually, harnessActor, type LedgerHarness, startLedgerHarness } from '../../../test/harness/ledger';
import { watchTopic, type TopicWatch } from '../../../test/harness/topic-watch';

/**
 * The sandbox runs the whole economy (docs/decisions/0018-sandbox.md): a test-mode client grants
 * mandates for its test users and the sandbox's scheduler charges them by the client's test clock,
 * with the live policy's retries and grace. Commands are written straight to the sandbox's
 * ledger.commands, as the gateway writes them, proved by the harness's keys.
 */

const hourS = 3600;
const dayS = 24 * hourS;

function resultOf(reply: Reply): any {
  if (!reply.ok) throw new Error(`rejected: ${JSON.stringify(reply.error)}`);
  return reply.result;
}

async function balanceOf(h: LedgerHarness, key: string): Promise<number> {
  const result = await h.pool.query<{ balance: number }>('SELECT balance FROM wallets WHERE wallet_key = $1', [key]);
  return Number(result.rows[0]?.balance ?? 0);
}

/** A sandbox harness with a user per test, funded by the test client's rewards. */
function sandboxWorld(testClient: ProofActor, extraEnv: Record<string, string> = {}) {
  const world = {
    h: undefined as unknown as LedgerHarness,
    nextUser: 6000 + Math.floor(Math.random() * 1000) * 10,
    advance: (seconds: number, actor: ProofActor = testClient) =>
      world.h.send({ type: 'ledger.advance-clock', key: `test-clock:${actor.id}`, actor, data: { clientId: actor.id, seconds } }),
    /** A user with a sandbox wallet holding `amount` minor units of the client's rewards. */
    rewarded: async (amount: number) => {
      world.nextUser += 1;
      const userId = world.nextUser;
      const { h } = world;
      resultOf(await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } }));
      if (amount > 0) {
        const fund = { to: { kind: 'treasury', code: 'REWARDS' }, amount, reason: 'fund' };
        resultOf(await h.send({ type: 'ledger.mint', key: walletKeyOfTreasury('REWARDS'), actor: testClient, data: fund }));
        const prize = { toUserId: userId, amount, reason: 'prize' };
        resultOf(await h.send({ type: 'ledger.reward', key: walletKeyOfTreasury('REWARDS'), actor: testClient, data: prize }));
        await eventually(async () => ((await balanceOf(h, walletKeyOfUser(userId))) === amount ? true : undefined), 15_000, 'rewarded');
      }
      return userId;
    },
  };
  beforeAll(async () => {
    world.h = await startLedgerHarness({
      space: 'test',
      extraEnv: { MANDATE_SWEEP_INTERVAL_MS: '100', HOLD_EXPIRY_SWEEP_INTERVAL_MS: '100', ...extraEnv },
    });
    await world.h.startLedger();
  }, 90_000);
  afterAll(async () => {
    await world.h?.close();
  });
  return world;
}

/**
 * Mandates in the sandbox: granted by the test-mode client for its test user, to itself only;
 * charged when its clock passes a period's start; a charge short of funds retried after the retry
 * pause (6 h) and PAST_DUE past the grace (3 days), on the same clock, each step an event.
 */
describe('the sandbox charges mandates by the client’s test clock', () => {
  const testClient: ProofActor = { kind: 'system', id: 'test_subs_shop', treasuries: ['REWARDS'], mode: 'test' };
  const otherClient: ProofActor = { kind: 'system', id: 'test_subs_other', treasuries: ['REWARDS'], mode: 'test' };
  const world = sandboxWorld(testClient);
  let events: TopicWatch;

  const grant = (userId: number, actor: ProofActor, extra: Record<string, unknown> = {}) =>
    world.h.send({
      type: 'ledger.grant-mandate',
      key: walletKeyOfUser(userId),
      actor,
      data: {
        fromUserId: userId,
        clientId: actor.id,
        amount: 300,
        period: 'DAY',
        startsAt: new Date().toISOString(),
        reason: 'Sandbox daily plan',
        idNonce: randomUUID().replaceAll('-', ''),
        ...extra,
      },
    });
  const mandateRow = async (id: string) =>
    (
      await world.h.pool.query<{ status: string; next_period: number; failed_attempts: number; next_charge_at: Date | null }>(
        'SELECT status, next_period, failed_attempts, next_charge_at FROM mandates WHERE id = $1',
        [id],
      )
    ).rows[0]!;
  const chargesOf = async (id: string) =>
    (
      await world.h.pool.query<{ reference: string }>(
        "SELECT reference FROM transactions WHERE type = 'PURCHASE' AND reference LIKE $1 ORDER BY id",
        [`mandate:${id}:%`],
      )
    ).rows.map((r) => r.reference.split(':')[2]);
  const eventsOf = (id: string) =>
    events.values.filter((v): v is { type: string; mandate: { id: string } } => (v as any)?.mandate?.id === id).map((v) => v.type);
  const waitFor = (what: string, check: () => Promise<boolean>) =>
    eventually(async () => ((await check()) ? true : undefined), 20_000, what);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 800));

  beforeAll(async () => {
    events = await watchTopic(world.h.kafka, world.h.topics.coinMandates);
  });
  afterAll(async () => {
    await events?.stop();
  });

  it('when anyone but the test client grants a mandate to it for a sandbox user, then it is refused', async () => {
    const userId = await world.rewarded(0);
    // A live credential (a SUPERADMIN, a live client for itself) acts in no sandbox wallet.
    expect(await grant(userId, harnessActor, { clientId: testClient.id })).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    const live: ProofActor = { kind: 'system', id: 'pc_subs_shop', treasuries: ['REWARDS'], mode: 'live' };
    expect(await grant(userId, live)).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    // Another test client grants none to the first: a mandate follows its own client's clock.
    expect(await grant(userId, otherClient, { clientId: testClient.id })).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    expect((await world.h.pool.query('SELECT 1 FROM mandates WHERE from_user_id = $1', [userId])).rows).toEqual([]);
  });

  it('when the clock passes each period, then it is charged; short of funds it is retried after the pause and PAST_DUE past the grace, each step an event', async () => {
    const userId = await world.rewarded(500);
    const mandate = resultOf(await grant(userId, testClient)).mandate;
    expect(mandate).toMatchObject({ status: 'ACTIVE', fromUserId: userId, clientId: testClient.id, amount: 3, period: 'DAY' });
    await waitFor('period 0 charged', async () => (await chargesOf(mandate.id)).length === 1);

    // Wall time alone brings no second period, nor does another client's clock.
    resultOf(await world.advance(10 * dayS, otherClient));
    await settle();
    expect(await chargesOf(mandate.id)).toEqual(['0']);

    // A day on the client's clock: period 1 is due, and 2 coins are short of its 3: a failed attempt, retried 6 h later.
    resultOf(await world.advance(dayS));
    await waitFor('the first failed attempt', async () => (await mandateRow(mandate.id)).failed_attempts === 1);
    const afterFirst = await mandateRow(mandate.id);
    expect(afterFirst).toMatchObject({ status: 'ACTIVE', next_period: 1 });
    // The retry is due 6 h on the client's clock after the attempt: not before.
    resultOf(await world.advance(5 * hourS));
    await settle();
    expect((await mandateRow(mandate.id)).failed_attempts).toBe(1);
    resultOf(await world.advance(hourS));
    await waitFor('the retry failed', async () => (await mandateRow(mandate.id)).failed_attempts === 2);

    // Past the 3 days of grace of period 1: the next attempt fails for good, PAST_DUE, and nothing more is charged.
    resultOf(await world.advance(3 * dayS));
    await waitFor('past due', async () => (await mandateRow(mandate.id)).status === 'PAST_DUE');
    resultOf(await world.advance(10 * dayS));
    await settle();
    expect(await chargesOf(mandate.id)).toEqual(['0']);
    expect(await balanceOf(world.h, walletKeyOfUser(userId))).toBe(200);
    await waitFor('every step published', async () => eventsOf(mandate.id).includes('coin.mandate.past-due'));
    expect(eventsOf(mandate.id)).toEqual([
      'coin.mandate.granted',
      'coin.mandate.charged',
      'coin.mandate.charge-failed',
      'coin.mandate.charge-failed',
      'coin.mandate.past-due',
    ]);
  }, 90_000);

  it('when a mandate is granted after the clock moved, then it starts on the clock: a start in its past is refused, and one at its now is charged once', async () => {
    const userId = await world.rewarded(1_000);
    const clock = Number(
      (await world.h.pool.query<{ offset_seconds: string }>('SELECT offset_seconds FROM test_clocks WHERE client_id = $1', [testClient.id]))
        .rows[0]?.offset_seconds ?? 0,
    );
    expect(clock).toBeGreaterThan(10 * dayS);
    // Wall time is days in the past of the client's clock: no mandate starts there (its periods would all be due at once).
    expect(await grant(userId, testClient)).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    const startsAt = new Date(Date.now() + clock * 1000).toISOString();
    const mandate = resultOf(await grant(userId, testClient, { startsAt })).mandate;
    await waitFor('period 0 charged', async () => (await chargesOf(mandate.id)).length === 1);
    await settle();
    expect(await chargesOf(mandate.id)).toEqual(['0']);
    // The client cancels it: no later period is charged, whatever the clock.
    const cancelled = await world.h.send({
      type: 'ledger.cancel-mandate',
      key: walletKeyOfUser(userId),
      actor: testClient,
      data: { mandateId: mandate.id, fromUserId: userId },
    });
    expect(resultOf(cancelled).mandate).toMatchObject({ status: 'CANCELLED', cancelledBy: 'client' });
    resultOf(await world.advance(5 * dayS));
    await settle();
    expect(await chargesOf(mandate.id)).toEqual(['0']);
    expect(await balanceOf(world.h, walletKeyOfUser(userId))).toBe(700);
  }, 60_000);
});

/**
 * Cash-outs in the sandbox: a test-mode client asks one for its test user with the outcome the
 * sandbox's built-in test provider settles it with, a minute later on the client's clock: CONFIRMED
 * burns the held coins (a BURN with the XAF amount and the rate), FAILED releases them.
 */
describe('the sandbox’s test provider settles cash-outs by the client’s test clock', () => {
  const testClient: ProofActor = { kind: 'system', id: 'test_cash_shop', treasuries: ['REWARDS'], mode: 'test' };
  const otherClient: ProofActor = { kind: 'system', id: 'test_cash_other', treasuries: ['REWARDS'], mode: 'test' };
  const world = sandboxWorld(testClient);
  let holdEvents: TopicWatch;

  const cashout = (userId: number, actor: ProofActor, data: Record<string, unknown>) =>
    world.h.send({
      type: 'ledger.cashout',
      key: walletKeyOfUser(userId),
      actor,
      data: { fromUserId: userId, amount: 300, msisdn: '+237670000001', idNonce: randomUUID().replaceAll('-', ''), ...data },
    });
  const holdRow = async (id: string) =>
    (await world.h.pool.query<{ status: string; cashout: any; transaction_id: number | null }>('SELECT * FROM holds WHERE id = $1', [id]))
      .rows[0]!;
  const heldOf = async (userId: number) =>
    Number(
      (await world.h.pool.query<{ held: number }>('SELECT held FROM wallets WHERE wallet_key = $1', [walletKeyOfUser(userId)])).rows[0]
        ?.held,
    );
  const waitFor = (what: string, check: () => Promise<boolean>) =>
    eventually(async () => ((await check()) ? true : undefined), 20_000, what);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 800));
  const holdEventsOf = (id: string) =>
    holdEvents.values.filter((v): v is { type: string; hold: { id: string } } => (v as any)?.hold?.id === id).map((v) => v.type);

  beforeAll(async () => {
    holdEvents = await watchTopic(world.h.kafka, world.h.topics.coinHolds);
  });
  afterAll(async () => {
    await holdEvents?.stop();
  });

  it('when anyone asks for a cash-out the test provider would not settle, then it is refused: a live credential, no outcome, or a real provider named', async () => {
    const userId = await world.rewarded(1_000);
    expect(await cashout(userId, harnessActor, { testOutcome: 'CONFIRMED' })).toMatchObject({
      ok: false,
      error: { code: 'COMMAND_REFUSED' },
    });
    const payer: ProofActor = { kind: 'user', id: String(userId), role: 'USER' };
    expect(await cashout(userId, payer, {})).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    expect(await cashout(userId, testClient, {})).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    expect(await cashout(userId, testClient, { testOutcome: 'CONFIRMED', providerClientId: 'pc_momo' })).toMatchObject({
      ok: false,
      error: { code: 'COMMAND_REFUSED' },
    });
    expect(await heldOf(userId)).toBe(0);
  });

  it('when the client’s clock passes a minute after a CONFIRMED test cash-out, then its coins are burned with the XAF amount and the rate; another client’s clock settles nothing', async () => {
    const userId = await world.rewarded(1_000);
    const asked = resultOf(await cashout(userId, testClient, { testOutcome: 'CONFIRMED' })).cashout;
    expect(asked).toMatchObject({
      userId,
      amount: 3,
      status: 'CLAIMED',
      claimedBy: testClient.id,
      xafPerCoin: 650,
      xafAmount: 1950,
      approval: { status: 'NOT_REQUIRED' },
    });
    expect(await heldOf(userId)).toBe(300);
    resultOf(await world.advance(3_600, otherClient));
    await settle();
    expect((await holdRow(asked.id)).status).toBe('PENDING');

    resultOf(await world.advance(60));
    await waitFor('the test cash-out confirmed', async () => (await holdRow(asked.id)).status === 'CAPTURED');
    const settled = await holdRow(asked.id);
    expect(settled.cashout).toMatchObject({
      outcome: 'CONFIRMED',
      claimedBy: testClient.id,
      providerReference: expect.stringMatching(/^TEST-/),
    });
    const burn = await world.h.pool.query<{ type: string; amount: number; metadata: Record<string, string>; client_id: string }>(
      'SELECT type, amount, metadata, client_id FROM transactions WHERE id = $1',
      [settled.transaction_id],
    );
    // The client's BURN, as a provider's is the provider's: it reads it back and gets its event.
    expect(burn.rows[0]).toMatchObject({
      type: 'BURN',
      client_id: testClient.id,
      metadata: { cashoutXafAmount: '1950', cashoutXafPerCoin: '650', cashoutProvider: 'sandbox-test-provider' },
    });
    expect(Number(burn.rows[0]!.amount)).toBe(300);
    expect(await balanceOf(world.h, walletKeyOfUser(userId))).toBe(700);
    expect(await heldOf(userId)).toBe(0);
    await waitFor('the hold events', async () => holdEventsOf(asked.id).includes('coin.hold.captured'));
    expect(holdEventsOf(asked.id)).toEqual(['coin.hold.created', 'coin.hold.captured']);
  });

  it('when the clock passes a minute after a FAILED test cash-out, then its coins are released; a clock moved past its window still settles it, never expires it', async () => {
    const userId = await world.rewarded(1_000);
    const failing = resultOf(await cashout(userId, testClient, { testOutcome: 'FAILED', amount: 200 })).cashout;
    const late = resultOf(await cashout(userId, testClient, { testOutcome: 'CONFIRMED', amount: 100 })).cashout;
    expect(await heldOf(userId)).toBe(300);
    // Two days: past the settle time and the cash-out window (a day) of both at once.
    resultOf(await world.advance(2 * dayS));
    await waitFor(
      'both settled',
      async () => (await holdRow(failing.id)).status !== 'PENDING' && (await holdRow(late.id)).status !== 'PENDING',
    );
    expect(await holdRow(failing.id)).toMatchObject({ status: 'VOIDED', cashout: { outcome: 'FAILED' } });
    expect(await holdRow(late.id)).toMatchObject({ status: 'CAPTURED', cashout: { outcome: 'CONFIRMED' } });
    expect((await holdRow(late.id)).cashout.overdueAt ?? null).toBeNull();
    expect(await balanceOf(world.h, walletKeyOfUser(userId))).toBe(900);
    expect(await heldOf(userId)).toBe(0);
    await waitFor('the release published', async () => holdEventsOf(failing.id).includes('coin.hold.voided'));
  });
});

/**
 * Purchases, splits and refunds in the sandbox: the test-mode client sets its own commission rule
 * for a treasury it was granted, buys for its test user naming an affiliate (it is the platform
 * there), and refunds its purchase in part and in full: the refund, the commission's part fronted
 * by the treasury and the affiliate's clawback, every balance exact.
 */
describe('the sandbox splits purchases by the client’s own rule and refunds them', () => {
  const testClient: ProofActor = { kind: 'system', id: 'test_split_shop', treasuries: ['REWARDS', 'COURSE_FEES'], mode: 'test' };
  const otherClient: ProofActor = { kind: 'system', id: 'test_split_other', treasuries: ['REWARDS', 'COURSE_FEES'], mode: 'test' };
  const world = sandboxWorld(testClient);
  const treasury = 'COURSE_FEES';
  // The test client's own COURSE_FEES, which its purchases pay and its refunds are paid from.
  const fees = walletKeyOfTreasury(treasury, testClient.id);

  const setRule = (actor: ProofActor, data: Record<string, unknown> = {}) =>
    world.h.send({
      type: 'ledger.set-commission',
      key: walletKeyOfTreasury(String(data.treasury ?? treasury)),
      actor,
      data: { treasury, clientId: actor.id, rule: { kind: 'bps', bps: 1000 }, ...data },
    });
  const purchase = (buyer: number, actor: ProofActor, affiliate: { userId: number; clientId: string } | undefined, amount = 1_000) =>
    world.h.send({
      type: 'ledger.transfer',
      key: walletKeyOfUser(buyer),
      actor,
      data: {
        kind: 'PURCHASE',
        fromUserId: buyer,
        to: { kind: 'treasury', code: treasury },
        amount,
        reason: 'Course 7',
        reference: 'order-7',
        ...(affiliate ? { affiliate } : {}),
      },
    });
  const refund = (actor: ProofActor, transactionId: number, amount?: number) =>
    world.h.send({
      type: 'ledger.refund',
      // The contract's key: the harness sends it under the actor's own treasury, as the gateway does.
      key: walletKeyOfTreasury(treasury),
      actor,
      data: { transactionId, treasury, reason: 'Cancelled', ...(amount !== undefined ? { amount } : {}) },
    });
  const waitForBalance = (key: string, expected: number) =>
    eventually(async () => ((await balanceOf(world.h, key)) === expected ? true : undefined), 15_000, `${key} at ${expected}`);

  it('when the client sets its own rule for a granted treasury, then it is kept; another client’s rule or an ungranted treasury is refused', async () => {
    expect(resultOf(await setRule(testClient))).toMatchObject({
      treasury,
      clientId: testClient.id,
      rule: { kind: 'bps', bps: 1000 },
      setBy: null,
    });
    expect(await setRule(testClient, { clientId: otherClient.id })).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    expect(await setRule(testClient, { treasury: 'OPERATIONS' })).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    expect(await setRule(harnessActor)).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
  });

  it('when the client buys for its test user naming an affiliate, then the commission is split by its rule; naming another client’s affiliate, or a transfer, is refused', async () => {
    const [buyer, affiliate] = [await world.rewarded(1_000), await world.rewarded(0)];
    expect(await purchase(buyer, testClient, { userId: affiliate, clientId: otherClient.id })).toMatchObject({
      ok: false,
      error: { code: 'COMMAND_REFUSED' },
    });
    const transfer = await world.h.send({
      type: 'ledger.transfer',
      key: walletKeyOfUser(buyer),
      actor: testClient,
      data: { kind: 'TRANSFER', fromUserId: buyer, to: { kind: 'user', userId: affiliate }, amount: 100, reason: 'gift' },
    });
    expect(transfer).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    const bought = resultOf(await purchase(buyer, testClient, { userId: affiliate, clientId: testClient.id }));
    expect(bought.transaction).toMatchObject({ type: 'PURCHASE', amount: 9, toTreasury: treasury, clientId: testClient.id });
    expect(bought.commission).toMatchObject({ type: 'TRANSFER', amount: 1, toUserId: affiliate, splitOf: bought.transaction.id });
    await waitForBalance(walletKeyOfUser(affiliate), 100);
    expect(await balanceOf(world.h, walletKeyOfUser(buyer))).toBe(0);
  });

  it('when the client refunds its split purchase in part and then in full, then the buyer gets it all back, the affiliate’s commission is clawed back, and another client cannot refund it', async () => {
    const [buyer, affiliate] = [await world.rewarded(1_000), await world.rewarded(0)];
    // The treasury fronts the commission's part of a refund: the client funds it with test coins.
    const fund = { to: { kind: 'treasury', code: treasury }, amount: 500, reason: 'float' };
    resultOf(await world.h.send({ type: 'ledger.mint', key: fees, actor: testClient, data: fund }));
    // Every earlier purchase credited (its leg follows its answer).
    await waitForBalance(fees, 500 + 900);
    const bought = resultOf(await purchase(buyer, testClient, { userId: affiliate, clientId: testClient.id }));
    const purchaseId = bought.transaction.id as number;
    await waitForBalance(walletKeyOfUser(affiliate), 100);
    await waitForBalance(fees, 500 + 900 + 900);

    expect(await refund(otherClient, purchaseId)).toMatchObject({ ok: false, error: { code: 'TRANSACTION_NOT_FOUND' } });
    expect(await refund(harnessActor, purchaseId)).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });

    const partial = resultOf(await refund(testClient, purchaseId, 450));
    expect(partial.transaction).toMatchObject({ type: 'REFUND', amount: 4.5, refundOf: purchaseId, toUserId: buyer });
    expect(partial.commission).toMatchObject({ type: 'TRANSFER', amount: 0.5, toUserId: buyer, splitOf: purchaseId });
    await waitForBalance(walletKeyOfUser(buyer), 500);
    await waitForBalance(walletKeyOfUser(affiliate), 50);

    const rest = resultOf(await refund(testClient, purchaseId));
    expect(rest.transaction).toMatchObject({ type: 'REFUND', amount: 4.5 });
    expect(rest.commission).toMatchObject({ type: 'TRANSFER', amount: 0.5 });
    await waitForBalance(walletKeyOfUser(buyer), 1_000);
    await waitForBalance(walletKeyOfUser(affiliate), 0);
    // The treasury gave back its part; the commission's part it fronted came back from the affiliate.
    await waitForBalance(fees, 500 + 900);
    expect(await refund(testClient, purchaseId)).toMatchObject({ ok: false, error: { code: 'REFUND_EXCEEDS_PURCHASE' } });
    const legs = await world.h.pool.query<{ type: string; amount: string; from_user_id: string | null; to_user_id: string | null }>(
      'SELECT type, amount::text, from_user_id::text, to_user_id::text FROM transactions WHERE split_of = $1 ORDER BY id',
      [purchaseId],
    );
    // The commission, then per refund the treasury's fronted part and the affiliate's clawback.
    expect(legs.rows).toEqual([
      { type: 'TRANSFER', amount: '100', from_user_id: String(buyer), to_user_id: String(affiliate) },
      { type: 'TRANSFER', amount: '50', from_user_id: null, to_user_id: String(buyer) },
      { type: 'TRANSFER', amount: '50', from_user_id: String(affiliate), to_user_id: null },
      { type: 'TRANSFER', amount: '50', from_user_id: null, to_user_id: String(buyer) },
      { type: 'TRANSFER', amount: '50', from_user_id: String(affiliate), to_user_id: null },
    ]);
  });
});
