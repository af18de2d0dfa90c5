import { keyPartitioner } from '@coin/kafka';
import { defaultPolicy, type LedgerPolicy } from '../domain/ledger';
import { noLimits } from '../domain/limits';
import { defaultCast, type Cast } from './actors';
import { Coverage } from './coverage';
import {
  describeError,
  LedgerDriver,
  simulationPartitions,
  type DatabaseFactory,
  type SimulationDatabase,
  type StepPlan,
  type StepResult,
} from './driver';
import { dryRunFindings, ReplayCheck, stepFindings, type Finding } from './findings';
import { CommandGenerator, defaultGeneratorSettings, type GeneratedCommand, type GeneratorSettings } from './generator';
import { Invariants } from './invariants';
import { keyOf } from './judge';
import { WorldModel } from './model';
import { Random } from './random';
import { recordTransactions, TransactionRenames } from './renames';
import { commandCount, shrinkPlan } from './shrink';

/**
 * The whole-ledger simulation (docs/RELIABILITY.md "The whole-ledger simulation"), in the spirit
 * of TigerBeetle's VOPR and Jepsen's generators: a seeded generator (generator.ts) sends commands
 * of every type the ledger's table has, the driver (driver.ts) applies them on the real deciders
 * and the real PostgreSQL store as Kafka and the consumer would, and after every step the ledger's
 * invariants are checked (findings.ts, invariants.ts). A finding stops the run; it can then be
 * shrunk (shrink.ts) to a short reproduction that plays on a fresh database.
 */

/** Where every run's clock starts: fixed, so a seed plays the same whatever the day. */
export const simulationStart = new Date('2031-03-03T08:00:00.000Z');

/**
 * The policy the simulation's ledger runs with: small four-eyes windows (one ADMIN alone moves
 * 250 coins a day, a wallet receives 150 from admins), so approval requests are frequent; holds,
 * approval requests and cash-outs that expire within hours and mandates that fall due within days
 * of simulated time; spending limits for users; one cash-out rate from before the start.
 */
export function simulationPolicy(start: Date = simulationStart): LedgerPolicy {
  const userLimits = { dailyAmount: 300_000, dailyCount: 80, singleAmount: 60_000 };
  return {
    ...defaultPolicy,
    limits: { USER: userLimits, DEVELOPER: userLimits, ADMIN: noLimits, SUPERADMIN: noLimits },
    holdExpirySecondsDefault: 3600,
    approvalExpirySeconds: 3 * 3600,
    fourEyes: { actorWindow: 25_000, recipientWindow: 15_000, treasuryMint: true, clientDailyRewards: 80_000 },
    cashout: {
      rates: [{ xafPerCoin: 655, effectiveFrom: new Date(start.getTime() - 86_400_000) }],
      windowSeconds: 2 * 3600,
      dailyAmount: { unverified: 10_000, verified: 50_000 },
      fourEyesAmount: 3_000,
    },
    mandateGraceSeconds: 6 * 3600,
    mandateRetrySeconds: 1800,
    mandateBackdateSeconds: 3 * 86_400,
  };
}

/** The users the simulated clients open wallets for: fourteen people, and the admins' own wallets. */
export function simulationUsers(cast: Cast = defaultCast): number[] {
  return [...Array.from({ length: 14 }, (_, i) => i + 1), ...cast.admins.map((a) => a.id)];
}

export interface SimulationOptions {
  seed: number;
  /** Steps at most (the test's bound). */
  steps: number;
  /** Stop after this long, steps or not (the CLI's `--seconds`); none when absent. */
  durationMs?: number;
  generator?: Partial<GeneratorSettings>;
  /** auditLedger after every this many steps (and always at the end). */
  auditEvery?: number;
  /** Told of progress (a line every so often). */
  log?: (line: string) => void;
}

export interface SimulationRun {
  seed: number;
  /** Steps generated (the settle's not counted): what `--steps` bounds. */
  stepsRun: number;
  commandsSent: number;
  /** Every step as played (the drain's included): what a reproduction starts from. */
  plan: StepPlan[];
  /** The transactions each command made (renames.ts): how a replay finds them again. */
  transactionsOf: Record<string, number[]>;
  /** For each step of the plan, the step that took each of its client commands (null: never taken): what a shrink moves them to. */
  takenAt: Array<Array<number | null>>;
  findings: Finding[];
  coverage: Coverage;
  pools: Record<string, number>;
}

/**
 * What a session checks after each step: `all` (every invariant), or `failures` only (blocked
 * partitions, messages set aside, answers): a replay that shrinks a failure needs no more, and is
 * several times faster.
 */
export type Checks = 'all' | 'failures';

/** One run of the loop both a seeded run and a replay share: the driver, the checks, the transactions made. */
class Session {
  readonly driver: LedgerDriver;
  readonly invariants: Invariants;
  readonly replays = new ReplayCheck();
  readonly played: StepPlan[] = [];
  readonly transactionsOf: Record<string, number[]> = {};
  /** For each played step's client messages, the step that took them (null: none yet). */
  readonly takenAt: Array<Array<number | null>> = [];
  /** The client messages not taken yet, by the object the driver was given: their step and place in it. */
  private readonly waiting = new Map<unknown, { step: number; place: number }>();

  constructor(
    db: { pool: ConstructorParameters<typeof LedgerDriver>[0] },
    readonly auditEvery: number,
    private readonly checks: Checks = 'all',
    /** In a replay: the recorded run's transactions, whose ids the replayed commands name. */
    private readonly renames: TransactionRenames | null = null,
  ) {
    this.driver = new LedgerDriver(db.pool, simulationPolicy(), simulationStart);
    this.invariants = new Invariants(db.pool, () => this.driver.now());
  }

  /** Plays one step and returns its result and what it found. */
  async play(plan: StepPlan): Promise<{ result: StepResult | null; findings: Finding[] }> {
    const index = this.played.length;
    this.played.push(plan);
    this.takenAt.push(plan.commands.map(() => null));
    const renames = this.renames;
    const sent = renames ? plan.commands.map((raw) => renames.rewrite(raw)) : plan.commands;
    for (const [place, raw] of sent.entries()) this.waiting.set(raw, { step: index, place });
    try {
      const result = await this.driver.step({ ...plan, commands: sent });
      this.recordTaken(result, index);
      recordTransactions(result.handled, this.transactionsOf);
      renames?.learn(result.handled);
      const findings = [
        ...stepFindings(result, index),
        ...this.replays.observe(result.handled, index),
        ...dryRunFindings(result, index),
        ...(await this.invariants.dryRunsLeftNothing(result.handled, index)),
      ];
      if (this.checks === 'failures') return { result, findings };
      findings.push(...(await this.invariants.afterStep(index, this.driver.legsInFlight())));
      if (findings.length === 0 && index % this.auditEvery === this.auditEvery - 1)
        findings.push(...(await this.invariants.audit(index, this.driver.now(), false)));
      return { result, findings };
    } catch (err) {
      return {
        result: null,
        findings: [{ kind: 'exception', signature: `exception:${(err as Error).name}`, detail: describeError(err), step: index }],
      };
    }
  }

  /** Which of the client messages waiting this step took (decided, refused or failed alike). */
  private recordTaken(result: StepResult, index: number): void {
    for (const h of result.handled) {
      const waited = this.waiting.get(h.message.sent);
      if (!waited) continue;
      this.takenAt[waited.step]![waited.place] = index;
      this.waiting.delete(h.message.sent);
    }
  }

  /** Every message left applied (the sweeps once), then the whole-ledger audit with nothing in flight. */
  async settle(onResult?: (result: StepResult) => void): Promise<Finding[]> {
    const everything = Array.from({ length: simulationPartitions }, (_, p) => p);
    for (let round = 0; round < 40 && (round === 0 || !this.driver.quiet()); round += 1) {
      const { result, findings } = await this.play({
        advanceMs: 0,
        commands: [],
        take: { partitions: everything, perPartition: 500 },
        sweep: round === 0,
      });
      if (result) onResult?.(result);
      if (findings.length > 0) return findings;
    }
    if (!this.driver.quiet()) {
      return [
        {
          kind: 'quiescence',
          signature: 'quiescence',
          detail: 'messages still waiting after 40 rounds that take every partition',
          step: -1,
        },
      ];
    }
    return this.checks === 'all' ? this.invariants.audit(-1, this.driver.now(), true) : [];
  }

  async close(): Promise<void> {
    await this.invariants.stop();
  }
}

/** What the step takes: some partitions (each one two times in three), up to a few messages of each topic from each. */
function planTake(random: Random): StepPlan['take'] {
  const partitions = Array.from({ length: simulationPartitions }, (_, p) => p).filter(() => random.chance(0.65));
  return { partitions: partitions.length > 0 ? partitions : [random.int(0, simulationPartitions - 1)], perPartition: random.int(1, 6) };
}

/** The clock moves minutes at a step, now and then most of a day: expiries, mandate periods and four-eyes windows come round. */
function planAdvance(random: Random): number {
  return random.chance(0.02) ? random.int(6, 26) * 3600_000 : random.int(0, 12) * 60_000;
}

/** What a seeded run keeps beside the session: the model the generator reads, the coverage, what each client message was made as. */
class SeededRun {
  readonly random: Random;
  readonly driverChoices: Random;
  readonly model = new WorldModel(simulationUsers());
  readonly generator: CommandGenerator;
  readonly coverage = new Coverage();
  readonly made = new Map<unknown, GeneratedCommand>();
  commandsSent = 0;

  constructor(
    readonly options: SimulationOptions,
    readonly session: Session,
  ) {
    this.random = new Random(options.seed);
    this.driverChoices = this.random.fork('driver');
    this.generator = new CommandGenerator(this.random.fork('generator'), this.model, defaultCast, {
      ...defaultGeneratorSettings,
      ...options.generator,
    });
  }

  /** The next step: the clock's move, a few new commands, the batch to take, whether the sweeps run. */
  planStep(): StepPlan {
    const advanceMs = planAdvance(this.driverChoices);
    const at = new Date(this.session.driver.now().getTime() + advanceMs);
    const generated = Array.from({ length: this.driverChoices.int(1, 5) }, () => this.generator.next(at));
    // A dry run's twin goes in the same step, right after it, and a bulk call's settlements all go.
    while (this.generator.owesMore()) generated.push(this.generator.next(at));
    this.commandsSent += generated.length;
    for (const g of generated) this.made.set(g.raw, g);
    return { advanceMs, commands: generated.map((g) => g.raw), take: planTake(this.driverChoices), sweep: this.driverChoices.chance(0.25) };
  }

  /** The clients learn what the answers say; the coverage counts them. */
  observe(result: StepResult): void {
    for (const h of result.handled) {
      this.coverage.record(h, this.made.get(h.message.sent), this.model);
      // A dry run's answer names nothing that exists: the clients learn nothing from it.
      if (h.result.kind === 'decided' && h.result.outcome.ok && h.command && !h.command.dryRun)
        this.model.observe(h.command, h.result.outcome.reply, this.session.driver.now().getTime());
    }
  }
}

/** A seeded run on a fresh database: steps until the bound, the time, or a finding; then the settle. */
export async function simulate(
  db: { pool: ConstructorParameters<typeof LedgerDriver>[0] },
  options: SimulationOptions,
): Promise<SimulationRun> {
  const session = new Session(db, options.auditEvery ?? 25);
  const run = new SeededRun(options, session);
  const startedMs = Date.now();
  let findings: Finding[] = [];
  let generated = 0;
  try {
    for (let step = 0; step < options.steps && findings.length === 0; step += 1) {
      generated = step + 1;
      if (options.durationMs !== undefined && Date.now() - startedMs > options.durationMs) {
        generated = step;
        break;
      }
      const played = await session.play(run.planStep());
      if (played.result) run.observe(played.result);
      findings = played.findings;
      if (step % 200 === 199)
        options.log?.(`seed ${options.seed}: step ${step + 1}, ${run.commandsSent} commands, clock ${session.driver.now().toISOString()}`);
    }
    if (findings.length === 0) findings = await session.settle((result) => run.observe(result));
  } finally {
    await session.close();
  }
  return {
    seed: options.seed,
    stepsRun: generated,
    commandsSent: run.commandsSent,
    plan: session.played,
    transactionsOf: session.transactionsOf,
    takenAt: session.takenAt,
    findings,
    coverage: run.coverage,
    pools: run.model.poolSizes(),
  };
}

/** The findings a step's answers show (a failure), against those only the database's invariants show. */
const failureKinds: ReadonlySet<Finding['kind']> = new Set([
  'partition-blocked',
  'set-aside',
  'handler-calls',
  'untyped-refusal',
  'reply-shape',
  'replay',
  'exception',
]);

/** A plan played again on a fresh database, then let settle: the findings it meets. */
export async function replay(
  db: { pool: ConstructorParameters<typeof LedgerDriver>[0] },
  plan: readonly StepPlan[],
  transactionsOf: Readonly<Record<string, number[]>>,
  checks: Checks = 'all',
): Promise<Finding[]> {
  return (await replayTaking(db, plan, transactionsOf, checks)).findings;
}

/** As `replay`, with the step that took each client command of the plan (SimulationRun's `takenAt`). */
export async function replayTaking(
  db: { pool: ConstructorParameters<typeof LedgerDriver>[0] },
  plan: readonly StepPlan[],
  transactionsOf: Readonly<Record<string, number[]>>,
  checks: Checks = 'all',
): Promise<{ findings: Finding[]; takenAt: Array<Array<number | null>> }> {
  const session = new Session(db, 25, checks, new TransactionRenames(transactionsOf));
  try {
    for (const step of plan) {
      const { findings } = await session.play(step);
      if (findings.length > 0) return { findings, takenAt: session.takenAt };
    }
    return { findings: await session.settle(), takenAt: session.takenAt };
  } finally {
    await session.close();
  }
}

/** Fresh databases one ahead: the next is migrated while a replay runs on the one before. */
function oneAhead(fresh: DatabaseFactory): { take: DatabaseFactory; close(): Promise<void> } {
  let next: Promise<SimulationDatabase> | null = null;
  const prepare = () => {
    next = fresh();
    // Its failure is met by whoever takes it.
    next.catch(() => undefined);
  };
  return {
    take: async () => {
      const db = next ?? fresh();
      prepare();
      return db;
    },
    close: async () => {
      const left = next;
      next = null;
      if (left) await (await left).close();
    },
  };
}

/** What a replay must check to meet this finding again: the answers only, for a failure. */
export function checksFor(finding: Finding): Checks {
  return failureKinds.has(finding.kind) ? 'failures' : 'all';
}

/** Whether a plan still fails with this finding's signature, on a database of its own (checking only what it must). */
export function failsLike(
  databases: DatabaseFactory,
  finding: Finding,
  transactionsOf: Readonly<Record<string, number[]>>,
): (plan: StepPlan[]) => Promise<boolean> {
  const checks = checksFor(finding);
  return async (plan) => {
    const db = await databases();
    try {
      return (await replay(db, plan, transactionsOf, checks)).some((f) => f.signature === finding.signature);
    } finally {
      await db.close();
    }
  };
}

export interface Reproduction {
  seed: number;
  finding: Finding;
  /** The steps that still fail, client commands as sent. */
  plan: StepPlan[];
  /** The transactions each command made in the recorded run (renames.ts). */
  transactionsOf: Record<string, number[]>;
  commands: number;
  replays: number;
}

/** The shortest failing plan found within the budget (of a run, or of a reproduction shrunk again). */
export async function reproduce(
  fresh: DatabaseFactory,
  run: Pick<SimulationRun, 'seed' | 'findings' | 'plan' | 'transactionsOf' | 'takenAt'>,
  budgetMs: number,
  log?: (line: string) => void,
): Promise<Reproduction | null> {
  const finding = run.findings[0];
  if (!finding) return null;
  let reported = 0;
  const databases = oneAhead(fresh);
  const partitionOf = keyPartitioner(simulationPartitions);
  const focus = finding.commandIds?.length
    ? {
        commandIds: new Set(finding.commandIds),
        partitionOf: (raw: unknown) => partitionOf(keyOf(raw)),
        takenAt: (step: number, place: number) => run.takenAt[step]?.[place] ?? undefined,
      }
    : undefined;
  const { plan, replays } = await shrinkPlan(
    run.plan,
    failsLike(databases.take, finding, run.transactionsOf),
    {
      budgetMs,
      nowMs: () => Date.now(),
      onProgress: (smaller, n) => {
        // A line now and then: the shrink may try hundreds of plans.
        if (n - reported >= 10 || commandCount(smaller) <= 10)
          log?.(`shrink: ${smaller.length} steps, ${commandCount(smaller)} commands still fail (${n} replays)`);
        if (n - reported >= 10) reported = n;
      },
    },
    focus,
  ).finally(() => databases.close());
  return { seed: run.seed, finding, plan, transactionsOf: namedBy(plan, run.transactionsOf), commands: commandCount(plan), replays };
}

/** The recorded transactions the plan's commands name (all a replay of it renames). */
function namedBy(plan: readonly StepPlan[], transactionsOf: Readonly<Record<string, number[]>>): Record<string, number[]> {
  const named = new Set<unknown>();
  const collect = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'transactionId' || key === 'purchaseId' || key === 'refundId') named.add(inner);
      else collect(inner);
    }
  };
  for (const step of plan) step.commands.forEach(collect);
  return Object.fromEntries(Object.entries(transactionsOf).filter(([, ids]) => ids.some((id) => named.has(id))));
}

export type { DatabaseFactory, StepPlan } from './driver';
export type { Finding } from './findings';

/** What a failing run prints: the finding, the seed, the shortest plan that still fails and the commands that play it again. */
export function formatReproduction(run: SimulationRun, reproduction: Reproduction | null, file: string | null): string {
  const finding = run.findings[0];
  if (!finding) return `seed ${run.seed}: nothing found`;
  const lines = [
    `FINDING seed ${run.seed} after step ${finding.step}: ${finding.kind} ${finding.signature}`,
    `  ${finding.detail}`,
    ...run.findings.slice(1, 4).map((f) => `  also: ${f.kind} ${f.detail.slice(0, 300)}`),
  ];
  if (reproduction) {
    lines.push(
      `reproduction: ${reproduction.commands} commands in ${reproduction.plan.length} steps (shrunk from ${commandCount(run.plan)} in ${run.plan.length}, ${reproduction.replays} replays on fresh schemas):`,
      JSON.stringify(reproduction.plan, null, 2),
    );
  }
  if (file) lines.push(`play it again: npm run simulate -- --replay ${file}`);
  // A finding of the settle comes again after the same generated steps.
  lines.push(
    `the whole run again: npm run simulate -- --seed ${run.seed} --steps ${Math.min(finding.step < 0 ? run.stepsRun : finding.step + 1, run.stepsRun)}`,
  );
  return lines.join('\n');
}
