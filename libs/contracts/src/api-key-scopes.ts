import { apiKeyScopes, type ApiKeyScopeName } from './common';
import {
  type ApprovableCommand,
  type KeyScope,
  type LedgerCommand,
  type LedgerCommandType,
  type LedgerKeyScope,
  ledgerCommandContracts,
  type NoKeyReason,
  noKeyReasons,
} from './commands';

type LedgerRows = typeof ledgerCommandContracts;
/** The commands whose row names a key (KeyScope): the admin money commands. */
type KeyedType = { [T in LedgerCommandType]: LedgerRows[T]['scope'] extends KeyScope ? T : never }[LedgerCommandType];
/** The key scope a row's scope names. */
type KeyOf<K> = K extends 'reward-from-treasury' ? 'reward' : K;

const keyOf = (scope: KeyScope): ApiKeyScopeName => (scope === 'reward-from-treasury' ? 'reward' : scope);
const namesAKey = (scope: LedgerKeyScope): scope is KeyScope =>
  scope === 'reward-from-treasury' || (apiKeyScopes as readonly string[]).includes(scope);
const needsNoKey = (scope: LedgerKeyScope): scope is NoKeyReason => Object.hasOwn(noKeyReasons, scope);

/**
 * Which API key scope each admin money command needs (docs/DESIGN.md "API keys"), read from the
 * rows' `scope` (ledgerCommandContracts): the commands whose row names a key, and nothing else.
 * The gateway's money routes take their `apiKeyScope` from it (and its approval routes the scope
 * of the command they approve), and the ledger checks a person's command of these types against
 * the same rows (apiKeyScopeNeeded): the command must carry the proof of the sender's own key with
 * this scope, and its token a second factor. A payout needs it when it pays from REWARDS (a
 * person's from their own wallet is a transfer and needs no key).
 */
export const apiKeyScopeOfCommand = Object.fromEntries(
  (Object.keys(ledgerCommandContracts) as LedgerCommandType[]).flatMap((type) => {
    const { scope } = ledgerCommandContracts[type];
    return namesAKey(scope) ? [[type, keyOf(scope)]] : [];
  }),
) as { readonly [T in KeyedType]: KeyOf<LedgerRows[T]['scope']> };

/**
 * The scope an approve needs when it names only its request (docs/decisions/0005): the stored
 * command's, which the sender does not know. The ledger checks the key proof's owner, time and
 * revocation when it judges the command, and its scope once it loaded the request
 * (`approverKeyScopeRefusal`).
 */
export const scopeOfStoredCommand = 'scope of the stored command';

/** A ledger command as sent (its envelope's other fields do not matter here), type by type. */
type SentCommand = LedgerCommand extends infer C ? (C extends LedgerCommand ? Pick<C, 'type' | 'data' | 'actor'> : never) : never;

/**
 * The key a command of its row's scope needs from a person, or null: the row's key; a payout's
 * when it pays from a treasury; for a request or an approve, the held command's (an approve naming
 * only its request: `scopeOfStoredCommand`; one naming its kind, `holds`, decides a cash-out's
 * reversal or a commission change, which need no key, and the ledger refuses a request of another
 * kind there); none for a row that says why it needs none.
 */
function scopeOfRow(command: { type: LedgerCommandType; data: unknown }): ApiKeyScopeName | typeof scopeOfStoredCommand | null {
  const { scope } = ledgerCommandContracts[command.type];
  if (needsNoKey(scope)) return null;
  if (scope === 'reward-from-treasury') return (command.data as { from: { kind: string } }).from.kind === 'treasury' ? 'reward' : null;
  if (namesAKey(scope)) return keyOf(scope);
  // The one scope left: a scope of a new kind is a compile error here until it is decided above.
  scope satisfies 'of-held-command';
  const held = command.data as { command?: ApprovableCommand; holds?: string };
  if (held.holds !== undefined) return null;
  return held.command === undefined ? scopeOfStoredCommand : apiKeyScopeOfApprovable(held.command);
}

/** The scope the command that a request holds needs (approving it needs the same key as sending it would). */
export function apiKeyScopeOfApprovable(command: ApprovableCommand): ApiKeyScopeName | null {
  // A cash-out's reversal and a commission rule's change pay no one (a rule was never set with a
  // key): their rows say 'none-four-eyes', the second person's fresh second factor is their guard.
  const scope = scopeOfRow(command);
  if (scope === scopeOfStoredCommand) throw new RangeError(`${command.type} is held by no approval request: its row holds a command`);
  return scope;
}

/**
 * Why an approver whose API key has `scopes` may not approve a request holding `held`, or null: it
 * needs the key the direct command needs. The one rule, for the gateway's early refusal (when it
 * read the request) and the ledger's judgement after it loaded the request.
 */
export function approverKeyScopeRefusal(held: ApprovableCommand, scopes: readonly string[]): string | null {
  const scope = apiKeyScopeOfApprovable(held);
  return scope === null || scopes.includes(scope) ? null : `The API key lacks the "${scope}" scope`;
}

/**
 * The API key scope a ledger command needs from the person who sends it, or null when it needs
 * no key: a platform client's commands (its token is its only credential), and every command whose
 * row says why it needs none. Its row's `scope` decides (ledgerCommandContracts): asking for
 * approval, or approving, needs the key the command held would need (an approve naming only its
 * request: `scopeOfStoredCommand`); rejecting moves nothing and needs none.
 */
export function apiKeyScopeNeeded(command: SentCommand): ApiKeyScopeName | typeof scopeOfStoredCommand | null {
  if (command.actor.kind !== 'user') return null;
  return scopeOfRow(command);
}
