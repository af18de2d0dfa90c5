import { requestPathFetchWaitMsMax } from '@coin/kafka';
import {
  bool,
  commonEnv,
  metricsEnv,
  databaseEnv,
  tracingEnv,
  parseConfig,
  port,
  positiveInt,
  serviceTokenPrivateKey,
  serviceTokenPublicKeys,
  trustedPublicKeys,
  z,
  type Env,
} from '@coin/config';
import { approvalExpirySecondsMax, coinsToMinorUnits, holdExpirySecondsMax, roles, type Role } from '@coin/contracts';
import { keyProofAudience, referralProofAudience } from '@coin/security';
import type { CashoutRate, LedgerPolicy } from './domain/ledger';
import { shardMapText } from './shards';
import type { LimitDefaults, Limits } from './domain/limits';

/** A limit amount in the configuration: coins (0 or a valid amount), or null for none. */
const limitCoins = z
  .number()
  .refine((v) => v === 0 || coinsToMinorUnits(v) !== null, 'must be 0 or a coin amount (> 0, 2 decimals at most)')
  .nullable()
  .default(null);
const roleLimits = z.strictObject({
  dailyAmount: limitCoins,
  dailyCount: z.number().int().nonnegative().nullable().default(null),
  singleAmount: limitCoins,
});
const limitsByRole = z.partialRecord(z.enum(roles), roleLimits);

/** The shipped defaults: users and developers may move 100,000 coins in 1,000 debits a day; admins are not limited. */
const defaultSpendingLimits = JSON.stringify({
  USER: { dailyAmount: 100_000, dailyCount: 1_000, singleAmount: null },
  DEVELOPER: { dailyAmount: 100_000, dailyCount: 1_000, singleAmount: null },
});

/** A coin amount in the configuration, or 0 for "off". */
function coinsOrOff(defaultCoins: number) {
  return z.coerce
    .number()
    .nonnegative()
    .max(1_000_000_000)
    .refine((v) => v === 0 || coinsToMinorUnits(v) !== null, 'must be 0 or a coin amount (2 decimals at most)')
    .default(defaultCoins);
}

export const ledgerConfigSchema = z.object({
  ...commonEnv,
  ...metricsEnv,
  ...databaseEnv,
  ...tracingEnv('coin-ledger'),
  LEDGER_HTTP_PORT: port(8083),
  /** The callers this internal API accepts, JSON {caller: Ed25519 public key PEM, or [old, new] while it rotates} (docs/operations/procedures.md "Service keys"). */
  SERVICE_TOKEN_PUBLIC_KEYS: serviceTokenPublicKeys(),
  /**
   * Ed25519 private key, PKCS#8 PEM: signs the service tokens of this service's calls to the user
   * service (whether a user is deleted, before a wallet close) and its admin audit records. Never logged.
   */
  SERVICE_TOKEN_PRIVATE_KEY: serviceTokenPrivateKey(),
  /** The user service's internal API, asked whether a user is deleted before a user.deleted event closes the wallet. */
  USER_SERVICE_URL: z.string().url().default('http://127.0.0.1:8082'),
  /** How long that question may take; past it the event is retried (a wallet is never closed on the event's word). */
  USER_READ_TIMEOUT_MS: positiveInt(3000),
  LEDGER_DATABASE_URL: z.string().url(),
  /**
   * Ledger shards (docs/design/ledger.md "Shards"): `<partitions>=<url>;…`, e.g. `0-2=postgres://…;3-5=postgres://…`,
   * each shard a PostgreSQL database owning those partitions of ledger.commands (every partition
   * exactly one shard, checked at start against the topic). Unset: one shard, LEDGER_DATABASE_URL.
   */
  LEDGER_SHARDS_DATABASE_URL: shardMapText.optional(),
  /** Optional display rate: wallets then also carry xafValue = balance x rate (docs/CONTRACT.md "Amounts"). */
  COIN_XAF_RATE: z.coerce.number().positive().optional(),
  /**
   * Partitions this process applies side by side (each stays serial); at least as many as one
   * replica can own, or the rest wait for a free slot. Each gets a slot for its batch on
   * ledger.commands and one on ledger.internal (commandBatchSlots).
   */
  LEDGER_PARTITIONS_CONCURRENT: positiveInt(6),
  /**
   * Bytes fetched per partition per request: bounds the batch, hence the commands per database
   * transaction (a transfer command is about 400 bytes, so 1 MiB is ~2,500 commands).
   */
  LEDGER_FETCH_BYTES_PER_PARTITION_MAX: positiveInt(1024 * 1024),
  /**
   * Batches of a partition the command consumer may fetch and check while the partition's apply
   * is under way (docs/DESIGN.md "Messaging", "Applying ahead of the fetch"): the next fetch
   * leaves as soon as a batch waits, and the batches waiting are applied together after that
   * apply; offsets commit only once applied. When it does so is LEDGER_APPLY_AHEAD. 0 (the
   * default): never, each fetch waits for its batches' apply, which batches the ledger's work at
   * every load (docs/decisions/0023-batching-by-the-pipelines-own-pace.md).
   */
  LEDGER_APPLY_AHEAD_BATCHES: z.coerce.number().int().min(0).max(16).default(0),
  /**
   * Whether an apply also holds the idle partitions of this process that its commands' wallets
   * reach and credits their legs in place (docs/decisions/0024-cost-that-grows-with-the-work.md).
   * false: only the partitions whose batches are in the apply, every other leg travels through
   * Kafka, as it does to another process's partitions (the restore rehearsal uses it to owe legs).
   */
  LEDGER_CREDIT_REACHED_PARTITIONS: bool(true),
  /**
   * When the command consumer fetches ahead of its applies (LEDGER_APPLY_AHEAD_BATCHES > 0).
   * `spare-cpu` (the default when it does): only while the CPU has room, this process's event loop busy at
   * most half the time and at least LEDGER_APPLY_AHEAD_IDLE_MIN of the machine's CPU idle,
   * measured over the last 200 ms; otherwise each fetch waits for its batches' apply, which on
   * busy cores costs less CPU per transfer (docs/decisions/0020-fetch-ahead-on-spare-cpu.md).
   * `always`: at every load.
   */
  LEDGER_APPLY_AHEAD: z.enum(['spare-cpu', 'always']).default('spare-cpu'),
  /**
   * With LEDGER_APPLY_AHEAD `spare-cpu`: the share of the machine's CPU time (all cores, from
   * /proc/stat) that must have been idle for the consumer to fetch ahead. 0: the machine is not
   * asked, this process's event loop alone decides (a container whose CPU quota the machine's
   * figures do not show).
   */
  LEDGER_APPLY_AHEAD_IDLE_MIN: z.coerce.number().min(0).max(1).default(0.2),
  /**
   * A member silent for this long is dropped from the group: its batch is redelivered (harmless,
   * but wasted) and, after a crash, its partitions wait this long for a new owner. The consumer
   * heartbeats while a batch is in its handler too (docs/RELIABILITY.md "Failure classes"), so a
   * long batch alone does not drop it. At least three times the longest idle fetch (KAFKA_REQUEST_PATH_FETCH_WAIT_MS, whose heartbeats come as often),
   * 6 s, which is also the broker's least session (group.min.session.timeout.ms by default).
   */
  LEDGER_SESSION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(3 * requestPathFetchWaitMsMax)
    .max(300_000)
    .default(10_000),
  /**
   * How often each shard's outbox relay looks for batches left unpublished anyway. It is woken
   * when they can appear: a publish that failed, and each join of the command consumer's group (a
   * start after a crash, a member gone); this sweep backs those up.
   */
  OUTBOX_SWEEP_INTERVAL_MS: positiveInt(30_000),
  /** Rows younger than this are left to the writer that is publishing them right now. */
  OUTBOX_SWEEP_GRACE_MS: positiveInt(2000),
  /**
   * The configured cash-out rate versions, `<ISO time>=<XAF per coin>` comma-separated, e.g.
   * `2026-01-01T00:00:00Z=650,2026-12-01T00:00:00Z=655`: each in force from its time until the next.
   * Versions set by two ADMIN+ through the API (POST /api/admin/cashout-rates) join them; where both
   * take effect at the same instant, the approved one counts.
   */
  CASHOUT_RATES: z
    .string()
    .default('')
    .transform((text, ctx) => parseRates(text, ctx)),
  /** How long a provider has to settle a cash-out before it is released by the hold expiry sweep (1 day). */
  CASHOUT_WINDOW_S: z.coerce
    .number()
    .int()
    .positive()
    .max(holdExpirySecondsMax)
    .default(24 * 3600),
  /** Coins one user may cash out in a rolling day, by verification level (docs/CONTRACT.md "Cash-out"). */
  CASHOUT_DAILY_COINS_UNVERIFIED: z.coerce.number().int().nonnegative().max(1_000_000_000).default(0),
  CASHOUT_DAILY_COINS_VERIFIED: z.coerce.number().int().nonnegative().max(1_000_000_000).default(50_000),
  /**
   * A cash-out of more than this many coins waits for a second person (an ADMIN+ other than its
   * payer) before a provider may claim or confirm it (docs/CONTRACT.md "Cash-out"). 10,000 coins: a fifth
   * of what a verified user may cash out in a day, so an everyday cash-out never waits, and the
   * few large ones, where a stolen account costs most, are seen by a person before XAF leaves.
   */
  CASHOUT_FOUR_EYES_COINS: z.coerce.number().int().nonnegative().max(1_000_000_000).default(10_000),
  /** A hold without expiresInSeconds expires after this (7 days). */
  HOLD_EXPIRY_DEFAULT_S: positiveInt(7 * 24 * 3600),
  /** The longest a hold may be asked to live (30 days, which is also the most this may be). */
  HOLD_EXPIRY_MAX_S: z.coerce.number().int().positive().max(holdExpirySecondsMax).default(holdExpirySecondsMax),
  /** How long a four-eyes approval request waits for its second ADMIN+ (default 24 h, at most 7 days). */
  APPROVAL_EXPIRY_S: z.coerce
    .number()
    .int()
    .positive()
    .max(approvalExpirySecondsMax)
    .default(24 * 3600),
  /** How often the ledger looks for pending holds (and approval requests) past their expiry and sends their expiry commands. */
  HOLD_EXPIRY_SWEEP_INTERVAL_MS: positiveInt(1000),
  /** How long after its period starts an unpaid mandate charge is retried before the mandate goes PAST_DUE (3 days, at most 30). */
  MANDATE_GRACE_S: z.coerce
    .number()
    .int()
    .positive()
    .max(30 * 24 * 3600)
    .default(3 * 24 * 3600),
  /** The pause between two attempts to charge one mandate period (6 h). */
  MANDATE_RETRY_S: positiveInt(6 * 3600),
  /**
   * Test stacks only: how far in the past (seconds, at most 31 days) a mandate may start, so a DAY
   * mandate has several periods due within a bank test's seconds. 0 (the default): a mandate
   * starts now or later, give or take 5 minutes of clock skew. Refused with NODE_ENV=production.
   */
  MANDATE_BACKDATE_FOR_TESTS_S: z.coerce
    .number()
    .int()
    .nonnegative()
    .max(31 * 24 * 3600)
    .default(0),
  /** The mandate scheduler's scan for due charges. */
  MANDATE_SWEEP_INTERVAL_MS: positiveInt(1000),
  /** How often the continuous supply check reads the ledger rows past its cursor (docs/design/ledger.md "Audit"). */
  SUPPLY_CHECK_INTERVAL_MS: positiveInt(10_000),
  /** How often it re-reads its totals from the whole ledger (1 h), so nothing the incremental path misses stays hidden longer. */
  SUPPLY_CHECK_REBASE_INTERVAL_MS: positiveInt(3_600_000),
  /** A credit leg owed for longer than this (since its transaction's created_at) is stale: reported, metered, alerted on. */
  CREDIT_LEG_MAX_AGE_S: positiveInt(300),
  /**
   * Spending limits per role (docs/design/ledger.md "Spending limits"), JSON: {"USER": {"dailyAmount":
   * coins|null, "dailyCount": n|null, "singleAmount": coins|null}, …}; a role not named, or a
   * field left out or null, is not limited. ADMIN+ may override them per user.
   */
  /**
   * The public keys of the user service's access-token signing keys, current and retired, JSON
   * [{kid, publicKeyPem}]: what the ledger verifies each command's proof of authority against
   * (docs/DESIGN.md "Who asks: proof of authority in every command"). Configuration, never
   * fetched from another service: the ledger decides who may move coins from what it was given.
   * The same keys sign the proofs of API keys an admin's money command carries (docs/DESIGN.md "API keys").
   */
  AUTHORITY_PUBLIC_KEYS: trustedPublicKeys(),
  /**
   * Which ledger space this instance is (docs/decisions/0018-sandbox.md): `live` refuses every
   * command proved by a test-mode credential; `test`, the sandbox, refuses every other and lets a
   * test-mode client fund its own treasuries (of the codes it was granted, each client's apart) with test coins. A sandbox runs with its own
   * TOPIC_PREFIX and DB_SCHEMA_PREFIX, so nothing it does reaches live balances or the supply.
   */
  LEDGER_SPACE: z.enum(['live', 'test']).default('live'),
  /**
   * The sandbox only: the live deployment's TOPIC_PREFIX, whose user events open and close the
   * sandbox's wallets as they do live. It writes no topic under it: it answers on its own reply topic.
   */
  LIVE_TOPIC_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9._-]*$/)
    .default(''),
  JWT_ISSUER: z.string().default('coin-ledger'),
  /**
   * The monitoring service's command keys, public halves, JSON [{kid, publicKeyPem}] (docs/operations/procedures.md
   * "Monitoring command key"): what the ledger verifies the monitoring service's own proofs against.
   * It accepts the service's freeze of a wallet and no other command. Unset: the ledger accepts no
   * command from any service.
   */
  MONITORING_COMMAND_PUBLIC_KEYS: trustedPublicKeys().optional(),
  /** Never the key proofs' audience: an access token must not pass for a key proof, nor one for it. */
  JWT_AUDIENCE: z
    .string()
    .refine((audience) => audience !== keyProofAudience, `must not be ${keyProofAudience}, the audience of API key proofs`)
    .refine((audience) => audience !== referralProofAudience, `must not be ${referralProofAudience}, the audience of referrals`)
    .default('coin-ledger-api'),
  /** The oldest command applied, by when the broker appended it: how long an outage a replay may follow (7 days, Kafka's retention). */
  COMMAND_MAX_AGE_S: positiveInt(7 * 24 * 3600),
  /**
   * Step-up (docs/DESIGN.md "Admin sign-in: second factor and step-up"): how long after an admin's
   * last second factor (TOTP) an approval, deletion, role change or new key/client is accepted.
   * The gateway, the user service and the ledger must agree on it.
   */
  STEP_UP_MAX_AGE_S: positiveInt(300),
  /**
   * Four-eyes by window (docs/design/ledger.md "Four-eyes windows"), in coins: a person's MINT, BURN,
   * REFUND or REWARD that would take what they moved alone in the rolling day to this much or
   * more waits for a second ADMIN+ (202); 0 turns the window off.
   */
  FOUR_EYES_ACTOR_DAILY_COINS: coinsOrOff(10_000),
  /** The same for what one wallet receives from admins (MINT into it, a person's REWARD, a REFUND) in the rolling day; 0: off. */
  FOUR_EYES_RECIPIENT_DAILY_COINS: coinsOrOff(10_000),
  /** Every MINT into a treasury waits for a second ADMIN+, whatever its amount. */
  FOUR_EYES_TREASURY_MINT: bool(true),
  /** What a platform client may reward in a rolling day unless its grant names its own cap, in coins; 0: no cap. */
  PLATFORM_CLIENT_DAILY_REWARD_COINS: coinsOrOff(100_000),
  LEDGER_SPENDING_LIMITS: z
    .string()
    .default(defaultSpendingLimits)
    .transform((text, ctx) => {
      try {
        return limitsByRole.parse(JSON.parse(text));
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `must be JSON limits by role: ${(err as Error).message}` });
        return z.NEVER;
      }
    }),
});

export type LedgerConfig = z.output<typeof ledgerConfigSchema>;

export function loadLedgerConfig(env: Env): Readonly<LedgerConfig> {
  return parseConfig(ledgerConfigSchema, env);
}

function minorOrOff(coins: number): number | null {
  return coins === 0 ? null : Math.round(coins * 100);
}

function minorOrNull(coins: number | null): number | null {
  return coins === null ? null : Math.round(coins * 100);
}

/** What the configuration decides for the ledger's domain: limit defaults in minor units, hold expiry. */
export function ledgerPolicyOf(config: Readonly<LedgerConfig>): LedgerPolicy {
  const limits = Object.fromEntries(
    roles.map((role: Role): [Role, Limits] => {
      const configured = config.LEDGER_SPENDING_LIMITS[role];
      return [
        role,
        {
          dailyAmount: minorOrNull(configured?.dailyAmount ?? null),
          dailyCount: configured?.dailyCount ?? null,
          singleAmount: minorOrNull(configured?.singleAmount ?? null),
        },
      ];
    }),
  ) as LimitDefaults;
  if (config.MANDATE_BACKDATE_FOR_TESTS_S > 0 && config.NODE_ENV === 'production') {
    throw new Error('MANDATE_BACKDATE_FOR_TESTS_S is for test stacks only: leave it unset (0) with NODE_ENV=production');
  }
  if (config.HOLD_EXPIRY_DEFAULT_S > config.HOLD_EXPIRY_MAX_S) {
    throw new Error(`HOLD_EXPIRY_DEFAULT_S (${config.HOLD_EXPIRY_DEFAULT_S}) exceeds HOLD_EXPIRY_MAX_S (${config.HOLD_EXPIRY_MAX_S})`);
  }
  return {
    limits,
    holdExpirySecondsDefault: config.HOLD_EXPIRY_DEFAULT_S,
    holdExpirySecondsMax: config.HOLD_EXPIRY_MAX_S,
    approvalExpirySeconds: config.APPROVAL_EXPIRY_S,
    mandateGraceSeconds: config.MANDATE_GRACE_S,
    mandateRetrySeconds: config.MANDATE_RETRY_S,
    ...(config.MANDATE_BACKDATE_FOR_TESTS_S > 0 ? { mandateBackdateSeconds: config.MANDATE_BACKDATE_FOR_TESTS_S } : {}),
    fourEyes: {
      actorWindow: minorOrOff(config.FOUR_EYES_ACTOR_DAILY_COINS),
      recipientWindow: minorOrOff(config.FOUR_EYES_RECIPIENT_DAILY_COINS),
      // The sandbox's treasuries are funded by their test-mode clients alone: test coins, no second person.
      treasuryMint: config.FOUR_EYES_TREASURY_MINT && config.LEDGER_SPACE === 'live',
      clientDailyRewards: minorOrOff(config.PLATFORM_CLIENT_DAILY_REWARD_COINS),
    },
    cashout: {
      rates: config.CASHOUT_RATES,
      windowSeconds: config.CASHOUT_WINDOW_S,
      dailyAmount: {
        unverified: config.CASHOUT_DAILY_COINS_UNVERIFIED * 100,
        verified: config.CASHOUT_DAILY_COINS_VERIFIED * 100,
      },
      fourEyesAmount: config.CASHOUT_FOUR_EYES_COINS * 100,
    },
  };
}

/** CASHOUT_RATES: `<ISO time>=<XAF per coin>`, comma-separated, at most 100 versions, each time once. */
function parseRates(text: string, ctx: z.RefinementCtx): CashoutRate[] {
  const rates: CashoutRate[] = [];
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.length > 0)) {
    const match = /^(\d{4}-\d{2}-\d{2}T[0-9:.]+Z)=([1-9][0-9]{0,6})$/.exec(part);
    const effectiveFrom = match ? new Date(match[1] ?? '') : null;
    const xafPerCoin = match ? Number(match[2]) : Number.NaN;
    if (!effectiveFrom || Number.isNaN(effectiveFrom.getTime()) || xafPerCoin > 1_000_000) {
      ctx.addIssue({ code: 'custom', message: `not a rate version (<ISO time>=<XAF per coin, 1 to 1000000>): ${part.slice(0, 60)}` });
      return z.NEVER;
    }
    if (rates.some((r) => r.effectiveFrom.getTime() === effectiveFrom.getTime())) {
      ctx.addIssue({ code: 'custom', message: `two rate versions take effect at ${effectiveFrom.toISOString()}` });
      return z.NEVER;
    }
    rates.push({ xafPerCoin, effectiveFrom });
  }
  if (rates.length > 100) ctx.addIssue({ code: 'custom', message: 'at most 100 rate versions' });
  return rates;
}
