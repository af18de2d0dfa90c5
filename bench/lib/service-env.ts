/**
 * Environment the benchmark and the bank test give every service. Rate limits protect the
 * product from abusive callers, spending limits from runaway accounts; a load test is a few callers
 * sending thousands of requests a second on purpose, so every limit is raised far above what it sends. Keys a service does not
 * know are ignored by its config schema.
 */
export function benchServiceEnv(extra: Record<string, string> = {}): Record<string, string> {
  const high = '100000000';
  // Spending limits stay on (their check is part of every transfer's cost) but far above the load.
  const limits = { dailyAmount: 1_000_000_000, dailyCount: 1_000_000_000, singleAmount: null };
  return {
    LEDGER_SPENDING_LIMITS: JSON.stringify({ USER: limits, DEVELOPER: limits, ADMIN: limits, SUPERADMIN: limits }),
    // Funding mints (10,000 coins a user, 100,000 a shop treasury) are set-up, not what is measured:
    // the four-eyes windows are turned off for them (the e2e tests cover four-eyes).
    FOUR_EYES_ACTOR_DAILY_COINS: '0',
    FOUR_EYES_RECIPIENT_DAILY_COINS: '0',
    FOUR_EYES_TREASURY_MINT: 'false',
    // The payout step's platform client pays thousands of coins a minute from REWARDS: no daily cap.
    PLATFORM_CLIENT_DAILY_REWARD_COINS: '0',
    // The chaos run's SUPERADMIN deletes dozens of paid users alone, as its load: the per-requester
    // deletion windows are off for it, as the four-eyes windows are (the e2e tests cover them).
    DELETION_WINDOW_DAILY_COINS: '0',
    DELETION_WINDOW_DAILY_COUNT: '0',
    RATE_LIMIT_LOGIN_PER_IP_MAX: high,
    RATE_LIMIT_LOGIN_PER_ACCOUNT_MAX: high,
    RATE_LIMIT_LOGIN_FAILURES_PER_IP_MAX: high,
    RATE_LIMIT_REGISTER_PER_IP_MAX: high,
    RATE_LIMIT_CREDENTIALS_PER_IP_MAX: high,
    RATE_LIMIT_WRITES_PER_CALLER_MAX: high,
    RATE_LIMIT_RESENDS_PER_CLIENT_MAX: high,
    // The operator signs in once and acts for the whole run (deletions, role changes at random
    // moments): step-up, covered by the e2e tests, would end its run after 5 minutes.
    STEP_UP_MAX_AGE_S: String(24 * 3600),
    ...extra,
  };
}
