import { balanceChanged, topicNames, type LedgerCommand } from '@coin/contracts';
import { uuidV5 } from '@coin/security';
import { emptyWallet, type RefundTarget, type WalletState } from '../domain/ledger';
import { decideBatch, type DecidedBatch } from './apply-batch';
import { balanceChangeEventId } from './messages';
import type { BatchRead } from './store';

/**
 * Every change of a wallet's balance is numbered by the wallet (its sequence, one by one), keeps
 * the balance it left and is published as coin.balance.changed in the batch's outbox row: debits,
 * burns, credits made in the same apply, and the credit of a returned leg.
 */

const now = new Date('2026-01-01T00:00:00.000Z');
const topics = topicNames('t_');
let seq = 0;
const command = <T extends LedgerCommand['type']>(type: T, data: Extract<LedgerCommand, { type: T }>['data'], actorId = '1') =>
  ({
    commandId: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
    type,
    issuedAt: now.toISOString(),
    actor: { kind: 'user', id: actorId },
    data,
  }) as LedgerCommand;

function user(userId: number, balance: number, sequence: number): WalletState {
  return { ...emptyWallet({ kind: 'user', userId }, now), balance, totalReceived: balance, sequence };
}

function read(wallets: WalletState[], reservedIds: number[], refundTargets: RefundTarget[] = []): BatchRead {
  return {
    kinds: {
      wallets: new Map(wallets.map((w) => [w.key, { state: w, version: 3 }])),
      refundTargets: new Map(refundTargets.map((target) => [String(target.id), target])),
    },
    reservedIds,
  };
}

/** The coin.balances messages of a decided batch, parsed by the published contract. */
function balanceEvents(decided: DecidedBatch) {
  return decided.write.outbox
    .filter((m) => m.topic === topics.coinBalances)
    .map((m) => ({ key: m.key, type: m.headers['type'], event: balanceChanged.parse(JSON.parse(m.payload)) }));
}

const transfer = (to: number, amount: number) =>
  command('ledger.transfer', { kind: 'TRANSFER', fromUserId: 1, to: { kind: 'user', userId: to }, amount, reason: 'r' });

describe('the balance changes a batch yields', () => {
  it('when debits, a burn, a credit in the same apply and a returned leg change wallets, then each change has the next sequence of its wallet and its balances', () => {
    const decided = decideBatch(
      read([user(1, 1_000, 5), user(2, 100, 1), user(3, 50, 2)], [10, 11, 12, 13]),
      [transfer(2, 300), transfer(3, 200), command('ledger.close-wallet', { userId: 3, reason: 'deleted' }, '9')],
      { now, topics, owns: () => true },
    ) as DecidedBatch;

    const changes = balanceEvents(decided).map(({ key, event }) => ({
      key,
      sequence: event.sequence,
      previousBalance: event.previousBalance,
      balance: event.balance,
      transactionId: event.transactionId,
      transactionType: event.transactionType,
    }));
    expect(changes).toEqual([
      { key: 'user:1', sequence: 6, previousBalance: 10, balance: 7, transactionId: 10, transactionType: 'TRANSFER' },
      { key: 'user:1', sequence: 7, previousBalance: 7, balance: 5, transactionId: 11, transactionType: 'TRANSFER' },
      // The close burns what is left, then the wallet is closed.
      { key: 'user:3', sequence: 3, previousBalance: 0.5, balance: 0, transactionId: 12, transactionType: 'BURN' },
      // Credited in the same apply, after every command of it.
      { key: 'user:2', sequence: 2, previousBalance: 1, balance: 4, transactionId: 10, transactionType: 'TRANSFER' },
      // The leg to the closed wallet is returned (transaction 13, no entry on user:3), and its credit lands here too.
      { key: 'user:1', sequence: 8, previousBalance: 5, balance: 7, transactionId: 13, transactionType: 'TRANSFER' },
    ]);

    // The entries are the same changes, numbered, with the balance each left.
    expect(decided.write.entries.map((e) => [e.walletKey, e.transactionId, e.amount, e.sequence, e.balanceAfter])).toEqual([
      ['user:1', 10, -300, 6, 700],
      ['user:1', 11, -200, 7, 500],
      ['user:3', 12, -50, 3, 0],
      ['user:2', 10, 300, 2, 400],
      ['user:1', 13, 200, 8, 700],
    ]);
    // Each wallet row keeps the sequence of its last change.
    expect(Object.fromEntries(decided.write.kinds!.wallets!.map((w) => [w.wallet_key, w.balance_sequence]))).toEqual({
      'user:1': 8,
      'user:2': 2,
      'user:3': 3,
    });
  });

  it('when a change is published, then it is keyed by the wallet and its event id follows from the wallet and the sequence', () => {
    const decided = decideBatch(read([user(1, 1_000, 0), user(2, 0, 0)], [10]), [transfer(2, 250)], {
      now,
      topics,
      owns: () => false,
    }) as DecidedBatch;
    const events = balanceEvents(decided);
    expect(events).toEqual([
      {
        key: 'user:1',
        type: 'coin.balance.changed',
        event: {
          eventId: uuidV5('coin.balance.changed:user:1:1'),
          type: 'coin.balance.changed',
          version: 1,
          occurredAt: now.toISOString(),
          wallet: { userId: 1, treasury: null },
          sequence: 1,
          balance: 7.5,
          previousBalance: 10,
          transactionId: 10,
          transactionType: 'TRANSFER',
        },
      },
    ]);
    // The leg travels (another partition's wallet) and names its transaction's type for that partition's change.
    const leg = decided.write.outbox.find((m) => m.topic === topics.ledgerInternal)!;
    expect(JSON.parse(leg.payload)).toMatchObject({ type: 'ledger.credit', data: { transactionId: 10, transactionType: 'TRANSFER' } });
  });

  it('when a credit leg sent before legs named their type arrives, then its change takes the type of the transaction read for it', () => {
    const legacy = command('ledger.credit', { transactionId: 40, to: { kind: 'user', userId: 2 }, amount: 100, returnTo: null });
    const target = { id: 40, type: 'REWARD' as const, amount: 100, fromUserId: null, toTreasury: null, refunded: 0 };
    const decided = decideBatch(read([user(2, 0, 4)], [], [target]), [legacy], {
      now,
      topics,
      owns: () => true,
    }) as DecidedBatch;
    expect(balanceEvents(decided).map(({ event }) => [event.sequence, event.transactionType, event.balance])).toEqual([[5, 'REWARD', 1]]);
  });

  it('when a batch is rejected or answered from a stored outcome, then no balance changes', () => {
    const decided = decideBatch(read([user(1, 100, 3), user(2, 0, 0)], []), [transfer(2, 250)], {
      now,
      topics,
      owns: () => true,
    }) as DecidedBatch;
    expect(decided.outcomes[0]).toMatchObject({ ok: false });
    expect(balanceEvents(decided)).toEqual([]);
    expect(decided.write.kinds?.wallets).toEqual([]);
  });
});

describe('the balance events of a test client’s own sandbox treasury (docs/decisions/0018-sandbox.md)', () => {
  it('when its reset opens a new wallet under the key, then the new wallet’s events are named apart from the retired one’s; a shared treasury’s and a user’s as ever', () => {
    const own = 'treasury:REWARDS@test_shop';
    expect(balanceChangeEventId(own, 1, 'retired-wallet')).not.toBe(balanceChangeEventId(own, 1, 'new-wallet'));
    expect(balanceChangeEventId('treasury:REWARDS', 1, 'any')).toBe(uuidV5('coin.balance.changed:treasury:REWARDS:1'));
    expect(balanceChangeEventId('user:7', 3, 'any')).toBe(uuidV5('coin.balance.changed:user:7:3'));
  });
});
