/**
 * A platform client's mode (docs/decisions/0018-sandbox.md): `test` credentials never act on real
 * money. Fixed when the client is made, and visible in its id: a test-mode client's id starts with
 * this prefix.
 */
export type CredentialMode = 'live' | 'test';
export const testModeClientIdPrefix = 'test_';

/**
 * The one rule for a credential's mode, read by the user service (the `mode` claim it signs), the
 * gateway and the ledger (from the token each verified itself): test when the client id says so
 * or the token claims it, so a disagreement between the two can only make a credential weaker.
 * A person's token is live; `claim` is the token's `mode` claim, whatever its type.
 */
export function credentialModeOf(kind: 'user' | 'system', subject: string, claim?: unknown): CredentialMode {
  if (kind !== 'system') return 'live';
  return subject.startsWith(testModeClientIdPrefix) || claim === 'test' ? 'test' : 'live';
}
