import type { Actor, AuditAction, AuditRecord, AuditSummary, GrantRequest, UserCommand, UserEventV2 } from '@coin/contracts';
import type { AppError } from '@coin/errors';
import { uuidV5 } from '@coin/security';
import { apiKeyOwnerOf, platformClientToCreate, type PlatformClientGrants } from './commands';

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

/** What a command came to, as the audit log reads it. */
export type AuditOutcome = { ok: false; error: AppError } | { ok: true; result: unknown; events: UserEventV2[] };

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

interface Described {
  action: AuditAction;
  target: string;
  summary: AuditSummary;
}

/** The grant request a command's applied outcome answers with, if it became or decided one. */
function grantRequestOf(outcome: AuditOutcome): GrantRequest | undefined {
  return outcome.ok ? (outcome.result as { grantRequest?: GrantRequest } | null)?.grantRequest : undefined;
}

/** A grant request's act as the audit log records it: its type and its fields, never a secret or a hash. */
function actSummary(act: GrantRequest['act']): AuditSummary {
  switch (act.type) {
    case 'user.change-role':
      return { type: act.type, userId: act.userId, role: act.role, previousRole: act.previousRole };
    case 'user.api-key.create':
      return { type: act.type, apiKeyId: act.apiKeyId, name: act.name, scopes: [...act.scopes] };
    case 'user.platform-client.create':
      return {
        type: act.type,
        clientId: act.clientId,
        name: act.name,
        treasuries: [...act.treasuries].sort(),
        dailyRewardCap: act.dailyRewardCap,
      };
  }
}

/** A command that became a two-person request is recorded as the request (docs/DESIGN.md "Two-person acts"). */
function asRequest(outcome: AuditOutcome): Described | null {
  const pending = grantRequestOf(outcome);
  return pending ? { action: 'approval.request', target: `grant-request:${pending.id}`, summary: actSummary(pending.act) } : null;
}

/** The administrative commands and how each is described; null for the others. */
function describe(command: UserCommand, outcome: AuditOutcome): Described | null {
  switch (command.type) {
    case 'user.register':
      return null;
    case 'user.change-role': {
      const request = asRequest(outcome);
      if (request) return request;
      const changed = outcome.ok ? outcome.events.find((e) => e.type === 'user.role-changed') : undefined;
      return {
        action: 'user.change-role',
        target: `user:${command.data.userId}`,
        summary: { role: command.data.role, ...(changed?.type === 'user.role-changed' ? { previousRole: changed.previousRole } : {}) },
      };
    }
    case 'user.delete': {
      // A deletion that waits for a second SUPERADMIN is recorded as the request it became.
      const pending = outcome.ok ? (outcome.result as { deletionRequest?: { id: string; balance: number } }).deletionRequest : undefined;
      if (pending) {
        return {
          action: 'approval.request',
          target: `deletion-request:${pending.id}`,
          summary: { type: 'user.delete', userId: command.data.userId, balance: pending.balance },
        };
      }
      return { action: 'user.delete', target: `user:${command.data.userId}`, summary: {} };
    }
    case 'user.approve-deletion':
      return {
        action: 'approval.approve',
        target: `deletion-request:${command.data.requestId}`,
        summary: { type: 'user.delete', userId: command.data.userId },
      };
    case 'user.reject-deletion':
      return {
        action: 'approval.reject',
        target: `deletion-request:${command.data.requestId}`,
        summary: { type: 'user.delete', userId: command.data.userId, reason: command.data.reason },
      };
    case 'user.revoke-sessions':
      // A user logging themself out everywhere is no administrative action.
      if (command.actor.kind === 'user' && command.actor.id === String(command.data.userId)) return null;
      return { action: 'sessions.revoke', target: `user:${command.data.userId}`, summary: {} };
    case 'user.api-key.create': {
      const request = asRequest(outcome);
      if (request) return request;
      // The key's hash is left out: only its name, scopes and the admin it is issued to.
      const id = outcome.ok ? (outcome.result as { id?: unknown }).id : undefined;
      return {
        action: 'api-key.create',
        target: typeof id === 'string' ? `api-key:${id}` : 'api-key:none',
        summary: { name: command.data.name, scopes: [...command.data.scopes], ownerUserId: apiKeyOwnerOf(command) },
      };
    }
    case 'user.api-key.revoke':
      return { action: 'api-key.revoke', target: `api-key:${command.data.id}`, summary: {} };
    case 'user.platform-client.create': {
      const request = asRequest(outcome);
      if (request) return request;
      // The name and the grants, as the CLI records them: never the secret or its hash.
      const id = outcome.ok ? (outcome.result as { client?: { id?: unknown } }).client?.id : undefined;
      const { treasuries, dailyRewardCap } = platformClientToCreate(command);
      return {
        action: 'platform-client.create',
        target: typeof id === 'string' ? `client:${id}` : 'client:none',
        summary: { name: command.data.name, ...platformClientGrantsSummary({ treasuries, dailyRewardCap }) },
      };
    }
    case 'user.platform-client.revoke': {
      const result = outcome.ok ? (outcome.result as { client: { name: string }; revoked: boolean }) : undefined;
      // Revoking a revoked client changes nothing, and the CLI records no action for it either.
      if (result && !result.revoked) return null;
      return {
        action: 'platform-client.revoke',
        target: `client:${command.data.clientId}`,
        summary: result ? { name: result.client.name } : {},
      };
    }
    case 'user.approve-grant':
    case 'user.reject-grant': {
      // The act from the decided request; a refused decision names the request only.
      const decided = grantRequestOf(outcome);
      const reason: AuditSummary = command.type === 'user.reject-grant' ? { reason: command.data.reason } : {};
      return {
        action: command.type === 'user.approve-grant' ? 'approval.approve' : 'approval.reject',
        target: `grant-request:${command.data.requestId}`,
        summary: { ...(decided ? actSummary(decided.act) : {}), ...reason },
      };
    }
  }
}

/**
 * The act an approval applied, recorded under its own action (a role change, a new key, a new
 * client) with who asked and who approved, so the log reads the same whether an operator or two
 * SUPERADMINs did it; null for any other command or outcome.
 */
export function auditRecordOfApprovedAct(command: UserCommand, outcome: AuditOutcome, context: AuditContext): AuditRecord | null {
  if (command.type !== 'user.approve-grant') return null;
  const decided = grantRequestOf(outcome);
  if (!decided) return null;
  const act = decided.act;
  const people = { requestedBy: decided.requestedBy.id, approvedBy: command.actor.id, grantRequest: decided.id };
  const described: Described =
    act.type === 'user.change-role'
      ? { action: 'user.change-role', target: `user:${act.userId}`, summary: { role: act.role, previousRole: act.previousRole, ...people } }
      : act.type === 'user.api-key.create'
        ? { action: 'api-key.create', target: `api-key:${act.apiKeyId}`, summary: { name: act.name, scopes: [...act.scopes], ...people } }
        : {
            action: 'platform-client.create',
            target: `client:${act.clientId}`,
            summary: { name: act.name, treasuries: [...act.treasuries].sort(), dailyRewardCap: act.dailyRewardCap, ...people },
          };
  return {
    id: auditRecordId(command.commandId, described.action),
    at: context.at.toISOString(),
    actor: actorOf(command.actor),
    ...described,
    result: 'applied',
    errorCode: null,
    requestId: context.requestId,
  };
}

/** A client's grants as the audit log records them: sorted codes, the cap in minor units as every ledger amount. */
export function platformClientGrantsSummary(grants: PlatformClientGrants): AuditSummary {
  return { treasuries: [...grants.treasuries].sort(), dailyRewardCapMinor: grants.dailyRewardCap };
}

/** The audit record of an applied or rejected command, or null when it is no administrative action. */
export function auditRecordOfCommand(command: UserCommand, outcome: AuditOutcome, context: AuditContext): AuditRecord | null {
  const described = describe(command, outcome);
  if (!described) return null;
  return {
    id: auditRecordId(command.commandId, described.action, context.idOf),
    at: context.at.toISOString(),
    actor: actorOf(command.actor),
    ...described,
    result: outcome.ok ? 'applied' : 'rejected',
    errorCode: outcome.ok ? null : outcome.error.code,
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
