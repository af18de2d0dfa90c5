import { commonEnv, parseConfig, port, positiveInt, z, type Env } from '@coin/config';

export const gatewayConfigSchema = z.object({
  ...commonEnv,
  GATEWAY_PORT: port(8080),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  USER_SERVICE_URL: z.string().url().default('http://127.0.0.1:8082'),
  LEDGER_SERVICE_URL: z.string().url().default('http://127.0.0.1:8083'),
  HISTORY_SERVICE_URL: z.string().url().default('http://127.0.0.1:8084'),
  JWT_ISSUER: z.string().default('coin-ledger'),
  JWT_AUDIENCE: z.string().default('coin-ledger-api'),
  /** How long a write waits for its reply before answering 504 with the command id. */
  COMMAND_TIMEOUT_MS: positiveInt(5000),
  /** How long a read waits for an internal service. */
  INTERNAL_HTTP_TIMEOUT_MS: positiveInt(3000),
  /** SPEC §9: request bodies above this are refused with 413. */
  BODY_BYTES_MAX: positiveInt(16 * 1024),
});

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;

export function loadGatewayConfig(env: Env): Readonly<GatewayConfig> {
  return parseConfig(gatewayConfigSchema, env);
}
