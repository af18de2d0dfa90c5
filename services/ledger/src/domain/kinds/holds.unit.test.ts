import { topicNames, type LedgerCommand } from '@coin/contracts';
import { decideBatch, type DecidedBatch } from '../../apply/apply-batch';
import type { BatchRead } from '../../apply/store';
import { moduleOf } from '../commands/table';
import { emptyWallet, holdIdOf, type CashoutTerms, type HoldState } from '../ledger';
import { holdRowOf, holds, holdStateOf, pendingHoldsKey } from './holds';

/**
 * The holds, a kind of the state table (domain/kinds/holds.ts): read by id and, for a close, every
 * PENDING hold of the user closed, with the wallets they pay in the same statement; a decision's
 * holds are its effects, each hold written once per batch as it stands at its end, its creation
 * and resolution published on coin.holds; a close erases its user's number from the cash-outs.
 */

const now = new Date('2026-01-01T10:30:00.000Z');
const topics = topicNames('t_');
let seq = 0;

function command<T extends LedgerCommand['type']>(
  type: T,
  data: Extract<LedgerCommand, { type: T }>['data'],
  actor: LedgerCommand['actor'],
) {
  return {
    commandId: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
    type,
    issuedAt: now.toISOString(),
    actor,
    data,
  } as Extract<LedgerCommand, { type: T }>;
}

const payer = { kind: 'user' as const, id: '1', role: 'USER' as const };
const admin = { kind: 'user' as const, id: '7', role: 'ADMIN' as const };
const superadmin = { kind: 'user' as const, id: '8', role: 'SUPERADMIN' as const };

const placeHold = (amount: number) =>
  command('ledger.hold', { fromUserId: 1, to: { kind: 'treasury', code: 'COURSE_FEES' }, amount, reason: 'order 7' }, payer);

const terms: CashoutTerms = {
  msisdn: '+237600000001',
  providerClientId: 'pc_momo',
  claimedBy: null,
  claimedAt: null,
  xafAmount: 1_000,
  xafPerCoin: 500,
  rateEffectiveFrom: new Date('2025-12-01T00:00:00.000Z'),
  outcome: null,
  callbackId: null,
  providerReference: null,
  secondPerson: null,
  overdueAt: null,
};

const stored = (id: string, over: Partial<HoldState> = {}): HoldState => ({
  id,
  fromUserId: 1,
  to: { kind: 'treasury', code: 'COURSE_FEES' },
  amount: 200,
  reason: 'stored',
  reference: null,
  status: 'PENDING',
  expiresAt: new Date('2026-01-02T00:00:00.000Z'),
  createdAt: new Date('2025-12-31T00:00:00.000Z'),
  updatedAt: new Date('2025-12-31T00:00:00.000Z'),
  capturedAmount: null,
  transactionId: null,
  settlerClientId: null,
  cashout: null,
  ...over,
});

function read(loaded: HoldState[], held = 0): BatchRead {
  const wallet = { ...emptyWallet({ kind: 'user', userId: 1 }, now), balance: 1_000, totalReceived: 1_000, held };
  const courseFees = emptyWallet({ kind: 'treasury', code: 'COURSE_FEES' }, now);
  return {
    kinds: {
      wallets: new Map([
        [wallet.key, { state: wallet, version: 3 }],
        [courseFees.key, { state: courseFees, version: 1 }],
      ]),
      holds: new Map(loaded.map((hold) => [hold.id, hold])),
    },
    reservedIds: [10, 11, 12],
  };
}

const decide = (batch: BatchRead, commands: LedgerCommand[]) =>
  decideBatch(batch, commands, { now, topics, owns: () => true }) as DecidedBatch;

const holdEvents = (decided: DecidedBatch) =>
  decided.write.outbox.filter((m) => m.topic === topics.coinHolds).map((m) => [m.key, (JSON.parse(m.payload) as { type: string }).type]);

describe('the holds as a kind of the state table', () => {
  it('when a hold is placed and captured in one batch, then it is written once, as it stands at the end, its two events in order, its coins held then released', () => {
    const place = placeHold(300);
    const id = holdIdOf(place);
    const capture = command('ledger.capture-hold', { holdId: id, fromUserId: 1 }, admin);
    const decided = decide(read([]), [place, capture]);

    expect(decided.outcomes.map((o) => o.ok)).toEqual([true, true]);
    expect(decided.write.kinds?.holds).toEqual([
      expect.objectContaining({ id, status: 'CAPTURED', captured_amount: 300, transaction_id: 10, to_treasury: 'COURSE_FEES' }),
    ]);
    expect(holdEvents(decided)).toEqual([
      [id, 'coin.hold.created'],
      [id, 'coin.hold.captured'],
    ]);
    // The payer's wallet: 3.00 held, then captured: nothing held, 3.00 less.
    expect(decided.write.kinds?.wallets?.find((w) => w.wallet_key === 'user:1')).toMatchObject({ balance: 700, held: 0 });
  });

  it('when a cash-out’s terms change and it stays PENDING, then it is written and publishes nothing', () => {
    const cashout = stored('00000000-0000-4000-8000-0000000000c1', { cashout: terms });
    const evolved = new Map([[cashout.id, cashout]]);
    const claimed = { ...cashout, settlerClientId: 'pc_momo', cashout: { ...terms, claimedBy: 'pc_momo', claimedAt: now } };
    const step = { effects: [{ hold: claimed, event: null }], decision: undefined as never, changes: [], now };
    expect(holds.evolve(evolved, step)).toEqual([cashout.id]);
    expect(evolved.get(cashout.id)).toBe(claimed);
    expect(holds.messages!({ hold: claimed, event: null }, { topics, headers: undefined, views: undefined as never })).toEqual([]);
  });

  it('when a change does not follow from the hold before it, then the evolve throws (a bug in a decide, never a condition of the world)', () => {
    const pending = stored('00000000-0000-4000-8000-0000000000a1');
    const captured = stored('00000000-0000-4000-8000-0000000000a2', { status: 'CAPTURED', capturedAmount: 200, transactionId: 4 });
    const evolveOne = (before: HoldState[], hold: HoldState, event: 'created' | 'voided' | null) =>
      holds.evolve(new Map(before.map((h) => [h.id, h])), { effects: [{ hold, event }], decision: undefined as never, changes: [], now });
    expect(() => evolveOne([pending], pending, 'created')).toThrow(/creating hold .* which exists/);
    expect(() => evolveOne([captured], { ...captured, status: 'VOIDED' }, 'voided')).toThrow(/resolving hold .* not pending/);
    expect(() => evolveOne([], pending, 'voided')).toThrow(/resolving hold .* not pending/);
    expect(() => evolveOne([pending], { ...pending, amount: 100 }, null)).toThrow(/changing hold/);
    expect(evolveOne([pending], { ...pending, status: 'VOIDED' }, 'voided')).toEqual([pending.id]);
  });

  it('when a wallet is closed, then its PENDING holds (read by their payer) are voided and written without the cash-out’s number, which the write erases from the rows stored before too', () => {
    const close = command('ledger.close-wallet', { userId: 1, reason: 'deleted' }, superadmin);
    expect(holds.keysOf(close, moduleOf(close).reads(close))).toEqual([pendingHoldsKey(1)]);
    const cashout = stored('00000000-0000-4000-8000-0000000000b1', { cashout: terms });
    const plain = stored('00000000-0000-4000-8000-0000000000b2', { amount: 100 });
    const decided = decide(read([cashout, plain], 300), [close]);

    expect(decided.outcomes.map((o) => o.ok)).toEqual([true]);
    expect(decided.write.kinds?.holds).toEqual([
      expect.objectContaining({ id: cashout.id, status: 'VOIDED', cashout: expect.objectContaining({ msisdn: null }) }),
      expect.objectContaining({ id: plain.id, status: 'VOIDED', cashout: null }),
    ]);
    expect(decided.write.erasedUsers).toEqual([1]);
    expect(holdEvents(decided)).toEqual([
      [cashout.id, 'coin.hold.voided'],
      [plain.id, 'coin.hold.voided'],
    ]);
    // A row written by a batch earlier than the close, in the same batch: erased as it is written.
    const row = holdRowOf(stored('00000000-0000-4000-8000-0000000000b3', { cashout: terms }));
    expect(holds.erase!.row(row, new Set([1])).cashout?.msisdn).toBeNull();
    expect(holds.erase!.row(row, new Set([2]))).toBe(row);
    // And from the rows stored before, less those the statement writes itself.
    const erasure = holds.erase!.ctes('$4::bigint[]');
    expect(erasure).toContain('from_user_id = ANY($4::bigint[])');
    expect(erasure).toContain('id <> ALL(ARRAY(SELECT id FROM holds_in))');
  });

  it('when a batch is read, then it loads the holds its commands name and the PENDING holds of the users closed, as a relation whose payees’ wallets the same statement loads', () => {
    const capture = command('ledger.capture-hold', { holdId: '00000000-0000-4000-8000-0000000000d1', fromUserId: 1 }, admin);
    expect(holds.keysOf(capture, moduleOf(capture).reads(capture))).toEqual(['00000000-0000-4000-8000-0000000000d1']);
    const { load } = holds;
    const rows = load!.wallets!.rows('$6::text[]', { refundTargets: 'targets' });
    expect(rows).toContain("WHERE id = ANY(ARRAY(SELECT k::uuid FROM unnest($6::text[]) k WHERE k NOT LIKE 'pending:user:%'))");
    expect(rows).toContain("status = 'PENDING'");
    expect(rows).toContain('substr(k, 14)::bigint FROM unnest($6::text[]) k');
    expect('pending:user:'.length + 1).toBe(14);
    expect(load!.sql('$6::text[]', { refundTargets: 'targets', rows: 'read_holds' })).toBe(
      "SELECT coalesce(json_agg(h), '[]') FROM read_holds h",
    );
    // A test-mode settler's hold pays its own sandbox treasury, as walletKeyOf(hold.to) keys it.
    expect(load!.wallets!.keysSql('read_holds').replace(/\s+/g, ' ')).toBe(
      "ARRAY(SELECT coalesce('user:' || to_user_id, 'treasury:' || to_treasury || CASE WHEN settler_client_id ~ '^test_[A-Za-z0-9_-]{0,95}$' THEN '@' || settler_client_id ELSE '' END) FROM read_holds)",
    );
    const hold = stored('00000000-0000-4000-8000-0000000000d2', { to: { kind: 'user', userId: 9 }, cashout: terms });
    expect(load!.wallets!.keysOf(hold)).toEqual(['user:9']);
    // A row as the read returns it (timestamps as ISO text inside JSON) maps back to the hold.
    const json = JSON.parse(JSON.stringify(holdRowOf(hold))) as Record<string, unknown>;
    expect(load!.loadedOf(json)).toEqual([hold.id, hold]);
    expect(holdStateOf(holdRowOf(hold))).toEqual(hold);
  });

  it('when a batch is written, then its holds are taken only while PENDING, guarded, and a lost race on their keys is redone', () => {
    const ctes = holds.write!.ctes('$9::json');
    expect(ctes).toContain('json_to_recordset($9::json)');
    expect(ctes).toContain("WHERE holds.status = 'PENDING'");
    expect(holds.write!.check('$9::json')).toBe(
      'assert_holds_written((SELECT count(*) FROM written_holds), json_array_length($9::json)::bigint) AS holds_written',
    );
    expect(holds.write!.raceableKeys).toEqual(['holds_pkey', 'transactions_hold_id_idx']);
  });
});
