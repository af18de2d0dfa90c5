import { topicNames, type LedgerCommand } from '@coin/contracts';
import { decideBatch, type DecidedBatch } from '../../apply/apply-batch';
import type { BatchRead } from '../../apply/store';
import { emptyWallet, defaultPolicy, type LedgerPolicy, type RefundTarget } from '../ledger';
import { moduleOf } from '../commands/table';
import { windows, summedWindows, type LoadedWindow } from './four-eyes-windows';

/**
 * The four-eyes windows, a kind of the state table (domain/kinds/four-eyes-windows.ts): an
 * applied movement's charges evolve them, the write stores each window it charged once, as it
 * stands at the batch's end, against the version it was read at (null: inserted); over shards a
 * batch decides over the sum of every shard's part and writes back its own.
 */

const now = new Date('2026-01-01T10:30:00.000Z');
const hour = Math.floor(now.getTime() / 3_600_000);
const topics = topicNames('t_');
const admin = { kind: 'user' as const, id: '7', role: 'ADMIN' as const };
let seq = 0;

const mint = (userId: number, amount: number): LedgerCommand => ({
  commandId: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  type: 'ledger.mint',
  issuedAt: now.toISOString(),
  actor: admin,
  data: { to: { kind: 'user', userId }, amount, reason: 'r' },
});

function read(loaded: Array<[string, LoadedWindow]>): BatchRead {
  const wallet = emptyWallet({ kind: 'user', userId: 2 }, now);
  return {
    kinds: { wallets: new Map([[wallet.key, { state: wallet, version: 3 }]]), windows: new Map(loaded) },
    reservedIds: [10, 11, 12],
  };
}

/** One person may move 10.00 alone in a day; no recipient window. */
const policy: LedgerPolicy = { ...defaultPolicy, fourEyes: { ...defaultPolicy.fourEyes, actorWindow: 1_000, recipientWindow: null } };

describe('the four-eyes windows as a kind of the state table', () => {
  it('when a person’s movements apply, then each window they charge is written once as it stands at the end, at the version read (null: a new row); a parked one charges nothing', () => {
    const decided = decideBatch(
      read([['actor:user:7', { window: [{ hour, amount: 300, count: 1 }], version: 4 }]]),
      [mint(2, 100), mint(2, 50), mint(2, 600)],
      { now, topics, owns: () => true, policy },
    ) as DecidedBatch;

    // 3.00 + 1.00 + 0.50 apply; 6.00 more would reach the 10.00 window: it waits for a second person.
    expect(decided.outcomes.map((o) => o.ok)).toEqual([true, true, true]);
    expect(decided.write.kinds?.approvals).toHaveLength(1);
    expect(decided.write.kinds?.windows).toEqual([
      { scope: 'actor:user:7', spending: [{ hour, amount: 450, count: 3 }], version: 4 },
      { scope: 'recipient:user:2', spending: [{ hour, amount: 150, count: 2 }], version: null },
    ]);
  });

  it('when a movement applies, then its charges are its effects, tagged with the kind', () => {
    const decided = decideBatch(read([]), [mint(2, 100)], { now, topics, owns: () => true, policy }) as DecidedBatch;
    expect(decided.write.kinds?.windows?.map((row) => row.scope)).toEqual(['actor:user:7', 'recipient:user:2']);
    const evolved = new Map();
    expect(
      windows.evolve(evolved, {
        effects: [
          { scope: 'actor:user:7', amount: 100 },
          { scope: 'actor:user:7', amount: 20 },
        ],
        decision: undefined as never,
        changes: [],
        now,
      }),
    ).toEqual(['actor:user:7', 'actor:user:7']);
    expect(evolved.get('actor:user:7')).toEqual([{ hour, amount: 120, count: 2 }]);
  });

  it('when a batch is read, then it loads the scopes its commands name and, in the same statement, the window of each refunded purchase’s payer', () => {
    expect(windows.keysOf(mint(2, 100), moduleOf(mint(2, 100)).reads(mint(2, 100)))).toEqual(['actor:user:7', 'recipient:user:2']);
    const sql = windows.load!.sql('$9::text[]', { refundTargets: 'the_targets' });
    expect(sql).toContain('$9::text[]');
    expect(sql).toContain("ARRAY(SELECT 'recipient:user:' || from_user_id FROM the_targets WHERE from_user_id IS NOT NULL)");
    const target = (fromUserId: number | null): RefundTarget => ({
      id: 1,
      type: 'PURCHASE',
      amount: 100,
      fromUserId,
      toTreasury: 'COURSE_FEES',
      refunded: 0,
    });
    expect(windows.load!.keysOfRefundTarget!(target(9))).toEqual(['recipient:user:9']);
    expect(windows.load!.keysOfRefundTarget!(target(null))).toEqual([]);
    expect(windows.load!.loadedOf({ scope: 'client:a', spending: [{ hour, amount: 5, count: 1 }], version: 3 })).toEqual([
      'client:a',
      { window: [{ hour, amount: 5, count: 1 }], version: 3 },
    ]);
  });

  it('over shards, then the window decided from is the sum of every shard’s part at the own shard’s version, and the write keeps only the own part', () => {
    const own = new Map<string, LoadedWindow>([['actor:user:7', { window: [{ hour, amount: 300, count: 1 }], version: 2 }]]);
    const other = new Map<string, LoadedWindow>([
      [
        'actor:user:7',
        {
          window: [
            { hour: hour - 1, amount: 50, count: 1 },
            { hour, amount: 200, count: 1 },
          ],
          version: 5,
        },
      ],
      ['client:a', { window: [{ hour, amount: 70, count: 1 }], version: 1 }],
      ['client:empty', { window: [], version: 1 }],
    ]);
    const merged = summedWindows([own, other]);
    expect(merged).toEqual(
      new Map([
        [
          'actor:user:7',
          {
            window: [
              { hour: hour - 1, amount: 50, count: 1 },
              { hour, amount: 500, count: 2 },
            ],
            version: 2,
          },
        ],
        // Only on the other shard: this shard's part is a new row.
        ['client:a', { window: [{ hour, amount: 70, count: 1 }], version: null }],
      ]),
    );
    const { ownPart } = windows;
    const others = summedWindows([other]).get('actor:user:7');
    const decided = {
      scope: 'actor:user:7',
      spending: [
        { hour: hour - 1, amount: 50, count: 1 },
        { hour, amount: 600, count: 3 },
      ],
      version: 2,
    };
    expect(ownPart!.readTag('actor:user:7', merged.get('actor:user:7')!)).toBe(ownPart!.writeTag(decided));
    expect(ownPart!.readTag('client:a', merged.get('client:a')!)).not.toBe(ownPart!.readTag('client:a', { window: [], version: 1 }));
    // The hour only the other shard counted is left out of this shard's row.
    expect(ownPart!.minus(decided, others)).toEqual({ ...decided, spending: [{ hour, amount: 400, count: 2 }] });
    expect(ownPart!.minus(decided, undefined)).toEqual(decided);
  });
});
