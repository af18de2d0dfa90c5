import type {
  CircularRule,
  ClientBaselineRule,
  DormancyRule,
  FanInRule,
  FanOutRule,
  FirstDayRule,
  Rule,
  StructuringRule,
  VelocityRule,
} from './rules';
import { horizonOf } from './rules';
import { ClientCountStore, ClientSeriesStore, defaultWindowLimits, EdgeWindows, type WindowLimits } from './windows';

/** One committed transaction as the monitor sees it: amounts in minor units, wallets as keys, time in ms. */
export interface Movement {
  transactionId: number;
  type: string;
  amountMinor: number;
  /** `user:<id>` or `treasury:<CODE>`; null for a mint (from) or a burn (to). */
  from: string | null;
  to: string | null;
  clientId: string | null;
  at: number;
}

/** What the store knows of a wallet before this movement: when it was first and last seen. */
export interface WalletProfile {
  firstSeenAt: number;
  lastSeenAt: number;
}

/** A rule that fired on a movement, about one subject (the wallet or client it suspects). */
export interface Hit {
  ruleId: string;
  kind: Rule['kind'];
  mode: 'ACTIVE' | 'TEST';
  score: number;
  /** `user:<id>`, `treasury:<CODE>` or `client:<id>`. */
  subject: string;
  detail: string;
}

const isUser = (wallet: string | null): wallet is string => wallet?.startsWith('user:') === true;

/** The searches of the circular rule stop after this many edges looked at (an explicit bound on one movement's cost). */
export const circularSearchMax = 2_000;

/**
 * The rule engine: keeps the bounded windows, and for each movement (in commit order) records it
 * and returns the hits of every rule that is not DISABLED. Wallet rules look at people's wallets
 * only: treasuries move by admin commands under four-eyes rules, and a client's rewards are judged
 * by the client rules.
 */
export class RuleEngine {
  private readonly outgoing: EdgeWindows;
  private readonly incoming: EdgeWindows;
  private readonly clientCounts: ClientCountStore;
  private readonly baselines: ClientSeriesStore;
  private rules: readonly Rule[] = [];

  constructor(rules: readonly Rule[], limits: WindowLimits = defaultWindowLimits) {
    this.outgoing = new EdgeWindows(limits, 0);
    this.incoming = new EdgeWindows(limits, 0);
    this.clientCounts = new ClientCountStore(limits.maxKeys);
    this.baselines = new ClientSeriesStore(limits.maxKeys);
    this.setRules(rules);
  }

  setRules(rules: readonly Rule[]): void {
    this.rules = rules;
    const horizon = horizonOf(rules);
    for (const windows of [this.outgoing, this.incoming]) windows.setHorizon(horizon);
  }

  /** Records the movement and returns the hits; `profiles` are the wallets' as they were before it. */
  observe(movement: Movement, profiles: ReadonlyMap<string, WalletProfile>): Hit[] {
    this.record(movement, profiles);
    const hits: Hit[] = [];
    for (const rule of this.rules) {
      if (rule.mode === 'DISABLED') continue;
      const found = this.evaluate(rule, movement, profiles);
      if (found) hits.push({ ruleId: rule.id, kind: rule.kind, mode: rule.mode, score: rule.score, ...found });
    }
    return hits;
  }

  /** Expires what every window has left behind (called now and then by the consumer). */
  sweep(): { keys: number; edges: number } {
    for (const windows of [this.outgoing, this.incoming]) windows.sweep();
    const sizes = [this.outgoing.size, this.incoming.size];
    return { keys: sizes.reduce((n, s) => n + s.keys, 0), edges: sizes.reduce((n, s) => n + s.edges, 0) };
  }

  private record(movement: Movement, profiles: ReadonlyMap<string, WalletProfile>): void {
    const base = { transactionId: movement.transactionId, at: movement.at, amountMinor: movement.amountMinor };
    if (isUser(movement.from)) this.outgoing.add(movement.from, { ...base, peer: movement.to, peerNew: false });
    if (isUser(movement.to)) {
      const payerNew = isUser(movement.from) && isNew(profiles.get(movement.from), movement.at, this.newWalletMs());
      this.incoming.add(movement.to, { ...base, peer: movement.from, peerNew: payerNew });
    }
  }

  private newWalletMs(): number {
    let longest = 0;
    for (const rule of this.rules) if (rule.kind === 'fan-in' && rule.mode !== 'DISABLED') longest = Math.max(longest, rule.newWalletMs);
    return longest;
  }

  private evaluate(
    rule: Rule,
    movement: Movement,
    profiles: ReadonlyMap<string, WalletProfile>,
  ): Omit<Hit, 'ruleId' | 'kind' | 'mode' | 'score'> | null {
    switch (rule.kind) {
      case 'velocity':
        return this.velocity(rule, movement);
      case 'structuring':
        return this.structuring(rule, movement);
      case 'fan-in':
        return this.fanIn(rule, movement, profiles);
      case 'fan-out':
        return this.fanOut(rule, movement);
      case 'circular':
        return this.circular(rule, movement);
      case 'first-day':
        return this.firstDay(rule, movement, profiles);
      case 'dormancy':
        return dormancy(rule, movement, profiles);
      case 'client-baseline':
        return this.clientBaseline(rule, movement);
    }
  }

  private velocity(rule: VelocityRule, movement: Movement) {
    const subject = rule.scope === 'wallet-out' ? movement.from : rule.scope === 'wallet-in' ? movement.to : movement.clientId;
    if (!subject || (rule.scope !== 'client' && !isUser(subject))) return null;
    const { count, sumMinor } =
      rule.scope === 'client'
        ? this.clientCounts.add(`${rule.id}|${rule.windowMs}|${subject}`, rule.windowMs, movement.at, movement.amountMinor)
        : walletCount(rule.scope === 'wallet-out' ? this.outgoing : this.incoming, subject, movement.at - rule.windowMs);
    const overCount = rule.maxCount !== null && count > rule.maxCount;
    const overSum = rule.maxSumMinor !== null && sumMinor > rule.maxSumMinor;
    if (!overCount && !overSum) return null;
    return {
      subject: rule.scope === 'client' ? `client:${subject}` : subject,
      detail: `${count} movements, ${sumMinor} minor units in ${rule.windowMs} ms`,
    };
  }

  private structuring(rule: StructuringRule, movement: Movement) {
    if (!isUser(movement.from)) return null;
    const floor = rule.thresholdMinor - Math.floor((rule.thresholdMinor * rule.bandBasisPoints) / 10_000);
    const inBand = (amount: number) => amount >= floor && amount < rule.thresholdMinor;
    if (!inBand(movement.amountMinor)) return null;
    const count = this.outgoing.since(movement.from, movement.at - rule.windowMs).filter((edge) => inBand(edge.amountMinor)).length;
    if (count < rule.minCount) return null;
    return { subject: movement.from, detail: `${count} amounts in [${floor}, ${rule.thresholdMinor}) minor units` };
  }

  private fanIn(rule: FanInRule, movement: Movement, profiles: ReadonlyMap<string, WalletProfile>) {
    if (!isUser(movement.to) || !isUser(movement.from)) return null;
    if (movement.amountMinor < rule.minAmountMinor || !isNew(profiles.get(movement.from), movement.at, rule.newWalletMs)) return null;
    const senders = new Set<string>();
    for (const edge of this.incoming.since(movement.to, movement.at - rule.windowMs)) {
      if (isUser(edge.peer) && edge.peerNew && edge.amountMinor >= rule.minAmountMinor) senders.add(edge.peer);
    }
    if (senders.size < rule.minSenders) return null;
    return { subject: movement.to, detail: `${senders.size} new wallets paid it` };
  }

  private fanOut(rule: FanOutRule, movement: Movement) {
    if (!isUser(movement.from) || !isUser(movement.to) || movement.amountMinor < rule.minAmountMinor) return null;
    const recipients = new Set<string>();
    for (const edge of this.outgoing.since(movement.from, movement.at - rule.windowMs))
      if (isUser(edge.peer) && edge.amountMinor >= rule.minAmountMinor) recipients.add(edge.peer);
    if (recipients.size < rule.minRecipients) return null;
    return { subject: movement.from, detail: `paid ${recipients.size} wallets` };
  }

  private firstDay(rule: FirstDayRule, movement: Movement, profiles: ReadonlyMap<string, WalletProfile>) {
    if (!isUser(movement.to) || !isUser(movement.from)) return null;
    const profile = profiles.get(movement.to);
    const firstSeen = profile?.firstSeenAt ?? movement.at;
    if (movement.at - firstSeen >= rule.walletAgeMs) return null;
    const since = Math.max(firstSeen, movement.at - rule.windowMs);
    const sum = this.incoming.since(movement.to, since).reduce((total, edge) => total + (isUser(edge.peer) ? edge.amountMinor : 0), 0);
    if (sum < rule.minSumMinor) return null;
    return {
      subject: movement.to,
      detail: `received ${sum} minor units from people within ${movement.at - firstSeen} ms of its first movement`,
    };
  }

  private circular(rule: CircularRule, movement: Movement) {
    if (!isUser(movement.from) || !isUser(movement.to) || movement.amountMinor < rule.minAmountMinor) return null;
    const path = findCycle(this.incoming, rule, movement);
    if (!path) return null;
    return { subject: movement.to, detail: `cycle ${[...path, movement.to].join(' -> ')}` };
  }

  private clientBaseline(rule: ClientBaselineRule, movement: Movement) {
    if (movement.type !== 'REWARD' || !movement.clientId) return null;
    const window = Math.floor(movement.at / rule.windowMs);
    // One series per window size: a rule re-tuned to another window starts its own (its window
    // numbers are another scale), and the former resumes when the rule is put back.
    const key = `${rule.id}|${rule.windowMs}|${movement.clientId}`;
    const series = this.baselines.add(key, window, movement.amountMinor, rule.baselineWindows);
    if (series.history.length < rule.minWindows || series.sumMinor < rule.minSumMinor) return null;
    const baseline = series.history.reduce((total, sum) => total + sum, 0) / series.history.length;
    if (series.sumMinor * 100 <= baseline * rule.factorPercent) return null;
    return {
      subject: `client:${movement.clientId}`,
      detail: `rewards ${series.sumMinor} minor units this window against a baseline of ${Math.round(baseline)}`,
    };
  }
}

/** The count and sum of a wallet's movements in its window since `since`. */
function walletCount(windows: EdgeWindows, wallet: string, since: number): { count: number; sumMinor: number } {
  const edges = windows.since(wallet, since);
  return { count: edges.length, sumMinor: edges.reduce((total, edge) => total + edge.amountMinor, 0) };
}

function isNew(profile: WalletProfile | undefined, at: number, newWalletMs: number): boolean {
  return profile === undefined || at - profile.firstSeenAt < newWalletMs;
}

function dormancy(rule: DormancyRule, movement: Movement, profiles: ReadonlyMap<string, WalletProfile>) {
  if (!isUser(movement.from) || movement.amountMinor < rule.minAmountMinor) return null;
  const profile = profiles.get(movement.from);
  if (!profile || movement.at - profile.lastSeenAt < rule.dormantMs) return null;
  return { subject: movement.from, detail: `first outflow after ${movement.at - profile.lastSeenAt} ms without movement` };
}

/**
 * A path to → … → from of earlier transfers, each at least the rule's amount, each no later than
 * the next, closing a cycle of 3 to `maxHops` transfers with this movement (a payment and its
 * return between two people is not a cycle here). Walks backwards over incoming edges, visiting at
 * most circularSearchMax edges. Returns the wallets in order, starting at `to`.
 */
function findCycle(incoming: EdgeWindows, rule: CircularRule, movement: Movement): string[] | null {
  const target = movement.to!;
  let budget = circularSearchMax;
  const walk = (wallet: string, before: number, path: string[]): string[] | null => {
    if (path.length >= rule.maxHops) return null;
    for (const edge of incoming.since(wallet, movement.at - rule.windowMs)) {
      if (--budget < 0) return null;
      if (edge.at > before || edge.amountMinor < rule.minAmountMinor || !isUser(edge.peer)) continue;
      if (edge.peer === target && path.length >= 2) return [target, ...path];
      if (edge.peer === target || path.includes(edge.peer)) continue;
      const found = walk(edge.peer, edge.at, [edge.peer, ...path]);
      if (found) return found;
    }
    return null;
  };
  return walk(movement.from!, movement.at, [movement.from!]);
}
