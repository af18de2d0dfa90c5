import fc from 'fast-check';
import { treasuryCodes, walletKeyOf, type LedgerCommand, type Party, type TreasuryCode } from '@coin/contracts';
import { outcomeOf } from '../apply/outcomes';
import { creditOwnLegs, runBatch, type StoredOutcome } from './batch';
import { emptyWallet, walletAmountMax, type CreditLeg, type Entry, type LedgerState, type NewTransaction } from './ledger';

const now = new Date('2025-01-01T00:00:00.000Z');
const userIds = [1, 2, 3, 4, 5];
const actor = { kind: 'user' as const, id: 'test' };

/**
 * A whole ledger in memory: every partition's wallets in one map, credit legs queued between
 * partitions and delivered in any order, stored outcomes kept like processed_commands.
 */
class World {
  state: LedgerState = { wallets: new Map(), refundTargets: new Map(), holds: new Map() };
  known = new Map<string, StoredOutcome>();
  history: LedgerCommand[] = [];
  pending: LedgerCommand[] = [];
  transactions: NewTransaction[] = [];
  entries: Entry[] = [];
  private ids = 0;
  private commandCount = 0;

  constructor() {
    const open = (party: Party) => this.state.wallets.set(walletKeyOf(party), emptyWallet(party, now));
    for (const userId of userIds) open({ kind: 'user', userId });
    for (const code of treasuryCodes) open({ kind: 'treasury', code });
  }

  nextCommandId(): string {
    this.commandCount += 1;
    return `cmd-${this.commandCount}`;
  }

  command<T extends LedgerCommand['type']>(
    type: T,
    data: Extract<LedgerCommand, { type: T }>['data'],
    commandId = this.nextCommandId(),
  ): LedgerCommand {
    return { commandId, type, issuedAt: now.toISOString(), actor, data } as LedgerCommand;
  }

  /**
   * One apply, then what the apply stage would persist. Credit legs to the wallets it `owns`
   * (those of the partitions in the apply) are credited in it; the others are queued.
   */
  apply(commands: LedgerCommand[], owns: (walletKey: string) => boolean = () => false) {
    // The apply stage loads the transactions refunds name; here every transaction is at hand.
    for (const c of commands) {
      if (c.type !== 'ledger.refund' || this.state.refundTargets.has(c.data.transactionId)) continue;
      const t = this.transactions.find((x) => x.id === c.data.transactionId);
      if (!t) continue;
      const refunded = this.transactions.filter((x) => x.refundOf === t.id).reduce((s, x) => s + x.amount, 0);
      this.state.refundTargets.set(t.id, {
        id: t.id,
        type: t.type,
        amount: t.amount,
        fromUserId: t.from?.kind === 'user' ? t.from.userId : null,
        toTreasury: t.to?.kind === 'treasury' ? t.to.code : null,
        refunded,
      });
    }
    const nextId = () => ++this.ids;
    const steps = runBatch(this.state, this.known, commands, now, nextId);
    const { creditSteps, legsToPublish } = creditOwnLegs(this.state, steps, owns, now, nextId);
    for (const step of steps) {
      if (step.kind !== 'decided') continue;
      const outcome = outcomeOf(step);
      this.known.set(step.command.commandId, { ...outcome, requestHash: step.requestHash });
      this.history.push(step.command);
    }
    for (const step of [...steps, ...creditSteps]) {
      if (step.kind !== 'decided' || !step.decision.ok) continue;
      if (step.decision.transaction) this.transactions.push(step.decision.transaction);
      this.entries.push(...step.decision.entries);
    }
    this.pending.push(...legsToPublish.map((leg) => this.legCommand(leg)));
    this.inlineCredits += creditSteps.length;
    return steps;
  }

  inlineCredits = 0;

  legCommand(leg: CreditLeg): LedgerCommand {
    return this.command('ledger.credit', leg, `credit-${leg.transactionId}-${walletKeyOf(leg.to)}`);
  }

  deliver(index: number) {
    const [leg] = this.pending.splice(index % this.pending.length, 1);
    return this.apply([leg!]);
  }

  drain() {
    while (this.pending.length > 0) this.deliver(0);
  }

  balances(): number {
    return [...this.state.wallets.values()].reduce((s, w) => s + w.balance, 0);
  }

  supply(): number {
    const sum = (type: string) => this.transactions.filter((t) => t.type === type).reduce((s, t) => s + t.amount, 0);
    return sum('MINT') - sum('BURN');
  }

  inFlight(): number {
    return this.pending.reduce((s, c) => s + (c.type === 'ledger.credit' ? c.data.amount : 0), 0);
  }

  snapshot(): string {
    return JSON.stringify([...this.state.wallets.values()].map((w) => [w.key, w.balance, w.totalReceived, w.totalSent, w.status]));
  }
}

const userParty = fc.constantFrom(...userIds).map((userId): Party => ({ kind: 'user', userId }));
const treasuryParty = fc.constantFrom(...treasuryCodes).map((code): Party => ({ kind: 'treasury', code }));
const anyParty = fc.oneof(userParty, treasuryParty);
const amount = fc.integer({ min: 1, max: 500 });
const reason = fc.constant('because');

type Action =
  | { do: 'command'; type: LedgerCommand['type']; data: Record<string, unknown> }
  | { do: 'deliver'; index: number }
  | { do: 'replay'; index: number }
  | { do: 'refund'; index: number; amount: number | undefined };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc
    .record({ to: anyParty, amount: fc.integer({ min: 1, max: 2000 }), reason })
    .map((data) => ({ do: 'command' as const, type: 'ledger.mint' as const, data })),
  fc.record({ from: anyParty, amount, reason }).map((data) => ({ do: 'command' as const, type: 'ledger.burn' as const, data })),
  fc
    .record({ kind: fc.constant('TRANSFER'), fromUserId: fc.constantFrom(...userIds), to: anyParty, amount, reason })
    .map((data) => ({ do: 'command' as const, type: 'ledger.transfer' as const, data })),
  fc
    .record({ kind: fc.constant('PURCHASE'), fromUserId: fc.constantFrom(...userIds), to: treasuryParty, amount, reason })
    .map((data) => ({ do: 'command' as const, type: 'ledger.transfer' as const, data })),
  fc
    .record({ toUserId: fc.constantFrom(...userIds), amount, reason })
    .map((data) => ({ do: 'command' as const, type: 'ledger.reward' as const, data })),
  fc
    .record({ userId: fc.constantFrom(...userIds), reason: fc.constant('Account deleted') })
    .map((data) => ({ do: 'command' as const, type: 'ledger.close-wallet' as const, data })),
  fc.record({ index: fc.nat(), amount: fc.option(amount, { nil: undefined }) }).map((r) => ({ do: 'refund' as const, ...r })),
  fc.nat().map((index) => ({ do: 'deliver' as const, index })),
  fc.nat().map((index) => ({ do: 'replay' as const, index })),
);

/** Turns generated actions into one batch of commands for the world (or a delivery). */
function run(world: World, batch: Action[], owned: string[] = []): void {
  const commands: LedgerCommand[] = [];
  for (const a of batch) {
    if (a.do === 'command') commands.push(world.command(a.type, a.data as never));
    if (a.do === 'refund') {
      const purchases = world.transactions.filter((t) => t.type === 'PURCHASE');
      const target = purchases[a.index % Math.max(purchases.length, 1)];
      const treasury: TreasuryCode = target?.to?.kind === 'treasury' ? target.to.code : 'OPERATIONS';
      const data = {
        transactionId: target?.id ?? 999_999,
        treasury,
        reason: 'refund',
        ...(a.amount !== undefined ? { amount: a.amount } : {}),
      };
      commands.push(world.command('ledger.refund', data));
    }
    if (a.do === 'replay' && world.history.length > 0) commands.push(world.history[a.index % world.history.length]!);
  }
  if (commands.length > 0) world.apply(commands, (key) => owned.includes(key));
  for (const a of batch) if (a.do === 'deliver' && world.pending.length > 0) world.deliver(a.index);
}

function checkInvariants(world: World): void {
  for (const w of world.state.wallets.values()) {
    expect(w.balance).toBeGreaterThanOrEqual(0);
    const mine = world.entries.filter((e) => e.walletKey === w.key);
    expect(w.balance).toBe(mine.reduce((s, e) => s + e.amount, 0));
    expect(w.totalReceived).toBe(mine.filter((e) => e.amount > 0).reduce((s, e) => s + e.amount, 0));
    expect(w.totalSent).toBe(mine.filter((e) => e.amount < 0).reduce((s, e) => s - e.amount, 0));
  }
  // Coins debited but not yet credited are the only gap between balances and supply.
  expect(world.balances() + world.inFlight()).toBe(world.supply());
  for (const p of world.transactions.filter((t) => t.type === 'PURCHASE')) {
    const refunded = world.transactions.filter((t) => t.refundOf === p.id).reduce((s, t) => s + t.amount, 0);
    expect(refunded).toBeLessThanOrEqual(p.amount);
  }
}

describe('ledger domain: properties over random command sequences', () => {
  const batches = fc.array(fc.array(action, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 40 });

  it('when any sequence of batches is applied, then no balance is negative, supply is conserved and refunds never exceed their purchase', () => {
    fc.assert(
      fc.property(batches, (generated) => {
        const world = new World();
        for (const batch of generated) {
          run(world, batch);
          checkInvariants(world);
        }
        world.drain();
        checkInvariants(world);
        expect(world.balances()).toBe(world.supply());
      }),
      { numRuns: 300 },
    );
  });

  it('when an apply credits the legs to the wallets it owns (any subset, per apply), then the same invariants hold', () => {
    const walletKeys = [
      ...userIds.map((userId) => walletKeyOf({ kind: 'user', userId })),
      ...treasuryCodes.map((code) => walletKeyOf({ kind: 'treasury', code })),
    ];
    const ownedBatches = fc.array(fc.tuple(fc.array(action, { minLength: 1, maxLength: 8 }), fc.subarray(walletKeys)), {
      minLength: 1,
      maxLength: 40,
    });
    let inline = 0;
    fc.assert(
      fc.property(ownedBatches, (generated) => {
        const world = new World();
        for (const [batch, owned] of generated) {
          run(world, batch, owned);
          checkInvariants(world);
        }
        world.drain();
        checkInvariants(world);
        expect(world.balances()).toBe(world.supply());
        inline += world.inlineCredits;
      }),
      { numRuns: 300 },
    );
    expect(inline).toBeGreaterThan(0); // the property did exercise inline credits
  });

  it('when any processed command is delivered again, then it gets its stored outcome and nothing changes', () => {
    fc.assert(
      fc.property(batches, fc.array(fc.nat(), { minLength: 1, maxLength: 10 }), (generated, picks) => {
        const world = new World();
        for (const batch of generated) run(world, batch);
        if (world.history.length === 0) return;
        const before = world.snapshot();
        const transactionsBefore = world.transactions.length;
        const replays = picks.map((i) => world.history[i % world.history.length]!);
        const steps = world.apply(replays);
        expect(steps.every((s) => s.kind === 'stored')).toBe(true);
        for (const [i, step] of steps.entries()) {
          if (step.kind === 'stored') expect(step.outcome).toEqual(world.known.get(replays[i]!.commandId));
        }
        expect(world.snapshot()).toBe(before);
        expect(world.transactions.length).toBe(transactionsBefore);
      }),
      { numRuns: 200 },
    );
  });

  it('when credit legs are delivered twice in any order, then each credits once', () => {
    fc.assert(
      fc.property(batches, fc.array(fc.nat(), { maxLength: 20 }), (generated, order) => {
        const world = new World();
        for (const batch of generated) run(world, batch);
        const legs = [...world.pending];
        for (const i of order) if (world.pending.length > 0) world.deliver(i);
        world.drain();
        const settled = world.snapshot();
        world.apply(legs); // every leg once more
        expect(world.snapshot()).toBe(settled);
        expect(world.balances()).toBe(world.supply());
      }),
      { numRuns: 200 },
    );
  });
});

describe('ledger domain: decisions', () => {
  function funded(userBalance: number, rewards = 0) {
    const world = new World();
    world.apply([world.command('ledger.mint', { to: { kind: 'user', userId: 1 }, amount: userBalance, reason: 'seed' })]);
    if (rewards > 0)
      world.apply([world.command('ledger.mint', { to: { kind: 'treasury', code: 'REWARDS' }, amount: rewards, reason: 'seed' })]);
    return world;
  }
  const codeOf = (world: World, command: LedgerCommand) => {
    const [step] = world.apply([command]);
    return step?.kind === 'decided' && !step.decision.ok ? step.decision.code : 'OK';
  };
  const transfer = (world: World, to: Party, amount: number) =>
    world.command('ledger.transfer', { kind: 'TRANSFER', fromUserId: 1, to, amount, reason: 'r' });

  it('when a transfer exceeds the balance, then INSUFFICIENT_FUNDS and nothing moves', () => {
    const world = funded(100);
    expect(codeOf(world, transfer(world, { kind: 'user', userId: 2 }, 101))).toBe('INSUFFICIENT_FUNDS');
    expect(world.state.wallets.get('user:1')!.balance).toBe(100);
  });

  it('when a user transfers to themself, to an unknown user or to a closed wallet, then SELF_TRANSFER, USER_NOT_FOUND, RECIPIENT_CLOSED', () => {
    const world = funded(100);
    expect(codeOf(world, transfer(world, { kind: 'user', userId: 1 }, 1))).toBe('SELF_TRANSFER');
    expect(codeOf(world, transfer(world, { kind: 'user', userId: 99 }, 1))).toBe('USER_NOT_FOUND');
    world.apply([world.command('ledger.close-wallet', { userId: 2, reason: 'deleted' })]);
    expect(codeOf(world, transfer(world, { kind: 'user', userId: 2 }, 1))).toBe('RECIPIENT_CLOSED');
  });

  it('when a transfer is accepted, then the debit is immediate and the credit is a leg keyed by the recipient', () => {
    const world = funded(100);
    const [step] = world.apply([transfer(world, { kind: 'treasury', code: 'OPERATIONS' }, 40)]);
    expect(step?.kind === 'decided' && step.decision.ok && step.decision.creditLegs).toEqual([
      {
        transactionId: expect.any(Number),
        to: { kind: 'treasury', code: 'OPERATIONS' },
        amount: 40,
        returnTo: { kind: 'user', userId: 1 },
      },
    ]);
    expect(world.state.wallets.get('user:1')!.balance).toBe(60);
    world.drain();
    expect(world.state.wallets.get('treasury:OPERATIONS')!.balance).toBe(40);
  });

  it('when the REWARDS treasury cannot cover a reward, then INSUFFICIENT_FUNDS', () => {
    const world = funded(0, 10);
    expect(codeOf(world, world.command('ledger.reward', { toUserId: 2, amount: 11, reason: 'prize' }))).toBe('INSUFFICIENT_FUNDS');
    expect(codeOf(world, world.command('ledger.reward', { toUserId: 2, amount: 10, reason: 'prize' }))).toBe('OK');
  });

  it('when a purchase is refunded, then partial refunds add up to at most the purchase and the default is the remainder', () => {
    const world = funded(1000);
    world.apply([
      world.command('ledger.transfer', {
        kind: 'PURCHASE',
        fromUserId: 1,
        to: { kind: 'treasury', code: 'COURSE_FEES' },
        amount: 300,
        reason: 'course',
      }),
    ]);
    world.drain();
    const purchase = world.transactions.find((t) => t.type === 'PURCHASE')!;
    const refund = (amount?: number) =>
      world.command('ledger.refund', {
        transactionId: purchase.id,
        treasury: 'COURSE_FEES',
        reason: 'cancelled',
        ...(amount ? { amount } : {}),
      });
    expect(codeOf(world, refund(100))).toBe('OK');
    expect(codeOf(world, refund(201))).toBe('REFUND_EXCEEDS_PURCHASE');
    expect(codeOf(world, refund())).toBe('OK');
    expect(world.transactions.filter((t) => t.type === 'REFUND').map((t) => t.amount)).toEqual([100, 200]);
    expect(codeOf(world, refund())).toBe('REFUND_EXCEEDS_PURCHASE');
    const mint = world.transactions.find((t) => t.type === 'MINT')!;
    expect(codeOf(world, world.command('ledger.refund', { transactionId: mint.id, treasury: 'COURSE_FEES', reason: 'x' }))).toBe(
      'NOT_REFUNDABLE',
    );
    expect(codeOf(world, world.command('ledger.refund', { transactionId: 424242, treasury: 'COURSE_FEES', reason: 'x' }))).toBe(
      'TRANSACTION_NOT_FOUND',
    );
  });

  it('when a credit leg finds its wallet closed, then the coins return to the sender; when the sender is closed too, they are burned', () => {
    const world = funded(100);
    world.apply([transfer(world, { kind: 'user', userId: 2 }, 30)]);
    world.apply([world.command('ledger.close-wallet', { userId: 2, reason: 'deleted' })]);
    world.drain();
    expect(world.state.wallets.get('user:1')!.balance).toBe(100);
    expect(world.transactions.at(-1)).toMatchObject({
      type: 'TRANSFER',
      from: { kind: 'user', userId: 2 },
      to: { kind: 'user', userId: 1 },
      amount: 30,
    });

    world.apply([transfer(world, { kind: 'user', userId: 3 }, 50)]);
    world.apply([
      world.command('ledger.close-wallet', { userId: 3, reason: 'deleted' }),
      world.command('ledger.close-wallet', { userId: 1, reason: 'deleted' }),
    ]);
    world.drain();
    expect(world.transactions.at(-1)).toMatchObject({ type: 'BURN', amount: 50 });
    expect(world.balances()).toBe(world.supply());
  });

  it('when the credited wallet belongs to the same apply, then the leg is credited there and nothing travels; otherwise it travels', () => {
    const world = funded(100);
    const owns = (key: string) => key === 'user:2';
    world.apply([transfer(world, { kind: 'user', userId: 2 }, 30), transfer(world, { kind: 'user', userId: 3 }, 20)], owns);
    expect(world.state.wallets.get('user:2')!.balance).toBe(30);
    expect(world.state.wallets.get('user:3')!.balance).toBe(0);
    expect(world.pending.map((c) => c.type === 'ledger.credit' && c.data.to)).toEqual([{ kind: 'user', userId: 3 }]);
    expect(world.known.size).toBe(3); // the mint and the two transfers: an inline credit stores no outcome
    world.drain();
    expect(world.state.wallets.get('user:3')!.balance).toBe(20);
  });

  it('when an inline credit finds its wallet closed earlier in the same apply, then the coins return to the sender in that apply', () => {
    const world = funded(100);
    world.apply([world.command('ledger.mint', { to: { kind: 'user', userId: 2 }, amount: 7, reason: 'seed' })]);
    world.apply(
      [transfer(world, { kind: 'user', userId: 2 }, 30), world.command('ledger.close-wallet', { userId: 2, reason: 'deleted' })],
      () => true,
    );
    expect(world.pending).toEqual([]);
    expect(world.state.wallets.get('user:1')!.balance).toBe(100);
    expect(world.state.wallets.get('user:2')).toMatchObject({ balance: 0, status: 'CLOSED' });
    expect(world.transactions.slice(-3).map((t) => [t.type, t.amount])).toEqual([
      ['TRANSFER', 30],
      ['BURN', 7],
      ['TRANSFER', 30], // the return
    ]);
    expect(world.balances()).toBe(world.supply());
  });

  it('when a wallet is closed, then its balance is burned with the given reason and it is CLOSED', () => {
    const world = funded(250);
    world.apply([world.command('ledger.close-wallet', { userId: 1, reason: 'Account deleted (user 1)' })]);
    expect(world.transactions.at(-1)).toMatchObject({ type: 'BURN', amount: 250, reason: 'Account deleted (user 1)' });
    expect(world.state.wallets.get('user:1')).toMatchObject({ balance: 0, status: 'CLOSED' });
  });

  it('when a command id comes back with another request hash, then IDEMPOTENCY_KEY_REUSED and nothing is stored for it', () => {
    const world = funded(100);
    const hash = (c: string) => c.repeat(64);
    const first = world.command(
      'ledger.burn',
      { from: { kind: 'user', userId: 1 }, amount: 10, reason: 'r', requestHash: hash('a') },
      'same-id',
    );
    const second = world.command(
      'ledger.burn',
      { from: { kind: 'user', userId: 1 }, amount: 20, reason: 'r', requestHash: hash('b') },
      'same-id',
    );
    const steps = world.apply([first, second, first]);
    expect(steps.map((s) => s.kind)).toEqual(['decided', 'reused', 'repeat']);
    expect(world.apply([second])[0]).toMatchObject({ kind: 'reused', error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(world.state.wallets.get('user:1')!.balance).toBe(90);
  });

  it('when a balance, total received or total sent would pass 2^53 − 1 minor units, then BALANCE_LIMIT_EXCEEDED and nothing moves', () => {
    const world = funded(100);
    const full = world.state.wallets.get('user:2')!;
    full.balance = walletAmountMax - 10;
    full.totalReceived = walletAmountMax - 10;
    expect(codeOf(world, world.command('ledger.mint', { to: { kind: 'user', userId: 2 }, amount: 11, reason: 'r' }))).toBe(
      'BALANCE_LIMIT_EXCEEDED',
    );
    expect(codeOf(world, transfer(world, { kind: 'user', userId: 2 }, 11))).toBe('BALANCE_LIMIT_EXCEEDED');
    expect(codeOf(world, world.command('ledger.mint', { to: { kind: 'user', userId: 2 }, amount: 10, reason: 'r' }))).toBe('OK');
    expect(full.balance).toBe(walletAmountMax);
    const spender = world.state.wallets.get('user:1')!;
    spender.totalSent = walletAmountMax - 5;
    expect(codeOf(world, world.command('ledger.burn', { from: { kind: 'user', userId: 1 }, amount: 6, reason: 'r' }))).toBe(
      'BALANCE_LIMIT_EXCEEDED',
    );
    expect(spender.balance).toBe(100);
  });

  it('when a credit leg would take its wallet past the limit, then the coins are returned instead of thrown', () => {
    const world = funded(100);
    world.apply([transfer(world, { kind: 'user', userId: 2 }, 40)]);
    // The recipient filled up between the debit and the leg's arrival.
    const recipient = world.state.wallets.get('user:2')!;
    recipient.balance = walletAmountMax - 1;
    recipient.totalReceived = walletAmountMax - 1;
    world.drain();
    expect(recipient.balance).toBe(walletAmountMax - 1);
    expect(world.state.wallets.get('user:1')!.balance).toBe(100);
    expect(world.transactions.at(-1)).toMatchObject({
      type: 'TRANSFER',
      amount: 40,
      reason: expect.stringContaining('cannot hold more coins'),
    });
  });
});
