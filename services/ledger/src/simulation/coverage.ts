import { ledgerCommandContracts, type LedgerCommandType } from '@coin/contracts';
import type { HandledMessage } from './driver';
import { rawClaimsOf } from './actors';
import type { WorldModel } from './model';

/**
 * What a run exercised (docs/RELIABILITY.md "The whole-ledger simulation"): per command type, how
 * its messages ended (accepted, parked for a second person, rejected with a code, refused before
 * any apply, answered from a stored outcome) and which variants were sent (a purchase with an
 * affiliate, a refund without an amount, a hostile value, a replay). Also the named scenarios the
 * simulation is known to need to reach (`scenarios`), so a run can say it reached them.
 */

const prototypeKeys = new Set(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']);

/** How one handled message ended, as the coverage counts it. */
export function outcomeLabel(h: HandledMessage): string {
  const { result } = h;
  if (result.kind === 'refused') return `refused:${result.refusal}`;
  if (result.kind !== 'decided') return result.kind;
  const { ok, reply, replayed } = result.outcome;
  if (replayed) return 'replayed';
  if (!ok) return `rejected:${String((reply as { code?: unknown } | null)?.code)}`;
  const type = h.command?.type as LedgerCommandType | undefined;
  const members = Object.keys((reply ?? {}) as object);
  if (type && ledgerCommandContracts[type].approvable && members.length === 1 && members[0] === 'approval') return 'parked';
  return 'accepted';
}

/** The variants of a message: its enum values and parties' kinds, optional members present or not, how it was made. */
export function variantsOf(
  h: HandledMessage,
  made: { hostile: string | null; replay: string | null; bulk?: { as: string } | undefined } | undefined,
): string[] {
  const value = h.message.value as { data?: Record<string, unknown> } | null;
  const data = value?.data ?? {};
  const variants: string[] = [];
  for (const [key, member] of Object.entries(data)) {
    if (typeof member === 'string' && /^[A-Z_]{3,}$/.test(member)) variants.push(member);
    else if (key === 'command' && typeof member === 'object' && member !== null)
      variants.push(`holds ${(member as { type?: unknown }).type}`);
    else if (typeof member === 'object' && member !== null && !Array.isArray(member) && key !== 'metadata') {
      const kind = (member as { kind?: unknown }).kind;
      variants.push(typeof kind === 'string' ? `${key}:${kind}` : `+${key}`);
    }
  }
  if (h.command && 'amount' in (ledgerCommandShape(h.command.type) ?? {}) && !('amount' in data)) variants.push('no amount');
  if (h.message.origin !== 'client') variants.push(`from ${h.message.origin}`);
  if (made?.hostile) variants.push('hostile');
  if (h.command?.dryRun) variants.push('dry run');
  if (made?.bulk) variants.push(`bulk ${made.bulk.as}`);
  if (made?.replay) variants.push(`replay ${made.replay}`);
  return variants;
}

function ledgerCommandShape(type: LedgerCommandType): Record<string, unknown> | undefined {
  const data = (ledgerCommandContracts[type].schema.shape.data as unknown as { shape?: Record<string, unknown> }).shape;
  return data;
}

/** What a scenario may ask of the run before this message: the type of the first command decided under an id. */
export interface RunSoFar {
  firstTypeOf(commandId: string): string | undefined;
}

/**
 * Scenarios the simulation must be able to reach, each named by what it exercises: they are where
 * defects of combinations were found (docs/RELIABILITY.md). Judged on each handled message.
 */
export const scenarios: Readonly<Record<string, (h: HandledMessage, model: WorldModel, before: RunSoFar) => boolean>> = {
  /** A second ADMIN approves the refund of a purchase split with an affiliate (the refund and the fronted commission in one apply). */
  'approved refund of a split purchase': (h, model) => {
    if (h.command?.type !== 'ledger.approve' || h.result.kind === 'refused') return false;
    const refunded = ((h.result.kind === 'decided' ? h.result.outcome.reply : null) as { transaction?: { refundOf?: unknown } } | null)
      ?.transaction?.refundOf;
    if (h.result.kind !== 'decided') return true;
    return typeof refunded === 'number' && model.seen(['transaction']).some((s) => s.fields.splitOf === refunded);
  },
  /** A purchase whose referral names a prototype-key client id, at a treasury with commission rules (decided, or refused by the contract). */
  'referral of a client id that is a prototype key': (h, model) => {
    const { type, data } = (h.message.value ?? {}) as {
      type?: unknown;
      data?: { affiliate?: { referral?: unknown }; to?: { code?: unknown } };
    };
    const clientId = rawClaimsOf(data?.affiliate?.referral).sub;
    return (
      type === 'ledger.transfer' &&
      typeof clientId === 'string' &&
      prototypeKeys.has(clientId) &&
      model.commissionRules.has(String(data?.to?.code))
    );
  },
  /** A cash-out above the four-eyes threshold approved or rejected by a second person, through the request its cash-out made. */
  'cash-out decided through its request': (h) => {
    if (h.result.kind !== 'decided' || !h.result.outcome.ok || h.result.outcome.replayed) return false;
    const { type, data } = (h.message.value ?? {}) as { type?: unknown; data?: { holds?: unknown } };
    return (type === 'ledger.approve' || type === 'ledger.reject-approval') && data?.holds === 'cashout-approval';
  },
  /** A cash-out rate set by the approval of the request that holds it. */
  'rate set through its request': (h) => {
    if (h.result.kind !== 'decided' || !h.result.outcome.ok || h.result.outcome.replayed) return false;
    const { type, data } = (h.message.value ?? {}) as { type?: unknown; data?: { holds?: unknown } };
    return type === 'ledger.approve' && data?.holds === 'cashout-rate-change';
  },
  /**
   * A command decided under the id of one of another type decided before: a SUPERADMIN's direct
   * commission change under the id of their approval request was answered with its PENDING approval.
   */
  'command id met again under another command type': (h, _model, before) => {
    if (h.result.kind !== 'decided' || !h.command) return false;
    const first = before.firstTypeOf(h.command.commandId);
    return first !== undefined && first !== h.command.type;
  },
};

export class Coverage {
  private readonly outcomes = new Map<string, Map<string, number>>();
  private readonly variants = new Map<string, Map<string, number>>();
  readonly reached = new Map<string, number>();
  private readonly firstTypes = new Map<string, string>();
  private readonly before: RunSoFar = { firstTypeOf: (commandId) => this.firstTypes.get(commandId) };

  record(h: HandledMessage, made: Parameters<typeof variantsOf>[1], model: WorldModel): void {
    const type = h.command?.type ?? String((h.message.value as { type?: unknown } | null)?.type);
    bump(this.outcomes, type, outcomeLabel(h));
    for (const variant of variantsOf(h, made)) bump(this.variants, type, variant);
    for (const [name, reached] of Object.entries(scenarios))
      if (reached(h, model, this.before)) this.reached.set(name, (this.reached.get(name) ?? 0) + 1);
    if (h.result.kind === 'decided' && h.command && !this.firstTypes.has(h.command.commandId))
      this.firstTypes.set(h.command.commandId, h.command.type);
  }

  /** How many messages showed a variant (`dry run`, `hostile`, …), over every type. */
  variantCount(variant: string): number {
    let n = 0;
    for (const counts of this.variants.values()) n += counts.get(variant) ?? 0;
    return n;
  }

  /** Outcomes by type: `{ 'ledger.transfer': { accepted: 120, 'rejected:INSUFFICIENT_FUNDS': 30 } }`. */
  byType(): Record<string, Record<string, number>> {
    return Object.fromEntries([...this.outcomes].map(([type, counts]) => [type, Object.fromEntries(counts)]));
  }

  /** Types with no message accepted (or parked): what the run did not exercise past the refusals. */
  neverAccepted(types: readonly string[]): string[] {
    return types.filter((type) => {
      const counts = this.outcomes.get(type);
      return !counts || ((counts.get('accepted') ?? 0) === 0 && (counts.get('parked') ?? 0) === 0);
    });
  }

  /** The table a run prints: one line per type, its outcomes, then its variants. */
  format(): string {
    const lines: string[] = [];
    for (const [type, counts] of [...this.outcomes].sort(([a], [b]) => a.localeCompare(b))) {
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      const shown = [...counts].sort(([, a], [, b]) => b - a).map(([label, n]) => `${label} ${n}`);
      const variants = [...(this.variants.get(type) ?? [])].sort(([, a], [, b]) => b - a).map(([label, n]) => `${label} ${n}`);
      lines.push(
        `  ${type.padEnd(30)} ${String(total).padStart(5)}  ${shown.join(', ')}${variants.length ? `  | ${variants.join(', ')}` : ''}`,
      );
    }
    for (const name of Object.keys(scenarios)) lines.push(`  scenario "${name}": ${this.reached.get(name) ?? 0}`);
    return lines.join('\n');
  }
}

function bump(table: Map<string, Map<string, number>>, key: string, label: string): void {
  const counts = table.get(key) ?? new Map<string, number>();
  counts.set(label, (counts.get(label) ?? 0) + 1);
  table.set(key, counts);
}
