import { topicNames } from '@coin/contracts';
import type { Pool } from '@coin/db';
import { coinTransactionEvent } from '@coin/events';
import { type RunningService, ServiceTokenSigner } from '@coin/http';
import { offPathFetch } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { AuditRecordSigner, CommandAuthority, ServiceCommandSigner } from '@coin/security';
import { defineService, type FrameParts, type ServiceOptions } from '@coin/service-kit';
import { Counter, Gauge } from 'prom-client';
import type { MonitoringConfig } from './config';
import { type CaseRow, markFreezeRequested } from './db/cases-repo';
import { loadRules } from './db/rules-repo';
import { profilesBefore, pruneSeen, seenLatest, walletsOf } from './db/seen-repo';
import { RuleEngine } from './domain/evaluate';
import { horizonOf, type Rule } from './domain/rules';
import { advanceProfiles } from './domain/scoring';
import { LedgerFreezer, UnwiredFreezer, type WalletFreezer } from './freeze/wallet-freezer';
import { AskerProofs } from './http/asker';
import { type StandingReader, standingReader } from './http/standing';
import { registerCaseRoutes } from './http/case-routes';
import { registerFreezeLiftRoutes } from './http/freeze-lift-routes';
import { monitoringRouteCallers } from './http/route-callers';
import { registerProposalRoutes } from './http/proposal-routes';
import { registerReaderProofs } from './http/readers';
import { registerRuleRoutes } from './http/rule-routes';
import { handleTransactionEvents } from './kafka/transaction-events';
import { dueFreezes } from './db/freezes';

export type { RunningService };

/** The names of the metrics this service registers (docs/operations/observability.md "Observability"). */
export const monitoringMetricNames = {
  hits: 'coin_monitoring_rule_hits_total',
  casesOpened: 'coin_monitoring_cases_opened_total',
  skipped: 'coin_monitoring_events_skipped_total',
  windowEdges: 'coin_monitoring_window_edges_messages',
  lastEventAge: 'coin_monitoring_last_transaction_age_seconds',
  rulePauses: 'coin_monitoring_rule_pauses_total',
} as const;

/** The consumer group of the monitoring service: its own, so it never holds another back. */
export function monitoringGroupId(topicPrefix: string): string {
  return `${topicPrefix}monitoring-service`;
}

/** Transactions one back-test replays at most; the warm-up after a start replays as many. */
const replayMax = 500_000;

export interface MonitoringOptions extends ServiceOptions {
  /** The freeze port's adapter (tests); by default UnwiredFreezer. */
  freezer?: WalletFreezer;
  /** Where a person who asks stands now (tests); by default the user service's word (http/standing.ts). */
  standing?: StandingReader;
}

export interface RunningMonitoringService extends RunningService {
  /** Sweeps the windows and asks the due freezes now (tests). */
  sweep(): Promise<void>;
}

export const startMonitoringService: (
  config: Readonly<MonitoringConfig>,
  logger: Logger,
  options?: MonitoringOptions,
) => Promise<RunningMonitoringService> = defineService({
  frame: (config: Readonly<MonitoringConfig>) => ({
    name: 'monitoring',
    databases: [{ url: config.MONITORING_DATABASE_URL, schema: `${config.DB_SCHEMA_PREFIX}monitoring` }],
    internalApi: { port: config.MONITORING_HTTP_PORT, routes: monitoringRouteCallers },
    producer: {
      auditSigning: {
        topics: [topicNames(config.TOPIC_PREFIX).adminAudit],
        signer: new AuditRecordSigner('monitoring', config.SERVICE_TOKEN_PRIVATE_KEY),
      },
    },
  }),
  open: (parts, { config, options }) => openMonitoringParts(parts, config, options as Partial<MonitoringOptions>),
});

async function openMonitoringParts(
  parts: FrameParts,
  config: Readonly<MonitoringConfig>,
  { freezer, standing }: Partial<MonitoringOptions>,
) {
  const { runtime, logger, pool } = parts;
  const topics = topicNames(config.TOPIC_PREFIX);
  const metrics = monitoringMetrics(parts.metrics);
  parts.relayOutbox();
  const rules = await loadRules(pool);
  const engine = new RuleEngine(rules, { maxKeys: config.MONITORING_WINDOW_KEYS_MAX, maxPerKey: config.MONITORING_WINDOW_EDGES_MAX });
  // Each rule's pause series exists at zero, so the first pause is an increase the alert sees.
  const takeRules = (changed: Rule[]) => {
    engine.setRules(changed);
    for (const rule of changed) metrics.rulePauses.inc({ rule: rule.id }, 0);
  };
  for (const rule of rules) metrics.rulePauses.inc({ rule: rule.id }, 0);
  await warmUp(pool, engine, horizonOf(rules), logger);
  registerMonitoringRoutes(parts, config, takeRules, standing ?? standingOf(config));
  const freezes = new FreezeAsker(pool, freezer ?? freezerOf(parts, config), logger);
  const thresholds = { caseAt: config.MONITORING_CASE_SCORE, freezeAt: config.MONITORING_FREEZE_SCORE };
  const consumer = await parts.consume('transaction events consumer', {
    groupId: monitoringGroupId(config.TOPIC_PREFIX),
    topics: [topics.coinTransactions],
    schema: coinTransactionEvent,
    commitIntervalMs: 500,
    tuning: offPathFetch(250, config.KAFKA_OFF_PATH_FETCH_WAIT_MS),
    handleBatch: handleTransactionEvents({
      pool,
      engine,
      thresholds,
      freezesPerHourMax: config.MONITORING_RULE_FREEZES_PER_HOUR_MAX,
      topic: topics.coinMonitoringCases,
      adminAuditTopic: topics.adminAudit,
      onRulesPaused: rulesPausedHandler(parts, config, metrics, takeRules),
      onSkipped: () => metrics.skipped.inc(),
      onVerdict: (verdict) => {
        for (const hit of verdict.hits) metrics.hits.inc({ rule: hit.ruleId, mode: hit.mode });
      },
      onCaseOpened: () => metrics.casesOpened.inc(),
      onFreezeDue: (row) => freezes.ask(row),
      onMovement: (at) => metrics.lastEventAge.set(Math.max(0, (Date.now() - at) / 1000)),
    }),
  });
  await consumer.ready;
  const sweep = async () => {
    metrics.windowEdges.set(engine.sweep().edges);
    await pruneSeen(pool, new Date(Date.now() - config.MONITORING_RETENTION_DAYS * 86_400_000), 10_000);
    for (const row of await dueFreezes(pool, thresholds.freezeAt)) freezes.ask(row);
    await freezes.settled();
  };
  const timer = setInterval(
    () => sweep().catch((err: unknown) => logger.warn({ err }, 'monitoring sweep failed')),
    config.MONITORING_SWEEP_INTERVAL_MS,
  );
  timer.unref();
  runtime.onClose('monitoring sweep', async () => {
    clearInterval(timer);
    await freezes.settled();
  });
  return { sweep };
}

/** The case, freeze-lift and rule routes of the monitoring API. */
function registerMonitoringRoutes(
  parts: FrameParts,
  config: Readonly<MonitoringConfig>,
  onRulesChanged: (changed: Rule[]) => void,
  standing: StandingReader,
): void {
  const { pool } = parts;
  const adminAuditTopic = topicNames(config.TOPIC_PREFIX).adminAudit;
  const proposalExpiryMs = config.MONITORING_PROPOSAL_EXPIRY_S * 1000;
  // Who asks is the person's own token, verified here with the user service's keys (http/asker.ts).
  const authority = new CommandAuthority({
    keys: config.AUTHORITY_PUBLIC_KEYS,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    // Calls, not commands: no command's age is judged.
    maxCommandAgeMs: 0,
    stepUpMaxAgeMs: config.STEP_UP_MAX_AGE_S * 1000,
  });
  const askers = new AskerProofs(authority, standing, { pool, adminAuditTopic });
  registerReaderProofs(parts.app, askers);
  registerCaseRoutes(parts.app, {
    pool,
    adminAuditTopic,
    falsePositiveFourEyesScore: config.MONITORING_FALSE_POSITIVE_FOUR_EYES_SCORE,
    proposalExpiryMs,
    askers,
  });
  registerFreezeLiftRoutes(parts.app, { pool, adminAuditTopic, proposalExpiryMs, askers });
  registerProposalRoutes(parts.app, { pool, adminAuditTopic, proposalExpiryMs, askers });
  registerRuleRoutes(parts.app, {
    pool,
    adminAuditTopic,
    proposalExpiryMs,
    onChanged: onRulesChanged,
    backtestMax: replayMax,
    retentionMs: config.MONITORING_RETENTION_DAYS * 86_400_000,
    freezeScore: config.MONITORING_FREEZE_SCORE,
    askers,
  });
}

/** Rules that reached their bound of automatic freezes an hour paused themselves: counted (the alert pages), logged, and read again. */
function rulesPausedHandler(
  parts: FrameParts,
  config: Readonly<MonitoringConfig>,
  metrics: ReturnType<typeof monitoringMetrics>,
  takeRules: (changed: Rule[]) => void,
) {
  const { logger, pool } = parts;
  return (paused: ReadonlyArray<{ ruleId: string; freezesInHour: number }>) => {
    for (const { ruleId, freezesInHour } of paused) {
      metrics.rulePauses.inc({ rule: ruleId });
      logger.error(
        { ruleId, freezesInHour, freezesPerHourMax: config.MONITORING_RULE_FREEZES_PER_HOUR_MAX },
        'a monitoring rule reached its bound of automatic freezes an hour and paused itself (TEST)',
      );
    }
    loadRules(pool)
      .then(takeRules)
      .catch((err: unknown) => logger.warn({ err }, 'reading the rules after a pause failed; the next change or restart reads them'));
  };
}

/** The user service's word on where a person who asks stands now, asked with this service's own token. */
function standingOf(config: Readonly<MonitoringConfig>): StandingReader {
  return standingReader({
    baseUrl: config.USER_SERVICE_URL,
    timeoutMs: config.USER_READ_TIMEOUT_MS,
    signer: new ServiceTokenSigner('monitoring', config.SERVICE_TOKEN_PRIVATE_KEY),
  });
}

/** The ledger's freeze when the command key is configured, else the unwired freezer (logged, `not-wired`). */
function freezerOf(parts: FrameParts, config: Readonly<MonitoringConfig>): WalletFreezer {
  const { MONITORING_COMMAND_PRIVATE_KEY: pem, MONITORING_COMMAND_KEY_ID: keyId } = config;
  if ((pem === undefined) !== (keyId === undefined))
    throw new Error('MONITORING_COMMAND_PRIVATE_KEY and MONITORING_COMMAND_KEY_ID go together');
  if (!pem || !keyId) return new UnwiredFreezer(parts.logger);
  const signer = new ServiceCommandSigner('monitoring', keyId, pem);
  const topics = topicNames(config.TOPIC_PREFIX);
  return new LedgerFreezer(signer, (message) => parts.producer.send(topics.ledgerCommands, message));
}

/**
 * After a start the windows are empty: the newest seen transactions of the last horizon are
 * replayed into them in time order (hits ignored), each wallet with the age it had before the
 * replay, so a payer seen long ago is not taken for a new wallet (fan-in) after a restart.
 */
async function warmUp(pool: Pool, engine: RuleEngine, horizonMs: number, logger: Logger): Promise<void> {
  const movements = await seenLatest(pool, new Date(Date.now() - horizonMs), replayMax);
  if (movements.length === 0) return;
  const profiles = await profilesBefore(pool, walletsOf(movements), new Date(movements[0]!.at), null);
  for (const movement of movements) {
    engine.observe(movement, profiles);
    advanceProfiles(profiles, movement);
  }
  logger.info({ movements: movements.length, wallets: profiles.size }, 'monitoring windows warmed up from the seen transactions');
}

/** Asks each due freeze once at a time per case, records its outcome; a failure is logged and asked again at the next sweep. */
class FreezeAsker {
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(
    private readonly pool: Pool,
    private readonly freezer: WalletFreezer,
    private readonly logger: Logger,
  ) {}

  ask(row: CaseRow): void {
    if (this.inFlight.has(row.id)) return;
    const asked = this.freezer
      .freeze({ wallet: row.subject, caseId: row.id, score: row.score, rules: row.rules })
      .then((outcome) => markFreezeRequested(this.pool, row.id, outcome))
      .catch((err: unknown) =>
        this.logger.warn({ err, caseId: row.id }, 'asking the ledger to freeze failed; asked again at the next sweep'),
      )
      .finally(() => this.inFlight.delete(row.id));
    this.inFlight.set(row.id, asked);
  }

  async settled(): Promise<void> {
    await Promise.all(this.inFlight.values());
  }
}

function monitoringMetrics(registry: FrameParts['metrics']) {
  return {
    hits: new Counter({
      name: monitoringMetricNames.hits,
      help: 'Rule hits, by rule and mode',
      labelNames: ['rule', 'mode'],
      registers: [registry],
    }),
    casesOpened: new Counter({ name: monitoringMetricNames.casesOpened, help: 'Cases opened', registers: [registry] }),
    skipped: new Counter({
      name: monitoringMetricNames.skipped,
      help: 'Well-formed transaction events passed over: an amount or a time that makes no sense',
      registers: [registry],
    }),
    windowEdges: new Gauge({
      name: monitoringMetricNames.windowEdges,
      help: 'Movements held in the in-memory windows (after the last sweep)',
      registers: [registry],
    }),
    lastEventAge: new Gauge({
      name: monitoringMetricNames.lastEventAge,
      help: 'Seconds between the last evaluated transaction and its evaluation: the lag behind the ledger',
      registers: [registry],
    }),
    rulePauses: new Counter({
      name: monitoringMetricNames.rulePauses,
      help: 'Rules that paused themselves (to TEST) on reaching MONITORING_RULE_FREEZES_PER_HOUR_MAX automatic freezes in an hour, by rule',
      labelNames: ['rule'],
      registers: [registry],
    }),
  };
}
