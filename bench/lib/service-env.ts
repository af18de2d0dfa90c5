/**
 * Environment the benchmark and the bank test give every service. Rate limits protect the
 * product from abusive callers; a load test is one caller sending thousands of requests a
 * second on purpose, so they are raised far above what it sends. Unknown keys are ignored by
 * the services' config schemas, so naming a limit a build does not have yet is harmless.
 */
export function benchServiceEnv(extra: Record<string, string> = {}): Record<string, string> {
  const high = '1000000';
  return {
    RATE_LIMIT_MONEY_PER_USER_PER_SEC: high,
    RATE_LIMIT_MONEY_PER_SEC: high,
    RATE_LIMIT_LOGIN_PER_IP_PER_MIN: high,
    RATE_LIMIT_AUTH_PER_IP_PER_MIN: high,
    RATE_LIMIT_PER_IP_PER_MIN: high,
    RATE_LIMIT_ENABLED: 'false',
    ...extra,
  };
}
