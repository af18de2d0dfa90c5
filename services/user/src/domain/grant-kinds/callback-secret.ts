import type { GrantKind, ShownOf } from './types';

/** A payout provider's new callback secret: about no person. */
export type StoredCallbackSecret = {
  type: 'user.platform-client.callback-secret';
  clientId: string;
  /** The secret sealed under the gateway's key (CASHOUT_CALLBACK_ENCRYPTION_SECRET): never readable here. */
  sealedSecret: string;
  secretHash: string;
  requestHash: string;
};

export const callbackSecretKind: GrantKind<StoredCallbackSecret, ShownOf<'user.platform-client.callback-secret'>> = {
  // Never the sealed secret or its hash.
  view: (act) => ({ type: act.type, clientId: act.clientId }),
  subjects: () => [],
  ownDetail: 'No one approves a grant about themselves',
  summary: (act) => ({ type: act.type, clientId: act.clientId }),
};
