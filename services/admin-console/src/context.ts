import type { CoinClient } from '@coin/client';
import { createContext, useContext } from 'react';
import type { BalanceStreamOptions } from './live-balance/balance-stream';
import type { Role, SignedInUser } from './session';

/**
 * The API operations the signed-in screens call. A narrower type than the whole client: a screen
 * that starts calling another operation adds it here, and the component tests' fake client
 * (services/admin-console/test) implements exactly this.
 */
export type ConsoleOperation =
  | 'listUsers'
  | 'getUser'
  | 'getUserLimits'
  | 'freezeUserWallet'
  | 'setUserVerification'
  | 'requestUnfreeze'
  | 'approveUnfreeze'
  | 'rejectUnfreeze'
  | 'listUnfreezeRequests'
  | 'listUserSessions'
  | 'changeUserRole'
  | 'deleteUser'
  | 'revokeUserSessions'
  | 'searchTransactions'
  | 'getTransaction'
  | 'mintCoins'
  | 'burnCoins'
  | 'rewardUser'
  | 'refundTransaction'
  | 'listTreasuries'
  | 'getSupplyReport'
  | 'getDailySupply'
  | 'getDailyVolume'
  | 'getClientDailyVolume'
  | 'getUserStatement'
  | 'getTreasuryStatement'
  | 'getTreasuryDailyBalances'
  | 'getUserDailyBalances'
  | 'listAllWebhookEndpoints'
  | 'listApprovals'
  | 'approveRequest'
  | 'rejectRequest'
  | 'listPayoutApprovals'
  | 'approvePayoutRequest'
  | 'rejectPayoutRequest'
  | 'listDeletionRequests'
  | 'approveDeletionRequest'
  | 'rejectDeletionRequest'
  | 'listGrantRequests'
  | 'approveGrantRequest'
  | 'rejectGrantRequest'
  | 'listRewardCapRequests'
  | 'approveRewardCapRequest'
  | 'rejectRewardCapRequest'
  | 'listHolds'
  | 'listMandates'
  | 'cancelMandate'
  | 'listCommissionRules'
  | 'setCommissionRule'
  | 'approveCommissionChange'
  | 'rejectCommissionChange'
  | 'listCashouts'
  | 'getCashoutReconciliation'
  | 'listCashoutRates'
  | 'proposeCashoutRate'
  | 'approveCashoutRate'
  | 'rejectCashoutRate'
  | 'approveCashout'
  | 'rejectCashout'
  | 'listMonitoringCases'
  | 'getMonitoringCase'
  | 'assignMonitoringCase'
  | 'commentMonitoringCase'
  | 'linkMonitoringCaseTransactions'
  | 'resolveMonitoringCase'
  | 'listAuditLog'
  | 'listApiKeys'
  | 'createApiKey'
  | 'revokeApiKey'
  | 'listPlatformClients'
  | 'createPlatformClient'
  | 'revokePlatformClient'
  | 'listAllWebhookEndpoints'
  | 'enableClientWebhookEndpoint'
  | 'listClientWebhookDeliveries'
  | 'redeliverClientWebhookDelivery';
export type ConsoleClient = Pick<CoinClient, ConsoleOperation>;

/** What the screens use of the signed-in session (the real one is ./session's Session). */
export interface ConsoleSession {
  readonly client: ConsoleClient;
  readonly role: Role;
  readonly user: SignedInUser;
  readonly hasSecondFactor: boolean;
  stepUp(code: string): Promise<void>;
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  /** Follows a live balance stream of the API at `path` (Server-Sent Events); the function returned closes it. */
  streamBalance(path: string, handlers: Pick<BalanceStreamOptions, 'onBalance' | 'onState'>): () => void;
}

export interface ConsoleContext {
  session: ConsoleSession;
  /** The API key for mint, burn, refund and approvals: typed once per session, kept in memory, never stored. */
  apiKey: string;
  setApiKey: (key: string) => void;
}

export const Console = createContext<ConsoleContext | undefined>(undefined);

export function useConsole(): ConsoleContext {
  const value = useContext(Console);
  if (!value) throw new Error('useConsole outside a signed-in console');
  return value;
}
