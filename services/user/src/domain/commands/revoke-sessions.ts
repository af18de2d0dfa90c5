import { selfOrSuperadmin } from '../rules';
import { accountLoads, appliedAccount, decideAccount } from './shared';
import type { UserCommandModule } from './types';

/** `user.revoke-sessions`: "log out everywhere", by the user themself or a SUPERADMIN: a new token version. */
export const revokeSessions: UserCommandModule<'user.revoke-sessions'> = {
  type: 'user.revoke-sessions',
  revokes: true,
  authorize: selfOrSuperadmin,
  loads: accountLoads,
  decide(command, state, context) {
    const decision = decideAccount(command, state, context);
    return decision.ok ? appliedAccount(decision, decision.result) : decision;
  },
  audit(command) {
    // A user logging themself out everywhere is no administrative action.
    if (command.actor.kind === 'user' && command.actor.id === String(command.data.userId)) return null;
    return { action: 'sessions.revoke', target: `user:${command.data.userId}`, summary: {} };
  },
};
