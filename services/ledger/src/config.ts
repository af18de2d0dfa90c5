import { commonEnv, databaseEnv, parseConfig, port, positiveInt, z, type Env } from '@coin/config';

export const ledgerConfigSchema = z.object({
  ...commonEnv,
  ...databaseEnv,
  LEDGER_HTTP_PORT: port(8083),
  LEDGER_DATABASE_URL: z.string().url(),
  /** Optional display rate: wallets then also carry xafValue = balance x rate (SPEC §1). */
  COIN_XAF_RATE: z.coerce.number().positive().optional(),
  /**
   * Partitions this process applies side by side (each stays serial); at least as many as one
   * replica can own, or the rest wait for a free slot.
   */
  LEDGER_PARTITIONS_CONCURRENT: positiveInt(6),
  /**
   * Bytes fetched per partition per request: bounds the batch, hence the commands per database
   * transaction (a transfer command is about 400 bytes, so 1 MiB is ~2,500 commands).
   */
  LEDGER_FETCH_BYTES_PER_PARTITION_MAX: positiveInt(1024 * 1024),
  /**
   * A member silent for this long is dropped from the group: its batch is redelivered (harmless,
   * but wasted) and, after a crash, its partitions wait this long for a new owner. Handlers
   * heartbeat between the phases of a batch, so this only needs to exceed one phase.
   */
  LEDGER_SESSION_TIMEOUT_MS: positiveInt(10_000),
  /** How often the outbox sweeper republishes rows a crash left unpublished. */
  OUTBOX_SWEEP_INTERVAL_MS: positiveInt(1000),
  /** Rows younger than this are left to the writer that is publishing them right now. */
  OUTBOX_SWEEP_GRACE_MS: positiveInt(2000),
});

export type LedgerConfig = z.output<typeof ledgerConfigSchema>;

export function loadLedgerConfig(env: Env): Readonly<LedgerConfig> {
  return parseConfig(ledgerConfigSchema, env);
}
