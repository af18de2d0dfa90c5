import { commonEnv, metricsEnv, databaseEnv, tracingEnv, parseConfig, port, serviceTokenPublicKeys, z, type Env } from '@coin/config';

export const historyConfigSchema = z.object({
  ...commonEnv,
  ...metricsEnv,
  ...databaseEnv,
  ...tracingEnv('coin-history'),
  HISTORY_HTTP_PORT: port(8084),
  /** The callers this internal API accepts, JSON {caller: Ed25519 public key PEM, or [old, new] while it rotates} (docs/OPERATIONS.md "Service keys"). */
  SERVICE_TOKEN_PUBLIC_KEYS: serviceTokenPublicKeys(),
  HISTORY_DATABASE_URL: z.string().url(),
});

export type HistoryConfig = z.output<typeof historyConfigSchema>;

export function loadHistoryConfig(env: Env): Readonly<HistoryConfig> {
  return parseConfig(historyConfigSchema, env);
}
