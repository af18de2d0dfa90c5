import { minorUnitsToCoins } from '@coin/contracts';
import type { GrantKind, ShownOf } from './types';

/** A platform client registered with its grants: about no person (the people behind a client are never paid through it). */
export type StoredPlatformClient = {
  type: 'user.platform-client.create';
  clientId: string;
  name: string;
  treasuries: string[];
  /** Minor units; null: the ledger default. */
  dailyRewardCap: number | null;
  /** The `cashout` grant; absent from a request stored before it existed (none). */
  cashout?: boolean;
  secretHash: string;
  requestHash: string;
};

type Shown = ShownOf<'user.platform-client.create'>;

export const platformClientKind: GrantKind<StoredPlatformClient, Shown> = {
  view: (act) => ({
    type: act.type,
    clientId: act.clientId,
    name: act.name,
    treasuries: [...act.treasuries].sort() as Shown['treasuries'],
    dailyRewardCap: act.dailyRewardCap === null ? null : minorUnitsToCoins(act.dailyRewardCap),
    cashout: act.cashout ?? false,
  }),
  subjects: () => [],
  ownDetail: 'No one approves a grant about themselves',
  summary: (act) => ({
    type: act.type,
    clientId: act.clientId,
    name: act.name,
    treasuries: [...act.treasuries].sort(),
    dailyRewardCap: act.dailyRewardCap,
    ...(act.cashout ? { cashout: true } : {}),
  }),
};
