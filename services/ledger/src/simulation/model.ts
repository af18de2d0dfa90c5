import type { TreasuryCode } from '@coin/contracts';

/**
 * What the simulated clients know of the ledger (docs/RELIABILITY.md "The whole-ledger
 * simulation"): the users they opened, the commission rules they set, and every object an answer
 * named (transactions, holds, cash-outs, approval requests, mandates, rate versions), so later
 * commands name real ones and mean something. Pure: fed the answers, never the database.
 */

/** An object an answer named, as it stood then: its pool (`hold`, `approval`…), id and fields. */
export interface Seen {
  pool: string;
  id: string | number;
  fields: Record<string, unknown>;
  /** What its creator sent (the command's data), when this client's own command created it: what no view shows (a hold's settler). */
  sent?: Record<string, unknown>;
  /** When it was last seen (the simulation's clock, ms). */
  at: number;
}

/** Answer members that name an object, by the pool it goes to (a purchase's commission is a transaction too). */
const poolOfMember: Readonly<Record<string, string>> = {
  transaction: 'transaction',
  commission: 'transaction',
  hold: 'hold',
  cashout: 'cashout',
  approval: 'approval',
  mandate: 'mandate',
  rate: 'rate',
};

/** The statuses of objects still waiting for a next step: the ones a client most often acts on. */
export const openStatuses: ReadonlySet<string> = new Set(['PENDING', 'ACTIVE', 'PAST_DUE', 'REQUESTED', 'CLAIMED', 'PROPOSED', 'FROZEN']);

export class WorldModel {
  /** Users whose wallet an open-wallet answer confirmed. */
  readonly opened = new Set<number>();
  /** Users whose wallet a close answered closed. */
  readonly closed = new Set<number>();
  /** Treasury → the platform clients with a commission rule there (as the last approved commission change answered). */
  readonly commissionRules = new Map<string, Set<string>>();
  private readonly pools = new Map<string, Map<string | number, Seen>>();

  constructor(readonly userIds: readonly number[]) {}

  /** What an accepted answer tells: the objects it names, and the wallets, freezes and rules it changed. */
  observe(command: { type: string; data: unknown }, reply: unknown, now: number): void {
    const data = (command.data ?? {}) as Record<string, unknown>;
    this.harvest(reply, now, data);
    this.noteFreeze(reply, now);
    if (command.type === 'ledger.open-wallet' && typeof data.userId === 'number') this.opened.add(data.userId);
    if (command.type === 'ledger.close-wallet' && typeof data.userId === 'number' && (reply as { closed?: unknown }).closed === true)
      this.closed.add(data.userId);
    // A rule is set by the approval of its change (its reply names the rule), never directly.
    if (command.type === 'ledger.set-commission' || command.type === 'ledger.approve') this.noteRule(reply);
  }

  private noteRule(reply: unknown): void {
    const { treasury, clientId, rule } = (reply ?? {}) as { treasury?: unknown; clientId?: unknown; rule?: unknown };
    if (typeof treasury !== 'string' || typeof clientId !== 'string') return;
    const clients = this.commissionRules.get(treasury) ?? new Set<string>();
    if (rule === null) clients.delete(clientId);
    else clients.add(clientId);
    this.commissionRules.set(treasury, clients);
  }

  /** A freeze answer (`{ userId, frozen, freeze }`: a freeze, or an unfreeze's approval): the wallet's freeze as it stands. */
  private noteFreeze(reply: unknown, now: number): void {
    const { userId, frozen } = (reply ?? {}) as { userId?: unknown; frozen?: unknown };
    if (typeof userId !== 'number' || typeof frozen !== 'boolean') return;
    this.file('freeze', userId, { status: frozen ? 'FROZEN' : 'LIFTED' }, now);
  }

  /** Every object an answer names, by the member it sits under, however deep; the ones at its top were made by `sent`. */
  private harvest(value: unknown, now: number, sent: Record<string, unknown>, depth = 0): void {
    if (depth > 4 || typeof value !== 'object' || value === null) return;
    for (const [member, inner] of Object.entries(value)) {
      // A reply carries callers' text (metadata) under keys of theirs: only the table's own members count.
      const pool = Object.hasOwn(poolOfMember, member) ? poolOfMember[member] : undefined;
      const id = (inner as { id?: unknown } | null)?.id;
      if (pool && (typeof id === 'string' || typeof id === 'number'))
        this.file(pool, id, inner as Record<string, unknown>, now, depth === 0 ? sent : undefined);
      this.harvest(inner, now, sent, depth + 1);
    }
  }

  /** Files an object as seen now, merged with what was seen of it before. */
  private file(pool: string, id: string | number, view: Record<string, unknown>, now: number, sent?: Record<string, unknown>): void {
    const seen = this.pools.get(pool) ?? new Map<string | number, Seen>();
    const before = seen.get(id);
    // Merged: a transaction's `approval` names the request with fewer members than the request's own view.
    const fields = { ...before?.fields, ...view };
    seen.set(id, { pool, id, fields, at: now, ...(before?.sent ? { sent: before.sent } : sent ? { sent } : {}) });
    this.pools.set(pool, seen);
    if (!before && pool === 'transaction') this.noteRefund(fields);
    // A cash-out is a hold too: a hold answer that settles it closes the cash-out as well.
    const cashout = pool === 'hold' ? this.pools.get('cashout')?.get(id) : undefined;
    if (cashout && view.status !== 'PENDING') cashout.fields = { ...cashout.fields, status: `hold ${String(view.status)}` };
  }

  /** A refund, first seen: its purchase has that much less left to refund (minor units, `refundedMinor`). */
  private noteRefund(refund: Record<string, unknown>): void {
    if (refund.type !== 'REFUND' || typeof refund.refundOf !== 'number' || typeof refund.amount !== 'number') return;
    const purchase = this.pools.get('transaction')?.get(refund.refundOf);
    if (!purchase) return;
    const before = typeof purchase.fields.refundedMinor === 'number' ? purchase.fields.refundedMinor : 0;
    purchase.fields = { ...purchase.fields, refundedMinor: before + Math.round(refund.amount * 100) };
  }

  /** The objects of these pools, newest first. */
  seen(pools: readonly string[]): Seen[] {
    return pools.flatMap((pool) => [...(this.pools.get(pool)?.values() ?? [])]).sort((a, b) => b.at - a.at);
  }

  /** Open users (opened, not closed). */
  openUsers(): number[] {
    return [...this.opened].filter((id) => !this.closed.has(id));
  }

  clientsWithRules(treasury: TreasuryCode | string): string[] {
    return [...(this.commissionRules.get(treasury) ?? [])];
  }

  /** How many objects each pool holds: part of the run's report. */
  poolSizes(): Record<string, number> {
    return Object.fromEntries([...this.pools].map(([pool, seen]) => [pool, seen.size]));
  }
}
