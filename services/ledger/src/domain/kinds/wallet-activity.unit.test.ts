import { topicNames, type LedgerCommand } from '@coin/contracts';
import { decideBatch, type DecidedBatch } from '../../apply/apply-batch';
import type { BatchRead } from '../../apply/store';
import { emptyWallet, type WalletState } from '../ledger';
import type { WalletActivity } from './wallet-activity';

/**
 * A wallet's activity through the batch decide, as the apply runs it: every balance change counts
 * one credit or debit of its wallet at the batch's time, and the write adds the batch's counts to
 * each wallet's row, whether its row was read or not; a rejected command counts nothing.
 */

const now = new Date('2026-01-01T00:00:00.000Z');
const topics = topicNames('t_');
let seq = 0;
const command = <T extends LedgerCommand['type']>(type: T, data: Extract<LedgerCommand, { type: T }>['data']) =>
  ({
    commandId: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
    type,
    issuedAt: now.toISOString(),
    actor: { kind: 'user', id: '1' },
    data,
  }) as LedgerCommand;

const user = (userId: number, balance: number): WalletState => ({
  ...emptyWallet({ kind: 'user', userId }, now),
  balance,
  totalReceived: balance,
});

function read(wallets: WalletState[], activity: Array<[string, WalletActivity]>): BatchRead {
  return {
    kinds: { wallets: new Map(wallets.map((w) => [w.key, { state: w, version: 3 }])), walletActivity: new Map(activity) },
    reservedIds: [10, 11, 12],
  };
}

const transfer = (to: number, amount: number) =>
  command('ledger.transfer', { kind: 'TRANSFER', fromUserId: 1, to: { kind: 'user', userId: to }, amount, reason: 'r' });

describe('a wallet’s activity', () => {
  it('when a batch moves coins, then each wallet’s row gains its credits and debits at the batch’s time; a refused transfer adds nothing', () => {
    const earlier = new Date('2025-12-01T00:00:00.000Z');
    const decided = decideBatch(
      read([user(1, 500), user(2, 0)], [['user:1', { credits: 4, debits: 2, lastCreditAt: earlier, lastDebitAt: earlier }]]),
      [transfer(2, 100), transfer(2, 50), transfer(2, 10_000)],
      { now, topics, owns: () => true },
    ) as DecidedBatch;

    expect(decided.outcomes.map((o) => o.ok)).toEqual([true, true, false]);
    expect(decided.write.kinds?.walletActivity).toEqual([
      { wallet_key: 'user:1', credits: 0, debits: 2, last_credit_at: null, last_debit_at: now },
      { wallet_key: 'user:2', credits: 2, debits: 0, last_credit_at: now, last_debit_at: null },
    ]);
  });

  it('when a batch changes no balance, then it writes no activity', () => {
    const decided = decideBatch(read([user(1, 500)], []), [command('ledger.set-limits', { userId: 1, overrides: {} } as never)], {
      now,
      topics,
      owns: () => true,
    }) as DecidedBatch;
    expect(decided.write.kinds?.walletActivity).toEqual([]);
  });
});
