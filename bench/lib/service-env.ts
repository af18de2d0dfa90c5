/**
 * Environment the benchmark and the bank test give every service. Rate limits protect the
 * product from abusive callers; a load test is a few callers sending thousands of requests a
 * second on purpose, so every limit is raised far above what it sends. Keys a service does not
 * know are ignored by its config schema.
 */
export function benchServiceEnv(extra: Record<string, string> = {}): Record<string, string> {
  const high = '100000000';
  return {
    RATE_LIMIT_LOGIN_PER_IP_MAX: high,
    RATE_LIMIT_LOGIN_PER_ACCOUNT_MAX: high,
    RATE_LIMIT_LOGIN_FAILURES_PER_IP_MAX: high,
    RATE_LIMIT_REGISTER_PER_IP_MAX: high,
    RATE_LIMIT_CREDENTIALS_PER_IP_MAX: high,
    RATE_LIMIT_WRITES_PER_CALLER_MAX: high,
    ...extra,
  };
}
