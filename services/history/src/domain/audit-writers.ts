import type { AdminAuditEvent } from '@coin/contracts';

/**
 * Which writer may have written which record (docs/DESIGN.md "Admin audit log"), judged after its
 * signature verified for `signer`: a record names its source (a refusal's or a service action's
 * `source`) or, for an action, is of a kind only one service applies. A writer may sign only its
 * own: the gateway only its refusals on admin.refusals, the others never a gateway record and no
 * action of another service. Returns why not, or null when the signer may have written it.
 */
export function auditWriterRefusal(event: AdminAuditEvent, signer: string, fromRefusalsTopic: boolean): string | null {
  if (fromRefusalsTopic !== (signer === 'gateway'))
    return fromRefusalsTopic
      ? `writer: only the gateway writes the refusals topic, not ${signer}`
      : 'writer: the gateway writes its refusals topic only';
  switch (event.type) {
    case 'admin.refusal.recorded':
    case 'admin.service-action.recorded':
      return event.record.source === signer ? null : `writer: a record of ${event.record.source} signed by ${signer}`;
    case 'admin.action.recorded': {
      const owner = actionOwner(event.record.action, event.record.target);
      return owner === signer
        ? null
        : `writer: ${event.record.action} on ${event.record.target.slice(0, 60)} is recorded by ${owner}, not ${signer}`;
    }
  }
}

/**
 * The service that applies an action, and so records it: the ledger moves money, sets limits and
 * decides its approvals; the user service decides accounts, sessions, keys, clients and the
 * approvals of deletions and of two-person grants (targets `deletion-request:`, `grant-request:`).
 */
const userApprovalTargets = ['deletion-request:', 'grant-request:'];

function actionOwner(action: string, target: string): 'ledger' | 'user' {
  if (action.startsWith('money.') || action === 'limits.set') return 'ledger';
  if (action.startsWith('approval.')) return userApprovalTargets.some((prefix) => target.startsWith(prefix)) ? 'user' : 'ledger';
  return 'user';
}
