import { cashoutApprovalIdOf, walletKeyOfUser, type Cashout, type Reconciliation } from '@coin/contracts';
import { eventually, startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';

/**
 * A deleted user's mobile money number (docs/design/data.md "Erasure"): the close of their wallet
 * clears it from their cash-outs' terms (holds.cashout) and from the stored replies of their
 * cash-out commands (processed_commands), in the close's own write, so neither the admin queue nor
 * a replayed reply shows it again. Amounts, rate, XAF, provider, states and times stay: the
 * reconciliation counts the same, and the supply audit stays exact. A cash-out above the four-eyes
 * threshold answers its second person's approval or rejection with the number too: those stored
 * replies are erased as well. A pending cash-out is released
 * with the wallet's other holds. The ledger's clock is the test's, so a cash-out expires without waiting.
 */
describe('a deleted user’s cash-out account', () => {
  let h: LedgerHarness;
  let clock = new Date();
  const provider = { kind: 'system' as const, id: 'pc_momo_erasure', cashout: true };
  const deleted = 41;
  const other = 42;
  const deletedMsisdn = '+237670004141';
  const otherMsisdn = '+237670004242';
  const cashoutTypes = ['ledger.cashout', 'ledger.claim-cashout', 'ledger.settle-cashout', 'ledger.approve', 'ledger.reject-approval'];
  const admin = { kind: 'user' as const, id: '4300', role: 'ADMIN' };
  const day = (at: Date) => at.toISOString().slice(0, 10);

  beforeAll(async () => {
    h = await startLedgerHarness({
      extraEnv: { CASHOUT_RATES: '2020-01-01T00:00:00Z=600', CASHOUT_DAILY_COINS_UNVERIFIED: '100000', CASHOUT_FOUR_EYES_COINS: '30' },
    });
    await h.startLedger({ now: () => clock });
  }, 90_000);
  afterAll(async () => {
    await h?.close();
  });

  const ok = async (reply: Promise<{ ok: boolean }>) => {
    const answered = await reply;
    expect(answered).toMatchObject({ ok: true });
    return answered as unknown as { ok: true; result: { cashout: Cashout } };
  };
  const cashOut = (userId: number, msisdn: string, amount: number, nonce: string) =>
    ok(
      h.send({
        type: 'ledger.cashout',
        key: walletKeyOfUser(userId),
        actor: { kind: 'user', id: String(userId), role: 'USER' },
        data: { fromUserId: userId, amount, msisdn, providerClientId: provider.id, idNonce: `erasure${nonce}`.padEnd(24, '0') },
      }),
    );
  const claim = (userId: number, holdId: string) =>
    ok(h.send({ type: 'ledger.claim-cashout', key: walletKeyOfUser(userId), actor: provider, data: { holdId, fromUserId: userId } }));
  const settle = (userId: number, holdId: string, outcome: 'CONFIRMED' | 'FAILED') =>
    ok(
      h.send({
        type: 'ledger.settle-cashout',
        key: walletKeyOfUser(userId),
        actor: provider,
        data: { holdId, fromUserId: userId, outcome, callbackId: `msg_${holdId.slice(0, 8)}`, providerReference: `REF-${outcome}` },
      }),
    );
  const internal = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${h.ledger!.url}${path}`, { headers: { authorization: await h.asGateway() } });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  const termsOf = async (userId: number) =>
    (
      await h.pool.query<{ id: string; status: string; cashout: Record<string, unknown> }>(
        'SELECT id, status, cashout FROM holds WHERE from_user_id = $1 AND cashout IS NOT NULL ORDER BY id',
        [userId],
      )
    ).rows;
  const storedRepliesWith = async (text: string) =>
    Number(
      (await h.pool.query<{ n: string }>('SELECT count(*) AS n FROM processed_commands WHERE reply LIKE $1', [`%${text}%`])).rows[0]!.n,
    );

  it('when a user with confirmed, failed, expired and pending cash-outs is deleted, then their number is gone from the holds, the stored replies and the admin queue, and the reconciliation counts the same', async () => {
    for (const userId of [deleted, other]) {
      await ok(h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } }));
      await ok(
        h.send({
          type: 'ledger.mint',
          key: walletKeyOfUser(userId),
          data: { to: { kind: 'user', userId }, amount: 10_000, reason: 'seed' },
        }),
      );
    }
    // One the provider never settles: released by the sweep once the ledger's clock passes its window (1 day).
    const expired = (await cashOut(deleted, deletedMsisdn, 400, 'e')).result.cashout;
    clock = new Date(clock.getTime() + 24 * 3600_000 + 60_000);
    await eventually(async () => (await termsOf(deleted))[0]?.status === 'EXPIRED', 30_000, 'the first cash-out expired');

    const confirmed = (await cashOut(deleted, deletedMsisdn, 1_000, 'a')).result.cashout;
    await claim(deleted, confirmed.id);
    await settle(deleted, confirmed.id, 'CONFIRMED');
    const failed = (await cashOut(deleted, deletedMsisdn, 500, 'b')).result.cashout;
    await claim(deleted, failed.id);
    await settle(deleted, failed.id, 'FAILED');
    const claimed = (await cashOut(deleted, deletedMsisdn, 700, 'c')).result.cashout;
    await claim(deleted, claimed.id);
    const requested = (await cashOut(deleted, deletedMsisdn, 300, 'd')).result.cashout;
    const kept = (await cashOut(other, otherMsisdn, 200, 'x')).result.cashout;
    await claim(other, kept.id);
    // Two past the threshold (30 coins in a rolling day, the 25 before them counted): one approved by its second person, one rejected (released).
    const approved = (await cashOut(deleted, deletedMsisdn, 2_500, 'f')).result.cashout;
    const rejected = (await cashOut(deleted, deletedMsisdn, 2_500, 'g')).result.cashout;
    const decide = (type: 'ledger.approve' | 'ledger.reject-approval', cashout: Cashout) =>
      ok(
        h.send({
          type,
          key: walletKeyOfUser(deleted),
          actor: admin,
          data: {
            approvalId: cashoutApprovalIdOf(cashout.id),
            holds: 'cashout-approval',
            ...(type === 'ledger.reject-approval' ? { reason: 'Not this one' } : {}),
          },
        }),
      );
    expect((await decide('ledger.approve', approved)).result.cashout).toMatchObject({
      msisdn: deletedMsisdn,
      approval: { status: 'APPROVED' },
    });
    expect((await decide('ledger.reject-approval', rejected)).result.cashout).toMatchObject({ msisdn: deletedMsisdn, status: 'RELEASED' });

    const range = `from=${day(new Date(clock.getTime() - 2 * 24 * 3600_000))}&to=${day(clock)}`;
    const reconciledBefore = await internal<Reconciliation>(`/internal/cashouts/reconciliation?${range}`);
    const termsBefore = await termsOf(deleted);
    // Seven cash-outs, three claims, two callbacks and two second persons' decisions answered with the number.
    expect(await storedRepliesWith(deletedMsisdn)).toBe(14);

    const close = {
      type: 'ledger.close-wallet' as const,
      key: walletKeyOfUser(deleted),
      commandId: '4a1f5d0e-8c3b-4f7a-9e2d-6b5c4a3f2e10',
      data: { userId: deleted, reason: 'User deleted' },
    };
    await ok(h.send(close));
    // A redelivery is answered as stored, and a later close of the closed wallet changes nothing.
    expect(await h.send(close)).toMatchObject({ ok: true, result: { closed: true } });
    expect(await h.send({ ...close, commandId: '4a1f5d0e-8c3b-4f7a-9e2d-6b5c4a3f2e11' })).toMatchObject({
      ok: true,
      result: { closed: false },
    });

    // The terms keep everything but the number; the pending ones were released with the wallet.
    const termsAfter = await termsOf(deleted);
    expect(termsAfter.map((r) => r.cashout.msisdn)).toEqual(termsBefore.map(() => null));
    expect(termsAfter.map((r) => ({ ...r.cashout, msisdn: null }))).toEqual(termsBefore.map((r) => ({ ...r.cashout, msisdn: null })));
    const statusAfter = new Map(termsAfter.map((r) => [r.id, r.status]));
    expect([expired, confirmed, failed, claimed, requested, approved, rejected].map((c) => statusAfter.get(c.id))).toEqual([
      'EXPIRED',
      'CAPTURED',
      'VOIDED',
      'VOIDED',
      'VOIDED',
      'VOIDED',
      'VOIDED',
    ]);
    expect(await storedRepliesWith(deletedMsisdn)).toBe(0);
    const erasedReplies = await h.pool.query<{ reply: string }>(
      `SELECT reply FROM processed_commands WHERE type = ANY($1) AND ok AND reply::jsonb->'cashout'->>'userId' = $2`,
      [cashoutTypes, String(deleted)],
    );
    expect(erasedReplies.rows.map((r) => (JSON.parse(r.reply) as { cashout: Cashout }).cashout.msisdn)).toEqual(Array(14).fill(null));
    // Another user's number is theirs to keep.
    expect((await termsOf(other)).map((r) => r.cashout.msisdn)).toEqual([otherMsisdn]);
    expect(await storedRepliesWith(otherMsisdn)).toBe(2);

    const queue = await internal<{ cashouts: Cashout[] }>('/internal/cashouts?limit=100');
    expect(JSON.stringify(queue)).not.toContain(deletedMsisdn);
    const shown = new Map(queue.cashouts.map((c) => [c.id, c]));
    expect(
      [expired, confirmed, failed, claimed, requested, approved, rejected].map((c) => [shown.get(c.id)?.status, shown.get(c.id)?.msisdn]),
    ).toEqual([
      ['EXPIRED', null],
      ['CONFIRMED', null],
      ['FAILED', null],
      ['RELEASED', null],
      ['RELEASED', null],
      ['RELEASED', null],
      ['RELEASED', null],
    ]);
    expect(shown.get(confirmed.id)).toMatchObject({
      xafAmount: 6_000,
      xafPerCoin: 600,
      claimedBy: provider.id,
      providerReference: 'REF-CONFIRMED',
    });
    expect(shown.get(kept.id)).toMatchObject({ status: 'CLAIMED', msisdn: otherMsisdn });

    // What the provider's statement is matched against is unchanged; only the three pending ones moved to released.
    const reconciledAfter = await internal<Reconciliation>(`/internal/cashouts/reconciliation?${range}`);
    expect(reconciledAfter.lines).toEqual(
      reconciledBefore.lines.map((line) =>
        line.day === day(clock) ? { ...line, pending: line.pending - 3, claimed: line.claimed - 1, released: line.released + 3 } : line,
      ),
    );
    const supply = await internal<{ discrepancy: number; mismatchedWallets: unknown[]; heldCoins: number }>('/internal/supply');
    expect(supply).toMatchObject({ discrepancy: 0, mismatchedWallets: [], heldCoins: 2 });
  }, 120_000);
});
