import { asRequest } from '../audit-records';
import { superadminOrOperator } from '../rules';
import { answered, requestedGrant } from './shared';
import type { AuditDescription, UserCommandModule } from './types';

/**
 * `user.platform-client.callback-secret`: a new callback secret for a payout provider is always a
 * request a second SUPERADMIN approves (docs/DESIGN.md "Two-person acts"): one SUPERADMIN's secret
 * signs no callback. The secret arrives sealed under the gateway's key, which this service never
 * holds; the request keeps it sealed, with its hash, and shows neither. The approval issues it
 * (approve-grant.ts) if the client is still live and granted `cashout` then; the previous secret
 * keeps verifying for the gateway's overlap after that.
 */
export const issueCallbackSecret: UserCommandModule<'user.platform-client.callback-secret'> = {
  type: 'user.platform-client.callback-secret',
  revokes: false,
  authorize: superadminOrOperator,
  loads: [],
  decide(command, _state, context) {
    const { clientId, sealedSecret, secretHash, requestHash } = command.data;
    const act = { type: command.type, clientId, sealedSecret, secretHash, requestHash };
    const { view, write } = requestedGrant(command, act, context);
    return answered({ grantRequest: view, secretHash, requestHash }, [write]);
  },
  audit(_command, settled): AuditDescription | null {
    // Recorded as the request (its act names the client only): never the sealed secret or its hash.
    return asRequest(settled);
  },
};
