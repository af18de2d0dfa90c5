import { randomUUID } from 'node:crypto';
import { walletKeyOfTreasury, walletKeyOfUser, type LedgerCommand } from '@coin/contracts';
import { type ProofActor, signTestUsers } from '../../../scripts/stack/proofs';
import { eventually, type LedgerHarness, startLedgerHarness } from '../../../test/harness/ledger';
import { type TopicWatch, watchTopic } from '../../../test/harness/topic-watch';

/**
 * The sandbox ledger judges every command of a test-mode client against that client's own users
 * (docs/decisions/0018-sandbox.md "Whose users a test client names"): an insider with the gateway's
 * Kafka credentials and a test client's genuine token writes commands straight to the sandbox's
 * ledger.commands, naming the wallet of another client's test user. None moves a coin of it, and
 * each refusal is in the sandbox's audit log.
 */

async function balanceOf(h: LedgerHarness, key: string): Promise<number> {
  const result = await h.pool.query<{ balance: number; held: number }>('SELECT balance, held FROM wallets WHERE wallet_key = $1', [key]);
  return Number(result.rows[0]?.balance ?? 0) - Number(result.rows[0]?.held ?? 0);
}

describe('the sandbox ledger admits a test client’s command on its own users only', () => {
  let h: LedgerHarness;
  let audit: TopicWatch;
  const victim = 4_545;
  const attacker: ProofActor = { kind: 'system', id: 'test_users_attacker', treasuries: ['REWARDS', 'COURSE_FEES'], mode: 'test' };
  const owner: ProofActor = { kind: 'system', id: 'test_users_owner', treasuries: ['REWARDS'], mode: 'test' };
  const rewards = walletKeyOfTreasury('REWARDS');

  beforeAll(async () => {
    h = await startLedgerHarness({ space: 'test' });
    await h.startLedger();
    audit = await watchTopic(h.kafka, h.topics.adminAudit);
    expect((await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(victim), data: { userId: victim } })).ok).toBe(true);
    // The owner funds its treasury and rewards its own test user, as the gateway would send it.
    const fund = { to: { kind: 'treasury', code: 'REWARDS' }, amount: 1_000, reason: 'fund' };
    expect((await h.send({ type: 'ledger.mint', key: rewards, actor: owner, data: fund })).ok).toBe(true);
    const prize = { toUserId: victim, amount: 1_000, reason: 'prize' };
    expect((await h.send({ type: 'ledger.reward', key: rewards, actor: owner, data: prize })).ok).toBe(true);
    await eventually(async () => ((await balanceOf(h, walletKeyOfUser(victim))) === 1_000 ? true : undefined), 15_000, 'rewarded');
  }, 90_000);
  afterAll(async () => {
    await audit?.stop();
    await h?.close();
  });

  const onVictim: Array<[string, LedgerCommand['type'], Record<string, unknown>]> = [
    [
      'a hold it settles',
      'ledger.hold',
      { fromUserId: victim, to: { kind: 'treasury', code: 'REWARDS' }, amount: 100, reason: 'order', settlerClientId: attacker.id },
    ],
    ['a test cash-out', 'ledger.cashout', { fromUserId: victim, amount: 100, msisdn: '+237670000000', testOutcome: 'CONFIRMED' }],
    [
      'a purchase',
      'ledger.transfer',
      { kind: 'PURCHASE', fromUserId: victim, to: { kind: 'treasury', code: 'COURSE_FEES' }, amount: 100, reason: 'course' },
    ],
    ['a burn', 'ledger.burn', { from: { kind: 'user', userId: victim }, amount: 100, reason: 'Sandbox reset' }],
    [
      'a mandate to itself',
      'ledger.grant-mandate',
      { fromUserId: victim, clientId: attacker.id, amount: 100, period: 'DAY', startsAt: new Date().toISOString(), reason: 'plan' },
    ],
  ];

  it.each(onVictim)(
    'when a test client sends %s on another client’s test user’s wallet with its own genuine token, then it is refused, audited, and no coin moves',
    async (_name, type, data) => {
      const commandId = randomUUID();
      const sent = await h.send({ type, key: walletKeyOfUser(victim), actor: attacker, commandId, data, usersProof: null });
      expect(sent).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
      await eventually(
        async () => audit.values.find((v) => JSON.stringify(v).includes(`command:${commandId}`)),
        15_000,
        'the refusal in the audit log',
      );
      expect(await balanceOf(h, walletKeyOfUser(victim))).toBe(1_000);
    },
  );

  const hold = onVictim[0]![2];
  it('when the command carries a proof of the client’s own users only, or the owner’s proof naming the victim, then it is refused too', async () => {
    const ownUser = 4_546;
    expect((await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(ownUser), data: { userId: ownUser } })).ok).toBe(true);
    const ownOnly = await signTestUsers(h.jwtKey, { clientId: attacker.id, userIds: [ownUser] });
    const owners = await signTestUsers(h.jwtKey, { clientId: owner.id, userIds: [victim] });
    const expired = await signTestUsers(
      h.jwtKey,
      { clientId: attacker.id, userIds: [victim] },
      { issuedAt: new Date(Date.now() - 3_600_000) },
    );
    for (const usersProof of [ownOnly, owners, expired, `${ownOnly}x`]) {
      const sent = await h.send({ type: 'ledger.hold', key: walletKeyOfUser(victim), actor: attacker, data: hold, usersProof });
      expect(sent).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    }
    expect(await balanceOf(h, walletKeyOfUser(victim))).toBe(1_000);
  });

  it('when the owner places a hold on its own test user, then only the owner captures or voids it: the other client’s token moves nothing', async () => {
    const placed = await h.send({
      type: 'ledger.hold',
      key: walletKeyOfUser(victim),
      actor: owner,
      data: { ...hold, settlerClientId: owner.id },
    });
    expect(placed).toMatchObject({ ok: true, result: { hold: { status: 'PENDING' } } });
    const holdId = (placed as { result: { hold: { id: string } } }).result.hold.id;
    for (const type of ['ledger.capture-hold', 'ledger.void-hold'] as const) {
      const sent = await h.send({ type, key: walletKeyOfUser(victim), actor: attacker, data: { holdId, fromUserId: victim } });
      expect(sent).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    }
    expect(
      await h.send({ type: 'ledger.void-hold', key: walletKeyOfUser(victim), actor: owner, data: { holdId, fromUserId: victim } }),
    ).toMatchObject({ ok: true });
    expect(await balanceOf(h, walletKeyOfUser(victim))).toBe(1_000);
  });

  it.each<[string, LedgerCommand['type'], Record<string, unknown>]>([
    ['a hold it settles', 'ledger.hold', { ...hold, to: { kind: 'treasury', code: 'COURSE_FEES' }, settlerClientId: owner.id }],
    [
      'a purchase',
      'ledger.transfer',
      { kind: 'PURCHASE', fromUserId: victim, to: { kind: 'treasury', code: 'COURSE_FEES' }, amount: 100, reason: 'course' },
    ],
  ])(
    'when a test client pays %s of its own test user into a treasury it was not granted, then it is refused and audited, and no coin moves',
    async (_name, type, data) => {
      const commandId = randomUUID();
      const sent = await h.send({ type, key: walletKeyOfUser(victim), actor: owner, commandId, data });
      expect(sent).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
      await eventually(
        async () => audit.values.find((v) => JSON.stringify(v).includes(`command:${commandId}`)),
        15_000,
        'the refusal in the audit log',
      );
      expect(await balanceOf(h, walletKeyOfUser(victim))).toBe(1_000);
    },
  );

  it('when the other client refunds the owner’s purchase or cancels the owner’s mandate, then each answers as if there were none, and nothing moves', async () => {
    const bought = await h.send({
      type: 'ledger.transfer',
      key: walletKeyOfUser(victim),
      actor: owner,
      data: { kind: 'PURCHASE', fromUserId: victim, to: { kind: 'treasury', code: 'REWARDS' }, amount: 100, reason: 'course' },
    });
    expect(bought).toMatchObject({ ok: true });
    const transactionId = (bought as { result: { transaction: { id: number } } }).result.transaction.id;
    const startsAt = new Date(Date.now() + 86_400_000).toISOString();
    const granted = await h.send({
      type: 'ledger.grant-mandate',
      key: walletKeyOfUser(victim),
      actor: owner,
      data: { fromUserId: victim, clientId: owner.id, amount: 100, period: 'DAY', startsAt, reason: 'plan' },
    });
    expect(granted).toMatchObject({ ok: true, result: { mandate: { status: 'ACTIVE' } } });
    const mandateId = (granted as { result: { mandate: { id: string } } }).result.mandate.id;

    const refund = { transactionId, treasury: 'REWARDS', reason: 'not mine' };
    expect(await h.send({ type: 'ledger.refund', key: rewards, actor: attacker, data: refund })).toMatchObject({
      ok: false,
      error: { code: 'TRANSACTION_NOT_FOUND' },
    });
    const cancel = { mandateId, fromUserId: victim };
    expect(await h.send({ type: 'ledger.cancel-mandate', key: walletKeyOfUser(victim), actor: attacker, data: cancel })).toMatchObject({
      ok: false,
      error: { code: 'MANDATE_NOT_FOUND' },
    });
    expect(await balanceOf(h, walletKeyOfUser(victim))).toBe(900);
    const mandate = await h.pool.query<{ status: string }>('SELECT status FROM mandates WHERE id = $1', [mandateId]);
    expect(mandate.rows[0]?.status).toBe('ACTIVE');
  });
});
