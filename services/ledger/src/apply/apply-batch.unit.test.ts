import { topicNames, type LedgerCommand } from '@coin/contracts';
import { emptyWallet, transactionIdsOf, walletIdOf, type WalletState } from '../domain/ledger';
import { walletAmountMax } from '../domain/state';
import { decideBatch, type DecidedBatch } from './apply-batch';
import type { BatchRead } from './store';

const now = new Date('2026-01-01T00:00:00.000Z');
const context = { now, topics: topicNames('t_'), owns: () => false };
const actor = { kind: 'user' as const, id: '1' };
let seq = 0;
const command = <T extends LedgerCommand['type']>(type: T, data: Extract<LedgerCommand, { type: T }>['data']) =>
  ({
    commandId: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
    type,
    issuedAt: now.toISOString(),
    actor,
    data,
  }) as LedgerCommand;

function treasury(): WalletState {
  return { ...emptyWallet({ kind: 'treasury', code: 'OPERATIONS' }, now), id: 'w-ops' };
}

function read(wallets: WalletState[], reservedIds: number[]): BatchRead {
  return {
    kinds: { wallets: new Map(wallets.map((w) => [w.key, { state: w, version: 3 }])) },
    reservedIds,
  };
}

describe('decideBatch (the apply use case without storage)', () => {
  it('when a wallet is opened and credited in one batch, then it is inserted as it stands at the end and never updated', () => {
    const decided = decideBatch(
      read([treasury()], [10]),
      [
        command('ledger.open-wallet', { userId: 7 }),
        command('ledger.mint', { to: { kind: 'user', userId: 7 }, amount: 250, reason: 'welcome' }),
      ],
      context,
    ) as DecidedBatch;
    // One row, not read (version null): inserted.
    expect(decided.write.kinds?.wallets).toEqual([
      expect.objectContaining({
        id: walletIdOf('user:7'),
        wallet_key: 'user:7',
        balance: 250,
        total_received: 250,
        status: 'OPEN',
        version: null,
      }),
    ]);
    expect(decided.outcomes[0]).toMatchObject({ ok: true, reply: { wallet: { userId: 7, balance: 0 } } });
    expect(decided.outcomes[1]).toMatchObject({
      ok: true,
      reply: { transaction: { id: 10, type: 'MINT', amount: 2.5 }, wallet: { balance: 2.5 } },
    });
    expect(decided.write.transactions.map((t) => t.row)).toEqual([
      expect.objectContaining({ id: 10, amount: 250, to_user_id: 7, from_user_id: null }),
    ]);
    // The mint is an administrative action (a user sent it): its audit record goes with its event.
    expect(decided.write.outbox.map((m) => m.topic)).toEqual(['t_coin.transactions', 't_coin.balances', 't_admin.audit']);
  });

  it('when an existing wallet is opened again, then nothing is written but its outcome, which shows the wallet', () => {
    const wallet: WalletState = { ...treasury(), id: 'w-7', key: 'user:7', party: { kind: 'user', userId: 7 }, balance: 500 };
    const decided = decideBatch(read([wallet], []), [command('ledger.open-wallet', { userId: 7 })], context) as DecidedBatch;
    expect(decided.write).toMatchObject({ transactions: [], entries: [], outbox: [] });
    expect(decided.write.kinds?.wallets).toEqual([]);
    expect(decided.write.kinds?.processedCommands).toHaveLength(1);
    expect(decided.outcomes[0]).toMatchObject({ ok: true, reply: { wallet: { id: 'w-7', balance: 5 } } });
  });

  it('when a debit changes an existing wallet, then it is updated against the version it was read at', () => {
    const wallet: WalletState = { ...treasury(), balance: 1_000 };
    const decided = decideBatch(
      read([wallet], [4]),
      [command('ledger.burn', { from: { kind: 'treasury', code: 'OPERATIONS' }, amount: 400, reason: 'r' })],
      context,
    ) as DecidedBatch;
    expect(decided.write.kinds?.wallets).toEqual([
      expect.objectContaining({ wallet_key: 'treasury:OPERATIONS', balance: 600, total_sent: 400, version: 3 }),
    ]);
    expect(wallet.balance).toBe(1_000); // what was read is not changed: a redo starts from it
  });

  it('when a dry run is decided among real commands, then it is answered as it would be and the commands after it see the state as if it had never come, and nothing of it is written', () => {
    const wallet: WalletState = { ...treasury(), balance: 1_000 };
    const burn = (amount: number) => command('ledger.burn', { from: { kind: 'treasury', code: 'OPERATIONS' }, amount, reason: 'r' });
    const dry = (amount: number): LedgerCommand => ({ ...burn(amount), dryRun: true });
    const real = burn(600);
    const decided = decideBatch(read([wallet], [4, 5, 6, 7]), [dry(600), real, dry(600), dry(300)], context) as DecidedBatch;
    // The first dry run as the real burn after it: the balance it would leave; the real burn still finds 1,000.
    expect(decided.outcomes[0]).toMatchObject({ ok: true, dryRun: true, reply: { wallet: { balance: 4 } } });
    expect(decided.outcomes[1]).toMatchObject({ ok: true, reply: { transaction: { id: 5 }, wallet: { balance: 4 } } });
    expect(decided.outcomes[1]?.dryRun).toBeUndefined();
    // After the real burn, a dry run sees what it left: the same refusal the real command would get.
    expect(decided.outcomes[2]).toMatchObject({ ok: false, dryRun: true, reply: { code: 'INSUFFICIENT_FUNDS' } });
    expect(decided.outcomes[3]).toMatchObject({ ok: true, dryRun: true, reply: { wallet: { balance: 1 } } });
    // Written: the real burn alone (its transaction, entry, events, audit record and stored outcome).
    expect(decided.write.transactions.map((t) => t.row.id)).toEqual([5]);
    expect(decided.write.entries.map((e) => [e.transactionId, e.amount])).toEqual([[5, -600]]);
    expect(decided.write.kinds?.processedCommands?.map((o) => o.command_id)).toEqual([real.commandId]);
    expect(decided.write.outbox.map((m) => m.topic)).toEqual(['t_coin.transactions', 't_coin.balances', 't_admin.audit']);
    expect(decided.write.kinds?.wallets).toEqual([expect.objectContaining({ balance: 400, total_sent: 600 })]);
  });

  it('when the run needs more transaction ids than were reserved, then it is void and says how many more', () => {
    const wallet: WalletState = { ...treasury(), balance: 1_000 };
    const burn = (amount: number) => command('ledger.burn', { from: { kind: 'treasury', code: 'OPERATIONS' }, amount, reason: 'r' });
    expect(decideBatch(read([wallet], [1]), [burn(1), burn(2), burn(3)], context)).toEqual({ idsShortBy: 2 });
  });

  it("when a payout is decided, then each line's transaction is written with its event and credit leg, the reply lists them and the ids reserved were one per line", () => {
    const rewards: WalletState = { ...emptyWallet({ kind: 'treasury', code: 'REWARDS' }, now), id: 'w-rewards', balance: 1_000 };
    const users = [7, 8, 9].map((userId) => emptyWallet({ kind: 'user', userId }, now));
    const payout = command('ledger.payout', {
      from: { kind: 'treasury', code: 'REWARDS' },
      lines: [7, 8, 9].map((toUserId) => ({ toUserId, amount: 100 })),
      reason: 'cup',
      reference: 'cup-1',
    });
    expect(transactionIdsOf(payout)).toBe(3);
    expect(decideBatch(read([rewards, ...users], [20, 21]), [payout], context)).toEqual({ idsShortBy: 1 });
    const decided = decideBatch(read([rewards, ...users], [20, 21, 22]), [payout], context) as DecidedBatch;
    expect(decided.write.transactions.map((t) => [t.row.id, t.row.type, t.row.to_user_id, t.row.reference])).toEqual([
      [20, 'REWARD', 7, 'cup-1#0'],
      [21, 'REWARD', 8, 'cup-1#1'],
      [22, 'REWARD', 9, 'cup-1#2'],
    ]);
    expect(decided.write.entries.map((e) => [e.transactionId, e.walletKey, e.amount])).toEqual([
      [20, 'treasury:REWARDS', -100],
      [21, 'treasury:REWARDS', -100],
      [22, 'treasury:REWARDS', -100],
    ]);
    // Three events, the payer's three balance changes, one audit record of the person's payout, three credit legs.
    expect(decided.write.outbox.map((m) => m.topic)).toEqual([
      ...Array(3).fill('t_coin.transactions'),
      ...Array(3).fill('t_coin.balances'),
      't_admin.audit',
      ...Array(3).fill('t_ledger.internal'),
    ]);
    expect(decided.outcomes[0]).toMatchObject({
      ok: true,
      reply: {
        payout: { type: 'REWARD', reference: 'cup-1', total: 3, lines: [{ index: 0, toUserId: 7, amount: 1, transactionId: 20 }, {}, {}] },
        wallet: { code: 'REWARDS', balance: 7 },
      },
    });
  });

  it("when a payout's legs leave the apply, then each partition they go to gets one ledger.credits of its legs (a single leg its ledger.credit), which credits each as its own leg would", () => {
    const rewards: WalletState = { ...emptyWallet({ kind: 'treasury', code: 'REWARDS' }, now), id: 'w-rewards', balance: 1_000 };
    const ids = [7, 8, 9, 10];
    const users = ids.map((userId) => emptyWallet({ kind: 'user', userId }, now));
    // Users 7, 9 and 10 in partition 1, user 8 alone in partition 2.
    const partitionOf = (key: string) => (key === 'user:8' ? 2 : 1);
    const payout = command('ledger.payout', {
      from: { kind: 'treasury', code: 'REWARDS' },
      lines: ids.map((toUserId) => ({ toUserId, amount: 100 })),
      reason: 'cup',
      reference: 'cup-2',
    });
    const decided = decideBatch(read([rewards, ...users], [30, 31, 32, 33]), [payout], { ...context, partitionOf }) as DecidedBatch;
    const internal = decided.write.outbox.filter((m) => m.topic === 't_ledger.internal');
    const sent = internal.map((m) => JSON.parse(m.payload) as LedgerCommand);
    expect(sent.map((c) => [c.type, internal[sent.indexOf(c)]!.key])).toEqual([
      ['ledger.credits', 'user:7'],
      ['ledger.credit', 'user:8'],
    ]);
    const credits = sent[0] as Extract<LedgerCommand, { type: 'ledger.credits' }>;
    expect(credits.data.legs.map((leg) => [leg.transactionId, leg.to, leg.amount, leg.transactionType])).toEqual([
      [30, { kind: 'user', userId: 7 }, 100, 'REWARD'],
      [32, { kind: 'user', userId: 9 }, 100, 'REWARD'],
      [33, { kind: 'user', userId: 10 }, 100, 'REWARD'],
    ]);
    // The same legs always travel under the same id: a second publish of the row credits nothing.
    const again = decideBatch(read([rewards, ...users], [30, 31, 32, 33]), [payout], { ...context, partitionOf }) as DecidedBatch;
    expect((JSON.parse(again.write.outbox.find((m) => m.key === 'user:7')!.payload) as LedgerCommand).commandId).toBe(credits.commandId);

    // Partition 1 applies it: user 9 closed meanwhile, so that leg goes back to REWARDS; 7 and 10 are credited.
    const closed: WalletState = { ...users[2]!, status: 'CLOSED' };
    const applied = decideBatch(read([users[0]!, closed, users[3]!], [40]), [credits], context) as DecidedBatch;
    expect(applied.outcomes[0]).toMatchObject({
      ok: true,
      reply: { credited: 2, returned: [{ transactionId: 32, resolution: 'returned', returnTransactionId: 40 }] },
    });
    expect(applied.write.entries.map((e) => [e.transactionId, e.walletKey, e.amount, e.sequence, e.balanceAfter])).toEqual([
      [30, 'user:7', 100, 1, 100],
      [33, 'user:10', 100, 1, 100],
    ]);
    // Each credited user's balance change is published, the return is a transaction with its own leg back, and one outcome is stored.
    expect(applied.write.outbox.map((m) => [m.topic, m.key])).toEqual([
      ['t_coin.transactions', expect.any(String)],
      ['t_coin.balances', 'user:7'],
      ['t_coin.balances', 'user:10'],
      ['t_ledger.internal', 'treasury:REWARDS'],
    ]);
    expect(applied.write.transactions.map((t) => [t.row.id, t.row.type, t.returns])).toEqual([[40, 'TRANSFER', 32]]);
    expect(applied.write.kinds?.processedCommands?.map((o) => o.command_id)).toEqual([credits.commandId]);
  });

  it('when two legs of one ledger.credits pay one wallet and only the first fits under the wallet limit, then the second is returned', () => {
    const nearlyFull: WalletState = {
      ...emptyWallet({ kind: 'user', userId: 7 }, now),
      balance: walletAmountMax - 150,
      totalReceived: walletAmountMax - 150,
    };
    const leg = (transactionId: number) => ({
      transactionId,
      transactionType: 'REWARD' as const,
      to: { kind: 'user' as const, userId: 7 },
      amount: 100,
      returnTo: { kind: 'treasury' as const, code: 'REWARDS' as const },
    });
    const credits = command('ledger.credits', { legs: [leg(50), leg(51)] });
    const applied = decideBatch(read([nearlyFull], [60]), [credits], context) as DecidedBatch;
    expect(applied.outcomes[0]).toMatchObject({
      ok: true,
      reply: { credited: 1, returned: [{ transactionId: 51, returnTransactionId: 60 }] },
    });
    expect(applied.write.entries.map((e) => [e.transactionId, e.amount])).toEqual([[50, 100]]);
  });
});
