import { errorCatalog } from '@coin/errors';
import { ledgerResults, type LedgerCommandType } from '@coin/contracts';
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
      if (h.result.kind !== 'decided' || !h.command) continue;
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
