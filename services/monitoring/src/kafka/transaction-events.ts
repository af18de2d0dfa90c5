import { inTransaction, insertOutbox, type Pool, type PoolClient } from '@coin/db';
import type { CoinTransactionEvent, Transaction } from '@coin/events';
import type { Delivered } from '@coin/kafka';
import type { Movement, RuleEngine } from '../domain/evaluate';
import { advanceProfiles, minorOf, type ScoreThresholds, type Verdict, verdictOf, walletKeyOf } from '../domain/scoring';
import { recordCaseAction } from '../db/audit';
import { type CaseRow, openOrJoinCase } from '../db/cases-repo';
import { freezesInLastHour, recordRuleFreezes } from '../db/rule-freezes';
import { pauseRule } from '../db/rules-repo';
import { clientsOfWallet, insertSeen, loadProfiles, recordScores, saveProfiles } from '../db/seen-repo';
import { caseAudience, caseClientsMax, caseLinkWindowMs, caseOpenedEvent } from '../domain/case-event';
import { boundedFreeze, type FreezeBound } from '../domain/freeze-bound';

/**
 * The movement of a transaction event, or null when its numbers make no sense (an amount that is
 * not a non-negative number of coins with 2 decimals, a time that is no time): such an event is
 * passed over (counted), never allowed to stop the partition.
 */
export function movementOf(transaction: Transaction): Movement | null {
  const amountMinor = minorOf(transaction.amount);
  const at = Date.parse(transaction.createdAt);
  if (
    !Number.isSafeInteger(amountMinor) ||
    amountMinor < 0 ||
    Math.abs(amountMinor - transaction.amount * 100) > 1e-6 ||
    !Number.isFinite(at)
  )
    return null;
  return {
    transactionId: transaction.id,
    type: transaction.type,
    amountMinor,
    from: walletKeyOf(transaction.fromUserId, transaction.fromTreasury),
    to: walletKeyOf(transaction.toUserId, transaction.toTreasury),
    clientId: transaction.clientId ?? null,
    at,
  };
}

export interface TransactionEventDeps {
  pool: Pool;
  engine: RuleEngine;
  thresholds: ScoreThresholds;
  /** The automatic freezes one rule may ask for in an hour (MONITORING_RULE_FREEZES_PER_HOUR_MAX). */
  freezesPerHourMax: number;
  /** The topic of the cases' events (coin.monitoring-cases). */
  topic: string;
  /** admin.audit: a rule's pause is recorded there, with the service as its actor. */
  adminAuditTopic: string;
  /** Rules paused past their bound, once the batch committed (the live engine, the metric, the log). */
  onRulesPaused(paused: readonly { ruleId: string; freezesInHour: number }[]): void;
  /** A well-formed event whose numbers make no sense was passed over. */
  onSkipped(transactionId: number): void;
  /** Each verdict with a hit (metrics). */
  onVerdict(verdict: Verdict): void;
  /** A case reached the freeze score: asked after the batch commits. */
  onFreezeDue(row: CaseRow): void;
  onCaseOpened(): void;
  /** The time of each evaluated movement (the lag metric). */
  onMovement(at: number): void;
}

/**
 * Evaluates a batch of coin.transactions in one PostgreSQL transaction: the movements not seen
 * before (a redelivery evaluates nothing twice), the wallets' profiles read and moved forward, the
 * hits and scores recorded, a case opened or joined for each verdict at the case score, and each
 * newly opened case's event written to the outbox.
 */
export function handleTransactionEvents(deps: TransactionEventDeps) {
  return async (items: Delivered<CoinTransactionEvent>[]): Promise<void> => {
    const byId = new Map<number, Movement>();
    for (const item of items) {
      const movement = movementOf(item.value.transaction);
      if (movement) byId.set(movement.transactionId, movement);
      else deps.onSkipped(item.value.transaction.id);
    }
    if (byId.size === 0) return;
    const { due, paused } = await inTransaction(deps.pool, (client) => evaluateBatch(client, deps, [...byId.values()]));
    if (paused.length > 0) deps.onRulesPaused(paused);
    for (const row of due) deps.onFreezeDue(row);
  };
}

interface BatchDone {
  /** The cases whose freeze is to be asked once the batch committed. */
  due: CaseRow[];
  /** The rules the batch paused, each with the freezes it had asked for in the hour. */
  paused: { ruleId: string; freezesInHour: number }[];
}

async function evaluateBatch(client: PoolClient, deps: TransactionEventDeps, movements: Movement[]): Promise<BatchDone> {
  const fresh = await insertSeen(client, movements);
  const todo = movements.filter((m) => fresh.has(m.transactionId)).sort((a, b) => a.at - b.at || a.transactionId - b.transactionId);
  const wallets = [...new Set(todo.flatMap((m) => [m.from, m.to]).filter((w): w is string => w !== null))];
  const profiles = await loadProfiles(client, wallets);
  const flagged: { movement: Movement; verdict: Verdict }[] = [];
  for (const movement of todo) {
    deps.onMovement(movement.at);
    const hits = deps.engine.observe(movement, profiles);
    advanceProfiles(profiles, movement);
    if (hits.length === 0) continue;
    const verdict = verdictOf(hits, deps.thresholds);
    deps.onVerdict(verdict);
    flagged.push({ movement, verdict });
  }
  await recordScores(
    client,
    flagged.map(({ movement, verdict }) => ({ transactionId: movement.transactionId, score: verdict.score, hits: verdict.hits })),
  );
  await saveProfiles(client, profiles);
  const due: CaseRow[] = [];
  const paused: BatchDone['paused'] = [];
  for (const { movement, verdict } of flagged) {
    if (!verdict.opensCase || verdict.subject === null) continue;
    const rules = [...new Set(verdict.hits.filter((hit) => hit.mode === 'ACTIVE').map((hit) => hit.ruleId))].sort();
    const { row, opened } = await openOrJoinCase(client, {
      subject: verdict.subject,
      score: verdict.score,
      rules,
      transactionId: movement.transactionId,
      at: new Date(movement.at),
    });
    if (opened) {
      deps.onCaseOpened();
      const walletClients = row.subject.startsWith('user:')
        ? await clientsOfWallet(client, row.subject, new Date(movement.at - caseLinkWindowMs), caseClientsMax - 1)
        : [];
      const event = caseOpenedEvent(row, movement.transactionId, caseAudience(row.subject, movement.clientId, walletClients));
      await insertOutbox(client, [{ topic: deps.topic, key: row.subject, payload: event }]);
    }
    if (verdict.freezes && row.freezeRequestedAt === null && !due.some((d) => d.id === row.id)) {
      if (await freezeWithinBound(client, deps, row, verdict, paused)) due.push(row);
    }
  }
  return { due, paused };
}

/**
 * Whether a verdict at the freeze score still freezes once the rules at their hourly bound are
 * left out (`boundedFreeze`); each such rule is paused (TEST, audited with the service as actor)
 * in the batch's transaction, and each rule of a freeze that goes ahead counts it.
 */
async function freezeWithinBound(
  client: PoolClient,
  deps: TransactionEventDeps,
  row: CaseRow,
  verdict: Verdict,
  paused: BatchDone['paused'],
): Promise<boolean> {
  const ruleIds = [...new Set(verdict.hits.filter((hit) => hit.mode === 'ACTIVE').map((hit) => hit.ruleId))];
  const counts = await freezesInLastHour(client, ruleIds);
  const bound: FreezeBound = { perHourMax: deps.freezesPerHourMax, freezeAt: deps.thresholds.freezeAt };
  const decision = boundedFreeze(verdict.hits, row.subject, counts, new Set(paused.map((p) => p.ruleId)), bound);
  for (const ruleId of decision.pause) {
    const was = await pauseRule(client, ruleId);
    if (!was) continue; // Not ACTIVE any more (an ADMIN moved it meanwhile): nothing to pause.
    const freezesInHour = counts.get(ruleId) ?? 0;
    paused.push({ ruleId, freezesInHour });
    await recordCaseAction(client, deps.adminAuditTopic, {
      action: 'monitoring-rule.pause',
      target: `monitoring-rule:${ruleId}`,
      actor: { kind: 'service', id: 'monitoring' },
      summary: {
        kind: was.kind,
        mode: 'TEST',
        diff: ['mode: "ACTIVE" -> "TEST"'],
        freezesInHour,
        freezesPerHourMax: deps.freezesPerHourMax,
        caseId: row.id,
      },
      requestId: null,
    });
  }
  if (decision.freezes) await recordRuleFreezes(client, decision.rules, row.id, row.subject);
  return decision.freezes;
}
