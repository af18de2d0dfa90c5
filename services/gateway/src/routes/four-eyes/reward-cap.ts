import {
  coinsToMinorUnits,
  fourEyesActs,
  idempotencyKey,
  grantRequestActOf,
  platformClientIdParams,
  rewardCapRequest,
  rewardCapRequestList,
  setRewardCapBody,
  userDraft,
  type AnyGrantRequest,
  type RewardCapRequest,
} from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { randomIdNonce } from '@coin/security';
import { z } from 'zod';
import { authorityOf } from '../../plugins/auth';
import { idempotencyKeyHeader, idempotencyOf } from '../../plugins/idempotency';
import { answered, commandErrorResponses } from '../command-route';
import { exampleGrantRequest, withExample } from '../examples';
import { routeOf } from '../route-def';
import type { ActPart, FourEyesRouteDeps } from './kit';
import { approveGrant, decided, grantRequestsOfKind, ofUserPart, rejectGrant } from './user-kit';

/** Whether a stored grant request is a platform client's reward cap change. */
function isRewardCapRequest(found: AnyGrantRequest): found is RewardCapRequest {
  return grantRequestActOf(found.act.type) === 'reward-cap';
}

const exampleRewardCap = exampleGrantRequest({
  type: 'user.platform-client.set-reward-cap' as const,
  clientId: 'pc_Xk3v9QmT2bLw',
  dailyRewardCap: 25_000,
  previousDailyRewardCap: null,
}) as RewardCapRequest;

const route = routeOf<FourEyesRouteDeps>();

/**
 * PUT /api/admin/platform-clients/{id}/daily-reward-cap: a SUPERADMIN asks for a live client's new
 * daily reward cap (docs/CONTRACT.md "Platform clients"); 202 with the request another SUPERADMIN
 * approves. The user service judges it (the client live, the ceiling, the people behind the client).
 */
const askRoute = route({
  method: 'PUT',
  url: '/api/admin/platform-clients/:id/daily-reward-cap',
  config: { access: 'superadmin', idempotent: true, stepUp: true },
  schema: {
    tags: ['platform-clients'],
    summary:
      "Ask for a live platform client's new daily reward cap (coins; null: the ledger default): 202 with the request another SUPERADMIN approves (POST /api/admin/reward-cap-requests/{id}/approve); the cap applies from the client's next token after that approval. The people behind the client (who asked for it and who approved it) neither ask (403 SELF_DEALING) nor approve; a cap above the configured ceiling is 422 REWARD_CAP_ABOVE_CEILING, an unknown or revoked client 404",
    operationId: 'requestRewardCapChange',
    headers: z.looseObject({ [idempotencyKeyHeader]: idempotencyKey }),
    params: platformClientIdParams,
    body: withExample(setRewardCapBody, { dailyRewardCap: 250 }),
    response: {
      202: withExample(z.object({ rewardCapRequest }), { rewardCapRequest: exampleRewardCap }),
      ...commandErrorResponses,
    },
  },
  handler: async (request, reply, deps) => {
    const { dailyRewardCap } = request.body;
    const minor = dailyRewardCap === null ? null : coinsToMinorUnits(dailyRewardCap);
    const draft = userDraft('user.platform-client.set-reward-cap', {
      clientId: request.params.id,
      dailyRewardCap: minor,
      idNonce: randomIdNonce(),
    });
    const { commandId } = idempotencyOf(request);
    const stored = await answered(request, () =>
      deps.commands.user(draft, { ...authorityOf(request), commandId, requestId: String(request.id) }),
    );
    if (!isRewardCapRequest(stored.grantRequest)) throw new InvariantViolation('a reward cap change was asked for as another act');
    reply.status(202);
    return { rewardCapRequest: stored.grantRequest };
  },
});

/** A platform client's daily reward cap change, asked for on its own route (`asks`), decided by a second SUPERADMIN. */
export const rewardCapPart: ActPart = {
  asks: [askRoute],
  ...ofUserPart<RewardCapRequest>('reward-cap', {
    summaries: {
      list: "Platform clients' daily reward cap changes waiting for a second SUPERADMIN, newest first, optionally of one status",
      approve:
        "Approve a platform client's daily reward cap change: the client's next token carries the new cap. By a SUPERADMIN other than the requester and the people behind the client who held the role before the request was made (403 APPROVAL_BY_REQUESTER, SELF_DEALING, APPROVER_NOT_ELIGIBLE); a client revoked since is 409 GRANT_REQUEST_OUTDATED, a cap above the ceiling now 422 REWARD_CAP_ABOVE_CEILING",
      reject:
        "Reject a platform client's pending daily reward cap change with a reason: the cap stays; any SUPERADMIN, the requester included",
    },
    ...grantRequestsOfKind({
      is: isRewardCapRequest,
      items: 'rewardCapRequests',
      answer: rewardCapRequestList,
      example: exampleRewardCap,
      what: 'reward cap request',
    }),
    approve: async (deps, request, found, commandId) => ({
      rewardCapRequest: (await approveGrant(request, deps, found.id, commandId)) as RewardCapRequest,
    }),
    approvedExample: (example) => ({ rewardCapRequest: { ...decided(example), status: 'APPROVED' as const } }),
    reject: async (deps, request, found, reason, commandId) => ({
      rewardCapRequest: (await rejectGrant(request, deps, found.id, commandId, reason)) as RewardCapRequest,
    }),
    rejectedExample: (example, reason) => ({
      rewardCapRequest: { ...decided(example), status: 'REJECTED' as const, rejectionReason: reason },
    }),
    rejectResult: fourEyesActs['reward-cap'].result,
  }),
};
