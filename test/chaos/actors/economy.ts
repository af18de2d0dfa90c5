/**
 * The coin economy's actors of the bank test, made and configured in one place: purchases split
 * with an affiliate (./splits.ts), mandates charged by the ledger's scheduler (./mandates.ts),
 * cash-outs settled by a provider's signed callback (./cashouts.ts).
 */
import type { OperatorLogin } from '../../../bench/lib/admin';
import type { SeededUser } from '../../../scripts/stack/seed';
import type { ProcessStack } from '../../../scripts/stack/processes';
import type { AnswerClock } from '../client';
import type { ChargeKill } from '../charge-kills';
import type { ChaosActor } from './actor';
import { CashoutsActor, cashoutEnv, cashoutProviderId } from './cashouts';
import { MandatesActor } from './mandates';
import { createPlatformClient, platformToken, type StackAccess } from './platform';
import { SplitsActor } from './splits';

/**
 * The services' settings they need: mandates scanned every 200 ms, a failed charge retried after
 * 1 s and past due 8 s after its period began (a first attempt up to 7 s late, a loaded machine's
 * sweep and apply, is still retried: with 3 s, CI's slower box had none past due after a retry), a mandate started up to 4 days ago (so several periods are due in
 * a run of seconds); the provider. And monitoring never freezes (a score of 101 is never
 * reached): random transfers and commissions from many new wallets score as fan-in and fan-out,
 * and a wallet frozen mid-run answers its payer's retries 409 WALLET_FROZEN for ever; monitoring
 * is not what the bank test tests.
 */
export function economyEnv(cashoutSecret: string): Record<string, string> {
  return {
    MANDATE_SWEEP_INTERVAL_MS: '200',
    MANDATE_RETRY_S: '1',
    MANDATE_GRACE_S: '8',
    MANDATE_BACKDATE_FOR_TESTS_S: String(4 * 24 * 3600),
    MONITORING_FREEZE_SCORE: '101',
    ...cashoutEnv(cashoutSecret),
  };
}

export interface EconomyInput {
  prefix: string;
  redisUrl: string;
  users: SeededUser[];
  operator: OperatorLogin;
  cashoutSecret: string;
  /** The ledger's kills right after committing a charge, so far (../charge-kills.ts). */
  chargeKills: () => ChargeKill[];
}

/** The three actors, their platform clients made (a shop with a commission rule, a subscription service, the payout provider). */
export async function economyActors(
  stack: Pick<ProcessStack, 'gatewayUrl' | 'env'>,
  input: EconomyInput,
  run: { goesOn: () => boolean; giveUpAt: () => number; requestTimeoutMs: number; clock?: AnswerClock },
): Promise<ChaosActor[]> {
  const { users, operator, cashoutSecret, prefix, redisUrl, chargeKills } = input;
  const access: StackAccess = { gatewayUrl: stack.gatewayUrl, userDatabaseUrl: stack.env('user').USER_DATABASE_URL!, prefix, redisUrl };
  const common = { ...run, gatewayUrl: access.gatewayUrl, users, loops: 2 };
  const splits = new SplitsActor({ ...common, stack: access, operator });
  await splits.prepare();
  const { clientId } = await createPlatformClient(access, 'chaos subscriptions', ['SUBSCRIPTIONS']);
  const provider = await platformToken(
    access.gatewayUrl,
    await createPlatformClient(access, 'chaos mobile money', [], cashoutProviderId, { cashout: true }),
  );
  const cashouts = new CashoutsActor({ ...common, secret: cashoutSecret, providerToken: () => provider });
  return [splits, new MandatesActor({ ...common, clientId: () => clientId, chargeKills }), cashouts];
}
