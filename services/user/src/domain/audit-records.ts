import type { Actor, AnyGrantRequest as GrantRequest, AuditAction, AuditRecord, AuditSummary, UserCommand } from '@coin/contracts';
import { uuidV5 } from '@coin/security';
import type { AuditDescription, Settled } from './commands/types';
import type { GrantKind, GrantKindOf, ShownGrantAct } from './grant-kinds/types';
import type { PlatformClientGrants } from './rules';

/**
 * The admin audit log's records of the user service (docs/DESIGN.md "Admin audit log"): one per
 * administrative command, applied or rejected, written to the outbox in the command's
 * transaction; and one per operator action of the CLI. Never a secret: no password or its hash,
 * no API key or its hash, no platform client secret.
 */

export interface AuditContext {
  at: Date;
  /** The `request-id` header the command arrived with (set by the gateway); null when absent. */
  requestId: string | null;
  /** The service's keyed derivation of record ids (auditRecordId); plain UUIDv5 when absent (tests). */
  idOf?: (name: string) => string;
}

/**
 * The id of a command's record: the same on every delivery of the command. `idOf` is the
 * service's keyed derivation (AuditRecordSigner.recordId), so no other writer can compute it
 * ahead; plain UUIDv5 without a key (tests).
 */
export function auditRecordId(commandId: string, action: AuditAction, idOf: (name: string) => string = uuidV5): string {
  return idOf(`admin.audit:${commandId}:${action}`);
}

function actorOf(actor: Actor): AuditRecord['actor'] {
  return { kind: actor.kind, id: actor.id, ...(actor.role ? { role: actor.role } : {}) };
}

/** The grant request a command's applied outcome answers with, if it became or decided one. */
export function grantRequestOf(outcome: Settled): GrantRequest | undefined {
  return outcome.ok ? (outcome.result as { grantRequest?: GrantRequest } | null)?.grantRequest : undefined;
}

/** A grant request's act as the audit log records it, as its kind says (grant-kinds/): its type and its fields, never a secret or a hash. */
export function actSummary(act: GrantRequest['act'], kindOf: GrantKindOf): AuditSummary {
  return kindOf(act).summary(act);
}

/**
 * A command that became a two-person request is recorded as the request (docs/DESIGN.md
 * "Two-person acts"), its act as the asking command's kind (`kind`) summarises it.
 */
export function asRequest(outcome: Settled, kind: Pick<GrantKind<never, ShownGrantAct>, 'summary'>): AuditDescription | null {
  const pending = grantRequestOf(outcome);
  return pending ? { action: 'approval.request', target: `grant-request:${pending.id}`, summary: kind.summary(pending.act) } : null;
}

/** A client's grants as the audit log records them: sorted codes, the cap in minor units as every ledger amount. */
export function platformClientGrantsSummary(grants: PlatformClientGrants): AuditSummary {
  // `cashout` only when granted: the records of clients without it read as they always did.
  return {
    treasuries: [...grants.treasuries].sort(),
    dailyRewardCapMinor: grants.dailyRewardCap,
    ...(grants.cashout ? { cashout: true } : {}),
  };
}

/**
 * The record of an applied or rejected command, as its module described it (domain/commands/):
 * its id from the command and the action, the same on every delivery.
 */
export function auditRecordOf(command: UserCommand, described: AuditDescription, settled: Settled, context: AuditContext): AuditRecord {
  return {
    id: auditRecordId(command.commandId, described.action, context.idOf),
    at: context.at.toISOString(),
    actor: actorOf(command.actor),
    ...described,
    result: settled.ok ? 'applied' : 'rejected',
    errorCode: settled.ok ? null : settled.code,
    requestId: context.requestId,
  };
}

/** The record of an operator action of the CLI (scripts/admin.ts): no command, no request; a fresh id. */
export function operatorAuditRecord(input: {
  id: string;
  at: Date;
  operator: Actor;
  action: AuditAction;
  target: string;
  summary: AuditSummary;
  errorCode?: string;
}): AuditRecord {
  return {
    id: input.id,
    at: input.at.toISOString(),
    actor: actorOf(input.operator),
    action: input.action,
    target: input.target,
    summary: input.summary,
    result: input.errorCode ? 'rejected' : 'applied',
    errorCode: input.errorCode ?? null,
    requestId: null,
  };
}
