import type { ApiKeyScopeName } from './common';
import type { ApprovableCommand, LedgerCommand } from './commands';

/**
 * Which API key scope each admin money command needs (docs/DESIGN.md "API keys"): the one table.
 * The gateway's money routes take their `apiKeyScope` from it (and its approval routes the scope
 * of the command they approve), and the ledger checks a person's command of these types against
 * it: the command must carry the proof of the sender's own key with this scope, and its token a
 * second factor. A payout needs it when it pays from REWARDS (a person's from their own wallet is
 * a transfer and needs no key).
 */
export const apiKeyScopeOfCommand = {
  'ledger.mint': 'mint',
  'ledger.burn': 'burn',
  'ledger.refund': 'refund',
  'ledger.reward': 'reward',
  'ledger.payout': 'reward',
} as const satisfies Record<Exclude<ApprovableCommand['type'], 'ledger.reverse-cashout' | 'ledger.set-commission'>, ApiKeyScopeName>;

/** The scope the command that a request holds needs (approving it needs the same key as sending it would). */
export function apiKeyScopeOfApprovable(command: ApprovableCommand): ApiKeyScopeName | null {
  // A cash-out's reversal and a commission rule's change pay no one (a rule was never set with a
  // key): the second person's fresh second factor is their guard, no key.
  if (command.type === 'ledger.reverse-cashout' || command.type === 'ledger.set-commission') return null;
  if (command.type === 'ledger.payout' && command.data.from.kind !== 'treasury') return null;
  return apiKeyScopeOfCommand[command.type];
}

/**
 * The scope an approve needs when it names only its request (docs/decisions/0005): the stored
 * command's, which the sender does not know. The ledger checks the key proof's owner, time and
 * revocation when it judges the command, and its scope once it loaded the request
 * (`approverKeyScopeRefusal`).
 */
export const scopeOfStoredCommand = 'scope of the stored command';

/**
 * Why an approver whose API key has `scopes` may not approve a request holding `held`, or null: it
 * needs the key the direct command needs. The one rule, for the gateway's early refusal (when it
 * read the request) and the ledger's judgement after it loaded the request.
 */
export function approverKeyScopeRefusal(held: ApprovableCommand, scopes: readonly string[]): string | null {
  const scope = apiKeyScopeOfApprovable(held);
  return scope === null || scopes.includes(scope) ? null : `The API key lacks the "${scope}" scope`;
}

/** A ledger command as sent (its envelope's other fields do not matter here), type by type. */
type SentCommand = LedgerCommand extends infer C ? (C extends LedgerCommand ? Pick<C, 'type' | 'data' | 'actor'> : never) : never;

/**
 * The API key scope a ledger command needs from the person who sends it, or null when it needs
 * no key: a platform client's commands (its token is its only credential), and every command that
 * is no admin money command. Asking for approval, or approving, needs the key the command held
 * would need (an approve naming only its request: `scopeOfStoredCommand`); rejecting moves
 * nothing and needs none.
 */
export function apiKeyScopeNeeded(command: SentCommand): ApiKeyScopeName | typeof scopeOfStoredCommand | null {
  if (command.actor.kind !== 'user') return null;
  switch (command.type) {
    case 'ledger.mint':
    case 'ledger.burn':
    case 'ledger.refund':
    case 'ledger.reward':
    case 'ledger.payout':
      return apiKeyScopeOfApprovable(command);
    case 'ledger.request-approval':
      return apiKeyScopeOfApprovable(command.data.command);
    case 'ledger.approve':
      // A cash-out's reversal and a commission change need no key (their routes name them: `holds`);
      // the ledger refuses a request of another kind there.
      if (command.data.holds !== undefined) return null;
      return command.data.command === undefined ? scopeOfStoredCommand : apiKeyScopeOfApprovable(command.data.command);
    default:
      return null;
  }
}
