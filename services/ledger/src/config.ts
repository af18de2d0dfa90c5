import { commonEnv, parseConfig, port, z, type Env } from '@coin/config';

export const ledgerConfigSchema = z.object({
  ...commonEnv,
  LEDGER_HTTP_PORT: port(8083),
  LEDGER_DATABASE_URL: z.string().url(),
  /** Optional display rate: wallets then also carry xafValue = balance x rate (SPEC §1). */
  COIN_XAF_RATE: z.coerce.number().positive().optional(),
});

export type LedgerConfig = z.output<typeof ledgerConfigSchema>;

export function loadLedgerConfig(env: Env): Readonly<LedgerConfig> {
  return parseConfig(ledgerConfigSchema, env);
}
