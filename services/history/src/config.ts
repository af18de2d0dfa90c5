import { commonEnv, databaseEnv, tracingEnv, parseConfig, port, z, type Env } from '@coin/config';

export const historyConfigSchema = z.object({
  ...commonEnv,
  ...databaseEnv,
  ...tracingEnv('coin-history'),
  HISTORY_HTTP_PORT: port(8084),
  HISTORY_DATABASE_URL: z.string().url(),
});

export type HistoryConfig = z.output<typeof historyConfigSchema>;

export function loadHistoryConfig(env: Env): Readonly<HistoryConfig> {
  return parseConfig(historyConfigSchema, env);
}
