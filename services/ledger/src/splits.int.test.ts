import { randomUUID } from 'node:crypto';
import { walletKeyOfTreasury, walletKeyOfUser, type Reply } from '@coin/contracts';
import { signTestReferral } from '../../../scripts/stack/proofs';
import { commissionApprover, commissionRequester, setCommissionRule } from '../../../test/harness/commissions';
import { eventually, startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';

function resultOf(reply: Reply): any {
  if (!reply.ok) throw new Error(`rejected: ${JSON.stringify(reply.error)}`);
  return reply.result;
}

/**
 * Affiliate splits against real Kafka and PostgreSQL (docs/CONTRACT.md "Affiliate splits"): the
 * rule two ADMIN+ set on the treasury's row, the affiliate a platform client's referral names, the split purchase in one apply, its refund and the clawback that
 * travels to the affiliate's partition, every balance and the supply exact; a forged split or
 * clawback changes nothing.
 */
describe('affiliate splits against real Kafka and PostgreSQL', () => {
  let h: LedgerHarness;
  let nextUser = 7300;
  const treasury = 'COURSE_FEES';
  const clientId = 'pc_split_shop';
  const [requester, approver] = [Number(commissionRequester.id), Number(commissionApprover.id)];
  const openUser = async () => {
    nextUser += 1;
    const userId = nextUser;
    resultOf(await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } }));
    return userId;
  };
  const mint = (userId: number, amount: number) =>
    h.send({ type: 'ledger.mint', key: walletKeyOfUser(userId), data: { to: { kind: 'user', userId }, amount, reason: 'seed' } });
  const balanceOf = async (key: string) =>
    Number((await h.pool.query<{ balance: string }>('SELECT balance FROM wallets WHERE wallet_key = $1', [key])).rows[0]?.balance);
  const supply = async () => {
    const { rows } = await h.pool.query<{ total: string; minted: string; burned: string }>(
      `SELECT (SELECT sum(balance) FROM wallets)::text AS total,
              (SELECT coalesce(sum(amount), 0) FROM transactions WHERE type = 'MINT')::text AS minted,
              (SELECT coalesce(sum(amount), 0) FROM transactions WHERE type = 'BURN')::text AS burned`,
    );
    return { total: Number(rows[0]!.total), circulating: Number(rows[0]!.minted) - Number(rows[0]!.burned) };
  };
  // Two ADMIN+: one asks, the other approves (test/harness/commissions.ts).
  const setRule = (rule: unknown, data: { clientId?: string } = {}) =>
    setCommissionRule(h, { treasury, clientId, rule, ...data } as Parameters<typeof setCommissionRule>[1]);
  // The affiliate by the platform client's referral, signed as the user service signs it.
  const referralOf = (buyer: number, affiliate: number, client = clientId) =>
    signTestReferral(h.jwtKey, { clientId: client, buyerUserId: buyer, affiliateUserId: affiliate, treasury });
  const purchase = async (buyer: number, affiliate: number, amount: number, commandId = randomUUID(), client = clientId) =>
    h.send({
      type: 'ledger.transfer',
      key: walletKeyOfUser(buyer),
      commandId,
      data: {
        kind: 'PURCHASE',
        fromUserId: buyer,
        to: { kind: 'treasury', code: treasury },
        amount,
        reason: 'course',
        reference: 'order-split',
        affiliate: { referral: await referralOf(buyer, affiliate, client) },
      },
    });

  beforeAll(async () => {
    h = await startLedgerHarness();
    await h.startLedger();
  }, 90_000);
  afterAll(async () => {
    await h?.close();
  });

  it('when a rule is set by two ADMIN+, then the treasury row keeps it and the reply names who asked and who approved', async () => {
    const set = resultOf(await setRule({ kind: 'bps', bps: 1000 }));
    expect(set).toMatchObject({ treasury, clientId, rule: { kind: 'bps', bps: 1000 }, setBy: requester, approvedBy: approver });
    const row = await h.pool.query('SELECT commissions FROM wallets WHERE wallet_key = $1', [walletKeyOfTreasury(treasury)]);
    expect(row.rows[0].commissions[clientId]).toEqual({ rule: { kind: 'bps', bps: 1000 }, setBy: requester, approvedBy: approver });
  });

  it('when the rules are read (GET /internal/commission-rules), then the set rule is there with who set it; another treasury has none; a bad query is a 400', async () => {
    const read = async (query: string) => {
      const response = await fetch(`${h.ledger!.url}/internal/commission-rules${query}`, {
        headers: { authorization: await h.asGateway() },
      });
      return { status: response.status, body: (await response.json()) as any };
    };
    const all = await read('');
    expect(all.status).toBe(200);
    expect(all.body.rules).toContainEqual({ treasury, clientId, rule: { kind: 'bps', bps: 1000 }, setBy: requester, approvedBy: approver });
    expect((await read(`?treasury=${treasury}`)).body.rules.every((r: { treasury: string }) => r.treasury === treasury)).toBe(true);
    expect((await read('?treasury=REWARDS')).body.rules.some((r: { clientId: string }) => r.clientId === clientId)).toBe(false);
    expect((await read('?treasury=nope')).status).toBe(400);
  });

  it('when a rule out of bounds is asked for on the topic, then the command schema refuses it and nothing is stored', async () => {
    const reply = await setRule({ kind: 'bps', bps: 5001 }, { clientId: 'pc_greedy' });
    expect(reply.ok).toBe(false);
    const row = await h.pool.query('SELECT commissions FROM wallets WHERE wallet_key = $1', [walletKeyOfTreasury(treasury)]);
    expect(row.rows[0].commissions.pc_greedy).toBeUndefined();
  });

  it('when a split purchase is retried and then refunded, then it applies once and every balance and the supply end exact', async () => {
    const [buyer, affiliate] = [await openUser(), await openUser()];
    resultOf(await mint(buyer, 10_000));
    // The treasury fronts the commission's part of a refund: it needs more than its own part.
    resultOf(
      await h.send({
        type: 'ledger.mint',
        key: walletKeyOfTreasury(treasury),
        data: { to: { kind: 'treasury', code: treasury }, amount: 1_000, reason: 'float' },
      }),
    );
    const before = await supply();
    const treasuryBefore = await balanceOf(walletKeyOfTreasury(treasury));
    const commandId = randomUUID();
    const first = resultOf(await purchase(buyer, affiliate, 10_000, commandId));
    const retry = resultOf(await purchase(buyer, affiliate, 10_000, commandId));
    expect(retry).toEqual(first);
    expect(first.transaction).toMatchObject({ type: 'PURCHASE', amount: 90, toTreasury: treasury });
    expect(first.commission).toMatchObject({ type: 'TRANSFER', amount: 10, toUserId: affiliate, splitOf: first.transaction.id });
    expect(first.wallet.balance).toBe(0);
    const stored = await h.pool.query('SELECT count(*)::int AS n FROM transactions WHERE command_id = $1', [commandId]);
    expect(stored.rows[0].n).toBe(2);
    await eventually(async () => ((await balanceOf(walletKeyOfUser(affiliate))) === 1_000 ? true : undefined));
    await eventually(async () => ((await balanceOf(walletKeyOfTreasury(treasury))) === treasuryBefore + 9_000 ? true : undefined));

    const refund = resultOf(
      await h.send({
        type: 'ledger.refund',
        key: walletKeyOfTreasury(treasury),
        data: { transactionId: first.transaction.id, treasury, reason: 'cancelled' },
      }),
    );
    expect(refund.transaction).toMatchObject({ type: 'REFUND', amount: 90 });
    await eventually(async () => ((await balanceOf(walletKeyOfUser(buyer))) === 10_000 ? true : undefined));
    await eventually(async () => ((await balanceOf(walletKeyOfUser(affiliate))) === 0 ? true : undefined));
    await eventually(async () => ((await balanceOf(walletKeyOfTreasury(treasury))) === treasuryBefore ? true : undefined));
    const legs = await h.pool.query<{ type: string; amount: string; from_user_id: string | null }>(
      'SELECT type, amount::text, from_user_id::text FROM transactions WHERE split_of = $1 ORDER BY id',
      [first.transaction.id],
    );
    expect(legs.rows).toEqual([
      { type: 'TRANSFER', amount: '1000', from_user_id: String(buyer) },
      { type: 'TRANSFER', amount: '1000', from_user_id: null },
      { type: 'TRANSFER', amount: '1000', from_user_id: String(affiliate) },
    ]);
    expect(await supply()).toEqual(before);
  });

  it('when the affiliate is frozen before the refund, then the ledger still takes the commission back: the treasury never pays it twice', async () => {
    resultOf(await setRule({ kind: 'bps', bps: 1000 }));
    const [buyer, affiliate] = [await openUser(), await openUser()];
    resultOf(await mint(buyer, 10_000));
    resultOf(
      await h.send({
        type: 'ledger.mint',
        key: walletKeyOfTreasury(treasury),
        data: { to: { kind: 'treasury', code: treasury }, amount: 1_000, reason: 'float' },
      }),
    );
    const before = await supply();
    const treasuryBefore = await balanceOf(walletKeyOfTreasury(treasury));
    const bought = resultOf(await purchase(buyer, affiliate, 10_000));
    await eventually(async () => ((await balanceOf(walletKeyOfUser(affiliate))) === 1_000 ? true : undefined));
    const admin = { kind: 'user' as const, id: '7001', role: 'ADMIN' };
    resultOf(
      await h.send({
        type: 'ledger.freeze-wallet',
        key: walletKeyOfUser(affiliate),
        actor: admin,
        data: { userId: affiliate, reason: 'review' },
      }),
    );
    resultOf(
      await h.send({
        type: 'ledger.refund',
        key: walletKeyOfTreasury(treasury),
        data: { transactionId: bought.transaction.id, treasury, reason: 'cancelled' },
      }),
    );
    await eventually(async () => ((await balanceOf(walletKeyOfUser(buyer))) === 10_000 ? true : undefined));
    await eventually(async () => ((await balanceOf(walletKeyOfTreasury(treasury))) === treasuryBefore ? true : undefined));
    expect(await balanceOf(walletKeyOfUser(affiliate))).toBe(0);
    expect(await supply()).toEqual(before);
    // The frozen affiliate's own outflows stay stopped.
    resultOf(await mint(affiliate, 100));
    const own = await h.send({
      type: 'ledger.transfer',
      key: walletKeyOfUser(affiliate),
      actor: { kind: 'user', id: String(affiliate), role: 'USER' },
      data: { kind: 'TRANSFER', fromUserId: affiliate, to: { kind: 'user', userId: buyer }, amount: 100, reason: 'out' },
    });
    expect(own).toMatchObject({ ok: false, error: { code: 'WALLET_FROZEN' } });
  });

  it('when two ADMINs refund a split purchase through an approval, then it applies (the refund and the commission leg each in its own place of the approval) and the next command answers at once', async () => {
    // On the code before, the approval wrote both legs with the same approval and no reference:
    // the unique index refused the second, the ledger took it for a lost race and redid the batch
    // for ever, and every partition stopped behind it.
    resultOf(await setRule({ kind: 'bps', bps: 1000 }));
    const [buyer, affiliate] = [await openUser(), await openUser()];
    resultOf(await mint(buyer, 10_000));
    resultOf(
      await h.send({
        type: 'ledger.mint',
        key: walletKeyOfTreasury(treasury),
        data: { to: { kind: 'treasury', code: treasury }, amount: 1_000, reason: 'float' },
      }),
    );
    const before = await supply();
    const bought = resultOf(await purchase(buyer, affiliate, 10_000));
    await eventually(async () => ((await balanceOf(walletKeyOfUser(affiliate))) === 1_000 ? true : undefined));
    const requester = { kind: 'user' as const, id: '737301', role: 'ADMIN' as const };
    const approver = { kind: 'user' as const, id: '737302', role: 'ADMIN' as const };
    const held = { type: 'ledger.refund', data: { transactionId: bought.transaction.id, treasury, reason: 'cancelled' } };
    const key = walletKeyOfTreasury(treasury);
    const approvalId = resultOf(
      await h.send({ type: 'ledger.request-approval', key, actor: requester, data: { command: held, requestHash: 'a'.repeat(64) } }),
    ).approval.id as string;

    const approved = resultOf(
      await h.send({ type: 'ledger.approve', key, actor: approver, data: { approvalId, command: held, requestHash: 'b'.repeat(64) } }),
    );

    expect(approved).toMatchObject({ approval: { id: approvalId, status: 'APPROVED' }, transaction: { type: 'REFUND', amount: 90 } });
    const legs = await h.pool.query<{ type: string; amount: string; approval_leg: number }>(
      'SELECT type, amount::text, approval_leg FROM transactions WHERE approval_id = $1 ORDER BY approval_leg',
      [approvalId],
    );
    expect(legs.rows).toEqual([
      { type: 'REFUND', amount: '9000', approval_leg: 0 },
      { type: 'TRANSFER', amount: '1000', approval_leg: 1 },
    ]);
    // Another user's command, on whatever partition, answers within the harness's usual wait.
    const other = await openUser();
    expect(resultOf(await mint(other, 5)).wallet.balance).toBe(0.05);
    await eventually(async () => ((await balanceOf(walletKeyOfUser(buyer))) === 10_000 ? true : undefined));
    await eventually(async () => ((await balanceOf(walletKeyOfUser(affiliate))) === 0 ? true : undefined));
    expect(await supply()).toEqual({ total: before.total + 5, circulating: before.circulating + 5 });
  });

  it.each(['constructor', '__proto__', 'toString'])(
    'when a purchase on Kafka carries a referral of the client %s (a prototype key), then the decider refuses it (REFERRAL_INVALID: its claims are not a referral), its caller is answered and the partition goes on',
    async (clientId) => {
      const [buyer, affiliate] = [await openUser(), await openUser()];
      resultOf(await mint(buyer, 1_000));
      // Signed with the stack's key: only the referral's claims are hostile.
      const forged = await h.send({
        type: 'ledger.transfer',
        key: walletKeyOfUser(buyer),
        data: {
          kind: 'PURCHASE',
          fromUserId: buyer,
          to: { kind: 'treasury', code: treasury },
          amount: 500,
          reason: 'course',
          affiliate: { referral: await referralOf(buyer, affiliate, clientId) },
        },
      });
      expect(forged).toMatchObject({ ok: false, error: { code: 'REFERRAL_INVALID' } });
      // The same buyer's next command, on the same partition, applies at once.
      expect(resultOf(await mint(buyer, 1)).wallet.balance).toBe(10.01);
    },
  );

  it('when the buyer names themselves, an unknown affiliate or a client with no rule, then 422 and nothing moves', async () => {
    const buyer = await openUser();
    resultOf(await mint(buyer, 1_000));
    expect(await purchase(buyer, buyer, 1_000)).toMatchObject({ ok: false, error: { code: 'SELF_REFERRAL' } });
    expect(await purchase(buyer, 9_999_999, 1_000)).toMatchObject({ ok: false, error: { code: 'USER_NOT_FOUND' } });
    const other = await openUser();
    const noRule = await purchase(buyer, other, 1_000, randomUUID(), 'pc_nobody');
    expect(noRule).toMatchObject({ ok: false, error: { code: 'COMMISSION_RULE_MISSING' } });
    expect(await purchase(buyer, other, 5)).toMatchObject({ ok: false, error: { code: 'COMMISSION_OUT_OF_RANGE' } });
    expect(await balanceOf(walletKeyOfUser(buyer))).toBe(1_000);
  });

  it('when an insider forges a split (no proof) or a clawback on ledger.commands, then it is refused and nothing moves', async () => {
    const [buyer, affiliate] = [await openUser(), await openUser()];
    resultOf(await mint(buyer, 1_000));
    resultOf(await mint(affiliate, 1_000));
    const noProof = await h.send({
      type: 'ledger.transfer',
      key: walletKeyOfUser(buyer),
      proof: null,
      data: {
        kind: 'PURCHASE',
        fromUserId: buyer,
        to: { kind: 'treasury', code: treasury },
        amount: 1_000,
        reason: 'x',
        affiliate: { referral: await referralOf(buyer, affiliate) },
      },
    });
    expect(noProof.ok).toBe(false);
    const clawback = await h.client.request({
      topic: h.topics.ledgerCommands,
      key: walletKeyOfUser(affiliate),
      timeoutMs: 20_000,
      command: {
        commandId: randomUUID(),
        type: 'ledger.clawback',
        issuedAt: new Date().toISOString(),
        actor: { kind: 'operator', id: 'forger' },
        data: { purchaseId: 1, refundId: 2, fromUserId: affiliate, to: { kind: 'user', userId: buyer }, amount: 1_000 },
      },
    });
    expect(clawback).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    expect(await balanceOf(walletKeyOfUser(buyer))).toBe(1_000);
    expect(await balanceOf(walletKeyOfUser(affiliate))).toBe(1_000);
  });
});
