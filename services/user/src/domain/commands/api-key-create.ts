import { rejected } from '@coin/errors';
import { asRequest } from '../audit-records';
import { apiKeyKind, type StoredApiKey } from '../grant-kinds/api-key';
import { actsAlone } from '../grant-requests';
import { apiKeyOwnerOf, superadminOrOperator, decideApiKeyCreation } from '../rules';
import { answered, approvedRequest, finding, lockedUser, requestedGrant } from './shared';
import type { AuditDescription, UserCommandModule } from './types';

/**
 * `user.api-key.create`: the owner's row is locked (a key is never issued to an account being
 * demoted or deleted meanwhile) and must be an ADMIN or SUPERADMIN. A person's key waits as a
 * request for a second SUPERADMIN (docs/DESIGN.md "Two-person acts"); an operator's is inserted.
 */
export const createApiKey: UserCommandModule<'user.api-key.create', StoredApiKey> = {
  type: 'user.api-key.create',
  revokes: false,
  authorize: superadminOrOperator,
  loads: [
    (command) => {
      const ownerId = apiKeyOwnerOf(command);
      return ownerId === null ? null : { read: 'lock-user', userId: ownerId };
    },
  ],
  decide(command, state, context) {
    const ownerId = apiKeyOwnerOf(command);
    const decision = decideApiKeyCreation(command, ownerId === null ? null : lockedUser(state, ownerId), context);
    if (!decision.ok) return decision;
    const key = decision.key;
    if (!actsAlone(command.actor)) {
      const { id: apiKeyId, name, scopes, keyHash, ownerUserId } = key;
      const { view, write } = requestedGrant(
        apiKeyKind,
        command,
        { type: command.type, apiKeyId, name, scopes, keyHash, ownerUserId },
        context,
      );
      return answered({ grantRequest: view }, [write]);
    }
    return finding({ write: 'insert-api-key', key }, (inserted) =>
      inserted ? answered(inserted) : rejected('COMMAND_FAILED', 'The new key is taken; retry with a new key'),
    );
  },
  // Approved: the key inserted with who asked and who approved, while its owner (locked, as at the request) is still an ADMIN+.
  grantKind: apiKeyKind,
  grantApproval: {
    reads: [(act) => ({ read: 'lock-user', userId: act.ownerUserId })],
    apply({ act, state, people, done, grantRequest }) {
      const owner = lockedUser(state, act.ownerUserId);
      if (!owner || (owner.role !== 'ADMIN' && owner.role !== 'SUPERADMIN')) {
        return rejected('GRANT_REQUEST_OUTDATED', `The key's owner ${act.ownerUserId} is no ADMIN or SUPERADMIN now`);
      }
      const { apiKeyId: id, name, scopes, keyHash, ownerUserId } = act;
      const key = { id, name, scopes, keyHash, createdBy: people.requestedBy, approvedBy: people.approvedBy, ownerUserId };
      return finding({ write: 'insert-api-key', key }, (inserted) =>
        inserted ? approvedRequest({ grantRequest, done }) : rejected('COMMAND_FAILED', 'The key is taken; ask for a new one'),
      );
    },
    auditAct: (act, people) => ({
      action: 'api-key.create',
      target: `api-key:${act.apiKeyId}`,
      summary: { name: act.name, scopes: [...act.scopes], ...people },
    }),
  },
  audit(command, settled): AuditDescription | null {
    const request = asRequest(settled, apiKeyKind);
    if (request) return request;
    // The key's hash is left out: only its name, scopes and the admin it is issued to.
    const id = settled.ok ? (settled.result as { id?: unknown }).id : undefined;
    return {
      action: 'api-key.create',
      target: typeof id === 'string' ? `api-key:${id}` : 'api-key:none',
      summary: { name: command.data.name, scopes: [...command.data.scopes], ownerUserId: apiKeyOwnerOf(command) },
    };
  },
};
