import type { GrantKind, ShownOf } from './types';

/** The verification of an ADMIN+ account: about that account. */
export type StoredVerification = { type: 'user.set-verification'; userId: number; verified: true; reason: string };

export const verificationKind: GrantKind<StoredVerification, ShownOf<'user.set-verification'>> = {
  view: (act) => act,
  subjects: (act) => [act.userId],
  ownDetail: 'No one approves the verification of their own account; another ADMIN+ must',
  summary: (act) => ({ type: act.type, userId: act.userId, verified: act.verified, reason: act.reason }),
};
