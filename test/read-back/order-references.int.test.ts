import { randomUUID } from 'node:crypto';
import { signTestReferral } from '../../scripts/stack/proofs';
import { walletKeyOfTreasury, walletKeyOfUser, type Reply } from '@coin/contracts';
import { loadHistoryConfig, startHistoryService, type RunningService } from '@coin/history';
import { ServiceTokenSigner } from '@coin/http';
import { createLogger } from '@coin/logger';
import { setCommissionRule } from '../harness/commissions';
import { eventually, startLedgerHarness, type LedgerHarness } from '../harness/ledger';
import { http } from '../harness/http';

function resultOf(reply: Reply): any {
  if (!reply.ok) throw new Error(`rejected: ${JSON.stringify(reply.error)}`);
  return reply.result;
}

interface Found {
  id: number;
  type: string;
  amount: number;
  reference: string | null;
  metadata?: Record<string, string>;
}

/**
 * An order read back by its reference (docs/CONTRACT.md "Transaction types"): the ledger and the
 * history service on real Kafka and PostgreSQL, the history's search by reference
 * (GET /internal/transactions?reference=, what GET /api/admin/transactions asks) finds a purchase,
 * its commission, its refund, the commission's part of the refund and the clawback, all by the
 * purchase's reference, and a reward by the reference it named. The ledger's own side (what each
 * transaction carries) is services/ledger/src/order-references.int.test.ts.
 */
describe('an order read back by its reference (ledger and history)', () => {
  let h: LedgerHarness;
  let history: RunningService;
  let asGatewayToHistory: () => Promise<string>;
  let nextUser = 7600;
  const treasury = 'COURSE_FEES';
  const clientId = 'pc_read_back_shop';
  const openUser = async () => {
    nextUser += 1;
    const userId = nextUser;
    resultOf(await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } }));
    return userId;
  };
  const mint = (to: { kind: 'user'; userId: number } | { kind: 'treasury'; code: string }, amount: number) =>
    h.send({
      type: 'ledger.mint',
      key: to.kind === 'user' ? walletKeyOfUser(to.userId) : walletKeyOfTreasury(to.code),
      data: { to, amount, reason: 'seed' },
    });
  const search = async (query: Record<string, string>): Promise<Found[]> => {
    const response = await http(history.url, 'GET', `/internal/transactions?${new URLSearchParams(query)}`, {
      headers: { authorization: await asGatewayToHistory() },
    });
    if (response.status !== 200) throw new Error(`history answered ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body.transactions as Found[];
  };
  /** The search, once it finds `count` transactions. */
  const searchUntil = (query: Record<string, string>, count: number) =>
    eventually(
      async () => {
        const found = await search(query);
        return found.length === count ? found : undefined;
      },
      15_000,
      `${count} transactions for ${JSON.stringify(query)}`,
    );

  beforeAll(async () => {
    h = await startLedgerHarness();
    asGatewayToHistory = new ServiceTokenSigner('gateway', h.serviceKeys.gateway.privateKeyPem).authorizationFor('history');
    const logger = createLogger('history', (process.env.COIN_TEST_LOG_LEVEL ?? 'warn') as 'warn');
    [, history] = await Promise.all([h.startLedger(), startHistoryService(loadHistoryConfig(h.serviceEnvs.history), logger)]);
    resultOf(
      // Two ADMIN+: one asks for the rule, the other approves it.
      await setCommissionRule(h, { treasury, clientId, rule: { kind: 'bps', bps: 1000 } }),
    );
  }, 90_000);
  afterAll(async () => {
    await history?.close();
    await h?.close();
  });

  it('when a split purchase with reference R and metadata M is refunded, then the search by R finds the purchase, its commission, the refund, the commission’s part and the clawback, and so does the search by M', async () => {
    const reference = `order-${randomUUID()}`;
    const metadata = { orderId: `A-${randomUUID()}` };
    const [buyer, affiliate] = [await openUser(), await openUser()];
    resultOf(await mint({ kind: 'user', userId: buyer }, 10_000));
    resultOf(await mint({ kind: 'treasury', code: treasury }, 1_000));
    const bought = resultOf(
      await h.send({
        type: 'ledger.transfer',
        key: walletKeyOfUser(buyer),
        data: {
          kind: 'PURCHASE',
          fromUserId: buyer,
          to: { kind: 'treasury', code: treasury },
          amount: 10_000,
          reason: 'course',
          reference,
          metadata,
          // The platform attests the referral, bound to this buyer, treasury and order.
          affiliate: {
            referral: await signTestReferral(h.jwtKey, { clientId, buyerUserId: buyer, affiliateUserId: affiliate, treasury, reference }),
          },
        },
      }),
    );
    const refund = resultOf(
      await h.send({
        type: 'ledger.refund',
        key: walletKeyOfTreasury(treasury),
        data: { transactionId: bought.transaction.id, treasury, reason: 'cancelled' },
      }),
    );

    const found = await searchUntil({ reference }, 5);
    expect(found.map((t) => [t.type, t.amount, t.reference, t.metadata]).sort()).toEqual(
      [
        ['PURCHASE', 90, reference, metadata],
        ['TRANSFER', 10, reference, metadata],
        ['REFUND', 90, reference, metadata],
        ['TRANSFER', 10, reference, metadata],
        ['TRANSFER', 10, reference, metadata],
      ].sort(),
    );
    expect(found.map((t) => t.id)).toEqual(expect.arrayContaining([bought.transaction.id, bought.commission.id, refund.transaction.id]));
    expect((await searchUntil({ metadata: JSON.stringify(metadata) }, 5)).map((t) => t.id).sort()).toEqual(found.map((t) => t.id).sort());
  });

  it('when a reward names a reference, then the search by that reference finds it', async () => {
    const userId = await openUser();
    resultOf(await mint({ kind: 'treasury', code: 'REWARDS' }, 1_000));
    const reference = `season-${randomUUID()}`;
    const rewarded = resultOf(
      await h.send({
        type: 'ledger.reward',
        key: walletKeyOfTreasury('REWARDS'),
        data: { toUserId: userId, amount: 250, reason: 'top of the table', reference },
      }),
    );
    expect(await searchUntil({ reference }, 1)).toEqual([
      expect.objectContaining({ id: rewarded.transaction.id, type: 'REWARD', amount: 2.5, toUserId: userId, reference }),
    ]);
  });
});
