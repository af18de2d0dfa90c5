import { rejected } from '@coin/errors';
import { asRequest } from '../audit-records';
import { rewardCapKind, type StoredRewardCap } from '../grant-kinds/reward-cap';
import { personIdOf, rewardCapRefusal } from '../grant-requests';
import { superadminOrOperator } from '../rules';
import { requestIdOf } from '../two-person-requests';
import { answered, approvedRequest, finding, requestedGrant } from './shared';
import type { AuditDescription, UserCommandModule } from './types';

/**
 * `user.platform-client.set-reward-cap`: the change of a live platform client's daily reward cap
 * (four-eyes-acts.ts 'reward-cap') is always a request a second SUPERADMIN approves (docs/DESIGN.md
 * "Two-person acts"). The people behind the client's grant (who asked for the client and who
 * approved it) neither ask for it nor approve it: a client's cap bounds what it rewards, and they
 * answer for it. A cap above PLATFORM_CLIENT_DAILY_REWARD_CAP_MAX_COINS is refused when asked and
 * again when approved. The approval sets the cap (`grantApproval`); the client's tokens carry it
 * from its next token on.
 */
export const setRewardCap: UserCommandModule<'user.platform-client.set-reward-cap', StoredRewardCap> = {
  type: 'user.platform-client.set-reward-cap',
  revokes: false,
  authorize: superadminOrOperator,
  loads: [(command) => ({ read: 'live-client', id: command.data.clientId })],
  decide(command, state, context) {
    const { clientId, dailyRewardCap } = command.data;
    const client = state.liveClient ?? null;
    if (!client) return rejected('NOT_FOUND', `No live platform client ${clientId}`);
    const capRefusal = rewardCapRefusal(dailyRewardCap, context.grants);
    if (capRefusal) return capRefusal;
    const peopleBehind = [client.createdBy, client.approvedBy].filter((person): person is number => person !== null);
    const requester = personIdOf(command.actor);
    if (requester !== null && peopleBehind.includes(requester)) {
      return rejected('SELF_DEALING', 'No one asks for the reward cap of a client they asked for or approved; another SUPERADMIN must');
    }
    const act: StoredRewardCap = {
      type: command.type,
      clientId,
      dailyRewardCap,
      previousDailyRewardCap: client.dailyRewardCap,
      peopleBehind: [...new Set(peopleBehind)],
    };
    const { view, write } = requestedGrant(rewardCapKind, command, act, context);
    return answered({ grantRequest: view }, [write]);
  },
  // Approved: set on the client as it is now, when the ceiling still allows it (it may have come
  // down since the request); a client revoked since gets none (409 GRANT_REQUEST_OUTDATED, the
  // request stays PENDING). The approval's own record (approval.approve) names the act.
  grantKind: rewardCapKind,
  grantApproval: {
    apply({ act, context, done, grantRequest }) {
      const capRefusal = rewardCapRefusal(act.dailyRewardCap, context.grants);
      if (capRefusal) return capRefusal;
      const { clientId, dailyRewardCap } = act;
      return finding({ write: 'set-reward-cap', clientId, dailyRewardCap }, (set) =>
        set ? approvedRequest({ grantRequest, done }) : rejected('GRANT_REQUEST_OUTDATED', `The client ${clientId} is revoked now`),
      );
    },
  },
  audit(command, settled): AuditDescription | null {
    // Asked: the request. Refused (the people behind the client, the ceiling, no live client): the
    // ask, under the id the request would have had (a grant request's, which the user service records).
    const { clientId, dailyRewardCap } = command.data;
    const summary = { type: command.type, clientId, dailyRewardCap };
    return (
      asRequest(settled, rewardCapKind) ?? {
        action: 'approval.request',
        target: `grant-request:${requestIdOf('grant-request', command)}`,
        summary,
      }
    );
  },
};
