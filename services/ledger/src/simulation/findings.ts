import { errorCatalog } from '@coin/errors';
import { ledgerResults, type LedgerCommand, type LedgerCommandType } from '@coin/contracts';
import { blockedAfterAttempts, type HandledMessage, type StepResult } from './driver';

/**
 * What the simulation reports when the ledger misbehaves (docs/RELIABILITY.md "The whole-ledger
 * simulation"), and the checks on one step's answers: every command decided within a bounded
 * number of attempts, none set aside, every refusal typed, every answer of the contract's shape,
 * and a command id met again answered as the first time when it is the same request. Pure.
 */

export type FindingKind =
  | 'partition-blocked'
  | 'set-aside'
  | 'handler-calls'
  | 'untyped-refusal'
  | 'reply-shape'
  | 'replay'
  | 'dry-run'
  | 'supply'
  | 'credit-legs'
  | 'negative-balance'
  | 'audit'
  | 'supply-drift'
  | 'state'
  | 'quiescence'
  | 'exception';

export interface Finding {
  kind: FindingKind;
  /**
   * What a shrunk reproduction must still fail with: an error's name, code and where the ledger
   * threw it (a defect shows as a blocked partition or as a message set aside depending on its
   * batch), or the invariant that broke.
   */
  signature: string;
  detail: string;
  /** The step (0-based) it was found after; -1: at quiescence. */
  step: number;
  /** The ids of the commands it is about, when it names some: where a shrink looks first (shrink.ts). */
  commandIds?: string[];
}

/**
 * `Name (code)` and the file of the first frame in the ledger's code, of an error line as
 * describeError writes it (the file, not the function: transforms name frames differently).
 */
function errorSignature(error: string): string {
  const head = error.split(':')[0] ?? error;
  const file = /\[at [^(\]]*\((?:services|libs)\/[^)]*?([\w.-]+\.ts):\d+/.exec(error)?.[1] ?? '';
  return `failure:${head}${file ? `@${file}` : ''}`;
}

/** The handler calls one message may take in a step: the bisection's depth, the lone retries, the blocked-partition attempts. */
export function handlerCallsBound(batchSize: number): number {
  return (2 * Math.ceil(Math.log2(batchSize + 1)) + 4) * blockedAfterAttempts;
}

/** Who sent a message, in a finding's words: a message on ledger.commands may come from anyone, a platform client or a person (its actor says). */
const senders: Record<HandledMessage['message']['origin'], string> = {
  client: 'on ledger.commands',
  ledger: 'by the ledger',
  sweep: 'by a sweep',
};

/** The command's type, id, actor (kind, id, role) and who sent the message. */
function describeCommand(h: HandledMessage): string {
  const actor = h.command?.actor;
  const by = actor ? `${actor.kind} ${actor.id}${actor.kind === 'user' && actor.role ? ` ${actor.role}` : ''}, ` : '';
  const type = h.command?.type ?? (h.message.value as { type?: unknown }).type;
  return `${type} ${h.command?.commandId ?? ''} (${by}sent ${senders[h.message.origin]})`;
}

/** The findings of a step's answers (the database's invariants are invariants.ts's). */
export function stepFindings(result: StepResult, step: number): Finding[] {
  const findings: Finding[] = [];
  if (result.blocked) {
    findings.push({
      kind: 'partition-blocked',
      signature: errorSignature(result.blocked.error),
      detail: `a batch of ${result.blocked.types.join(', ')} failed ${blockedAfterAttempts} times in a row, retried without end by the consumer: ${result.blocked.error}`,
      step,
      commandIds: result.handled.flatMap((h) => (h.result.kind === 'blocked' && h.command ? [h.command.commandId] : [])),
    });
  }
  for (const aside of result.setAside) {
    findings.push({
      kind: 'set-aside',
      signature: errorSignature(aside.error),
      detail: `${aside.type} ${aside.commandId} set aside: ${aside.error}`,
      step,
      commandIds: [aside.commandId],
    });
  }
  const bound = handlerCallsBound(result.handled.length);
  for (const h of result.handled) {
    if (h.handlerCalls > bound)
      findings.push({
        kind: 'handler-calls',
        signature: 'handler-calls',
        detail: `${describeCommand(h)} handled ${h.handlerCalls} times (bound ${bound})`,
        step,
        commandIds: h.command ? [h.command.commandId] : [],
      });
    findings.push(...answerFindings(h, step));
  }
  return findings;
}

/** A decided answer: a refusal with a code of the catalog, an acceptance of the shape the contract promises. */
function answerFindings(h: HandledMessage, step: number): Finding[] {
  if (h.result.kind !== 'decided' || !h.command) return [];
  const { ok, reply } = h.result.outcome;
  if (!ok) {
    const code = (reply as { code?: unknown } | null)?.code;
    return typeof code === 'string' && Object.hasOwn(errorCatalog, code)
      ? []
      : [
          {
            kind: 'untyped-refusal',
            signature: 'untyped-refusal',
            detail: `${describeCommand(h)} refused with ${JSON.stringify(reply).slice(0, 300)}`,
            step,
            commandIds: [h.command.commandId],
          },
        ];
  }
  const parsed = ledgerResults[h.command.type as LedgerCommandType].safeParse(reply);
  if (parsed.success) return [];
  const issue = parsed.error.issues[0];
  return [
    {
      kind: 'reply-shape',
      signature: `reply-shape:${h.command.type}`,
      detail: `${describeCommand(h)} answered outside its result schema (${issue?.path.join('.')}: ${issue?.message}): ${JSON.stringify(reply).slice(0, 300)}`,
      step,
      commandIds: [h.command.commandId],
    },
  ];
}

/** What a dry run's answer and its twin's are compared by: decided alike, leaving the same balance. */
function answerSummary(outcome: { ok: boolean; reply: unknown }): string {
  const reply = (outcome.reply ?? {}) as Record<string, unknown>;
  if (!outcome.ok) return `refused ${String(reply.code)}`;
  const parked = 'approval' in reply && !('transaction' in reply) && !('payout' in reply);
  const wallet = reply.wallet as { balance?: unknown; activeCoins?: unknown } | undefined;
  return `${parked ? 'parked' : 'applied'} balance ${String(wallet?.balance)} active ${String(wallet?.activeCoins)}`;
}

/**
 * Dry runs (docs/DESIGN.md "Dry runs"): each is answered as one (marked, never replayed), and one
 * taken right before its twin (the same command, to apply, next in its partition) is answered as
 * the twin is: decided alike, leaving the same balance. Had the dry run left anything in the
 * batch's state (a debit, a limit's use, a window's count, a hold), its twin would meet it.
 */
export function dryRunFindings(result: StepResult, step: number): Finding[] {
  const findings: Finding[] = [];
  result.handled.forEach((h, i) => {
    if (!h.command?.dryRun || h.result.kind !== 'decided') return;
    const { outcome } = h.result;
    const finding = (detail: string): Finding => ({
      kind: 'dry-run',
      signature: 'dry-run',
      detail: `${describeCommand(h)}: ${detail}`,
      step,
      commandIds: [h.command!.commandId],
    });
    if (outcome.dryRun !== true || outcome.replayed) {
      findings.push(finding(`answered as ${outcome.replayed ? 'a replay' : 'applied'}, not as a dry run`));
      return;
    }
    const next = result.handled[i + 1];
    if (!next?.command || next.result.kind !== 'decided' || !isTwin(h.command, next.command)) return;
    // A twin whose id an earlier command took (a replay the generator sent under it, applied first) is not decided now.
    const twin = next.result.outcome;
    if (twin.replayed || (twin.reply as { code?: unknown } | null)?.code === 'IDEMPOTENCY_KEY_REUSED') return;
    const [dry, real] = [answerSummary(outcome), answerSummary(next.result.outcome)];
    if (dry !== real) findings.push(finding(`previewed as ${dry}, but its twin right after it was ${real}`));
  });
  return findings;
}

/** The same command, once without its dry-run mark and under another id. */
function isTwin(dry: LedgerCommand, real: LedgerCommand): boolean {
  if (real.dryRun || real.type !== dry.type) return false;
  return JSON.stringify([real.actor, real.data]) === JSON.stringify([dry.actor, dry.data]);
}

/** The first decided answer of each command id, as the ledger stored it. */
export class ReplayCheck {
  private readonly first = new Map<string, { type: string; requestHash: string | null; ok: boolean; reply: string }>();

  /**
   * A command id met again is answered from what was stored: the same answer when it is the same
   * request (its type and its request hash: a retry, a redelivery, a sweep sending it twice),
   * IDEMPOTENCY_KEY_REUSED when it is not (the same key for another request, another command
   * under the id: without request hashes the type alone tells them apart).
   */
  observe(handled: readonly HandledMessage[], step: number): Finding[] {
    const findings: Finding[] = [];
    for (const h of handled) {
      // A dry run is decided afresh every time it comes: never answered from a stored outcome.
      if (h.result.kind !== 'decided' || !h.command || h.command.dryRun) continue;
      const { commandId, type } = h.command;
      const requestHash = (h.command.data as { requestHash?: string }).requestHash ?? null;
      const answer = { type, requestHash, ok: h.result.outcome.ok, reply: canonical(h.result.outcome.reply) };
      const first = this.first.get(commandId);
      if (!first) {
        this.first.set(commandId, answer);
        continue;
      }
      const reused = !answer.ok && (h.result.outcome.reply as { code?: unknown } | null)?.code === 'IDEMPOTENCY_KEY_REUSED';
      const same = first.type === type && first.requestHash === requestHash;
      const fine = same ? answer.ok === first.ok && answer.reply === first.reply : reused;
      if (!fine)
        findings.push({
          kind: 'replay',
          signature: 'replay',
          detail: `${describeCommand(h)} met again (${same ? 'the same request' : `another request: first ${first.type}, request hash ${first.requestHash === requestHash ? 'the same' : 'another'}`}) answered ${answer.reply.slice(0, 200)}; first ${first.reply.slice(0, 200)}`,
          step,
          commandIds: [commandId],
        });
    }
    return findings;
  }
}

/**
 * JSON with sorted keys, a cash-out's account left out: the close of a deleted user's wallet
 * erases it from the stored answers of their cash-outs (docs/design/data.md "Erasure").
 */
function canonical(value: unknown): string {
  return JSON.stringify(value, (key, inner: unknown) => {
    if (key === 'msisdn') return undefined;
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) return inner;
    return Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}
