import { paysPerson } from '@coin/contracts';
import { rejected } from '@coin/errors';
import { asRequest } from '../audit-records';
import { verificationKind, type StoredVerification } from '../grant-kinds/verification';
import { actsAlone, verificationNeedsSecondPerson } from '../grant-requests';
import { adminOrOperator } from '../rules';
import { verificationChangedEventOf } from '../user-events';
import type { UserRow } from '../users';
import { answered, lockedUser, requestedGrant } from './shared';
import type { Applied, DecideContext, UserCommandModule } from './types';

/**
 * The account's verification set to `verified`, decided against its locked row: the same value
 * again changes nothing (no new version, no event, the same answer); a change raises the token
 * version and says so on user.events.v2. Also what an approved verification request applies.
 */
export function verificationChange(current: UserRow, verified: boolean, context: DecideContext): Applied<'user.set-verification'> {
  if (current.is_verified === verified)
    return answered({ user: { id: current.id, isVerified: verified }, tokenVersion: current.token_version });
  const tokenVersion = current.token_version + 1;
  return {
    ok: true,
    result: { user: { id: current.id, isVerified: verified }, tokenVersion },
    writes: [{ write: 'account-changes', changes: [{ type: 'set-verified', userId: current.id, verified, tokenVersion }] }],
    events: [verificationChangedEventOf({ ...current, token_version: tokenVersion }, verified, context.now, context.newId())],
  };
}

/**
 * `user.set-verification`: an ADMIN+ verifies an account or takes its verification away
 * (docs/CONTRACT.md "Verification"). The cash-out daily amount reads it from the `verified` claim
 * of the account's token, so a change raises the token version: every token carrying the old
 * claim stops working at the gateway and, through the revocation floors, at the ledger; the
 * user's next token (a refresh or a login) carries the new one. Verifying an ADMIN or SUPERADMIN
 * account that is not verified yet is a two-person act: asked for (`asRequest`), it is stored as a
 * grant request another ADMIN+ approves (docs/DESIGN.md "Two-person acts"); set directly, it is
 * refused (FOUR_EYES_REQUIRED). An operator of the CLI acts alone.
 */
export const setVerification: UserCommandModule<'user.set-verification', StoredVerification> = {
  type: 'user.set-verification',
  revokes: true,
  authorize: adminOrOperator,
  loads: [(command) => ({ read: 'lock-user', userId: command.data.userId })],
  decide(command, state, context) {
    const { userId, verified, reason, asRequest } = command.data;
    // Verification opens the cash-out limits: no one grants it to themselves, nor takes their own
    // away (the same person on both sides of a check).
    if (paysPerson(command.actor, [userId]))
      return rejected('SELF_DEALING', 'No one sets the verification of their own account; another ADMIN+ must');
    const current = lockedUser(state, userId);
    if (!current) return rejected('USER_NOT_FOUND', 'No such user');
    const needsSecond =
      current.is_verified !== verified && !actsAlone(command.actor) && verificationNeedsSecondPerson(current.role, verified);
    if (needsSecond && asRequest) {
      const { view, write } = requestedGrant(verificationKind, command, { type: command.type, userId, verified: true, reason }, context);
      return answered({ grantRequest: view }, [write]);
    }
    if (needsSecond) {
      return rejected(
        'FOUR_EYES_REQUIRED',
        `Verifying a ${current.role} account takes a second ADMIN+: ask for it (POST /api/admin/users/${userId}/verification-requests)`,
      );
    }
    if (asRequest) {
      return rejected(
        'GRANT_REQUEST_OUTDATED',
        'A verification request names an ADMIN or SUPERADMIN account not verified yet; this one is not',
      );
    }
    return verificationChange(current, verified, context);
  },
  // Approved: applied to the account as it is now (one verified meanwhile changes nothing). The
  // approval's own record (approval.approve) names the act; verification is no closed audit action.
  grantKind: verificationKind,
  grantApproval: {
    reads: [(act) => ({ read: 'lock-user', userId: act.userId })],
    apply({ act, state, context, done, grantRequest }) {
      const user = lockedUser(state, act.userId);
      if (!user) return rejected('USER_NOT_FOUND', 'The account to verify no longer exists');
      const decision = verificationChange(user, true, context);
      const tokenVersion = decision.events.length > 0 ? user.token_version + 1 : null;
      return { ok: true, result: { grantRequest, tokenVersion }, writes: [...decision.writes, done], events: decision.events };
    },
  },
  audit(command, settled) {
    // Become a request: recorded as the request (approval.request), as every two-person act.
    const request = asRequest(settled, verificationKind);
    if (request) return request;
    // Not among the closed actions of admin.action.recorded: a service action when applied, a refusal when refused.
    const changed = settled.ok && settled.events.length > 0;
    return {
      serviceAction: 'user.set-verification',
      target: `user:${command.data.userId}`,
      summary: { verified: command.data.verified, reason: command.data.reason, changed },
    };
  },
};
