import { topicNames, type LedgerCommand } from '@coin/contracts';
import { decideBatch, type DecidedBatch } from '../../apply/apply-batch';
import type { BatchRead } from '../../apply/store';
import { emptyWallet, type LedgerState, type WalletState } from '../ledger';
import { accepted } from '../commands/rules';
import { spentFrom } from './limits';
import { evolveWalletRows, walletRowColumns, walletRowFieldsOf, walletsChangedByParts } from './wallet-row';

/**
 * The kinds kept in the wallet's own row (a freeze, limits and spending, a treasury's commission
 * rules): each maps its own columns, is parsed again on every read, evolves by its effects in
 * order, and the wallet it changes is written with the batch at the version it was read at.
 */

const now = new Date('2026-01-01T00:00:00.000Z');
const later = new Date('2026-01-01T05:00:00.000Z');
const topics = topicNames('t_');
let seq = 0;
const command = <T extends LedgerCommand['type']>(type: T, data: Extract<LedgerCommand, { type: T }>['data'], id = '10') =>
  ({
    commandId: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
    type,
    issuedAt: now.toISOString(),
    actor: { kind: 'user', id, role: 'ADMIN' },
    data,
  }) as LedgerCommand;

const user = (userId: number, balance: number): WalletState => ({
  ...emptyWallet({ kind: 'user', userId }, now),
  balance,
  totalReceived: balance,
});

/** The row a wallet's parts are stored as: each column the JSON of its field, read back as JSON. */
const storedColumnsOf = (wallet: WalletState): Record<string, unknown> =>
  Object.fromEntries(
    walletRowColumns.map(({ column, field }) => [
      column,
      JSON.parse(JSON.stringify((wallet as unknown as Record<string, unknown>)[field])),
    ]),
  );

describe('the parts of a wallet’s row', () => {
  it('each part keeps columns of its own: no column or field is named twice, and a new wallet is unfrozen with no limits, spending or rules', () => {
    const columns = walletRowColumns.map((c) => c.column);
    const fields = walletRowColumns.map((c) => c.field);
    expect(new Set(columns).size).toBe(columns.length);
    expect(new Set(fields).size).toBe(fields.length);
    expect(columns.sort()).toEqual(['commissions', 'freeze_state', 'limits', 'spending']);
    const opened = emptyWallet({ kind: 'user', userId: 1 }, now);
    expect([opened.freeze, opened.limits, opened.spending, opened.commissions]).toEqual([null, null, [], null]);
    expect(emptyWallet({ kind: 'user', userId: 2 }, now).spending).not.toBe(opened.spending);
  });

  it('when a wallet’s parts are stored and read back, then they are the same fields (times as dates)', () => {
    const wallet: WalletState = {
      ...user(1, 0),
      freeze: {
        reason: 'fan-in',
        caseId: 'case-7',
        frozenBy: { kind: 'service', id: 'monitoring' },
        frozenAt: now,
      },
      limits: { dailyAmount: 5_000, singleAmount: null },
      spending: [{ hour: 492_000, amount: 300, count: 2 }],
      commissions: { pc_shop: { rule: { kind: 'bps', bps: 250 }, setBy: 10, approvedBy: 11 } },
    };
    expect(walletRowFieldsOf(storedColumnsOf(wallet))).toEqual({
      freeze: wallet.freeze,
      limits: wallet.limits,
      spending: wallet.spending,
      commissions: wallet.commissions,
    });
  });

  it.each([
    [
      'a freeze with a field it never has',
      {
        freeze_state: {
          reason: 'r',
          caseId: null,
          frozenBy: { kind: 'user', id: '1' },
          frozenAt: now.toISOString(),
          lifted: true,
        },
      },
    ],
    ['a freeze without its time', { freeze_state: { reason: 'r', caseId: null, frozenBy: { kind: 'user', id: '1' } } }],
    ['a limit that is no amount', { limits: { dailyAmount: 'unlimited' } }],
    ['a commission rule past its bounds', { commissions: { pc_shop: { rule: { kind: 'bps', bps: 1_000_000 }, setBy: 10 } } }],
  ])('when a hand-edited row holds %s, then reading it fails rather than passing for it', (_what, edited) => {
    const row = { ...storedColumnsOf(user(1, 0)), ...edited };
    expect(() => walletRowFieldsOf(row)).toThrow();
  });

  it('when a decision’s effects change parts of wallets, then each wallet evolves in order and is updated at the decision’s time; a wallet not loaded is a bug', () => {
    const state: LedgerState = { wallets: new Map([['user:1', user(1, 500)]]), refundTargets: new Map() };
    const decision = accepted({
      effects: [
        { kind: 'limits', walletKey: 'user:1', overrides: { dailyCount: 3 } },
        spentFrom('user:1', 120, 2),
        { kind: 'limits', walletKey: 'user:1', overrides: { dailyCount: 5 } },
        { kind: 'holds', hold: {} as never, event: null },
      ],
    });
    expect(walletsChangedByParts(decision)).toEqual(['user:1', 'user:1', 'user:1']);
    evolveWalletRows(state, decision, later);
    expect(state.wallets.get('user:1')).toMatchObject({
      limits: { dailyCount: 5 },
      spending: [{ hour: Math.floor(later.getTime() / 3_600_000), amount: 120, count: 2 }],
      updatedAt: later,
    });
    expect(() => evolveWalletRows(state, accepted({ effects: [spentFrom('user:2', 1)] }), later)).toThrow(
      'limits of unloaded wallet user:2',
    );
  });

  it('when a batch only freezes a wallet, then that wallet is written with its freeze at the version it was read at', () => {
    const read: BatchRead = {
      kinds: { wallets: new Map([['user:1', { state: user(1, 500), version: 3 }]]) },
      reservedIds: [],
    };
    const decided = decideBatch(read, [command('ledger.freeze-wallet', { userId: 1, reason: 'case' })], {
      now,
      topics,
      owns: () => true,
    }) as DecidedBatch;
    expect(decided.outcomes.map((o) => o.ok)).toEqual([true]);
    expect(decided.write.kinds?.wallets).toHaveLength(1);
    expect(decided.write.kinds?.wallets?.[0]).toMatchObject({
      version: 3,
      wallet_key: 'user:1',
      balance: 500,
      freeze_state: { reason: 'case', frozenAt: now },
    });
  });
});
