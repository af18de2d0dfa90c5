import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { ledgerCommand, topicNames, type Reply, type TopicNames } from '@coin/contracts';
import { createPool, type Pool } from '@coin/db';
import { AppError, errorCatalog } from '@coin/errors';
import { BatchingProducer, createKafka, RequestReplyClient } from '@coin/kafka';
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
 * Checked: every command answered within the bound; every refusal a code of the catalog; no
 * command set aside (COMMAND_FAILED); two answers to one command (the same id and data) agree;
 * every command answered as applied has its stored outcome; after the run, with the kills
 * stopped, the consumer's committed offsets reach the log end on every partition (nothing
 * blocked) and the ledger's own invariants hold (supply, balances, holds, `npm run audit`).
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
  findings: KafkaFinding[];
}

/** Attempts of one command (the first and the retries) before it counts as unanswered. */
export const attemptsMax = 10;
const attemptTimeoutMs = 6_000;
const drainTimeoutMs = 120_000;

/** One command's answers: what each attempt that was answered said. */
interface Answered {
  generated: GeneratedCommand;
  answers: Array<{ ok: boolean; code: string | null }>;
  attempts: number;
}

export async function runKafkaMode(options: KafkaModeOptions): Promise<KafkaModeRun> {
  const log = options.log ?? (() => undefined);
  const world = await startWorld(options);
  const random = new Random(options.seed);
  const model = new WorldModel(simulationUsers());
  const generator = new CommandGenerator(random.fork('generator'), model, defaultCast, defaultGeneratorSettings);
  const kills = random.fork('kills');
  const results: Answered[] = [];
  const findings: KafkaFinding[] = [];
  try {
    const deadline = Date.now() + options.seconds * 1000;
    const killing = world.ledger.killNowAndThen(kills, options.killEveryMs ?? [3_000, 9_000], deadline);
    const lanes = Array.from({ length: options.lanes ?? 3 }, async () => {
      while (Date.now() < deadline) results.push(await world.exchange(generator.next(new Date()), model));
    });
    await Promise.all([...lanes, killing]);
    log(`sent ${results.length} commands; ${world.ledger.kills.outside + world.ledger.kills.afterCommit} kills; draining`);
    world.ledger.stopCrashing();
    findings.push(...answerFindings(results), ...(await storedOutcomeFindings(world.pool, results)));
    findings.push(...(await world.drained()));
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
    findings,
  };
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
  const client = new RequestReplyClient(kafka, producer, topics.gatewayReplies, logger);
  await client.start();
  const pool = createPool({
    url: env.LEDGER_DATABASE_URL!,
    schema: `${prefix}ledger`,
    applicationName: 'ledger-simulation',
    connectionsMax: 2,
  });
  const ledger = new LedgerProcess(env, new Random(options.seed).fork('crash points'));
  ledger.start();
  const signer = new SimulationSigner(jwtKey, serviceKeys);
  return {
    ledger,
    pool,
    exchange: (generated: GeneratedCommand, model: WorldModel) => exchange(client, signer, topics, generated, model),
    drained: () => drained(kafka, topics, prefix, pool),
    close: async () => {
      await ledger.stop();
      await client.stop();
      await producer.close();
      await pool.end();
    },
  };
}

/** Sends one command until it is answered (at most attemptsMax times) and tells the model what an applied one made. */
async function exchange(
  client: RequestReplyClient,
  signer: SimulationSigner,
  topics: TopicNames,
  generated: GeneratedCommand,
  model: WorldModel,
): Promise<Answered> {
  const result: Answered = { generated, answers: [], attempts: 0 };
  while (result.attempts < attemptsMax && result.answers.length === 0) {
    result.attempts += 1;
    const now = new Date();
    // As the gateway retries under the same Idempotency-Key: the same id and data, issued and proven now.
    const command = await signer.sign({ ...generated.raw, issuedAt: now.toISOString() }, now);
    let reply: Reply;
    try {
      reply = await client.request({
        topic: topics.ledgerCommands,
        key: keyOf(generated.raw),
        timeoutMs: attemptTimeoutMs,
        command: command as unknown as Parameters<RequestReplyClient['request']>[0]['command'],
      });
    } catch (err) {
      if (err instanceof AppError && (err.code === 'TIMEOUT' || err.code === 'UNAVAILABLE')) continue;
      throw err;
    }
    result.answers.push(reply.ok ? { ok: true, code: null } : { ok: false, code: reply.error.code });
    if (reply.ok) {
      const parsed = ledgerCommand.safeParse(generated.raw);
      if (parsed.success) model.observe(parsed.data, reply.result, now.getTime());
    }
  }
  return result;
}

/** Unanswered commands, untyped refusals, commands set aside, and one command answered two ways. */
function answerFindings(results: readonly Answered[]): KafkaFinding[] {
  const findings: KafkaFinding[] = [];
  const byBody = new Map<string, { code: string; type: string }>();
  for (const r of results) {
    const { raw } = r.generated;
    if (r.answers.length === 0) {
      findings.push({ kind: 'unanswered', detail: `${String(raw.type)} ${String(raw.commandId)}: no answer in ${r.attempts} attempts` });
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

/** Every command answered as applied has its outcome stored (a retry after a kill is answered from it, never applied twice). */
async function storedOutcomeFindings(pool: Pool, results: readonly Answered[]): Promise<KafkaFinding[]> {
  const applied = [...new Set(results.filter((r) => r.answers.some((a) => a.ok)).map((r) => String(r.generated.raw.commandId)))];
  const { rows } = await pool.query<{ command_id: string }>(
    'SELECT command_id::text FROM processed_commands WHERE command_id = ANY($1::uuid[])',
    [applied],
  );
  const stored = new Set(rows.map((r) => r.command_id));
  return applied
    .filter((id) => !stored.has(id))
    .map((id) => ({ kind: 'lost-outcome', detail: `${id} was answered as applied but has no stored outcome` }));
}

/** Whether the consumer reaches the log end on every partition of its topics, and the outbox empties, in time. */
async function drained(kafka: Kafka, topics: TopicNames, prefix: string, pool: Pool): Promise<KafkaFinding[]> {
  const admin = kafka.admin();
  await admin.connect();
  const deadline = Date.now() + drainTimeoutMs;
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
      detail: `${drainTimeoutMs / 1000} s after the last command: ${behind.join(', ') || 'the outbox'} still behind`,
    },
  ];
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
  private crashing = true;
  private stopped = false;
  private outsideKill = false;

  constructor(
    private readonly env: Record<string, string>,
    private readonly crashPoints: Random,
  ) {}

  start(): void {
    // A crash point now and then: after the 20th to the 120th commit of this process.
    const crashAfter = this.crashing && this.crashPoints.chance(0.5) ? this.crashPoints.int(20, 120) : 0;
    const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts/simulate/ledger-child.ts')], {
      cwd: repoRoot,
      env: { ...process.env, ...this.env, SIMULATION_CRASH_AFTER_COMMITS: String(crashAfter) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.child = child;
    child.on('exit', (_code, signal) => {
      if (this.child !== child) return;
      this.child = null;
      if (signal === 'SIGKILL' && !this.outsideKill) this.kills.afterCommit += 1;
      this.outsideKill = false;
      if (!this.stopped) this.start();
    });
  }

  /** Kills it from outside at random moments until the deadline. */
  async killNowAndThen(random: Random, everyMs: readonly [number, number], deadline: number): Promise<void> {
    for (;;) {
      const wait = random.int(everyMs[0], everyMs[1]);
      if (Date.now() + wait >= deadline) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (!this.child) continue;
      this.outsideKill = true;
      this.kills.outside += 1;
      this.child.kill('SIGKILL');
    }
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
