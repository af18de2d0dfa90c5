import { decidePlatformClientRevocation, liveClientActor, platformClientRevoker } from '../rules';
import { answered, finding } from './shared';
import type { AuditDescription, UserCommandModule } from './types';

/**
 * `user.platform-client.revoke`: revokes the client, keeping the first revocation time. A live
 * client revokes only the test clients it made: any other id is NOT_FOUND, as one that does not exist.
 */
export const revokePlatformClient: UserCommandModule<'user.platform-client.revoke'> = {
  type: 'user.platform-client.revoke',
  revokes: true,
  authorize: platformClientRevoker,
  loads: [],
  decide: (command, _state, context) =>
    finding(
      { write: 'revoke-platform-client', id: command.data.clientId, at: context.now, ownerClientId: liveClientActor(command.actor) },
      (revoked) => {
        const decision = decidePlatformClientRevocation(revoked);
        return decision.ok ? answered(decision.result) : decision;
      },
    ),
  audit(command, settled): AuditDescription | null {
    const result = settled.ok ? (settled.result as { client: { name: string }; revoked: boolean }) : undefined;
    // Revoking a revoked client changes nothing, and the CLI records no action for it either.
    if (result && !result.revoked) return null;
    return {
      action: 'platform-client.revoke',
      target: `client:${command.data.clientId}`,
      summary: result ? { name: result.client.name } : {},
    };
  },
};
