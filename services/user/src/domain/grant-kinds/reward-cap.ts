import { minorUnitsToCoins } from '@coin/contracts';
import type { GrantKind, ShownOf } from './types';

/** A live platform client's daily reward cap change: about the people behind the client's grant. */
export type StoredRewardCap = {
  type: 'user.platform-client.set-reward-cap';
  clientId: string;
  /** Minor units; null: the ledger default. */
  dailyRewardCap: number | null;
  previousDailyRewardCap: number | null;
  /** The people behind the client's grant when it was asked for (who asked for the client and who approved it): never its deciders. */
  peopleBehind: number[];
};

const coins = (minor: number | null) => (minor === null ? null : minorUnitsToCoins(minor));

export const rewardCapKind: GrantKind<StoredRewardCap, ShownOf<'user.platform-client.set-reward-cap'>> = {
  view: ({ type, clientId, dailyRewardCap, previousDailyRewardCap }) => ({
    type,
    clientId,
    dailyRewardCap: coins(dailyRewardCap),
    previousDailyRewardCap: coins(previousDailyRewardCap),
  }),
  subjects: (act) => act.peopleBehind,
  ownDetail: 'No one approves the reward cap of a client they asked for or approved; another SUPERADMIN must',
  summary: ({ type, clientId, dailyRewardCap, previousDailyRewardCap }) => ({ type, clientId, dailyRewardCap, previousDailyRewardCap }),
};
