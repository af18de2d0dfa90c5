import { decidePlatformClientRevocation, liveClientActor, platformClientRevoker, type RevokedPlatformClient } from '../rules';
import { answered, finding } from './shared';
import type { AuditDescription, UserCommandModule } from './types';

/**
 * `user.platform-client.revoke`: revokes the client, keeping the first revocation time, and every
 * test client it made itself with it (a test client ends with its owner). A live client revokes
 * only the test clients it made: any other id is NOT_FOUND, as one that does not exist.
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
    const result = settled.ok
      ? (settled.result as Omit<RevokedPlatformClient, 'testClientsRevoked'> & { testClientsRevoked?: string[] })
      : undefined;
    const children = result?.testClientsRevoked ?? [];
    // Revoking a revoked client changes nothing, and the CLI records no action for it either.
    if (result && !result.revoked && children.length === 0) return null;
    return {
      action: 'platform-client.revoke',
      target: `client:${command.data.clientId}`,
      // The test clients revoked with it are named (the first 50, and how many): the one record tells all that ended.
      summary: result
        ? {
            name: result.client.name,
            ...(children.length > 0 ? { testClientsRevoked: children.slice(0, 50), testClientsRevokedCount: children.length } : {}),
          }
        : {},
    };
  },
};
