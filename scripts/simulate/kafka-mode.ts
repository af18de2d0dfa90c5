import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { ledgerCommand, topicNames, type Reply, type TopicNames } from '@coin/contracts';
import { createPool, type Pool } from '@coin/db';
import { AppError, errorCatalog } from '@coin/errors';
import { BatchingProducer, createKafka, keyPartitioner, partitionCount, RequestReplyClient } from '@coin/kafka';
import { ledgerGroupIds } from '@coin/ledger';
import { createLogger } from '@coin/logger';
import type { Kafka } from 'kafkajs';
// biome-ignore lint/style/noRestrictedImports: the simulation's generator, model and checks are the ledger's own, as scripts/simulate.ts uses them; a tool beside the ledger, not another service.
import { defaultCast } from '../../services/ledger/src/simulation/actors';
// biome-ignore lint/style/noRestrictedImports: the simulation's generator, model and checks are the ledger's own, as scripts/simulate.ts uses them; a tool beside the ledger, not another service.
import { CommandGenerator, defaultGeneratorSettings, type GeneratedCommand } from '../../services/ledger/src/simulation/generator';
// biome-ignore lint/style/noRestrictedImports: the simulation's generator, model and checks are the ledger's own, as scripts/simulate.ts uses them; a tool beside the ledger, not another service.
import { Invariants } from '../../services/ledger/src/simulation/invariants';
// biome-ignore lint/style/noRestrictedImports: the simulation's generator, model and checks are the ledger's own, as scripts/simulate.ts uses them; a tool beside the ledger, not another service.
import { keyOf } from '../../services/ledger/src/simulation/judge';
// biome-ignore lint/style/noRestrictedImports: the simulation's generator, model and checks are the ledger's own, as scripts/simulate.ts uses them; a tool beside the ledger, not another service.
import { WorldModel } from '../../services/ledger/src/simulation/model';
// biome-ignore lint/style/noRestrictedImports: the simulation's generator, model and checks are the ledger's own, as scripts/simulate.ts uses them; a tool beside the ledger, not another service.
import { Random } from '../../services/ledger/src/simulation/random';
// biome-ignore lint/style/noRestrictedImports: the simulation's generator, model and checks are the ledger's own, as scripts/simulate.ts uses them; a tool beside the ledger, not another service.
import { simulationUsers } from '../../services/ledger/src/simulation/simulation';
import { serviceEnvs } from '../stack/env';
import { generateJwtKey, generateServiceKeys } from '../stack/keys';
import { provision } from '../stack/provision';
import { repoRoot } from '../stack/services';
import {
  type HostileRecordKind,
  type HostileSent,
  HostileWatch,
  hostileFindings,
  hostileRecordKinds,
  hostileSummary,
  wireRecordKinds,
} from './kafka-mode-hostile';
import { LedgerTimeline, type LifeEnd } from './ledger-timeline';
import { SimulationSigner } from './signed-senders';

/**
 * The Kafka mode of the whole-ledger simulation (docs/RELIABILITY.md "The whole-ledger
 * simulation"): the same seeded generator (derived from the command table, with its hostile
 * values and replays), but its commands signed with real keys and sent over the real Kafka to the
 * real ledger service in a process of its own, which is SIGKILLed now and then (from outside at a
 * random moment, or by itself right after a batch commits, before its replies and offsets) and
 * started again. Clients do what the gateway does: a command not answered in time is sent again
 * with the same id, a fresh `issuedAt` and fresh proofs, a bounded number of times.
 *
 * The transport is attacked too (kafka-mode-hostile.ts): records whose headers are huge, missing,
 * given twice or not UTF-8, whose key is huge, or which are just under the broker's largest, most
 * wrapping one of the generator's commands, which is then sent again the ordinary way, and payout
 * requests whose answer and event would pass the broker's largest. Every run
 * opens with each of them once, in a fixed order, before any kill (the first: the record whose
 * answer the broker refused before the fix, which stopped its partition), each followed at once
 * by its retry on the same partition, which must be answered at its first attempt within
 * `answerBoundMs`; then the lanes mix them in at `hostileRecordRate`, under the kills.
 *
 * Checked: every command answered within the bound (one that is not is quoted against the run's
 * timeline of ledger processes and the partitions each commit served: ledger-timeline.ts); every refusal a code of the catalog; no
 * command set aside (COMMAND_FAILED); two answers to one command (the same id and data) agree;
 * every command answered as applied has its stored outcome; every hostile record set aside with
 * its reason (or decided like any command, for those the consumer may read) and answered as its
 * row says, never applied twice nor lost; after the run, with the kills stopped, the consumer's
 * committed offsets reach the log end on every partition (nothing blocked), the outbox set no event
 * aside, and the ledger's own invariants hold (supply, balances, holds, `npm run audit`).
 */

export interface KafkaModeOptions {
  seed: number;
  /** How long commands are sent; the drain and the checks come after. */
  seconds: number;
  infra: { kafkaBrokers: string[]; databaseUrl: string; redisUrl: string };
  /** Topic and schema prefix of this run (dropped by whoever made it). */
  prefix: string;
  /** Concurrent clients. */
  lanes?: number;
  /** A kill from outside every this many ms (a random point in the range). */
  killEveryMs?: readonly [number, number];
  /** Share of the lanes' sends that are a hostile record (and its retry) instead of an ordinary command. */
  hostileRecordRate?: number;
  /** The hostile records sent (the opening's, in this order): `hostileRecordKinds` and `wireRecordKinds` unless given. */
  hostileKinds?: readonly HostileRecordKind[];
  /** The opening hostile records' retries are answered within this (the gateway's deadline is 5 s). */
  answerBoundMs?: number;
  log?: (line: string) => void;
}

export interface KafkaFinding {
  kind: string;
  detail: string;
}

export interface KafkaModeRun {
  seed: number;
  commands: number;
  attempts: number;
  /** SIGKILLs: from outside, and by the ledger itself right after a commit. */
  kills: { outside: number; afterCommit: number };
  answers: Record<string, number>;
  /** Hostile records sent, by kind. */
  hostile: Record<string, number>;
  /** The opening's hostile records in order, with how long each one's retry took to be answered (null: it was not). */
  opening: Array<{ kind: string; retryMs: number | null }>;
  findings: KafkaFinding[];
}

/** Attempts of one command (the first and the retries) before it counts as unanswered. */
export const attemptsMax = 10;
const attemptTimeoutMs = 6_000;
const drainTimeoutMs = 120_000;
/** The drain's wait once the opening already found a partition stopped: long enough to name what is behind. */
const stoppedDrainTimeoutMs = 15_000;
/** How long the reader of the replies and dead letters may take to reach their ends once the ledger is drained. */
const watchCatchUpMs = 30_000;
export const defaultHostileRecordRate = 0.04;
/** Commands sent before the opening until one is answered: a ledger that answers none of them never started (each is a minute of attempts). */
const warmUpCommandsMax = 3;

/** One command's answers: what each attempt that was answered said. */
export interface Answered {
  generated: GeneratedCommand;
  answers: Array<{ ok: boolean; code: string | null; replayed: boolean; attempt: number; sentAt: number; answeredAt: number }>;
  attempts: number;
  /** When its first attempt was sent and its last one ended (answered or given up). */
  firstSentAt: number;
  lastEndedAt: number;
  /** Why each unanswered attempt went unanswered (TIMEOUT, or UNAVAILABLE and the producer's error), for the finding. */
  failures: string[];
}

/** How often a command is sent before it counts as unanswered, and how long each attempt waits. */
interface Tries {
  attempts: number;
  timeoutMs: number;
}
const defaultTries: Tries = { attempts: attemptsMax, timeoutMs: attemptTimeoutMs };

/** A hostile record and the command it wrapped, sent again the ordinary way right after it. */
interface HostileExchange {
  /** Where the broker put the hostile record; null when it could not be sent (`sendError`). */
  sent: HostileSent | null;
  sendError?: string;
  retry: Answered;
  /** From the hostile record's send to its retry's answer (or giving up). */
  elapsedMs: number;
}

export async function runKafkaMode(options: KafkaModeOptions): Promise<KafkaModeRun> {
  const log = options.log ?? (() => undefined);
  const world = await startWorld(options);
  const random = new Random(options.seed);
  const model = new WorldModel(simulationUsers());
  const generator = new CommandGenerator(random.fork('generator'), model, defaultCast, defaultGeneratorSettings);
  const kills = random.fork('kills');
  const hostileRandom = random.fork('hostile records');
  const results: Answered[] = [];
  const hostile: HostileExchange[] = [];
  const findings: KafkaFinding[] = [];
  const openingTimes: KafkaModeRun['opening'] = [];
  const answerBoundMs = options.answerBoundMs ?? 5_000;
  // The opening's retries have one attempt, as long as the bound on them.
  const openingAttempt = { attempts: 1, timeoutMs: Math.max(attemptTimeoutMs, answerBoundMs) };
  /** An ordinary command the generator made: sent as it is, or wrapped in a hostile record when it may be. */
  const send = async (generated: GeneratedCommand, kind: HostileRecordKind | null, once = false) => {
    if (!kind || !wrappable(generated)) return void results.push(await world.exchange(generated, model));
    const exchanged = await world.hostileThenRetry(kind, generated, model, hostileRandom, once ? openingAttempt : undefined);
    hostile.push(exchanged);
    results.push(exchanged.retry);
    return exchanged;
  };
  try {
    // The opening, before any kill: the ledger answers (its first start), then each hostile record once, its retry in the usual time.
    for (let i = 0; i < warmUpCommandsMax && results.every((r) => r.answers.length === 0); i += 1)
      await send(generator.next(new Date()), null);
    const kinds = options.hostileKinds ?? [...hostileRecordKinds, ...wireRecordKinds];
    const stopped = await opening(kinds, send, generator, { answerBoundMs, findings, times: openingTimes, log });
    world.ledger.startCrashing();
    const deadline = stopped ? Date.now() : Date.now() + options.seconds * 1000;
    const killing = world.ledger.killNowAndThen(kills, options.killEveryMs ?? [3_000, 9_000], deadline);
    const rate = options.hostileRecordRate ?? defaultHostileRecordRate;
    const lanes = Array.from({ length: options.lanes ?? 3 }, async () => {
      while (Date.now() < deadline) await send(generator.next(new Date()), hostileRandom.chance(rate) ? hostileRandom.pick(kinds) : null);
    });
    await Promise.all([...lanes, killing]);
    log(
      `sent ${results.length} commands (${hostile.length} hostile records); ${world.ledger.kills.outside + world.ledger.kills.afterCommit} kills; draining`,
    );
    world.ledger.stopCrashing();
    findings.push(...answerFindings(results, world.whereUnanswered), ...(await storedOutcomeFindings(world.pool, results)));
    findings.push(...(await world.drained(stopped ? stoppedDrainTimeoutMs : drainTimeoutMs)));
    findings.push(...(await setAsideEventFindings(world.pool)));
    findings.push(...(await world.hostileFindings(hostile, log)));
    findings.push(...(await invariantFindings(world.pool)));
  } finally {
    await world.close();
  }
  return {
    seed: options.seed,
    commands: results.length,
    attempts: results.reduce((n, r) => n + r.attempts, 0),
    kills: { ...world.ledger.kills },
    answers: tally(results),
    hostile: tallyHostile(hostile),
    opening: openingTimes,
    findings,
  };
}

/**
 * A generated command a hostile record may wrap: fresh (never a replay, nor a bulk call's item sent
 * again or under another list, whose id was used before), with no hostile value of its own, keyed
 * as the ledger keys it.
 */
export function wrappable(generated: GeneratedCommand): boolean {
  const usedBefore = generated.replay !== null || (generated.bulk !== undefined && generated.bulk.as !== 'first');
  return generated.hostile === null && !usedBefore && !keyOf(generated.raw).startsWith('unkeyed:');
}

/**
 * Every hostile record once, in the table's order, each wrapping the next command that may be
 * wrapped and followed by that command's retry, which must be answered at its first attempt
 * within `answerBoundMs`. A retry not answered at all means the hostile record stopped its
 * partition: the opening stops there (every later command on it would wait as long) and says so.
 */
async function opening(
  kinds: readonly HostileRecordKind[],
  send: (generated: GeneratedCommand, kind: HostileRecordKind | null, once?: boolean) => Promise<HostileExchange | undefined>,
  generator: CommandGenerator,
  out: { answerBoundMs: number; findings: KafkaFinding[]; times: KafkaModeRun['opening']; log: (line: string) => void },
): Promise<boolean> {
  const { answerBoundMs, findings, log } = out;
  for (const kind of kinds) {
    let generated = generator.next(new Date());
    while (!wrappable(generated)) {
      await send(generated, null);
      generated = generator.next(new Date());
    }
    const exchanged = (await send(generated, kind, true))!;
    const { retry, elapsedMs } = exchanged;
    const answered = retry.answers.length > 0;
    out.times.push({ kind: kind.name, retryMs: answered ? elapsedMs : null });
    log(`opening: ${kind.name}: its retry ${answered ? `answered in ${elapsedMs} ms` : `unanswered after ${elapsedMs} ms`}`);
    if (answered && elapsedMs <= answerBoundMs) continue;
    findings.push({
      kind: 'hostile-stall',
      detail: answered
        ? `${kind.name}: the command right after it on its partition was answered in ${elapsedMs} ms, over ${answerBoundMs} ms`
        : `${kind.name}: the command right after it on its partition was not answered in ${elapsedMs} ms; the partition stopped there`,
    });
    if (!answered) return true;
  }
  return false;
}

/** The ledger in its process, the client side of Kafka and the ledger's database for the checks. */
async function startWorld(options: KafkaModeOptions) {
  const { infra, prefix } = options;
  await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });
  const jwtKey = generateJwtKey(`simulation-${prefix}`);
  const serviceKeys = generateServiceKeys();
  const env = serviceEnvs({
    ...infra,
    topicPrefix: prefix,
    schemaPrefix: prefix,
    jwtKey,
    serviceKeys,
    logLevel: 'error',
    ports: { gateway: 0, user: 0, ledger: 0, history: 0, webhooks: 0, monitoring: 0 },
    // A killed member's partitions go to its successor once its session lapses: seconds, not the default's.
    extra: { LEDGER_SESSION_TIMEOUT_MS: '6000' },
  }).ledger;
  const logger = createLogger('ledger-simulation-kafka', 'error');
  const kafka = createKafka({ brokers: infra.kafkaBrokers, clientId: 'ledger-simulation', logger });
  const producer = new BatchingProducer(kafka.producer(), logger);
  await producer.connect();
  const topics = topicNames(prefix);
  const partitionOf = await commandPartitioner(kafka, topics.ledgerCommands);
  const client = new RequestReplyClient(kafka, producer, topics.gatewayReplies, logger);
  await client.start();
  const pool = createPool({
    url: env.LEDGER_DATABASE_URL!,
    schema: `${prefix}ledger`,
    applicationName: 'ledger-simulation',
    connectionsMax: 2,
  });
  const timeline = new LedgerTimeline(Date.now());
  const ledger = new LedgerProcess(env, new Random(options.seed).fork('crash points'), timeline);
  ledger.start();
  const signer = new SimulationSigner(jwtKey, serviceKeys);
  const watch = new HostileWatch(kafka, topics, `${prefix}ledger-simulation-hostile-watch`);
  await watch.start();
  const send = (generated: GeneratedCommand, model: WorldModel, tries: Tries = defaultTries) =>
    exchange(client, signer, topics, generated, model, tries);
  return {
    ledger,
    pool,
    exchange: send,
    hostileThenRetry: hostileThenRetry(signer, watch, topics, send),
    drained: (timeoutMs: number) => drained(kafka, topics, prefix, pool, timeoutMs),
    hostileFindings: (hostile: readonly HostileExchange[], log: (line: string) => void) =>
      hostileRecordFindings(watch, pool, hostile, timeline, log),
    /** Where an unanswered command's partition stood while it was tried: the timeline's line for it. */
    whereUnanswered: (r: Answered) =>
      timeline.describe(`${topics.ledgerCommands}:${partitionOf(keyOf(r.generated.raw))}`, r.firstSentAt, r.lastEndedAt),
    close: async () => {
      await ledger.stop();
      await watch.stop();
      await client.stop();
      await producer.close();
      await pool.end();
    },
  };
}

/** The partition of ledger.commands a command's key goes to, as every producer here picks it. */
async function commandPartitioner(kafka: Kafka, topic: string): Promise<(key: string) => number> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    return keyPartitioner(await partitionCount(admin, topic));
  } finally {
    await admin.disconnect();
  }
}

/** The command in a hostile record (the kind's), then the same command the ordinary way: its retry, right behind it on its partition. */
function hostileThenRetry(
  signer: SimulationSigner,
  watch: HostileWatch,
  topics: TopicNames,
  send: (generated: GeneratedCommand, model: WorldModel, tries?: Tries) => Promise<Answered>,
) {
  let sentHostile = 0;
  return async (
    kind: HostileRecordKind,
    generated: GeneratedCommand,
    model: WorldModel,
    random: Random,
    tries?: Tries,
  ): Promise<HostileExchange> => {
    sentHostile += 1;
    const now = new Date();
    const command = await signer.sign({ ...generated.raw, issuedAt: now.toISOString() }, now);
    const record = await kind.build({
      key: keyOf(generated.raw),
      command,
      commandId: String(generated.raw.commandId),
      type: String(generated.raw.type),
      correlationId: random.uuid(),
      otherCorrelationId: random.uuid(),
      otherCommandId: random.uuid(),
      replyTo: topics.gatewayReplies,
      requestId: `simulation-hostile-${sentHostile}`,
      sign: (raw) => signer.sign(raw, new Date()),
    });
    const started = Date.now();
    let sendError: string | undefined;
    const sent = await watch.send(kind, record).catch((err: unknown) => {
      sendError = err instanceof Error ? err.message : String(err);
      return null;
    });
    const retry = await send(generated, model, tries);
    return { sent, ...(sendError === undefined ? {} : { sendError }), retry, elapsedMs: Date.now() - started };
  };
}

/** What became of every hostile record (kafka-mode-hostile.ts), once the reader of replies and dead letters has caught up. */
async function hostileRecordFindings(
  watch: HostileWatch,
  pool: Pool,
  hostile: readonly HostileExchange[],
  timeline: LedgerTimeline,
  log: (line: string) => void,
): Promise<KafkaFinding[]> {
  const findings: KafkaFinding[] = [];
  const deadline = Date.now() + watchCatchUpMs;
  while (!(await watch.caughtUp())) {
    if (Date.now() > deadline) {
      findings.push({
        kind: 'hostile-watch-behind',
        detail: `the replies and dead letters were not read to their ends in ${watchCatchUpMs / 1000} s`,
      });
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const sentRecords = hostile.flatMap(({ sent }) => (sent ? [sent] : []));
  const { rows } = await pool.query<{ command_id: string }>(
    'SELECT command_id::text FROM processed_commands WHERE command_id = ANY($1::uuid[])',
    [sentRecords.map((s) => s.record.commandId)],
  );
  const stored = new Set(rows.map((r) => r.command_id));
  for (const { sent, sendError, retry } of hostile) {
    if (!sent) {
      const before = String(retry.generated.raw.commandId);
      findings.push({ kind: 'hostile-not-sent', detail: `the hostile record before ${before} could not be sent: ${sendError}` });
      continue;
    }
    const wrapped = sent.record.commandId === String(retry.generated.raw.commandId);
    const first = retry.answers[0];
    const carried = {
      wrapped,
      retryFirst: wrapped && first?.attempt === 1 ? first : null,
      // Killed while its retry's first attempt waited: that attempt may have been applied, then delivered again and replayed.
      retryFirstAcrossKill: first !== undefined && timeline.endedBetween(first.sentAt, first.answeredAt),
      retryCodes: wrapped ? retry.answers.map((a) => a.code ?? 'ok') : [],
      stored: stored.has(sent.record.commandId),
      dryRun: retry.generated.dryRun === true,
    };
    findings.push(...hostileFindings(sent, carried, watch));
  }
  for (const line of hostileSummary(sentRecords, watch)) log(`hostile records: ${line}`);
  return findings;
}

/** Sends one command until it is answered (at most `tries.attempts` times) and tells the model what an applied one made. */
async function exchange(
  client: RequestReplyClient,
  signer: SimulationSigner,
  topics: TopicNames,
  generated: GeneratedCommand,
  model: WorldModel,
  tries: Tries,
): Promise<Answered> {
  const firstSentAt = Date.now();
  const result: Answered = { generated, answers: [], attempts: 0, failures: [], firstSentAt, lastEndedAt: firstSentAt };
  while (result.attempts < tries.attempts && result.answers.length === 0) {
    result.attempts += 1;
    const now = new Date();
    // As the gateway retries under the same Idempotency-Key: the same id and data, issued and proven now.
    const command = await signer.sign({ ...generated.raw, issuedAt: now.toISOString() }, now);
    let reply: Reply;
    try {
      reply = await client.request({
        topic: topics.ledgerCommands,
        key: keyOf(generated.raw),
        timeoutMs: tries.timeoutMs,
        command: command as unknown as Parameters<RequestReplyClient['request']>[0]['command'],
      });
    } catch (err) {
      if (err instanceof AppError && (err.code === 'TIMEOUT' || err.code === 'UNAVAILABLE')) {
        const cause = (err as { cause?: unknown }).cause;
        result.failures.push(cause instanceof Error ? `${err.code} (${cause.message.slice(0, 120)})` : err.code);
        result.lastEndedAt = Date.now();
        continue;
      }
      throw err;
    }
    result.lastEndedAt = Date.now();
    const answer = { replayed: reply.replayed === true, attempt: result.attempts, sentAt: now.getTime(), answeredAt: result.lastEndedAt };
    result.answers.push(reply.ok ? { ok: true, code: null, ...answer } : { ok: false, code: reply.error.code, ...answer });
    if (reply.ok) {
      const parsed = ledgerCommand.safeParse(generated.raw);
      if (parsed.success) model.observe(parsed.data, reply.result, now.getTime());
    }
  }
  return result;
}

/** Each failure and how often it came, in order of first sight: "TIMEOUT ×7, UNAVAILABLE (…) ×3". */
function summaryOfFailures(failures: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const failure of failures) counts.set(failure, (counts.get(failure) ?? 0) + 1);
  return [...counts].map(([failure, n]) => `${failure} ×${n}`).join(', ');
}

/**
 * Unanswered commands (each with `where`: what the ledger did on its partition meanwhile), untyped
 * refusals, commands set aside, and one command answered two ways.
 */
export function answerFindings(results: readonly Answered[], where: (r: Answered) => string): KafkaFinding[] {
  const findings: KafkaFinding[] = [];
  const byBody = new Map<string, { code: string; type: string }>();
  for (const r of results) {
    const { raw } = r.generated;
    if (r.answers.length === 0) {
      findings.push({
        kind: 'unanswered',
        detail: `${String(raw.type)} ${String(raw.commandId)}: no answer in ${r.attempts} attempts (${summaryOfFailures(r.failures)}); ${where(r)}`,
      });
      continue;
    }
    for (const answer of r.answers) {
      if (answer.code !== null && !Object.hasOwn(errorCatalog, answer.code))
        findings.push({ kind: 'untyped-refusal', detail: `${String(raw.type)} answered ${answer.code}` });
      if (answer.code === 'COMMAND_FAILED')
        findings.push({
          kind: 'set-aside',
          detail: `${String(raw.type)} ${String(raw.commandId)} was set aside (see <prefix>ledger.commands.dlq)`,
        });
      // Refused before any apply (its proofs judged at each attempt, the claims the generator's, so a
      // second factor then stale): nothing stored, so not an answer a replay must repeat.
      if (answer.code === 'COMMAND_REFUSED') continue;
      const body = JSON.stringify([raw.commandId, raw.data]);
      const code = answer.code ?? 'ok';
      const earlier = byBody.get(body);
      if (earlier && earlier.code !== code)
        findings.push({ kind: 'replay', detail: `${String(raw.type)} ${String(raw.commandId)} answered ${earlier.code}, then ${code}` });
      if (!earlier) byBody.set(body, { code, type: String(raw.type) });
    }
  }
  return findings;
}

/**
 * Every command answered as applied has its outcome stored (a retry after a kill is answered from
 * it, never applied twice); a dry run, answered as it would apply, stores none (it writes nothing).
 */
async function storedOutcomeFindings(pool: Pool, results: readonly Answered[]): Promise<KafkaFinding[]> {
  const isDry = (r: Answered) => r.generated.raw.dryRun === true;
  const idsOf = (picked: readonly Answered[]) => [...new Set(picked.map((r) => String(r.generated.raw.commandId)))];
  const applied = idsOf(results.filter((r) => !isDry(r) && r.answers.some((a) => a.ok)));
  const dry = idsOf(results.filter(isDry));
  const { rows } = await pool.query<{ command_id: string }>(
    'SELECT command_id::text FROM processed_commands WHERE command_id = ANY($1::uuid[])',
    [[...applied, ...dry]],
  );
  const stored = new Set(rows.map((r) => r.command_id));
  return [
    ...applied
      .filter((id) => !stored.has(id))
      .map((id) => ({ kind: 'lost-outcome', detail: `${id} was answered as applied but has no stored outcome` })),
    ...dry.filter((id) => stored.has(id)).map((id) => ({ kind: 'dry-run-stored', detail: `${id} was a dry run and has a stored outcome` })),
  ];
}

/** Whether the consumer reaches the log end on every partition of its topics, and the outbox empties, in time. */
async function drained(kafka: Kafka, topics: TopicNames, prefix: string, pool: Pool, timeoutMs: number): Promise<KafkaFinding[]> {
  const admin = kafka.admin();
  await admin.connect();
  const deadline = Date.now() + timeoutMs;
  let behind: string[] = [];
  try {
    do {
      behind = await partitionsBehind(admin, ledgerGroupIds(prefix).commands, [topics.ledgerCommands, topics.ledgerInternal]);
      const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_batches WHERE published_at IS NULL');
      if (behind.length === 0 && rows[0]!.n === 0) return [];
      await new Promise((resolve) => setTimeout(resolve, 500));
    } while (Date.now() < deadline);
  } finally {
    await admin.disconnect();
  }
  return [
    {
      kind: 'partition-blocked',
      detail: `${timeoutMs / 1000} s after the last command: ${behind.join(', ') || 'the outbox'} still behind`,
    },
  ];
}

/**
 * No valid command makes an event the broker refuses: the outbox set nothing aside (docs/RELIABILITY.md
 * "The outbox: a message the broker refuses"; a payout request's lines are bounded when it is decided).
 */
async function setAsideEventFindings(pool: Pool): Promise<KafkaFinding[]> {
  const { rows } = await pool.query<{ topic: string; bytes: number; reason: string }>(
    'SELECT topic, bytes, reason FROM outbox_set_aside ORDER BY set_aside_at',
  );
  return rows.map((r) => ({
    kind: 'event-set-aside',
    detail: `an event of ${r.bytes} bytes on ${r.topic} set aside: ${r.reason.slice(0, 200)}`,
  }));
}

async function partitionsBehind(admin: ReturnType<Kafka['admin']>, groupId: string, topics: string[]): Promise<string[]> {
  const committed = await admin.fetchOffsets({ groupId, topics });
  const behind: string[] = [];
  for (const topic of topics) {
    const ends = await admin.fetchTopicOffsets(topic);
    const done = committed.find((c) => c.topic === topic)?.partitions ?? [];
    for (const end of ends) {
      const at = Number(done.find((p) => p.partition === end.partition)?.offset ?? '-1');
      const last = Number(end.high);
      if (last > 0 && at < last) behind.push(`${topic}[${end.partition}] at ${at} of ${last}`);
    }
  }
  return behind;
}

/** The ledger's invariants once everything is applied: the supply check and the audit, as the in-process mode reads them. */
async function invariantFindings(pool: Pool): Promise<KafkaFinding[]> {
  const invariants = new Invariants(pool, () => new Date());
  try {
    const found = [...(await invariants.afterStep(-1, 0)), ...(await invariants.audit(-1, new Date(), true))];
    return found.map((f) => ({ kind: f.kind, detail: f.detail }));
  } finally {
    await invariants.stop();
  }
}

function tallyHostile(hostile: readonly HostileExchange[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { sent } of hostile) if (sent) counts[sent.kind.name] = (counts[sent.kind.name] ?? 0) + 1;
  return counts;
}

function tally(results: readonly Answered[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of results)
    for (const a of r.answers) {
      const name = a.code ?? 'ok';
      counts[name] = (counts[name] ?? 0) + 1;
    }
  return counts;
}

/**
 * The ledger's process: started, killed (SIGKILL) from outside now and then or by itself after a
 * commit, and started again whenever it dies, until stopped.
 */
class LedgerProcess {
  readonly kills = { outside: 0, afterCommit: 0 };
  private child: ChildProcess | null = null;
  /** Off for the first process, which runs the opening; on from `startCrashing` until `stopCrashing`. */
  private crashing = false;
  private stopped = false;
  private outsideKill = false;
  /** Whether the running process has committed a batch (it joined the group and serves), and who waits for that. */
  private serving = false;
  private servingWaiters: Array<() => void> = [];
  /** Whether the last process killed from outside had served: two in a row that had not would starve every partition. */
  private lastKilledHadServed = true;

  constructor(
    private readonly env: Record<string, string>,
    private readonly crashPoints: Random,
    private readonly timeline: LedgerTimeline,
  ) {}

  start(): void {
    // A crash point now and then: after the 20th to the 120th commit of this process.
    const crashAfter = this.crashing && this.crashPoints.chance(0.5) ? this.crashPoints.int(20, 120) : 0;
    const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts/simulate/ledger-child.ts')], {
      cwd: repoRoot,
      env: { ...process.env, ...this.env, SIMULATION_CRASH_AFTER_COMMITS: String(crashAfter) },
      // The IPC channel carries each commit's partitions to the timeline (ledger-child.ts).
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    this.child = child;
    const life = this.timeline.started(Date.now());
    this.serving = false;
    child.on('message', (message: { kind?: unknown; at?: unknown; partitions?: unknown }) => {
      if (message.kind === 'commit' && typeof message.at === 'number' && Array.isArray(message.partitions)) {
        life.committed({ at: message.at, partitions: message.partitions.map(String) });
        if (this.child === child && !this.serving) this.nowServing();
      }
    });
    child.on('exit', (_code, signal) => {
      if (this.child !== child) return;
      this.child = null;
      const end: LifeEnd = signal !== 'SIGKILL' ? 'exit' : this.outsideKill ? 'outside' : 'after-commit';
      life.ended(Date.now(), end);
      if (end === 'after-commit') this.kills.afterCommit += 1;
      this.outsideKill = false;
      if (!this.stopped) this.start();
    });
  }

  /**
   * Kills it from outside at random moments until the deadline. A killed member's partitions move
   * to its successor only once its session lapses (seconds), so kills that always came before the
   * new process served would stop every partition: the run's doing, not the ledger's. A process is
   * killed before its first commit only when the one killed before it had served; otherwise the
   * kill waits for that commit and then a span of the same range, so the process serves for that
   * long (killed right at its first commit, it would have served one batch of one partition).
   */
  async killNowAndThen(random: Random, everyMs: readonly [number, number], deadline: number): Promise<void> {
    for (;;) {
      const wait = random.int(everyMs[0], everyMs[1]);
      if (Date.now() + wait >= deadline) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (!this.serving && !this.lastKilledHadServed) {
        if (!(await this.servingBefore(deadline))) return;
        // Serving at last: it serves a span of its own before the kill, not one batch.
        const serving = random.int(everyMs[0], everyMs[1]);
        if (Date.now() + serving >= deadline) return;
        await new Promise((resolve) => setTimeout(resolve, serving));
      }
      if (!this.child) continue;
      this.lastKilledHadServed = this.serving;
      this.outsideKill = true;
      this.kills.outside += 1;
      this.child.kill('SIGKILL');
    }
  }

  private nowServing(): void {
    this.serving = true;
    for (const resolve of this.servingWaiters.splice(0)) resolve();
  }

  /** Waits until the running process (or the next one) commits a batch; false when the deadline comes first. */
  private async servingBefore(deadline: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const served = new Promise<boolean>((resolve) => this.servingWaiters.push(() => resolve(true)));
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
    });
    try {
      return await Promise.race([served, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Crash points from the next process on. */
  startCrashing(): void {
    this.crashing = true;
  }

  /** No more crash points: the next process (and the one running, once it dies) runs to the end. */
  stopCrashing(): void {
    this.crashing = false;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const child = this.child;
    if (!child) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}
