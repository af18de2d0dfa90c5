import { asRequest } from '../audit-records';
import { callbackSecretKind, type StoredCallbackSecret } from '../grant-kinds/callback-secret';
import { superadminOrOperator } from '../rules';
import { requestIdOf } from '../two-person-requests';
import { rejected } from '@coin/errors';
import { answered, approvedRequest, finding, requestedGrant } from './shared';
import type { AuditDescription, UserCommandModule } from './types';

/**
 * `user.platform-client.callback-secret`: a new callback secret for a payout provider is always a
 * request a second SUPERADMIN approves (docs/DESIGN.md "Two-person acts"): one SUPERADMIN's secret
 * signs no callback. The secret arrives sealed under the gateway's key, which this service never
 * holds; the request keeps it sealed, with its hash, and shows neither. The approval issues it
 * (approve-grant.ts) if the client is still live and granted `cashout` then; the previous secret
 * keeps verifying for the gateway's overlap after that.
 */
export const issueCallbackSecret: UserCommandModule<'user.platform-client.callback-secret', StoredCallbackSecret> = {
  type: 'user.platform-client.callback-secret',
  revokes: false,
  authorize: superadminOrOperator,
  loads: [],
  decide(command, _state, context) {
    const { clientId, sealedSecret, secretHash, requestHash } = command.data;
    const act = { type: command.type, clientId, sealedSecret, secretHash, requestHash };
    const { view, write } = requestedGrant(callbackSecretKind, command, act, context);
    return answered({ grantRequest: view, secretHash, requestHash }, [write]);
  },
  // Approved: issued to the client as it is now, a live payout provider; one revoked or ungranted
  // since gets none (409 GRANT_REQUEST_OUTDATED, the request stays PENDING). The approval's own
  // record (approval.approve) names the act and the client; issuing a secret is no closed audit action.
  grantKind: callbackSecretKind,
  grantApproval: {
    apply({ act, decided, people, context, done, grantRequest }) {
      const { clientId, sealedSecret, secretHash } = act;
      const secret = { clientId, sealedSecret, secretHash, grantRequestId: decided.id, ...people, issuedAt: context.now };
      return finding({ write: 'insert-callback-secret', secret }, (issued) =>
        issued
          ? approvedRequest({ grantRequest, done })
          : rejected('GRANT_REQUEST_OUTDATED', `The client ${clientId} is revoked or no payout provider now`),
      );
    },
  },
  audit(command, settled): AuditDescription | null {
    // Recorded as the request (its act names the client only): never the sealed secret or its hash.
    // Refused (not a SUPERADMIN): the ask, under the id the request would have had, naming the client.
    const summary = { type: command.type, clientId: command.data.clientId };
    return (
      asRequest(settled, callbackSecretKind) ?? {
        action: 'approval.request',
        target: `grant-request:${requestIdOf('grant-request', command)}`,
        summary,
      }
    );
  },
};
