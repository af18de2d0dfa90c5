import fc from 'fast-check';
import { uuidV5 } from '@coin/security';
import { holdIdNamingPayer, payerOfHoldId, routeOfApprovalId } from '@coin/contracts';
import {
  roles,
  treasuryCodes,
  walletKeyOf,
  walletKeyOfUser,
  type Actor,
  type ApprovableCommand,
  type LedgerCommand,
  type LimitOverrides,
  type Party,
  type Role,
  type TreasuryCode,
} from '@coin/contracts';
import { outcomeOf } from '../apply/outcomes';
import { creditOwnLegs, runBatch, type BatchStep } from './batch';
import { recordAnswerInKinds } from './kinds/loops';
import {
  activeOf,
  defaultPolicy,
  emptyWallet,
  holdIdOf,
  walletAmountMax,
  type CreditLeg,
  type Decision,
  type Entry,
  type LedgerPolicy,
  type LedgerState,
  type NewTransaction,
} from './ledger';
import { noLimits, type Limits } from './limits';
import { approvalIdOf } from './approvals';
import { fourEyesOff } from './four-eyes';
import { approvalChangesOf } from './kinds/approvals';
import { holdChangesOf } from './kinds/holds';

const now = new Date('2025-01-01T00:00:00.000Z');
const hourMs = 3_600_000;
const userIds = [1, 2, 3, 4, 5];
const actor: Actor = { kind: 'user', id: 'test' };

/** An accepted debit the spending limits count, as the model saw it (not as the domain recorded it). */
interface ModelDebit {
  walletKey: string;
  at: Date;
  amount: number;
  /** Debits the operation counts as: 1, a payout's lines. */
  count: number;
}

/** The limits of a debit, computed here from the policy, the actor's role and the wallet's overrides. */
function modelLimits(policy: LedgerPolicy, command: LedgerCommand, overrides: LimitOverrides | undefined): Limits {
  const role: Role = command.actor.kind === 'user' && command.actor.role ? command.actor.role : 'USER';
  const base = policy.limits[role];
  const pick = (name: keyof Limits) => (overrides && overrides[name] !== undefined ? (overrides[name] ?? null) : base[name]);
  return { dailyAmount: pick('dailyAmount'), dailyCount: pick('dailyCount'), singleAmount: pick('singleAmount') };
}

import { claimsJws, deciderProof } from './test-proofs';

/**
 * A whole ledger in memory: every partition's wallets in one map, credit legs queued between
 * partitions and delivered in any order, stored outcomes kept like processed_commands.
 */

/** A SYSTEM token's shape with the grant claims (the signature was checked before the apply). */
function grantProof(treasuries: string[] | undefined, people: { createdBy?: number; approvedBy?: number } = {}): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'EdDSA' })}.${part({ role: 'SYSTEM', ...(treasuries ? { treasuries } : {}), ...people })}.signature`;
}

class World {
  state: LedgerState = {
    wallets: new Map(),
    refundTargets: new Map(),
    holds: new Map(),
    approvals: new Map(),
    windows: new Map(),
    mandates: new Map(),
    processedCommands: new Map(),
  };
  /** The apply's clock: every command of an apply is decided at this moment. */
  at = now;
  /** The stored outcomes, by command id: the processed commands' state, which `runBatch` answers a redelivery from. */
  get known() {
    return this.state.processedCommands!;
  }
  history: LedgerCommand[] = [];
  pending: LedgerCommand[] = [];
  transactions: NewTransaction[] = [];
  entries: Entry[] = [];
  private ids = 0;
  private commandCount = 0;

  /** The model's own record: every hold id a hold command named (its payer), limited debits, overrides set. */
  holdPayers = new Map<string, number>();
  debits: ModelDebit[] = [];
  overrides = new Map<string, LimitOverrides>();
  /** Every hold seen, and the resolved ones as first seen resolved: they must never change again. */
  seenHolds = new Set<string>();
  resolvedHolds = new Map<string, string>();
  limitRefusals = 0;

  constructor(readonly policy: LedgerPolicy = defaultPolicy) {
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
    by: Actor = actor,
  ): LedgerCommand {
    if (type === 'ledger.hold')
      this.holdPayers.set(
        holdIdOf({ commandId, data: data as { fromUserId: number; idNonce?: string } }),
        (data as { fromUserId: number }).fromUserId,
      );
    // A platform client's commands carry its token as proof; the consumer verified its signature
    // before the apply, so here only its grant claims matter: every treasury, unless a test says.
    const proof = by.kind === 'system' ? { proof: grantProof(this.clientGrants, this.clientPeople) } : {};
    // A person's approve carries the proof of their API key, verified by the consumer before the
    // apply: here only its scopes matter (every approvable one, unless a test says).
    const keyProof =
      type === 'ledger.approve' && by.kind === 'user' ? { keyProof: claimsJws({ api_key_id: 'k', scopes: this.approverScopes }) } : {};
    return {
      commandId,
      type,
      issuedAt: this.at.toISOString(),
      actor: by,
      data,
      ...deciderProof(type, by),
      ...proof,
      ...keyProof,
    } as LedgerCommand;
  }

  /** The scopes of the API key a person's approve is sent with. */
  approverScopes = ['mint', 'burn', 'refund', 'reward'];

  /** The treasuries the platform clients of this world's commands are granted. */
  clientGrants: string[] | undefined = [...treasuryCodes];
  /** The SUPERADMINs who asked for and approved those clients (their tokens' claims); none unless a test says. */
  clientPeople: { createdBy?: number; approvedBy?: number } = {};

  /** Moves the clock on. */
  tick(ms: number) {
    this.at = new Date(this.at.getTime() + ms);
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
    const steps = runBatch(this.state, commands, this.at, nextId, this.policy);
    this.observe(steps);
    const { creditSteps, legsToPublish } = creditOwnLegs(this.state, steps, owns, this.at, nextId);
    for (const step of steps) {
      if (step.kind !== 'decided') continue;
      const { ok, reply } = outcomeOf(step);
      recordAnswerInKinds(this.state, { command: step.command, ok, reply, requestHash: step.requestHash });
      this.history.push(step.command);
    }
    for (const step of [...steps, ...creditSteps]) {
      if (step.kind !== 'decided' || !step.decision.ok) continue;
      if (step.decision.transaction) this.transactions.push(step.decision.transaction);
      this.transactions.push(...step.decision.lineTransactions);
      this.entries.push(...step.decision.entries);
    }
    this.pending.push(...legsToPublish.map((leg) => this.legCommand(leg)));
    this.inlineCredits += creditSteps.length;
    return steps;
  }

  inlineCredits = 0;

  /**
   * The model's view of each step, in order: a redelivered command gets its stored outcome, and
   * every limited debit (transfer, purchase, new hold) is judged against the debits the model saw
   * accepted in the last 24 h by the hour rule — accepted only within the limits, and refused with
   * LIMIT_EXCEEDED only when it would pass one.
   */
  private observe(steps: BatchStep[]) {
    const hourOf = (d: Date) => Math.floor(d.getTime() / hourMs);
    for (const step of steps) {
      if (step.kind === 'stored') expect(step.outcome).toEqual(this.known.get(step.command.commandId));
      if (step.kind !== 'decided') continue;
      const { command, decision } = step;
      if (command.type === 'ledger.set-limits' && decision.ok)
        this.overrides.set(walletKeyOfUser(command.data.userId), command.data.overrides);
      if (command.type === 'ledger.payout') this.observePayout(command, decision);
      const limited = limitedDebitOf(command);
      if (!limited) continue;
      const { walletKey, amount, count } = limited;
      const limits = modelLimits(this.policy, command, this.overrides.get(walletKey));
      const recent = this.debits.filter((d) => d.walletKey === walletKey && hourOf(d.at) > hourOf(this.at) - 24);
      const used = { amount: recent.reduce((s, d) => s + d.amount, 0), count: recent.reduce((s, d) => s + d.count, 0) };
      const fits =
        (limits.singleAmount === null || amount <= limits.singleAmount) &&
        (limits.dailyCount === null || used.count + count <= limits.dailyCount) &&
        (limits.dailyAmount === null || used.amount + amount <= limits.dailyAmount);
      if (decision.ok) {
        expect(fits).toBe(true);
        this.debits.push({ walletKey, at: this.at, amount, count });
      } else if (decision.code === 'LIMIT_EXCEEDED') {
        expect(fits).toBe(false);
        this.limitRefusals += 1;
      }
    }
  }

  /**
   * A payout is all or nothing: accepted, one transaction, one debit entry of the payer and one
   * credit leg per line, adding up to the total; refused, nothing at all.
   */
  private observePayout(command: Extract<LedgerCommand, { type: 'ledger.payout' }>, decision: Decision) {
    // Parked (a person's past the four-eyes window): nothing moved, one request.
    if (decision.ok && decision.parked) {
      expect([decision.lineTransactions, decision.entries, decision.creditLegs, approvalChangesOf(decision).length]).toEqual([
        [],
        [],
        [],
        1,
      ]);
      return;
    }
    if (!decision.ok) return;
    this.payoutsApplied += 1;
    const { from, lines } = command.data;
    const type = from.kind === 'user' ? 'TRANSFER' : 'REWARD';
    expect(decision.lineTransactions.map((t) => [t.type, walletKeyOf(t.to!), t.amount])).toEqual(
      lines.map((line) => [type, walletKeyOfUser(line.toUserId), line.amount]),
    );
    expect(decision.entries).toEqual(
      decision.lineTransactions.map((t) => ({
        transactionId: t.id,
        transactionType: type,
        walletKey: walletKeyOf(from),
        amount: -t.amount,
      })),
    );
    expect(decision.creditLegs.map((leg) => leg.transactionId)).toEqual(decision.lineTransactions.map((t) => t.id));
  }

  payoutsApplied = 0;

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
    return JSON.stringify([
      [...this.state.wallets.values()].map((w) => [w.key, w.balance, w.totalReceived, w.totalSent, w.status, w.held, w.spending, w.limits]),
      [...this.state.holds!.values()],
    ]);
  }
}

/** The debit a command makes from the payer's own wallet, which the spending limits count (a payout from a wallet: its total, once). */
/** The debits a command makes from a user's own wallet: one operation moving `amount` in `count` debits (a payout: one per line). */
function limitedDebitOf(command: LedgerCommand): { walletKey: string; amount: number; count: number } | null {
  if (command.type === 'ledger.transfer' || command.type === 'ledger.hold') {
    return { walletKey: walletKeyOfUser(command.data.fromUserId), amount: command.data.amount, count: 1 };
  }
  if (command.type === 'ledger.payout' && command.data.from.kind === 'user') {
    return {
      walletKey: walletKeyOf(command.data.from),
      amount: command.data.lines.reduce((s, line) => s + line.amount, 0),
      count: command.data.lines.length,
    };
  }
  return null;
}

const userParty = fc.constantFrom(...userIds).map((userId): Party => ({ kind: 'user', userId }));
const treasuryParty = fc.constantFrom(...treasuryCodes).map((code): Party => ({ kind: 'treasury', code }));
const anyParty = fc.oneof(userParty, treasuryParty);
const amount = fc.integer({ min: 1, max: 500 });
const reason = fc.constant('because');

/**
 * The policy of the model: every role has its limits (tight enough to be hit by the generated
 * amounts), holds expire within hours so the clock reaches them.
 */
const modelPolicy: LedgerPolicy = {
  limits: {
    USER: { dailyAmount: 1500, dailyCount: 6, singleAmount: 400 },
    DEVELOPER: { dailyAmount: 3000, dailyCount: 10, singleAmount: null },
    ADMIN: { dailyAmount: null, dailyCount: 15, singleAmount: null },
    SUPERADMIN: noLimits,
  },
  holdExpirySecondsDefault: 4 * 3600,
  holdExpirySecondsMax: 2 * 24 * 3600,
  approvalExpirySeconds: 24 * 3600,
  fourEyes: fourEyesOff,
  cashout: {
    rates: [],
    windowSeconds: 24 * 3600,
    dailyAmount: { unverified: 0, verified: 0 },
    fourEyesAmount: Number.MAX_SAFE_INTEGER,
  },
  mandateGraceSeconds: 3 * 24 * 3600,
  mandateRetrySeconds: 6 * 3600,
};

type Action =
  | { do: 'command'; type: LedgerCommand['type']; data: Record<string, unknown>; role?: Role | undefined }
  | { do: 'deliver'; index: number }
  | { do: 'replay'; index: number }
  | { do: 'again' }
  | { do: 'tick'; ms: number }
  | { do: 'hold-op'; op: 'capture' | 'void' | 'expire'; index: number; payer: number | undefined; amount: number | undefined }
  | { do: 'refund'; index: number; amount: number | undefined };

const role = fc.option(fc.constantFrom(...roles), { nil: undefined });
const holdOp = (op: 'capture' | 'void' | 'expire') =>
  fc
    .record({
      index: fc.nat(),
      // Mostly the hold's payer; sometimes another user, whose partition does not know the hold.
      payer: fc.option(fc.constantFrom(...userIds), { nil: undefined, freq: 5 }),
      amount: op === 'capture' ? fc.option(fc.integer({ min: 1, max: 600 }), { nil: undefined }) : fc.constant(undefined),
    })
    .map((r) => ({ do: 'hold-op' as const, op, ...r }));

const withRole = <T extends 'ledger.transfer' | 'ledger.hold'>(type: T, data: fc.Arbitrary<Record<string, unknown>>) =>
  fc.record({ data, role }).map(({ data, role }) => ({ do: 'command' as const, type, data, role }));

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .record({ to: anyParty, amount: fc.integer({ min: 1, max: 2000 }), reason })
      .map((data) => ({ do: 'command' as const, type: 'ledger.mint' as const, data })),
  },
  fc.record({ from: anyParty, amount, reason }).map((data) => ({ do: 'command' as const, type: 'ledger.burn' as const, data })),
  {
    weight: 3,
    arbitrary: withRole(
      'ledger.transfer',
      fc.record({ kind: fc.constant('TRANSFER'), fromUserId: fc.constantFrom(...userIds), to: anyParty, amount, reason }),
    ),
  },
  {
    weight: 2,
    arbitrary: withRole(
      'ledger.transfer',
      fc.record({ kind: fc.constant('PURCHASE'), fromUserId: fc.constantFrom(...userIds), to: treasuryParty, amount, reason }),
    ),
  },
  {
    weight: 4,
    arbitrary: withRole(
      'ledger.hold',
      fc.record({
        fromUserId: fc.constantFrom(...userIds),
        to: anyParty,
        amount,
        reason,
        reference: fc.option(fc.constant('order-1'), { nil: undefined }),
        // Mostly within hours, so the clock reaches them; some beyond the policy's maximum (2 days): VALIDATION_FAILED.
        expiresInSeconds: fc.option(
          fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 6 * 3600 }) }, fc.integer({ min: 1, max: 3 * 24 * 3600 })),
          { nil: undefined },
        ),
      }),
    ),
  },
  { weight: 4, arbitrary: holdOp('capture') },
  { weight: 2, arbitrary: holdOp('void') },
  { weight: 3, arbitrary: holdOp('expire') },
  fc
    .record({
      userId: fc.constantFrom(...userIds),
      overrides: fc.record(
        {
          dailyAmount: fc.option(fc.integer({ min: 0, max: 4000 }), { nil: null }),
          dailyCount: fc.option(fc.integer({ min: 0, max: 12 }), { nil: null }),
          singleAmount: fc.option(fc.integer({ min: 0, max: 600 }), { nil: null }),
        },
        { requiredKeys: [] },
      ),
    })
    .map((data) => ({ do: 'command' as const, type: 'ledger.set-limits' as const, data })),
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 6 * hourMs }).map((ms) => ({ do: 'tick' as const, ms })) },
  fc.constant({ do: 'again' as const }),
  fc
    .record({ toUserId: fc.constantFrom(...userIds), amount, reason })
    .map((data) => ({ do: 'command' as const, type: 'ledger.reward' as const, data })),
  {
    // From a wallet or REWARDS, to up to four users (now and then an unknown one, or the payer: refused whole).
    weight: 3,
    arbitrary: fc
      .record({
        from: fc.oneof(userParty, fc.constant<Party>({ kind: 'treasury', code: 'REWARDS' })),
        lines: fc.uniqueArray(fc.record({ toUserId: fc.constantFrom(...userIds, 99), amount: fc.integer({ min: 1, max: 300 }) }), {
          minLength: 1,
          maxLength: 4,
          selector: (line) => line.toUserId,
        }),
        reason,
        role,
      })
      .map(({ role, ...data }) => ({ do: 'command' as const, type: 'ledger.payout' as const, data, role })),
  },
  fc
    .record({ userId: fc.constantFrom(...userIds), reason: fc.constant('Account deleted') })
    .map((data) => ({ do: 'command' as const, type: 'ledger.close-wallet' as const, data })),
  fc.record({ index: fc.nat(), amount: fc.option(amount, { nil: undefined }) }).map((r) => ({ do: 'refund' as const, ...r })),
  fc.nat().map((index) => ({ do: 'deliver' as const, index })),
  fc.nat().map((index) => ({ do: 'replay' as const, index })),
);

/** A world of the model's policy whose users and REWARDS treasury start with coins to spend. */
function seededWorld(): World {
  const world = new World(modelPolicy);
  const to: Party[] = [...userIds.map((userId): Party => ({ kind: 'user', userId })), { kind: 'treasury', code: 'REWARDS' }];
  world.apply(to.map((party) => world.command('ledger.mint', { to: party, amount: 2500, reason: 'seed' })));
  return world;
}

/** Turns generated actions into one batch of commands for the world (or a delivery). */
function run(world: World, batch: Action[], owned: string[] = []): void {
  const commands: LedgerCommand[] = [];
  // The clock moves between applies: every command of one apply is decided at the same moment.
  for (const a of batch) if (a.do === 'tick') world.tick(a.ms);
  for (const a of batch) {
    if (a.do === 'command') {
      commands.push(world.command(a.type, a.data as never, undefined, a.role ? { kind: 'user', id: 'test', role: a.role } : actor));
    }
    if (a.do === 'again' && commands.length > 0) commands.push(commands.at(-1)!); // the same command twice in one apply
    if (a.do === 'hold-op') {
      // Any hold a hold command named, this apply's included: created, refused (never created), resolved.
      const ids = [...world.holdPayers.keys()];
      const holdId = ids[a.index % Math.max(ids.length, 1)] ?? holdIdOf({ commandId: 'no such command', data: { fromUserId: 1 } });
      const fromUserId = a.payer ?? world.holdPayers.get(holdId) ?? 1;
      if (a.op === 'capture') {
        commands.push(
          world.command('ledger.capture-hold', { holdId, fromUserId, ...(a.amount !== undefined ? { amount: a.amount } : {}) }),
        );
      } else if (a.op === 'void') commands.push(world.command('ledger.void-hold', { holdId, fromUserId }));
      else commands.push(world.command('ledger.expire-hold', { holdId, fromUserId }));
    }
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

/**
 * Every invariant at once, as a list of what is wrong (one expect: the properties run it after
 * every apply).
 */
function checkInvariants(world: World): void {
  const wrong: string[] = [];
  const sums = new Map<string, { balance: number; received: number; sent: number }>();
  for (const e of world.entries) {
    const sum = sums.get(e.walletKey) ?? { balance: 0, received: 0, sent: 0 };
    sum.balance += e.amount;
    if (e.amount > 0) sum.received += e.amount;
    else sum.sent -= e.amount;
    sums.set(e.walletKey, sum);
  }
  for (const w of world.state.wallets.values()) {
    const sum = sums.get(w.key) ?? { balance: 0, received: 0, sent: 0 };
    if (w.balance < 0) wrong.push(`${w.key}: balance ${w.balance} < 0`);
    if (w.balance !== sum.balance || w.totalReceived !== sum.received || w.totalSent !== sum.sent) {
      wrong.push(
        `${w.key}: ${[w.balance, w.totalReceived, w.totalSent]} differs from its entries ${[sum.balance, sum.received, sum.sent]}`,
      );
    }
  }
  // Coins debited but not yet credited are the only gap between balances and supply.
  if (world.balances() + world.inFlight() !== world.supply()) {
    wrong.push(`balances ${world.balances()} + in flight ${world.inFlight()} != supply ${world.supply()}`);
  }
  const refunded = new Map<number, number>();
  for (const t of world.transactions) if (t.refundOf !== null) refunded.set(t.refundOf, (refunded.get(t.refundOf) ?? 0) + t.amount);
  for (const t of world.transactions) {
    if ((refunded.get(t.id) ?? 0) > (t.type === 'PURCHASE' ? t.amount : 0)) wrong.push(`transaction ${t.id} refunded beyond its amount`);
  }
  wrong.push(...holdViolations(world));
  expect(wrong).toEqual([]);
}

/**
 * Holds: a wallet's held is exactly Σ its PENDING holds and within its balance (a closed wallet
 * holds nothing); a CAPTURED hold has exactly one transaction, of the captured amount, and every
 * transaction naming a hold names a CAPTURED one; a resolved hold never changes again, and no
 * hold disappears.
 */
function holdViolations(world: World): string[] {
  const wrong: string[] = [];
  const pendingOf = new Map<number, number>();
  for (const h of world.state.holds!.values()) {
    if (h.status === 'PENDING') pendingOf.set(h.fromUserId, (pendingOf.get(h.fromUserId) ?? 0) + h.amount);
  }
  for (const w of world.state.wallets.values()) {
    const pending = w.party.kind === 'user' ? (pendingOf.get(w.party.userId) ?? 0) : 0;
    if (w.held < 0 || w.held > w.balance) wrong.push(`${w.key}: held ${w.held} outside [0, balance ${w.balance}]`);
    if (w.held !== pending) wrong.push(`${w.key}: held ${w.held} != Σ pending holds ${pending}`);
    if (w.status === 'CLOSED' && pending > 0) wrong.push(`${w.key}: closed with pending holds`);
  }
  const byHold = new Map<string, NewTransaction[]>();
  for (const t of world.transactions) if (t.holdId !== null) byHold.set(t.holdId, [...(byHold.get(t.holdId) ?? []), t]);
  for (const holdId of byHold.keys()) {
    if (world.state.holds!.get(holdId)?.status !== 'CAPTURED') wrong.push(`a transaction names hold ${holdId}, which is not CAPTURED`);
  }
  for (const h of world.state.holds!.values()) {
    if (world.holdPayers.get(h.id) !== h.fromUserId) wrong.push(`hold ${h.id}: no hold command of user ${h.fromUserId} named it`);
    const taken = byHold.get(h.id) ?? [];
    if (h.status === 'CAPTURED') {
      const [t] = taken;
      const type = h.to.kind === 'treasury' ? 'PURCHASE' : 'TRANSFER';
      if (taken.length !== 1 || !t) wrong.push(`hold ${h.id}: CAPTURED with ${taken.length} transactions`);
      else if (
        t.id !== h.transactionId ||
        t.amount !== h.capturedAmount ||
        t.type !== type ||
        t.from?.kind !== 'user' ||
        t.from.userId !== h.fromUserId ||
        walletKeyOf(t.to!) !== walletKeyOf(h.to)
      ) {
        wrong.push(`hold ${h.id}: its transaction ${JSON.stringify(t)} does not match it`);
      }
      if (h.capturedAmount === null || h.capturedAmount <= 0 || h.capturedAmount > h.amount) {
        wrong.push(`hold ${h.id}: captured ${h.capturedAmount} of ${h.amount}`);
      }
    } else if (taken.length > 0 || h.capturedAmount !== null || h.transactionId !== null) {
      wrong.push(`hold ${h.id}: ${h.status} with a capture`);
    }
    const resolved = world.resolvedHolds.get(h.id);
    if (resolved) {
      if (JSON.stringify(h) !== resolved) wrong.push(`hold ${h.id} changed after it was resolved: ${resolved} → ${JSON.stringify(h)}`);
    } else if (h.status !== 'PENDING') world.resolvedHolds.set(h.id, JSON.stringify(h));
    world.seenHolds.add(h.id);
  }
  for (const id of world.seenHolds) if (!world.state.holds!.has(id)) wrong.push(`hold ${id} disappeared`);
  return wrong;
}

describe('ledger domain: properties over random command sequences', () => {
  // Long enough for the clock to roll the 24 h windows and reach the holds' expiries.
  const batches = fc.array(fc.array(action, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 40, size: 'medium' });

  it('when any sequence of batches is applied (holds and limits included), then no balance is negative, supply is conserved (payouts too), refunds never exceed their purchase, holds stay within balances and limits are kept', () => {
    const seen = { CAPTURED: 0, VOIDED: 0, EXPIRED: 0, PENDING: 0, limitRefusals: 0, partialCaptures: 0, payouts: 0 };
    fc.assert(
      fc.property(batches, (generated) => {
        const world = seededWorld();
        for (const batch of generated) {
          run(world, batch);
          checkInvariants(world);
        }
        world.drain();
        checkInvariants(world);
        expect(world.balances()).toBe(world.supply());
        for (const h of world.state.holds!.values()) {
          seen[h.status] += 1;
          if (h.status === 'CAPTURED' && h.capturedAmount! < h.amount) seen.partialCaptures += 1;
        }
        seen.limitRefusals += world.limitRefusals;
        seen.payouts += world.payoutsApplied;
      }),
      { numRuns: 500 },
    );
    // The property did exercise every way a hold ends, partial captures and limit refusals.
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(0);
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
        const world = seededWorld();
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
        const world = seededWorld();
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
        const world = seededWorld();
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
        transactionType: 'TRANSFER',
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

  it('when an admin would pay themselves (mint, reward, refund, or approving a payment to them), then SELF_DEALING and nothing moves', () => {
    const world = funded(1000, 1000);
    const admin2: Actor = { kind: 'user', id: '2', role: 'ADMIN' };
    const admin3: Actor = { kind: 'user', id: '3', role: 'ADMIN' };
    const mintTo = (userId: number) => ({ to: { kind: 'user' as const, userId }, amount: 10, reason: 'r' });
    expect(codeOf(world, world.command('ledger.mint', mintTo(2), undefined, admin2))).toBe('SELF_DEALING');
    expect(codeOf(world, world.command('ledger.reward', { toUserId: 2, amount: 10, reason: 'r' }, undefined, admin2))).toBe('SELF_DEALING');
    world.apply([
      world.command('ledger.transfer', {
        kind: 'PURCHASE',
        fromUserId: 1,
        to: { kind: 'treasury', code: 'COURSE_FEES' },
        amount: 100,
        reason: 'p',
      }),
    ]);
    world.drain();
    const purchaseId = world.transactions.find((t) => t.type === 'PURCHASE')!.id;
    const admin1: Actor = { kind: 'user', id: '1', role: 'ADMIN' };
    expect(
      codeOf(world, world.command('ledger.refund', { transactionId: purchaseId, treasury: 'COURSE_FEES', reason: 'r' }, undefined, admin1)),
    ).toBe('SELF_DEALING');
    expect(
      codeOf(world, world.command('ledger.request-approval', { command: { type: 'ledger.mint', data: mintTo(2) } }, undefined, admin2)),
    ).toBe('SELF_DEALING');
    // Admin 3 asks to mint to admin 2; admin 2 may not approve it, a third admin may.
    const requestId = world.nextCommandId();
    expect(
      codeOf(world, world.command('ledger.request-approval', { command: { type: 'ledger.mint', data: mintTo(2) } }, requestId, admin3)),
    ).toBe('OK');
    const approve = (by: Actor) =>
      world.command(
        'ledger.approve',
        { approvalId: approvalIdOf({ commandId: requestId, data: {} }), command: { type: 'ledger.mint', data: mintTo(2) } },
        undefined,
        by,
      );
    expect(codeOf(world, approve(admin2))).toBe('SELF_DEALING');
    expect(world.state.wallets.get('user:2')!.balance).toBe(0);
    expect(codeOf(world, approve({ kind: 'user', id: '4', role: 'ADMIN' }))).toBe('OK');
    expect(world.state.wallets.get('user:2')!.balance).toBe(10);
    // Someone else's money is not self-dealing: admin 2 rewards user 3.
    expect(codeOf(world, world.command('ledger.reward', { toUserId: 3, amount: 10, reason: 'r' }, undefined, admin2))).toBe('OK');
  });

  /** A payout from REWARDS held for a second person, one of whose lines pays user 2. */
  const springCup = {
    type: 'ledger.payout' as const,
    data: {
      from: { kind: 'treasury' as const, code: 'REWARDS' as const },
      lines: [
        { toUserId: 1, amount: 30 },
        { toUserId: 2, amount: 20 },
      ],
      reason: 'Spring cup',
      reference: 'spring-cup',
    },
  };

  it('when an ADMIN approves a payout request one of whose lines pays them, then SELF_DEALING and nothing moves; a third ADMIN approves it', () => {
    const world = funded(1000, 1000);
    const admin2: Actor = { kind: 'user', id: '2', role: 'ADMIN' };
    const admin3: Actor = { kind: 'user', id: '3', role: 'ADMIN' };
    const payout = springCup;
    const requestId = world.nextCommandId();
    expect(codeOf(world, world.command('ledger.request-approval', { command: payout }, requestId, admin3))).toBe('OK');
    const approve = (by: Actor) =>
      world.command('ledger.approve', { approvalId: approvalIdOf({ commandId: requestId, data: {} }), command: payout }, undefined, by);
    expect(codeOf(world, approve(admin2))).toBe('SELF_DEALING');
    expect(world.state.wallets.get('user:2')!.balance).toBe(0);
    expect(codeOf(world, approve({ kind: 'user', id: '4', role: 'ADMIN' }))).toBe('OK');
    world.drain();
    expect(world.state.wallets.get('user:2')!.balance).toBe(20);
  });

  it('when the person a request pays rejects it (a mint, a reward, a payout line), then SELF_DEALING and it stays pending; its requester may withdraw it', () => {
    const world = funded(1000, 1000);
    const admin2: Actor = { kind: 'user', id: '2', role: 'ADMIN' };
    const admin3: Actor = { kind: 'user', id: '3', role: 'ADMIN' };
    const admin4: Actor = { kind: 'user', id: '4', role: 'ADMIN' };
    const held = [
      { type: 'ledger.mint' as const, data: { to: { kind: 'user' as const, userId: 2 }, amount: 10, reason: 'r' } },
      { type: 'ledger.reward' as const, data: { toUserId: 2, amount: 10, reason: 'r' } },
      { type: 'ledger.payout' as const, data: { ...springCup.data, reference: 'cup-rejected' } },
    ];
    for (const command of held) {
      const requestId = world.nextCommandId();
      expect(codeOf(world, world.command('ledger.request-approval', { command }, requestId, admin3))).toBe('OK');
      const approvalId = approvalIdOf({ commandId: requestId, data: {} });
      const reject = (by: Actor) => world.command('ledger.reject-approval', { approvalId, command, reason: 'no' }, undefined, by);
      expect(codeOf(world, reject(admin2))).toBe('SELF_DEALING');
      expect(world.state.approvals!.get(approvalId)).toMatchObject({ status: 'PENDING' });
      // Neither another ADMIN nor its requester is paid by it: either may reject it.
      expect(codeOf(world, reject(command.type === 'ledger.mint' ? admin3 : admin4))).toBe('OK');
      expect(world.state.approvals!.get(approvalId)).toMatchObject({ status: 'REJECTED' });
    }
    expect(world.state.wallets.get('user:2')?.balance ?? 0).toBe(0);
  });

  it("when a person's command made with an API key would pay a SUPERADMIN who asked for or approved the key (mint, reward, refund, payout from REWARDS, a request or an approval), then SELF_DEALING; others are paid", () => {
    const world = funded(1000, 1000);
    const admin5: Actor = { kind: 'user', id: '5', role: 'ADMIN' };
    // The proof of the key the command was sent with (verified by the consumer before the apply):
    // asked for by user 3, approved by user 4.
    const withKey = (command: LedgerCommand, people: object = { createdBy: 3, approvedBy: 4 }) =>
      ({ ...command, keyProof: claimsJws({ api_key_id: 'k', scopes: ['mint', 'refund', 'reward'], ...people }) }) as LedgerCommand;
    const mintTo = (userId: number) => ({ to: { kind: 'user' as const, userId }, amount: 10, reason: 'r' });
    const payoutTo = (toUserId: number) => ({
      from: { kind: 'treasury' as const, code: 'REWARDS' as const },
      lines: [
        { toUserId: 2, amount: 1 },
        { toUserId, amount: 1 },
      ],
      reason: 'cup',
      reference: `cup-${toUserId}`,
    });
    expect(codeOf(world, withKey(world.command('ledger.mint', mintTo(3), undefined, admin5)))).toBe('SELF_DEALING');
    expect(codeOf(world, withKey(world.command('ledger.reward', { toUserId: 4, amount: 10, reason: 'r' }, undefined, admin5)))).toBe(
      'SELF_DEALING',
    );
    const [payout] = world.apply([withKey(world.command('ledger.payout', payoutTo(3), undefined, admin5))]);
    expect(payout?.kind === 'decided' && payout.decision).toMatchObject({ ok: false, code: 'SELF_DEALING', detail: /^lines\[1\]/ });
    expect(
      codeOf(
        world,
        withKey(world.command('ledger.request-approval', { command: { type: 'ledger.mint', data: mintTo(4) } }, undefined, admin5)),
      ),
    ).toBe('SELF_DEALING');
    expect(
      codeOf(
        world,
        withKey(world.command('ledger.request-approval', { command: { type: 'ledger.payout', data: payoutTo(4) } }, undefined, admin5)),
      ),
    ).toBe('SELF_DEALING');
    // A refund pays the purchase's payer: user 3 bought, so a refund made with the key is refused, asked for or direct.
    world.apply([
      world.command('ledger.mint', mintTo(3)),
      world.command('ledger.transfer', {
        kind: 'PURCHASE',
        fromUserId: 3,
        to: { kind: 'treasury', code: 'COURSE_FEES' },
        amount: 5,
        reason: 'p',
      }),
    ]);
    world.drain();
    const purchaseId = world.transactions.find((t) => t.type === 'PURCHASE')!.id;
    const refund = { transactionId: purchaseId, treasury: 'COURSE_FEES' as const, reason: 'r' };
    expect(codeOf(world, withKey(world.command('ledger.refund', refund, undefined, admin5)))).toBe('SELF_DEALING');
    world.state.refundTargets.set(purchaseId, {
      id: purchaseId,
      type: 'PURCHASE',
      amount: 5,
      fromUserId: 3,
      toTreasury: 'COURSE_FEES',
      refunded: 0,
    });
    expect(
      codeOf(
        world,
        withKey(world.command('ledger.request-approval', { command: { type: 'ledger.refund', data: refund } }, undefined, admin5)),
      ),
    ).toBe('SELF_DEALING');
    // Admin 1 asks (with a key of nobody's) to mint to user 4; admin 5's approval with the key asked for by 3 and approved by 4 is refused.
    const requestId = world.nextCommandId();
    const asked = { type: 'ledger.mint' as const, data: mintTo(4) };
    expect(
      codeOf(world, world.command('ledger.request-approval', { command: asked }, requestId, { kind: 'user', id: '1', role: 'ADMIN' })),
    ).toBe('OK');
    expect(
      codeOf(
        world,
        withKey(
          world.command(
            'ledger.approve',
            { approvalId: approvalIdOf({ commandId: requestId, data: {} }), command: asked },
            undefined,
            admin5,
          ),
        ),
      ),
    ).toBe('SELF_DEALING');
    expect(world.state.wallets.get('user:4')!.balance).toBe(0);
    // Anyone else is paid with the same key; a key of no one (an operator's, null claims) refuses no one.
    expect(codeOf(world, withKey(world.command('ledger.reward', { toUserId: 2, amount: 10, reason: 'r' }, undefined, admin5)))).toBe('OK');
    expect(codeOf(world, withKey(world.command('ledger.mint', mintTo(3), undefined, admin5), { createdBy: null, approvedBy: null }))).toBe(
      'OK',
    );
    // A platform client's token is its only credential: a key proof on its command names no one it may not pay.
    expect(
      codeOf(
        world,
        withKey(world.command('ledger.reward', { toUserId: 4, amount: 1, reason: 'r' }, undefined, { kind: 'system', id: 'pc_x' })),
      ),
    ).toBe('OK');
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
    // A refund decided in another treasury's partition (the treasury its request named) debits nothing there.
    expect(codeOf(world, world.command('ledger.refund', { transactionId: purchase.id, treasury: 'REWARDS', reason: 'x' }))).toBe(
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

describe('ledger domain: holds', () => {
  const user = (userId: number): Party => ({ kind: 'user', userId });
  const treasury = (code: TreasuryCode): Party => ({ kind: 'treasury', code });
  const system: Actor = { kind: 'system', id: 'shop' };
  const later = (ms: number) => new Date(now.getTime() + ms);

  function funded(balance: number, policy: LedgerPolicy = defaultPolicy) {
    const world = new World(policy);
    world.apply([world.command('ledger.mint', { to: user(1), amount: balance, reason: 'seed' })]);
    return world;
  }
  function decided(world: World, command: LedgerCommand): Decision {
    const [step] = world.apply([command]);
    if (step?.kind !== 'decided') throw new Error(`${command.type} was not decided`);
    return step.decision;
  }
  const codeOf = (world: World, command: LedgerCommand) => {
    const decision = decided(world, command);
    return decision.ok ? 'OK' : decision.code;
  };
  const wallet = (world: World, userId = 1) => world.state.wallets.get(walletKeyOfUser(userId))!;
  const holdCommand = (
    world: World,
    data: Partial<Extract<LedgerCommand, { type: 'ledger.hold' }>['data']> = {},
  ): Extract<LedgerCommand, { type: 'ledger.hold' }> =>
    world.command('ledger.hold', { fromUserId: 1, to: treasury('COURSE_FEES'), amount: 60, reason: 'order 7', ...data }) as never;
  /** Creates a hold and returns its id. */
  function hold(world: World, data: Parameters<typeof holdCommand>[1] = {}): string {
    const command = holdCommand(world, data);
    expect(codeOf(world, command)).toBe('OK');
    return holdIdOf(command);
  }
  const capture = (world: World, holdId: string, amount?: number, fromUserId = 1) =>
    world.command('ledger.capture-hold', { holdId, fromUserId, ...(amount !== undefined ? { amount } : {}) }, undefined, system);
  const voidHold = (world: World, holdId: string, fromUserId = 1) =>
    world.command('ledger.void-hold', { holdId, fromUserId }, undefined, system);
  const expire = (world: World, holdId: string, fromUserId = 1) =>
    world.command('ledger.expire-hold', { holdId, fromUserId }, undefined, { kind: 'service', id: 'ledger' });
  const transfer = (world: World, amount: number, kind: 'TRANSFER' | 'PURCHASE' = 'TRANSFER') =>
    world.command('ledger.transfer', {
      kind,
      fromUserId: 1,
      to: kind === 'PURCHASE' ? treasury('COURSE_FEES') : user(2),
      amount,
      reason: 'r',
    });
  const burn = (world: World, amount: number) => world.command('ledger.burn', { from: user(1), amount, reason: 'r' });

  it('when a hold is created, then it is PENDING with the id of its command, expires when asked (or by the policy default), and the balance stays', () => {
    const policy: LedgerPolicy = { ...defaultPolicy, holdExpirySecondsDefault: 3600, holdExpirySecondsMax: 7200 };
    const world = funded(100, policy);
    const command = holdCommand(world, { to: user(2), amount: 60, reference: 'order-7', expiresInSeconds: 600 });
    const decision = decided(world, command);
    const id = holdIdOf(command);
    expect(decision).toMatchObject({
      ok: true,
      transaction: null,
      entries: [],
      creditLegs: [],
      subjectKey: 'user:1',
      effects: [
        { kind: 'limits', walletKey: 'user:1', spent: { amount: 60, count: 1 } },
        {
          kind: 'holds',
          event: 'created',
          hold: {
            id,
            fromUserId: 1,
            to: user(2),
            amount: 60,
            reason: 'order 7',
            reference: 'order-7',
            status: 'PENDING',
            expiresAt: later(600_000),
            createdAt: now,
            capturedAmount: null,
            transactionId: null,
          },
        },
      ],
    });
    expect(world.state.holds!.get(id)).toMatchObject({ status: 'PENDING', amount: 60 });
    expect(wallet(world)).toMatchObject({ balance: 100, held: 60 });
    expect(activeOf(wallet(world))).toBe(40);
    expect(world.known.get(command.commandId)?.reply).toMatchObject({
      wallet: { balance: 1, activeCoins: 0.4 },
      hold: { status: 'PENDING' },
    });

    const byDefault = hold(world, { amount: 1 });
    expect(world.state.holds!.get(byDefault)?.expiresAt).toEqual(later(3_600_000));
    expect(codeOf(world, holdCommand(world, { amount: 1, expiresInSeconds: 7200 }))).toBe('OK');
    expect(codeOf(world, holdCommand(world, { amount: 1, expiresInSeconds: 7201 }))).toBe('VALIDATION_FAILED');
    expect(wallet(world).held).toBe(62);
  });

  it("when a hold command carries the gateway's random nonce, then the hold id is not the one its command id alone names; a redelivery names the same hold, another nonce another", () => {
    const world = funded(100);
    const command = holdCommand(world, { amount: 10, idNonce: 'q0W9vJ3nL8xR2tY6uI1oPa' });
    const decision = decided(world, command);
    if (!decision.ok) throw new Error(decision.code);
    const id = holdChangesOf(decision)[0]!.hold.id;
    expect(id).toBe(holdIdOf(command));
    expect(id).not.toBe(uuidV5(`ledger.hold:${command.commandId}`));
    // Redelivered: answered from the stored outcome, the same hold.
    const [again] = world.apply([command]);
    expect(again?.kind).toBe('stored');
    expect(world.state.holds!.size).toBe(1);
    expect(holdIdOf({ ...command, data: { ...command.data, idNonce: 'Zz0W9vJ3nL8xR2tY6uI1oP' } })).not.toBe(id);
  });

  it('when a hold is placed with a nonce, then its id names its payer; a capture or void of it naming another payer, or an id rewritten to name another, is refused and the hold stays', () => {
    const world = funded(100);
    world.apply([world.command('ledger.open-wallet', { userId: 2 })]);
    const id = hold(world, { amount: 10, idNonce: 'q0W9vJ3nL8xR2tY6uI1oPa' });
    expect(payerOfHoldId(id)).toBe(1);
    // The id rewritten to name payer 2, sent to payer 2's partition, as an insider with the gateway's credentials could.
    const forged = `${id.slice(0, 21)}${holdIdNamingPayer(2, '0'.repeat(32)).slice(21)}`;
    expect(payerOfHoldId(forged)).toBe(2);
    for (const command of [
      capture(world, id, undefined, 2),
      voidHold(world, id, 2),
      capture(world, forged, undefined, 2),
      voidHold(world, forged, 2),
    ]) {
      expect(codeOf(world, command)).toBe('HOLD_NOT_FOUND');
    }
    expect(world.state.holds!.get(id)).toMatchObject({ status: 'PENDING', fromUserId: 1 });
    expect(codeOf(world, capture(world, id, 4))).toBe('OK');
  });

  it('when a hold names the payer, a closed or unknown recipient, a payer without a wallet, or more than the active coins, then it is refused', () => {
    const world = funded(100);
    world.apply([world.command('ledger.close-wallet', { userId: 3, reason: 'deleted' })]);
    hold(world, { amount: 70 });
    expect(codeOf(world, holdCommand(world, { to: user(1) }))).toBe('SELF_TRANSFER');
    expect(codeOf(world, holdCommand(world, { to: user(3), amount: 1 }))).toBe('RECIPIENT_CLOSED');
    expect(codeOf(world, holdCommand(world, { to: user(99), amount: 1 }))).toBe('USER_NOT_FOUND');
    expect(codeOf(world, holdCommand(world, { fromUserId: 99, amount: 1 }))).toBe('WALLET_NOT_FOUND');
    const overActive = decided(world, holdCommand(world, { amount: 31 }));
    expect(overActive).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS', detail: expect.stringContaining('0.70 held') });
    expect(codeOf(world, holdCommand(world, { amount: 30 }))).toBe('OK');
    expect(wallet(world)).toMatchObject({ balance: 100, held: 100 });
  });

  it('when coins are held, then a transfer, purchase or burn above the active coins is refused and one within passes', () => {
    const world = funded(100);
    hold(world, { amount: 60 });
    for (const command of [transfer(world, 41), transfer(world, 41, 'PURCHASE'), burn(world, 41)]) {
      expect(codeOf(world, command)).toBe('INSUFFICIENT_FUNDS');
    }
    expect(wallet(world)).toMatchObject({ balance: 100, held: 60 });
    expect(codeOf(world, transfer(world, 20))).toBe('OK');
    expect(codeOf(world, transfer(world, 10, 'PURCHASE'))).toBe('OK');
    expect(codeOf(world, burn(world, 10))).toBe('OK');
    expect(wallet(world)).toMatchObject({ balance: 60, held: 60 });
    expect(codeOf(world, burn(world, 1))).toBe('INSUFFICIENT_FUNDS');
  });

  it('when a hold to a treasury is captured in full, then a PURCHASE with its holdId takes it, held returns to 0 and the treasury gets a credit leg', () => {
    const world = funded(100);
    const id = hold(world, { amount: 60, reference: 'order-7' });
    const command = capture(world, id);
    const decision = decided(world, command);
    if (!decision.ok) throw new Error(decision.code);
    const transaction = decision.transaction!;
    expect(transaction).toMatchObject({
      type: 'PURCHASE',
      amount: 60,
      from: user(1),
      to: treasury('COURSE_FEES'),
      reason: 'order 7',
      reference: 'order-7',
      holdId: id,
      refundOf: null,
    });
    expect(decision.entries).toEqual([{ transactionId: transaction.id, walletKey: 'user:1', amount: -60 }]);
    expect(decision.creditLegs).toEqual([
      { transactionId: transaction.id, transactionType: 'PURCHASE', to: treasury('COURSE_FEES'), amount: 60, returnTo: user(1) },
    ]);
    expect(decision.effects.filter((effect) => effect.kind === 'limits')).toEqual([]); // counted when the hold was created
    expect(holdChangesOf(decision)).toEqual([
      {
        kind: 'holds',
        event: 'captured',
        hold: expect.objectContaining({ id, status: 'CAPTURED', capturedAmount: 60, transactionId: transaction.id }),
      },
    ]);
    expect(wallet(world)).toMatchObject({ balance: 40, held: 0, totalSent: 60 });
    world.drain();
    expect(world.state.wallets.get('treasury:COURSE_FEES')!.balance).toBe(60);
    expect(world.balances()).toBe(world.supply());
  });

  it('when a hold to a user is captured in part, then a TRANSFER of that part with its holdId, the rest is released and the user gets a credit leg', () => {
    const world = funded(100);
    // Settled by the platform client its payer named (a hold paying a user is settled by no other).
    const id = hold(world, { to: user(2), amount: 80, settlerClientId: 'shop' });
    const decision = decided(world, capture(world, id, 30));
    if (!decision.ok) throw new Error(decision.code);
    expect(decision.transaction).toMatchObject({ type: 'TRANSFER', amount: 30, from: user(1), to: user(2), holdId: id });
    expect(decision.creditLegs).toEqual([
      { transactionId: decision.transaction!.id, transactionType: 'TRANSFER', to: user(2), amount: 30, returnTo: user(1) },
    ]);
    expect(world.state.holds!.get(id)).toMatchObject({ status: 'CAPTURED', amount: 80, capturedAmount: 30 });
    expect(wallet(world)).toMatchObject({ balance: 70, held: 0 });
    expect(activeOf(wallet(world))).toBe(70);
    world.drain();
    expect(wallet(world, 2).balance).toBe(30);
  });

  it('when a capture asks for more than is held, then CAPTURE_EXCEEDS_HOLD and the hold stays', () => {
    const world = funded(100);
    const id = hold(world, { amount: 60 });
    expect(codeOf(world, capture(world, id, 61))).toBe('CAPTURE_EXCEEDS_HOLD');
    expect(world.state.holds!.get(id)?.status).toBe('PENDING');
    expect(wallet(world)).toMatchObject({ balance: 100, held: 60 });
    expect(codeOf(world, capture(world, id, 60))).toBe('OK');
  });

  it('when a hold is CAPTURED, VOIDED or EXPIRED, then a capture or a void of it is HOLD_NOT_PENDING and changes nothing', () => {
    const world = funded(100);
    const captured = hold(world, { amount: 10 });
    const voided = hold(world, { amount: 10 });
    const expired = hold(world, { amount: 10, expiresInSeconds: 60 });
    expect(codeOf(world, capture(world, captured, 4))).toBe('OK');
    expect(codeOf(world, voidHold(world, voided))).toBe('OK');
    world.at = later(60_000);
    expect(decided(world, expire(world, expired))).toMatchObject({ ok: true, effects: [{ kind: 'holds', event: 'expired' }] });
    const before = world.snapshot();
    for (const id of [captured, voided, expired]) {
      expect(codeOf(world, capture(world, id))).toBe('HOLD_NOT_PENDING');
      expect(codeOf(world, capture(world, id, 1))).toBe('HOLD_NOT_PENDING');
      expect(codeOf(world, voidHold(world, id))).toBe('HOLD_NOT_PENDING');
    }
    expect(world.snapshot()).toBe(before);
    expect(world.transactions.filter((t) => t.holdId !== null)).toHaveLength(1);
  });

  it('when a capture comes at or after the expiry, then HOLD_NOT_PENDING even before the expiry is applied; 1 ms before, it takes the hold', () => {
    const world = funded(100);
    const first = hold(world, { amount: 10, expiresInSeconds: 60 });
    const second = hold(world, { amount: 20, expiresInSeconds: 60 });
    world.at = later(60_000 - 1);
    expect(codeOf(world, capture(world, first))).toBe('OK');
    world.at = later(60_000);
    expect(codeOf(world, capture(world, second))).toBe('HOLD_NOT_PENDING');
    world.at = later(61_000);
    expect(codeOf(world, capture(world, second, 1))).toBe('HOLD_NOT_PENDING');
    expect(wallet(world)).toMatchObject({ balance: 90, held: 20 });
    expect(decided(world, expire(world, second))).toMatchObject({ ok: true, effects: [{ kind: 'holds', event: 'expired' }] });
    expect(wallet(world)).toMatchObject({ balance: 90, held: 0 });
  });

  it("when a capture, void or expiry names another payer's hold or no hold, then HOLD_NOT_FOUND and the hold stays", () => {
    const world = funded(100);
    world.apply([world.command('ledger.mint', { to: user(2), amount: 50, reason: 'seed' })]);
    const id = hold(world, { amount: 60 });
    for (const command of [capture(world, id, undefined, 2), voidHold(world, id, 2), expire(world, id, 2)]) {
      expect(codeOf(world, command)).toBe('HOLD_NOT_FOUND');
    }
    const unknown = holdIdOf({ commandId: 'never sent', data: { fromUserId: 1 } });
    for (const command of [capture(world, unknown), voidHold(world, unknown), expire(world, unknown)]) {
      expect(codeOf(world, command)).toBe('HOLD_NOT_FOUND');
    }
    expect(world.state.holds!.get(id)?.status).toBe('PENDING');
    expect(wallet(world)).toMatchObject({ balance: 100, held: 60 });
    expect(wallet(world, 2)).toMatchObject({ balance: 50, held: 0 });
  });

  it('when a hold is voided, then it is VOIDED, its coins are active again and nothing moves', () => {
    const world = funded(100);
    const id = hold(world, { amount: 60 });
    const decision = decided(world, voidHold(world, id));
    expect(decision).toMatchObject({
      ok: true,
      transaction: null,
      entries: [],
      creditLegs: [],
      effects: [{ kind: 'holds', event: 'voided' }],
    });
    expect(world.state.holds!.get(id)).toMatchObject({ status: 'VOIDED', capturedAmount: null, transactionId: null });
    expect(wallet(world)).toMatchObject({ balance: 100, held: 0 });
    expect(codeOf(world, transfer(world, 100))).toBe('OK');
  });

  it('when a hold paying a user names no settler, then no platform client captures or voids it, however granted (FORBIDDEN); an ADMIN+ settles it', () => {
    const world = funded(100);
    const unnamed = hold(world, { amount: 10, to: user(2) });
    expect(decided(world, capture(world, unnamed))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(decided(world, voidHold(world, unnamed))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    world.clientGrants = [];
    expect(decided(world, capture(world, unnamed))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(world.state.holds!.get(unnamed)?.status).toBe('PENDING');
    expect(wallet(world, 2).balance).toBe(0);
    const admin: Actor = { kind: 'user', id: '9', role: 'ADMIN' };
    expect(codeOf(world, world.command('ledger.capture-hold', { holdId: unnamed, fromUserId: 1 }, undefined, admin))).toBe('OK');
  });

  it('when a hold names its settler, then that platform client alone captures or voids it (granted nothing), another is FORBIDDEN, and an ADMIN+ only voids it', () => {
    const world = funded(100);
    world.clientGrants = [];
    const other: Actor = { kind: 'system', id: 'another-shop' };
    const admin: Actor = { kind: 'user', id: '9', role: 'ADMIN' };
    const named = hold(world, { amount: 10, to: user(2), settlerClientId: 'shop' });
    expect(world.state.holds!.get(named)?.settlerClientId).toBe('shop');
    expect(codeOf(world, world.command('ledger.capture-hold', { holdId: named, fromUserId: 1 }, undefined, other))).toBe('FORBIDDEN');
    expect(codeOf(world, world.command('ledger.void-hold', { holdId: named, fromUserId: 1 }, undefined, other))).toBe('FORBIDDEN');
    expect(codeOf(world, world.command('ledger.capture-hold', { holdId: named, fromUserId: 1 }, undefined, admin))).toBe('FORBIDDEN');
    expect(world.state.holds!.get(named)?.status).toBe('PENDING');
    expect(codeOf(world, capture(world, named, 4))).toBe('OK');
    expect(world.state.holds!.get(named)).toMatchObject({ status: 'CAPTURED', capturedAmount: 4 });

    const released = hold(world, { amount: 10, to: user(2), settlerClientId: 'shop' });
    expect(codeOf(world, world.command('ledger.void-hold', { holdId: released, fromUserId: 1 }, undefined, admin))).toBe('OK');
    // A hold to a treasury naming a client: that client, and only if granted the treasury.
    const toShop = hold(world, { amount: 10, settlerClientId: 'shop' });
    expect(codeOf(world, capture(world, toShop))).toBe('FORBIDDEN');
    world.clientGrants = ['COURSE_FEES'];
    expect(codeOf(world, world.command('ledger.capture-hold', { holdId: toShop, fromUserId: 1 }, undefined, other))).toBe('FORBIDDEN');
    expect(codeOf(world, capture(world, toShop))).toBe('OK');
  });

  it('when an ADMIN+ captures a hold paying themselves, then SELF_DEALING and the hold stays; voiding it is theirs to do', () => {
    const world = funded(100);
    const toAdmin = hold(world, { amount: 10, to: user(2) });
    const admin: Actor = { kind: 'user', id: '2', role: 'ADMIN' };
    expect(codeOf(world, world.command('ledger.capture-hold', { holdId: toAdmin, fromUserId: 1 }, undefined, admin))).toBe('SELF_DEALING');
    expect(world.state.holds!.get(toAdmin)?.status).toBe('PENDING');
    expect(codeOf(world, world.command('ledger.void-hold', { holdId: toAdmin, fromUserId: 1 }, undefined, admin))).toBe('OK');
  });

  it("when a platform client settles a hold paying a treasury it was not granted, then FORBIDDEN and the hold stays; a granted treasury's hold it settles", () => {
    const world = funded(100);
    world.clientGrants = ['REWARDS', 'SUBSCRIPTIONS'];
    const toCourseFees = hold(world, { amount: 10 });
    expect(decided(world, capture(world, toCourseFees))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(decided(world, voidHold(world, toCourseFees))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(world.state.holds!.get(toCourseFees)?.status).toBe('PENDING');
    // An ADMIN+ settles any hold.
    expect(codeOf(world, world.command('ledger.void-hold', { holdId: toCourseFees, fromUserId: 1 }))).toBe('OK');

    const toSubscriptions = hold(world, { amount: 10, to: treasury('SUBSCRIPTIONS') });
    expect(codeOf(world, capture(world, toSubscriptions))).toBe('OK');

    // A token without the claim grants no treasury.
    world.clientGrants = undefined;
    const noClaim = hold(world, { amount: 10, to: treasury('SUBSCRIPTIONS') });
    expect(decided(world, voidHold(world, noClaim))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });

  it('when an expiry comes before the hold is due, then nothing changes; once due, EXPIRED and released; a resolved hold is left as it is', () => {
    const world = funded(100);
    const id = hold(world, { amount: 60, expiresInSeconds: 3600 });
    const captured = hold(world, { amount: 10, expiresInSeconds: 60 });
    expect(codeOf(world, capture(world, captured))).toBe('OK');

    world.at = later(3_600_000 - 1);
    const early = expire(world, id);
    expect(decided(world, early)).toMatchObject({ ok: true, effects: [], transaction: null });
    expect(world.known.get(early.commandId)?.reply).toEqual({ hold: null, expired: false });
    expect(world.state.holds!.get(id)?.status).toBe('PENDING');
    expect(wallet(world)).toMatchObject({ balance: 90, held: 60 });

    world.at = later(3_600_000);
    const due = expire(world, id);
    expect(decided(world, due)).toMatchObject({ ok: true, transaction: null, entries: [], effects: [{ kind: 'holds', event: 'expired' }] });
    expect(world.known.get(due.commandId)?.reply).toMatchObject({ hold: { status: 'EXPIRED' }, expired: true });
    expect(world.state.holds!.get(id)).toMatchObject({ status: 'EXPIRED', updatedAt: later(3_600_000) });
    expect(wallet(world)).toMatchObject({ balance: 90, held: 0 });

    const before = world.snapshot();
    expect(decided(world, expire(world, id))).toMatchObject({ ok: true, effects: [] });
    expect(decided(world, expire(world, captured))).toMatchObject({ ok: true, effects: [] });
    expect(world.snapshot()).toBe(before);
    expect(world.state.holds!.get(captured)?.status).toBe('CAPTURED');
  });

  it('when a wallet with pending holds is closed, then they are voided first and the whole balance is burned; resolved and other holds stay', () => {
    const world = funded(100);
    world.apply([world.command('ledger.mint', { to: user(2), amount: 50, reason: 'seed' })]);
    const captured = hold(world, { amount: 10 });
    expect(codeOf(world, capture(world, captured))).toBe('OK');
    const toUser = hold(world, { to: user(2), amount: 30 });
    const toTreasury = hold(world, { amount: 20 });
    const others = hold(world, { fromUserId: 2, to: user(3), amount: 40 });
    const decision = decided(world, world.command('ledger.close-wallet', { userId: 1, reason: 'Account deleted (user 1)' }));
    if (!decision.ok) throw new Error(decision.code);
    expect(holdChangesOf(decision).map((h) => [h.hold.id, h.event, h.hold.status])).toEqual([
      [toUser, 'voided', 'VOIDED'],
      [toTreasury, 'voided', 'VOIDED'],
    ]);
    expect(decision.transaction).toMatchObject({ type: 'BURN', amount: 90, from: user(1), reason: 'Account deleted (user 1)' });
    expect(wallet(world)).toMatchObject({ balance: 0, held: 0, status: 'CLOSED' });
    expect(world.state.holds!.get(captured)?.status).toBe('CAPTURED');
    expect(world.state.holds!.get(others)?.status).toBe('PENDING');
    expect(wallet(world, 2)).toMatchObject({ balance: 50, held: 40 });
    world.drain();
    expect(world.balances()).toBe(world.supply());
  });

  it('when a hold, capture, void or expiry is delivered again, then it gets its stored outcome and nothing changes', () => {
    const world = funded(100);
    const create = holdCommand(world, { amount: 60, expiresInSeconds: 60 });
    const id = holdIdOf(create as Extract<LedgerCommand, { type: 'ledger.hold' }>);
    const take = capture(world, id, 25);
    const release = voidHold(world, id);
    const lapse = expire(world, id);
    world.apply([create, take, create, release]);
    world.at = later(60_000);
    world.apply([lapse]);
    const before = world.snapshot();
    const steps = world.apply([create, take, release, lapse, take]);
    expect(steps.map((s) => s.kind)).toEqual(['stored', 'stored', 'stored', 'stored', 'stored']);
    expect(steps.map((s) => s.kind === 'stored' && s.outcome.ok)).toEqual([true, true, false, true, true]);
    expect(world.snapshot()).toBe(before);
    expect(world.state.holds!.get(id)).toMatchObject({ status: 'CAPTURED', capturedAmount: 25 });
    expect(world.transactions.filter((t) => t.holdId === id)).toHaveLength(1);
    expect(wallet(world)).toMatchObject({ balance: 75, held: 0 });
  });
});

describe('ledger domain: spending limits', () => {
  const user = (userId: number): Party => ({ kind: 'user', userId });
  const treasury = (code: TreasuryCode): Party => ({ kind: 'treasury', code });
  const at = (hours: number, minutes = 0) => new Date(now.getTime() + hours * hourMs + minutes * 60_000);
  const as = (role?: Role): Actor => (role ? { kind: 'user', id: 'u', role } : { kind: 'user', id: 'u' });
  const limited = (l: Partial<Limits>): Limits => ({ ...noLimits, ...l });

  function funded(policy: LedgerPolicy = defaultPolicy, balance = 1_000_000) {
    const world = new World(policy);
    world.apply([
      ...userIds.map((userId) => world.command('ledger.mint', { to: user(userId), amount: balance, reason: 'seed' })),
      world.command('ledger.mint', { to: treasury('REWARDS'), amount: balance, reason: 'seed' }),
      world.command('ledger.mint', { to: treasury('OPERATIONS'), amount: balance, reason: 'seed' }),
    ]);
    return world;
  }
  function decided(world: World, command: LedgerCommand): Decision {
    const [step] = world.apply([command]);
    if (step?.kind !== 'decided') throw new Error(`${command.type} was not decided`);
    return step.decision;
  }
  const codeOf = (world: World, command: LedgerCommand) => {
    const decision = decided(world, command);
    return decision.ok ? 'OK' : decision.code;
  };
  const transfer = (world: World, amount: number, fromUserId = 1, by: Actor = as()) =>
    world.command(
      'ledger.transfer',
      { kind: 'TRANSFER', fromUserId, to: user(fromUserId === 2 ? 3 : 2), amount, reason: 'r' },
      undefined,
      by,
    );
  const purchase = (world: World, amount: number, fromUserId = 1) =>
    world.command('ledger.transfer', { kind: 'PURCHASE', fromUserId, to: treasury('COURSE_FEES'), amount, reason: 'r' }, undefined, as());
  const setLimits = (world: World, userId: number, overrides: LimitOverrides) =>
    world.command('ledger.set-limits', { userId, overrides }, undefined, { kind: 'user', id: 'admin', role: 'ADMIN' });
  /** The problem members a refusal carries: in the decision and in the stored outcome. */
  function refusal(world: World, command: LedgerCommand) {
    const decision = decided(world, command);
    expect(decision).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
    const reply = world.known.get(command.commandId)?.reply as { extra?: unknown };
    expect(reply.extra).toEqual(decision.ok ? undefined : decision.extra);
    return decision.ok ? undefined : decision.extra;
  }

  it('when a transfer would pass the daily amount override, then LIMIT_EXCEEDED with the limit in coins, the usage and when it fits again', () => {
    const world = funded();
    world.at = at(0, 30);
    expect(decided(world, setLimits(world, 1, { dailyAmount: 10_000 }))).toMatchObject({
      ok: true,
      effects: [{ kind: 'limits', walletKey: 'user:1', overrides: { dailyAmount: 10_000 } }],
    });
    expect(world.state.wallets.get('user:1')!.limits).toEqual({ dailyAmount: 10_000 });
    expect(codeOf(world, transfer(world, 6000))).toBe('OK');
    world.at = at(2);
    expect(codeOf(world, purchase(world, 1000))).toBe('OK');
    world.at = at(5);
    expect(refusal(world, transfer(world, 3001))).toEqual({
      limit: { name: 'dailyAmount', value: 100, used: 70, resetsAt: '2025-01-02T00:00:00.000Z' },
    });
    expect(codeOf(world, transfer(world, 3000))).toBe('OK'); // exactly at the limit
    expect(world.state.wallets.get('user:1')!.balance).toBe(1_000_000 - 10_000);
    world.at = new Date(at(24).getTime() - 1);
    expect(codeOf(world, transfer(world, 1))).toBe('LIMIT_EXCEEDED');
    world.at = at(24);
    expect(codeOf(world, transfer(world, 6000))).toBe('OK');
  });

  it('when a debit passes the daily count or the single operation override, then LIMIT_EXCEEDED names that limit', () => {
    const world = funded();
    world.apply([setLimits(world, 1, { dailyCount: 2, singleAmount: 500 })]);
    expect(refusal(world, transfer(world, 501))).toEqual({ limit: { name: 'singleAmount', value: 5, used: 0, resetsAt: null } });
    expect(codeOf(world, transfer(world, 500))).toBe('OK');
    world.at = at(3);
    expect(codeOf(world, purchase(world, 1))).toBe('OK');
    expect(refusal(world, transfer(world, 1))).toEqual({
      limit: { name: 'dailyCount', value: 2, used: 2, resetsAt: '2025-01-02T00:00:00.000Z' },
    });
    // Refusals are not counted: the count fits again as soon as the first hour leaves.
    world.at = at(24);
    expect(codeOf(world, transfer(world, 1))).toBe('OK');
  });

  it('when a hold is created, then it counts against the limits like a debit, and its capture is neither counted nor refused', () => {
    const world = funded();
    world.apply([setLimits(world, 1, { dailyCount: 1 })]);
    const create = world.command(
      'ledger.hold',
      { fromUserId: 1, to: treasury('COURSE_FEES'), amount: 700, reason: 'order' },
      undefined,
      as(),
    );
    expect(codeOf(world, create)).toBe('OK');
    expect(refusal(world, transfer(world, 1))).toMatchObject({ limit: { name: 'dailyCount', used: 1 } });
    const again = world.command('ledger.hold', { fromUserId: 1, to: treasury('COURSE_FEES'), amount: 1, reason: 'order' }, undefined, as());
    expect(codeOf(world, again)).toBe('LIMIT_EXCEEDED');
    const take = world.command(
      'ledger.capture-hold',
      { holdId: holdIdOf(create as Extract<LedgerCommand, { type: 'ledger.hold' }>), fromUserId: 1 },
      undefined,
      {
        kind: 'system',
        id: 'shop',
      },
    );
    expect(codeOf(world, take)).toBe('OK');
    expect(world.state.wallets.get('user:1')!.spending).toEqual([{ hour: Math.floor(now.getTime() / hourMs), amount: 700, count: 1 }]);
  });

  it('when every role is limited to nothing, then treasury debits (REWARDS included), refunds and burns still pass; a user debit does not', () => {
    const none = limited({ dailyAmount: 0, dailyCount: 0, singleAmount: 0 });
    const world = funded({ ...defaultPolicy, limits: { USER: none, DEVELOPER: none, ADMIN: none, SUPERADMIN: none } });
    expect(codeOf(world, purchase(world, 100))).toBe('LIMIT_EXCEEDED');
    world.apply([setLimits(world, 1, { dailyAmount: null, dailyCount: null, singleAmount: null })]);
    expect(codeOf(world, purchase(world, 100))).toBe('OK');
    world.drain();
    const bought = world.transactions.find((t) => t.type === 'PURCHASE')!;
    const admin: Actor = { kind: 'user', id: 'admin', role: 'ADMIN' };
    for (const command of [
      world.command('ledger.reward', { toUserId: 2, amount: 100, reason: 'prize' }, undefined, { kind: 'system', id: 'quiz' }),
      world.command('ledger.burn', { from: treasury('OPERATIONS'), amount: 100, reason: 'r' }, undefined, admin),
      world.command('ledger.burn', { from: user(2), amount: 100, reason: 'r' }, undefined, admin),
      world.command('ledger.refund', { transactionId: bought.id, treasury: 'COURSE_FEES', reason: 'r' }, undefined, admin),
    ]) {
      expect(codeOf(world, command)).toBe('OK');
    }
    expect(codeOf(world, transfer(world, 1, 2))).toBe('LIMIT_EXCEEDED');
    world.drain();
    expect(world.balances()).toBe(world.supply());
  });

  it("when no override is set, then the defaults of the command's actor role apply, USER when it has none or is not a user", () => {
    const world = funded({
      ...defaultPolicy,
      limits: {
        USER: limited({ dailyCount: 1 }),
        DEVELOPER: limited({ dailyCount: 3 }),
        ADMIN: noLimits,
        SUPERADMIN: limited({ dailyCount: 0 }),
      },
    });
    const count = (userId: number, by: Actor) => {
      let accepted = 0;
      while (accepted < 10 && codeOf(world, transfer(world, 1, userId, by)) === 'OK') accepted += 1;
      return accepted;
    };
    expect(count(1, as('DEVELOPER'))).toBe(3);
    expect(count(2, as())).toBe(1);
    expect(count(3, { kind: 'system', id: 'shop', role: 'ADMIN' })).toBe(1);
    expect(count(4, as('ADMIN'))).toBe(10);
    expect(count(5, as('SUPERADMIN'))).toBe(0);
    expect(refusal(world, transfer(world, 1, 1, as('DEVELOPER')))).toMatchObject({ limit: { name: 'dailyCount', value: 3, used: 3 } });
    // An override replaces the role's default; an absent field keeps it.
    world.apply([setLimits(world, 2, { dailyCount: null })]);
    expect(count(2, as())).toBe(10);
    world.apply([setLimits(world, 2, { dailyAmount: 1_000_000 })]);
    expect(codeOf(world, transfer(world, 1, 2, as()))).toBe('LIMIT_EXCEEDED');
    expect(codeOf(world, transfer(world, 1, 2, as('ADMIN')))).toBe('OK');
    expect(codeOf(world, setLimits(world, 99, {}))).toBe('WALLET_NOT_FOUND');
  });
});

describe('ledger domain: four-eyes by window', () => {
  const fourEyes = { actorWindow: 10_000, recipientWindow: 15_000, treasuryMint: true, clientDailyRewards: 5_000 };
  const admin = (id: number): Actor => ({ kind: 'user', id: String(id), role: 'ADMIN' });
  // The seed is no person's movement: an operator's, which four-eyes does not count.
  const seeder: Actor = { kind: 'operator', id: 'seed' };
  const world = () => {
    const w = new World({ ...defaultPolicy, fourEyes });
    w.apply([
      w.command('ledger.mint', { to: { kind: 'user', userId: 1 }, amount: 50_000, reason: 'seed' }, undefined, seeder),
      w.command('ledger.mint', { to: { kind: 'treasury', code: 'REWARDS' }, amount: 50_000, reason: 'seed' }, undefined, seeder),
    ]);
    return w;
  };
  const mint = (w: World, by: Actor, userId: number, amount: number) =>
    w.command('ledger.mint', { to: { kind: 'user', userId }, amount, reason: 'r' }, undefined, by);
  const stepOf = (w: World, command: LedgerCommand) => {
    const [step] = w.apply([command]);
    if (step?.kind !== 'decided') throw new Error('not decided');
    return step.decision;
  };
  const parked = (w: World, command: LedgerCommand) => {
    const decision = stepOf(w, command);
    return decision.ok && decision.parked;
  };

  it('when one admin splits a mint under the threshold, then the request that takes their day to it waits for a second person', () => {
    const w = world();
    expect(parked(w, mint(w, admin(10), 2, 6_000))).toBe(false);
    expect(parked(w, mint(w, admin(10), 3, 3_999))).toBe(false);
    // 9,999 moved alone; one more minor unit reaches 10,000.
    const third = mint(w, admin(10), 4, 1);
    const decision = stepOf(w, third);
    expect(decision.ok && decision.parked).toBe(true);
    expect(w.state.wallets.get('user:4')!.balance).toBe(0);
    expect(decision.ok && approvalChangesOf(decision)[0]?.approval).toMatchObject({ status: 'PENDING', requestedBy: admin(10) });
    // Another admin's window is their own.
    expect(parked(w, mint(w, admin(11), 4, 1))).toBe(false);
  });

  it('when burns, refunds and rewards of one admin add up, then they share one window; a burn refused anyway is refused, not parked', () => {
    const w = world();
    expect(
      parked(w, w.command('ledger.burn', { from: { kind: 'user', userId: 1 }, amount: 4_000, reason: 'r' }, undefined, admin(10))),
    ).toBe(false);
    expect(parked(w, w.command('ledger.reward', { toUserId: 2, amount: 4_000, reason: 'r' }, undefined, admin(10)))).toBe(false);
    const overBalance = stepOf(
      w,
      w.command('ledger.burn', { from: { kind: 'user', userId: 3 }, amount: 5_000, reason: 'r' }, undefined, admin(10)),
    );
    expect(overBalance).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
    // A person's reward past the window waits for a second person too (its events: coin.approvals.v2).
    const reward = stepOf(w, w.command('ledger.reward', { toUserId: 3, amount: 2_000, reason: 'r' }, undefined, admin(10)));
    expect(reward).toMatchObject({ ok: true, parked: true, transaction: null });
    const request = reward.ok ? approvalChangesOf(reward)[0]!.approval : undefined;
    expect(request?.command).toEqual({ type: 'ledger.reward', data: { toUserId: 3, amount: 2_000, reason: 'r' } });
    // Another admin approves: the requester's reward is applied, and does not count in the window again.
    const approve = { approvalId: request!.id, command: request!.command, requestHash: 'h' };
    expect(stepOf(w, w.command('ledger.approve', approve, undefined, admin(11)))).toMatchObject({
      ok: true,
      transaction: { type: 'REWARD', amount: 2_000, to: { kind: 'user', userId: 3 } },
    });
    expect(
      parked(w, w.command('ledger.burn', { from: { kind: 'user', userId: 1 }, amount: 2_000, reason: 'r' }, undefined, admin(10))),
    ).toBe(true);
  });

  it('when several admins pay one wallet, then what it receives from admins has its own window', () => {
    const w = world();
    expect(parked(w, mint(w, admin(10), 2, 8_000))).toBe(false);
    expect(parked(w, mint(w, admin(11), 2, 6_999))).toBe(false);
    expect(parked(w, mint(w, admin(12), 2, 1))).toBe(true);
    expect(w.state.wallets.get('user:2')!.balance).toBe(14_999);
  });

  it('when a parked request is approved, then it applies once and counts in no window; the day rolls over after 24 hours', () => {
    const w = world();
    const requestId = w.nextCommandId();
    const big = w.command('ledger.mint', { to: { kind: 'user', userId: 2 }, amount: 20_000, reason: 'r' }, requestId, admin(10));
    expect(parked(w, big)).toBe(true);
    const approve = w.command(
      'ledger.approve',
      {
        approvalId: approvalIdOf({ commandId: requestId, data: {} }),
        command: { type: 'ledger.mint', data: { to: { kind: 'user', userId: 2 }, amount: 20_000, reason: 'r' } },
      },
      undefined,
      admin(11),
    );
    expect(stepOf(w, approve)).toMatchObject({ ok: true, parked: false });
    expect(w.state.wallets.get('user:2')!.balance).toBe(20_000);
    // Neither admin's window counted the approved mint.
    expect(parked(w, mint(w, admin(10), 3, 9_999))).toBe(false);
    expect(parked(w, mint(w, admin(11), 3, 1))).toBe(false);
    expect(parked(w, mint(w, admin(10), 5, 1))).toBe(true);
    w.tick(24 * 3_600_000);
    expect(parked(w, mint(w, admin(10), 5, 9_999))).toBe(false);
  });

  it('when an admin mints into a treasury, then it waits for a second person whatever the amount', () => {
    const w = world();
    expect(
      parked(w, w.command('ledger.mint', { to: { kind: 'treasury', code: 'REWARDS' }, amount: 1, reason: 'r' }, undefined, admin(10))),
    ).toBe(true);
  });

  it("when a platform client rewards past its daily cap, then LIMIT_EXCEEDED (clientDailyRewards), never parked; another client's cap is its own", () => {
    const w = world();
    const client: Actor = { kind: 'system', id: 'pc_tournaments' };
    const reward = (by: Actor, amount: number) => w.command('ledger.reward', { toUserId: 2, amount, reason: 'r' }, undefined, by);
    expect(stepOf(w, reward(client, 5_000)).ok).toBe(true);
    const over = stepOf(w, reward(client, 1));
    expect(over).toMatchObject({
      ok: false,
      code: 'LIMIT_EXCEEDED',
      extra: { limit: { name: 'clientDailyRewards', value: 50, used: 50 } },
    });
    expect(stepOf(w, reward({ kind: 'system', id: 'pc_shop' }, 1)).ok).toBe(true);
  });

  it('when a platform client rewards or pays out to a SUPERADMIN who asked for or approved it, then SELF_DEALING; others are paid', () => {
    const w = world();
    w.clientPeople = { createdBy: 3, approvedBy: 4 };
    const client: Actor = { kind: 'system', id: 'pc_tournaments' };
    const reward = (toUserId: number) => stepOf(w, w.command('ledger.reward', { toUserId, amount: 10, reason: 'r' }, undefined, client));
    expect([reward(3), reward(4)]).toEqual([
      expect.objectContaining({ ok: false, code: 'SELF_DEALING' }),
      expect.objectContaining({ ok: false, code: 'SELF_DEALING' }),
    ]);
    expect(reward(2).ok).toBe(true);
    const payout = stepOf(
      w,
      w.command(
        'ledger.payout',
        {
          from: { kind: 'treasury', code: 'REWARDS' },
          lines: [
            { toUserId: 2, amount: 1 },
            { toUserId: 4, amount: 1 },
          ],
          reason: 'cup',
        },
        undefined,
        client,
      ),
    );
    expect(payout).toMatchObject({ ok: false, code: 'SELF_DEALING', detail: expect.stringMatching(/^lines\[1\]/) });
  });

  describe('a person\'s payout from REWARDS past the window (docs/design/ledger.md "Payouts")', () => {
    const lines = [
      { toUserId: 2, amount: 4_000 },
      { toUserId: 3, amount: 4_000 },
      { toUserId: 4, amount: 4_000, reason: 'third' },
    ];
    const rewardsPayout = { from: { kind: 'treasury' as const, code: 'REWARDS' as const }, lines, reason: 'cup' };
    /** A world where admin 10's payout of 12,000 (over the 10,000 window) was parked; the request. */
    const parkedPayout = () => {
      const w = world();
      const requestId = w.nextCommandId();
      const decision = stepOf(w, w.command('ledger.payout', rewardsPayout, requestId, admin(10)));
      expect(decision).toMatchObject({ ok: true, parked: true, transaction: null, lineTransactions: [], entries: [], creditLegs: [] });
      const request = decision.ok ? approvalChangesOf(decision)[0]!.approval : undefined;
      return { w, request: request!, requestId };
    };
    const approveBy = (w: World, request: { id: string; command: ApprovableCommand }, by: Actor, commandId?: string) =>
      w.command('ledger.approve', { approvalId: request.id, command: request.command, requestHash: 'h' }, commandId, by);
    const balancesOf = (w: World) => [1, 2, 3, 4].map((id) => w.state.wallets.get(`user:${id}`)!.balance);

    it('when parked, then nothing moves, and the request stores the payout with the reference its lines will carry', () => {
      const { w, request, requestId } = parkedPayout();
      w.drain();
      expect(balancesOf(w)).toEqual([50_000, 0, 0, 0]);
      expect(w.state.wallets.get('treasury:REWARDS')!.balance).toBe(50_000);
      expect(request).toMatchObject({ id: approvalIdOf({ commandId: requestId, data: {} }), status: 'PENDING', requestedBy: admin(10) });
      expect(request.command).toEqual({ type: 'ledger.payout', data: { ...rewardsPayout, reference: `payout:${requestId}` } });
    });

    it("when the payout carries the gateway's random nonce, then the request's id is not the one its command id alone names, and it is not stored with the request; a redelivery names the same request", () => {
      const w = world();
      const requestId = w.nextCommandId();
      const idNonce = 'q0W9vJ3nL8xR2tY6uI1oPa';
      const command = w.command('ledger.payout', { ...rewardsPayout, idNonce }, requestId, admin(10));
      const decision = stepOf(w, command);
      const request = decision.ok ? approvalChangesOf(decision)[0]!.approval : undefined;
      expect(request?.id).toBe(approvalIdOf(command, request!.command));
      expect(request?.id).not.toBe(uuidV5(`ledger.request-approval:${requestId}`));
      expect(request?.command.data).not.toHaveProperty('idNonce');
      expect(approvalIdOf({ commandId: requestId, data: { idNonce: 'Zz0W9vJ3nL8xR2tY6uI1oP' } }, request!.command)).not.toBe(request?.id);
      // The id names the partition that keeps the request (REWARDS, which a payout debits) and that it holds a payout.
      expect(routeOfApprovalId(request!.id)).toEqual({ walletKey: 'treasury:REWARDS', payout: true });
      const [again] = w.apply([command]);
      expect(again?.kind).toBe('stored');
      expect(w.state.approvals!.size).toBe(1);
    });

    it('when another admin approves, then every line is applied once, each transaction naming the approval, and no window counts it', () => {
      const { w, request, requestId } = parkedPayout();
      const approved = stepOf(w, approveBy(w, request, admin(11)));
      expect(approved).toMatchObject({
        ok: true,
        parked: false,
        transaction: null,
        effects: [{ kind: 'approvals', event: 'approved', approval: { status: 'APPROVED', decidedBy: admin(11) } }],
      });
      if (!approved.ok) throw new Error('refused');
      expect(approved.lineTransactions.map((t) => [t.type, t.to, t.amount, t.reference, t.approval])).toEqual(
        lines.map((line, i) => [
          'REWARD',
          { kind: 'user', userId: line.toUserId },
          line.amount,
          `payout:${requestId}#${i}`,
          { id: request.id, requestedBy: 10, approvedBy: 11, leg: i },
        ]),
      );
      expect(approvalChangesOf(approved)[0]!.approval.transactionId).toBe(approved.lineTransactions[0]!.id);
      w.drain();
      expect(balancesOf(w)).toEqual([50_000, 4_000, 4_000, 4_000]);
      expect(w.state.wallets.get('treasury:REWARDS')!.balance).toBe(38_000);
      // Approving again (another key, another admin): the request is APPROVED, nothing moves twice.
      expect(stepOf(w, approveBy(w, request, admin(12)))).toMatchObject({ ok: false, code: 'APPROVAL_NOT_PENDING' });
      w.drain();
      expect(balancesOf(w)).toEqual([50_000, 4_000, 4_000, 4_000]);
      // The approved payout counted in neither admin's window.
      expect(parked(w, mint(w, admin(10), 5, 9_999))).toBe(false);
      expect(parked(w, mint(w, admin(11), 5, 1))).toBe(false);
    });

    it('when its requester approves it, or an approver it pays, then it is refused and stays PENDING', () => {
      const { w, request } = parkedPayout();
      expect(stepOf(w, approveBy(w, request, admin(10)))).toMatchObject({ ok: false, code: 'APPROVAL_BY_REQUESTER' });
      expect(stepOf(w, approveBy(w, request, admin(3)))).toMatchObject({ ok: false, code: 'SELF_DEALING' });
      expect(w.state.approvals!.get(request.id)!.status).toBe('PENDING');
      w.drain();
      expect(balancesOf(w)).toEqual([50_000, 0, 0, 0]);
    });

    it('when rejected or expired, then it can no longer be approved and nothing moves', () => {
      const rejected = parkedPayout();
      const reject = rejected.w.command(
        'ledger.reject-approval',
        { approvalId: rejected.request.id, command: rejected.request.command, reason: 'no budget' },
        undefined,
        admin(10),
      );
      expect(stepOf(rejected.w, reject)).toMatchObject({ ok: true, effects: [{ kind: 'approvals', event: 'rejected' }] });
      expect(stepOf(rejected.w, approveBy(rejected.w, rejected.request, admin(11)))).toMatchObject({
        ok: false,
        code: 'APPROVAL_NOT_PENDING',
      });
      const expired = parkedPayout();
      expired.w.tick(defaultPolicy.approvalExpirySeconds * 1000);
      const expire = expired.w.command('ledger.expire-approval', { approvalId: expired.request.id, command: expired.request.command });
      expect(stepOf(expired.w, expire)).toMatchObject({ ok: true, effects: [{ kind: 'approvals', event: 'expired' }] });
      expect(stepOf(expired.w, approveBy(expired.w, expired.request, admin(11)))).toMatchObject({
        ok: false,
        code: 'APPROVAL_NOT_PENDING',
      });
      for (const { w } of [rejected, expired]) {
        w.drain();
        expect(balancesOf(w)).toEqual([50_000, 0, 0, 0]);
      }
    });

    it('when a line became invalid before the approval (its recipient closed), then the whole payout is refused and stays PENDING', () => {
      const { w, request } = parkedPayout();
      expect(stepOf(w, w.command('ledger.close-wallet', { userId: 3, reason: 'gone' }, undefined, seeder))).toMatchObject({ ok: true });
      const refused = stepOf(w, approveBy(w, request, admin(11)));
      expect(refused).toMatchObject({ ok: false, code: 'RECIPIENT_CLOSED' });
      expect(refused.ok || refused.detail.startsWith('lines[1]: ')).toBe(true);
      expect(w.state.approvals!.get(request.id)!.status).toBe('PENDING');
      w.drain();
      expect([2, 4].map((id) => w.state.wallets.get(`user:${id}`)!.balance)).toEqual([0, 0]);
      expect(w.state.wallets.get('treasury:REWARDS')!.balance).toBe(50_000);
    });

    it('when a platform client pays the same, then it is applied at once (its daily cap judges it, nothing waits)', () => {
      const w = world();
      const client: Actor = { kind: 'system', id: 'tournaments' };
      const small = {
        ...rewardsPayout,
        lines: [
          { toUserId: 2, amount: 2_000 },
          { toUserId: 3, amount: 2_000 },
        ],
      };
      expect(stepOf(w, w.command('ledger.payout', small, undefined, client))).toMatchObject({ ok: true, parked: false });
      expect(stepOf(w, w.command('ledger.payout', rewardsPayout, undefined, client))).toMatchObject({
        ok: false,
        code: 'LIMIT_EXCEEDED',
      });
    });

    it('when an admin asks directly for a payout from a wallet, or one paying themselves, then the request is refused at once', () => {
      const w = world();
      const fromWallet = {
        type: 'ledger.payout' as const,
        data: { ...rewardsPayout, from: { kind: 'user' as const, userId: 1 }, reference: 'r' },
      };
      expect(stepOf(w, w.command('ledger.request-approval', { command: fromWallet }, undefined, admin(10)))).toMatchObject({
        ok: false,
        code: 'VALIDATION_FAILED',
      });
      const toSelf = { type: 'ledger.payout' as const, data: { ...rewardsPayout, reference: 'r' } };
      expect(stepOf(w, w.command('ledger.request-approval', { command: toSelf }, undefined, admin(4)))).toMatchObject({
        ok: false,
        code: 'SELF_DEALING',
      });
    });
  });
});

describe('ledger domain: who made a transaction, and its metadata', () => {
  const shop: Actor = { kind: 'system', id: 'pc_shop' };
  const user = (userId: number): Party => ({ kind: 'user', userId });
  const made = (world: World, command: LedgerCommand) => {
    const before = world.transactions.length;
    world.apply([command]);
    return world.transactions.slice(before);
  };

  it("when a platform client's reward or payout carries metadata, then every transaction it makes names the client and carries the metadata", () => {
    const world = new World(defaultPolicy);
    world.apply([world.command('ledger.mint', { to: { kind: 'treasury', code: 'REWARDS' }, amount: 1_000, reason: 'seed' })]);
    const [reward] = made(
      world,
      world.command('ledger.reward', { toUserId: 2, amount: 10, reason: 'r', metadata: { order: 'A' } }, undefined, shop),
    );
    expect(reward).toMatchObject({ type: 'REWARD', clientId: 'pc_shop', metadata: { order: 'A' } });
    const lines = made(
      world,
      world.command(
        'ledger.payout',
        {
          from: { kind: 'treasury', code: 'REWARDS' },
          reason: 'cup',
          metadata: { cup: 'spring' },
          lines: [
            { toUserId: 2, amount: 5 },
            { toUserId: 3, amount: 5 },
          ],
        },
        undefined,
        shop,
      ),
    );
    expect(lines.map((t) => [t.clientId, t.metadata])).toEqual([
      ['pc_shop', { cup: 'spring' }],
      ['pc_shop', { cup: 'spring' }],
    ]);
  });

  it("when a person moves coins, with or without metadata, then no client is named: a user's transfer is no platform's", () => {
    const world = new World(defaultPolicy);
    world.apply([world.command('ledger.mint', { to: user(1), amount: 100, reason: 'seed' })]);
    const [withMetadata] = made(
      world,
      world.command(
        'ledger.transfer',
        { kind: 'TRANSFER', fromUserId: 1, to: user(2), amount: 5, reason: 'r', metadata: { mine: 'yes' } },
        undefined,
        {
          kind: 'user',
          id: '1',
        },
      ),
    );
    expect(withMetadata).toMatchObject({ clientId: null, metadata: { mine: 'yes' } });
    const [without] = made(
      world,
      world.command('ledger.transfer', { kind: 'TRANSFER', fromUserId: 1, to: user(2), amount: 5, reason: 'r' }, undefined, {
        kind: 'user',
        id: '1',
      }),
    );
    expect(without).toMatchObject({ clientId: null, metadata: null });
  });
});
