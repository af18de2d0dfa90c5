import { rejected } from '@coin/errors';
import { asRequest, platformClientGrantsSummary } from '../audit-records';
import { platformClientKind, type StoredPlatformClient } from '../grant-kinds/platform-client';
import { actsAlone, rewardCapRefusal } from '../grant-requests';
import {
  decidePlatformClientCreation,
  isTestModeCreation,
  liveClientActor,
  ownTestClientRefusal,
  personIdOf,
  platformClientCreator,
  platformClientToCreate,
} from '../rules';
import { answered, approvedRequest, finding, requestedGrant } from './shared';
import type { AuditDescription, UserCommandModule } from './types';

/**
 * `user.platform-client.create`: a cap above the configured ceiling is refused; a person's client
 * waits as a request for a second SUPERADMIN (docs/DESIGN.md "Two-person acts"), answered with the
 * hashes so the gateway tells a first answer from a retry's; an operator's is inserted. A test-mode
 * client (a `test_` id) is one ADMIN+'s act or a live client's for itself, inserted at once with its
 * creator (a person, or the owning live client) recorded (a live client keeps at most
 * TEST_CLIENTS_PER_OWNER_MAX unrevoked, 422 TEST_CLIENTS_LIMIT past it): its
 * tokens are refused everywhere real money is (docs/decisions/0018-sandbox.md).
 */
export const createPlatformClient: UserCommandModule<'user.platform-client.create', StoredPlatformClient> = {
  type: 'user.platform-client.create',
  revokes: false,
  authorize: platformClientCreator,
  loads: [
    (command) => {
      const owner = isTestModeCreation(command) ? liveClientActor(command.actor) : null;
      return owner === null ? null : { read: 'owner-client', id: owner };
    },
  ],
  decide(command, state, context) {
    const client = platformClientToCreate(command);
    const testMode = isTestModeCreation(command);
    const owner = testMode ? liveClientActor(command.actor) : null;
    const ownRefusal = owner === null ? null : ownTestClientRefusal(client, state.ownerClientGrants);
    if (ownRefusal) return ownRefusal;
    const max = context.grants.testClientsPerOwnerMax;
    if (owner !== null && (state.ownerTestClients ?? 0) >= max) {
      return rejected('TEST_CLIENTS_LIMIT', `A platform client keeps at most ${max} test clients it made; revoke one to make another`);
    }
    const capRefusal = rewardCapRefusal(client.dailyRewardCap, context.grants);
    if (capRefusal) return capRefusal;
    if (!testMode && !actsAlone(command.actor)) {
      const { secretHash, requestHash } = command.data;
      const { id: clientId, name, treasuries, dailyRewardCap, cashout } = client;
      const act = { type: command.type, clientId, name, treasuries, dailyRewardCap, cashout, secretHash, requestHash };
      const { view, write } = requestedGrant(platformClientKind, command, act, context);
      return answered({ grantRequest: view, secretHash, requestHash }, [write]);
    }
    // A live client's own test client records it as the owner, who alone (with a SUPERADMIN) revokes it.
    const made = testMode ? { ...client, createdBy: personIdOf(command.actor), ownerClientId: liveClientActor(command.actor) } : client;
    return finding({ write: 'insert-platform-client', client: made }, (inserted) => {
      const decision = decidePlatformClientCreation(command, inserted);
      return decision.ok ? answered(decision.result) : decision;
    });
  },
  // Approved: the client inserted with who asked and who approved, if the ceiling (which may have come down since) still allows its cap.
  grantKind: platformClientKind,
  grantApproval: {
    apply({ act, people, context, done, grantRequest }) {
      const capRefusal = rewardCapRefusal(act.dailyRewardCap, context.grants);
      if (capRefusal) return capRefusal;
      const { clientId: id, name, secretHash, treasuries, dailyRewardCap } = act;
      const cashout = act.cashout ?? false;
      const client = {
        id,
        name,
        secretHash,
        treasuries,
        dailyRewardCap,
        cashout,
        createdBy: people.requestedBy,
        approvedBy: people.approvedBy,
      };
      return finding({ write: 'insert-platform-client', client }, (inserted) =>
        inserted ? approvedRequest({ grantRequest, done }) : rejected('COMMAND_FAILED', 'The client id is taken; ask for a new client'),
      );
    },
    auditAct: (act, people) => ({
      action: 'platform-client.create',
      target: `client:${act.clientId}`,
      summary: {
        name: act.name,
        treasuries: [...act.treasuries].sort(),
        dailyRewardCap: act.dailyRewardCap,
        ...(act.cashout ? { cashout: true } : {}),
        ...people,
      },
    }),
  },
  audit(command, settled): AuditDescription | null {
    const request = asRequest(settled, platformClientKind);
    if (request) return request;
    // The name and the grants, as the CLI records them: never the secret or its hash.
    const id = settled.ok ? (settled.result as { client?: { id?: unknown } }).client?.id : undefined;
    const { treasuries, dailyRewardCap, cashout } = platformClientToCreate(command);
    return {
      action: 'platform-client.create',
      target: typeof id === 'string' ? `client:${id}` : 'client:none',
      summary: { name: command.data.name, ...platformClientGrantsSummary({ treasuries, dailyRewardCap, cashout }) },
    };
  },
};
