import {
  commonEnv,
  databaseEnv,
  isEd25519Pem,
  metricsEnv,
  parseConfig,
  port,
  positiveInt,
  serviceTokenPublicKeys,
  tracingEnv,
  z,
  type Env,
} from '@coin/config';

export const historyConfigSchema = z.object({
  ...commonEnv,
  ...metricsEnv,
  ...databaseEnv,
  ...tracingEnv('coin-history'),
  HISTORY_HTTP_PORT: port(8084),
  /** The callers this internal API accepts, JSON {caller: Ed25519 public key PEM, or [old, new] while it rotates} (docs/operations/procedures.md "Service keys"). */
  SERVICE_TOKEN_PUBLIC_KEYS: serviceTokenPublicKeys(),
  HISTORY_DATABASE_URL: z.string().url(),
  /**
   * The writers of the admin audit log and their public keys, JSON {service: Ed25519 public key PEM,
   * or [old, new] while it rotates}: each writer's service-token key (docs/operations/procedures.md "Service
   * keys"). A record is chained only with a valid signature of the writer it names.
   */
  AUDIT_SIGNER_PUBLIC_KEYS: serviceTokenPublicKeys(),
  /**
   * Ed25519 private key (PKCS#8 PEM) that signs the admin audit log's checkpoints (docs/operations/procedures.md "Audit log").
   * Unset: no checkpoints, and `npm run audit` reports the log as not anchored. Never logged.
   */
  AUDIT_CHECKPOINT_PRIVATE_KEY: z
    .string()
    .refine((pem) => isEd25519Pem(pem, 'private'), { message: 'must be an Ed25519 private key, PKCS#8 PEM' })
    .optional(),
  /** How often the audit log's head is signed, when it grew (milliseconds). */
  AUDIT_CHECKPOINT_INTERVAL_MS: positiveInt(60_000),
});

export type HistoryConfig = z.output<typeof historyConfigSchema>;

export function loadHistoryConfig(env: Env): Readonly<HistoryConfig> {
  return parseConfig(historyConfigSchema, env);
}
