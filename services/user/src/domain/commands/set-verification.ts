import { rejected } from '@coin/errors';
import { adminOrOperator } from '../rules';
import { verificationChangedEventOf } from '../user-events';
import { answered, lockedUser } from './shared';
import type { UserCommandModule } from './types';

/**
 * `user.set-verification`: an ADMIN+ verifies an account or takes its verification away
 * (docs/CONTRACT.md "Verification"). The cash-out daily amount reads it from the `verified` claim
 * of the account's token, so a change raises the token version: every token carrying the old
 * claim stops working at the gateway and, through the revocation floors, at the ledger; the
 * user's next token (a refresh or a login) carries the new one. The same value again changes
 * nothing: no new version, no event, the same answer (a retried PUT is harmless).
 */
export const setVerification: UserCommandModule<'user.set-verification'> = {
  type: 'user.set-verification',
  revokes: true,
  authorize: adminOrOperator,
  loads: [(command) => ({ read: 'lock-user', userId: command.data.userId })],
  decide(command, state, context) {
    const { userId, verified } = command.data;
    // Verification opens the cash-out limits: no one grants it to themselves, nor takes their own
    // away (the same person on both sides of a check).
    if (command.actor.kind === 'user' && command.actor.id === String(userId))
      return rejected('SELF_DEALING', 'No one sets the verification of their own account; another ADMIN+ must');
    const current = lockedUser(state, userId);
    if (!current) return rejected('USER_NOT_FOUND', 'No such user');
    if (current.is_verified === verified)
      return answered({ user: { id: current.id, isVerified: verified }, tokenVersion: current.token_version });
    const tokenVersion = current.token_version + 1;
    return {
      ok: true,
      result: { user: { id: current.id, isVerified: verified }, tokenVersion },
      writes: [{ write: 'account-changes', changes: [{ type: 'set-verified', userId, verified, tokenVersion }] }],
      events: [verificationChangedEventOf({ ...current, token_version: tokenVersion }, verified, context.now, context.newId())],
    };
  },
  audit(command, settled) {
    // Not among the closed actions of admin.action.recorded: a service action when applied, a refusal when refused.
    const changed = settled.ok && settled.events.length > 0;
    return {
      serviceAction: 'user.set-verification',
      target: `user:${command.data.userId}`,
      summary: { verified: command.data.verified, reason: command.data.reason, changed },
    };
  },
};
