import type { ApiKeyScopeName } from './common';
import type { ApprovableCommand, LedgerCommand } from './ledger';

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
} as const satisfies Record<ApprovableCommand['type'], ApiKeyScopeName>;

/** The scope the command that a request holds needs (approving it needs the same key as sending it would). */
export function apiKeyScopeOfApprovable(command: ApprovableCommand): ApiKeyScopeName | null {
  if (command.type === 'ledger.payout' && command.data.from.kind !== 'treasury') return null;
  return apiKeyScopeOfCommand[command.type];
}

/** A ledger command as sent (its envelope's other fields do not matter here), type by type. */
type SentCommand = LedgerCommand extends infer C ? (C extends LedgerCommand ? Pick<C, 'type' | 'data' | 'actor'> : never) : never;

/**
 * The API key scope a ledger command needs from the person who sends it, or null when it needs
 * no key: a platform client's commands (its token is its only credential), and every command that
 * is no admin money command. Asking for approval, or approving, needs the key the command held
 * would need; rejecting moves nothing and needs none.
 */
export function apiKeyScopeNeeded(command: SentCommand): ApiKeyScopeName | null {
  if (command.actor.kind !== 'user') return null;
  switch (command.type) {
    case 'ledger.mint':
    case 'ledger.burn':
    case 'ledger.refund':
    case 'ledger.reward':
    case 'ledger.payout':
      return apiKeyScopeOfApprovable(command);
    case 'ledger.request-approval':
    case 'ledger.approve':
      return apiKeyScopeOfApprovable(command.data.command);
    default:
      return null;
  }
}
