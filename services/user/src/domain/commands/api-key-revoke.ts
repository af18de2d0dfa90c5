import { superadminOrOperator, decideApiKeyRevocation } from '../rules';
import { answered, finding } from './shared';
import type { UserCommandModule } from './types';

/** `user.api-key.revoke`: revokes the key (idempotently); its hash goes back, for the gateway to drop it from its cache. */
export const revokeApiKey: UserCommandModule<'user.api-key.revoke'> = {
  type: 'user.api-key.revoke',
  revokes: true,
  authorize: superadminOrOperator,
  loads: [],
  decide: (command) =>
    finding({ write: 'revoke-api-key', id: command.data.id }, (revoked) => {
      const decision = decideApiKeyRevocation(command.data.id, revoked);
      return decision.ok ? answered(decision.result) : decision;
    }),
  audit: (command) => ({ action: 'api-key.revoke', target: `api-key:${command.data.id}`, summary: {} }),
};
