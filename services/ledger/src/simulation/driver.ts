import { topicNames, type LedgerCommand, type LedgerCommandTopic, type TopicNames } from '@coin/contracts';
import type { Pool } from '@coin/db';
import { applyIsolating, keyPartitioner, type BatchingProducer, type Delivered } from '@coin/kafka';
import { createLogger, type Logger } from '@coin/logger';
import type { ApplyContext } from '../apply/apply-batch';
import { applyCommands } from '../apply/apply-commands';
import type { Outcome } from '../apply/outcomes';
import type { LedgerStore } from '../apply/store';
import { dueApprovals } from '../db/approval-reads';
import { batchStore, storeSetAsideOutcome } from '../db/batch-store';
import { dueHolds } from '../db/hold-reads';
import { dueMandates } from '../db/mandate-reads';
import type { LedgerPolicy } from '../domain/ledger';
import { expireApprovalCommand, expireHoldCommand } from '../kafka/hold-expiry';
import { chargeMandateCommand } from '../kafka/mandate-scheduler';
import { judge, keyOf, type Refusal } from './judge';

/**
 * The simulation's driver (docs/RELIABILITY.md "The whole-ledger simulation"): the ledger's real
 * deciders and its real PostgreSQL batch store, fed as Kafka would feed them. Commands sit on six
 * partitions by their key (`partitionKeyOf`, the ledger's key partitioner); each step takes a
 * batch from several partitions, judges each message as the consumer does (judge.ts) and applies
 * the rest through the consumer's own `applyIsolating`, whose handler is the ledger's use case
 * (`applyCommands` on `batchStore`) and whose set-aside store is `storeSetAsideOutcome`, as in
 * service.ts. What an apply writes to ledger.internal (credit legs, clawbacks) and what the
 * ledger's sweeps would send (hold and approval expiries, mandate charges, from the same reads
 * kafka/hold-expiry.ts and kafka/mandate-scheduler.ts make) come back as later messages. Thin:
 * it decides nothing and asserts nothing (invariants.ts does).
 */

export const simulationPartitions = 6;
/** Attempts of one batch that keeps failing for a reason a retry may cure, before its partition counts as blocked. */
export const blockedAfterAttempts = 3;

/** A migrated, empty ledger schema and a pool of the ledger's runtime role on it. */
export interface SimulationDatabase {
  pool: Pool;
  close(): Promise<void>;
}

/** Where fresh databases come from: the int test's and the CLI's provisioning (scripts/stack/provision.ts). */
export type DatabaseFactory = () => Promise<SimulationDatabase>;

/** One step as it happened, enough to play it again on a fresh database (a reproduction). */
export interface StepPlan {
  /** How far the clock moves before the step, ms. */
  advanceMs: number;
  /** Client messages sent in this step (on ledger.commands), as written. */
  commands: unknown[];
  /** The partitions the step's batch takes messages from, and how many of each topic per partition. */
  take: { partitions: number[]; perPartition: number };
  /** Whether the ledger's sweeps run before the batch. */
  sweep: boolean;
}

export interface QueuedMessage {
  topic: LedgerCommandTopic;
  key: string;
  /** The message as the consumer parses it: a JSON copy of what was sent. */
  value: unknown;
  /** What the sender wrote (the same object it holds: how a client finds its own message again). */
  sent: unknown;
  origin: 'client' | 'ledger' | 'sweep';
}

/** What became of one message a step took. */
export type MessageResult =
  | { kind: 'refused'; refusal: Refusal; reason: string }
  | { kind: 'decided'; outcome: Outcome }
  | { kind: 'set-aside'; error: string }
  | { kind: 'blocked'; error: string };

export interface HandledMessage {
  message: QueuedMessage;
  command: LedgerCommand | null;
  result: MessageResult;
  /** How many times the handler was given this message in the step. */
  handlerCalls: number;
}

export interface StepResult {
  handled: HandledMessage[];
  /** A batch that kept failing with a retriable error: its error, as the consumer would keep seeing it. */
  blocked: { error: string; types: string[] } | null;
  /** Messages set aside: each with the error that failed it alone. */
  setAside: Array<{ type: string; commandId: string; error: string }>;
}

/** An error as one line with where it was thrown in the ledger's code: what a finding names. */
export function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  const frames = (err.stack ?? '')
    .split('\n')
    .filter((line) => /services\/ledger\/src|libs\//.test(line) && !/simulation\//.test(line))
    .slice(0, 3)
    .map((line) =>
      line
        .trim()
        .replace(/^at /, '')
        .replace(/\(.*\/(services|libs)\//, '($1/'),
    );
  return `${err.name}${typeof code === 'string' ? ` (${code})` : ''}: ${err.message.split('\n')[0]}${frames.length ? ` [at ${frames.join(' < ')}]` : ''}`;
}

export class LedgerDriver {
  readonly topics: TopicNames = topicNames('sim_');
  readonly partitionOf = keyPartitioner(simulationPartitions);
  private readonly queues = Array.from({ length: simulationPartitions }, () => ({
    commands: [] as QueuedMessage[],
    internal: [] as QueuedMessage[],
  }));
  private readonly store: LedgerStore;
  private readonly log: Logger;
  private clockMs: number;

  constructor(
    private readonly pool: Pool,
    private readonly policy: LedgerPolicy,
    start: Date,
  ) {
    this.store = batchStore(pool);
    this.clockMs = start.getTime();
    // applyIsolating logs every isolation and set-aside; the driver reports them itself.
    this.log = createLogger('ledger-simulation', 'silent');
  }

  now(): Date {
    return new Date(this.clockMs);
  }

  /** Whether every partition is empty. */
  quiet(): boolean {
    return this.queues.every((q) => q.commands.length === 0 && q.internal.length === 0);
  }

  /** Σ of the credit legs on their way (queued on ledger.internal), minor units. */
  legsInFlight(): number {
    let sum = 0;
    for (const q of this.queues)
      for (const m of q.internal) {
        const value = m.value as { type?: unknown; data?: { amount?: unknown; legs?: Array<{ amount: number }> } };
        if (value.type === 'ledger.credit' && typeof value.data?.amount === 'number') sum += value.data.amount;
        // A payout's legs of one partition, together.
        if (value.type === 'ledger.credits') for (const leg of value.data?.legs ?? []) sum += leg.amount;
      }
    return sum;
  }

  /** Partitions with messages waiting. */
  busyPartitions(): number[] {
    return this.queues.flatMap((q, p) => (q.commands.length + q.internal.length > 0 ? [p] : []));
  }

  async step(plan: StepPlan): Promise<StepResult> {
    this.clockMs += plan.advanceMs;
    for (const raw of plan.commands) this.enqueue({ topic: 'ledger.commands', key: keyOf(raw), value: raw, sent: raw, origin: 'client' });
    if (plan.sweep) await this.sweep();
    const taken = plan.take.partitions.flatMap((p) => {
      const queue = this.queues[p]!;
      return [...queue.commands.splice(0, plan.take.perPartition), ...queue.internal.splice(0, plan.take.perPartition)].map((message) => ({
        message,
        partition: p,
      }));
    });
    return this.handle(taken);
  }

  private enqueue(message: QueuedMessage): void {
    // As Kafka carries it: JSON text, so what a sender wrote and what the consumer parses differ as they would.
    const value: unknown = JSON.parse(JSON.stringify(message.value));
    const queue = this.queues[this.partitionOf(message.key)]!;
    (message.topic === 'ledger.internal' ? queue.internal : queue.commands).push({ ...message, value });
  }

  /** The ledger's sweeps: expiries of pending holds and approval requests, charges of due mandates. */
  private async sweep(): Promise<void> {
    const now = this.now();
    const queued = new Set(this.queues.flatMap((q) => q.internal.map((m) => (m.value as { commandId?: string }).commandId)));
    const [holds, approvals, mandates] = await Promise.all([
      dueHolds(this.pool, now, 500),
      dueApprovals(this.pool, now, 500),
      dueMandates(this.pool, now, 500),
    ]);
    const commands = [
      ...holds.map((h) => expireHoldCommand(h, now)),
      ...approvals.map((a) => expireApprovalCommand(a, now)),
      ...mandates.map((m) => chargeMandateCommand(m, now)),
    ];
    for (const command of commands) {
      // A sweep that finds a row again before its command applied sends it again: the same id, answered once.
      if (queued.has(command.commandId)) continue;
      this.enqueue({ topic: 'ledger.internal', key: keyOf(command), value: command, sent: command, origin: 'sweep' });
    }
  }

  /** Judges the messages, applies the valid ones through applyIsolating, and reports what became of each. */
  private async handle(taken: Array<{ message: QueuedMessage; partition: number }>): Promise<StepResult> {
    const handled = new Map<Delivered<LedgerCommand>, HandledMessage>();
    const all: HandledMessage[] = [];
    const items: Delivered<LedgerCommand>[] = [];
    taken.forEach(({ message, partition }, offset) => {
      const judged = judge(message.value, message.topic, message.key);
      if (!judged.ok) {
        all.push({ message, command: null, result: { kind: 'refused', refusal: judged.refusal, reason: judged.reason }, handlerCalls: 0 });
        return;
      }
      const item: Delivered<LedgerCommand> = {
        value: judged.command,
        key: message.key,
        headers: {},
        topic: message.topic,
        partition,
        offset: String(offset),
      };
      const entry: HandledMessage = {
        message,
        command: judged.command,
        result: { kind: 'blocked', error: 'not handled' },
        handlerCalls: 0,
      };
      handled.set(item, entry);
      all.push(entry);
      items.push(item);
    });
    if (items.length === 0) return { handled: all, blocked: null, setAside: [] };
    const { blocked, setAside } = await this.applyAll(items, handled);
    return { handled: all, blocked, setAside };
  }

  private async applyAll(
    items: Delivered<LedgerCommand>[],
    handled: Map<Delivered<LedgerCommand>, HandledMessage>,
  ): Promise<Pick<StepResult, 'blocked' | 'setAside'>> {
    const failures = new Map<Delivered<LedgerCommand>, unknown>();
    const setAside: StepResult['setAside'] = [];
    const options = this.isolationOptions(handled, failures, setAside);
    for (let attempt = 1; attempt <= blockedAfterAttempts; attempt += 1) {
      try {
        await applyIsolating(items, { heartbeat: async () => undefined }, options, this.log);
        // A message neither decided nor set aside was dropped without a word: as bad as one set aside.
        for (const item of items) {
          const entry = handled.get(item)!;
          if (entry.result.kind !== 'blocked') continue;
          const error = `neither decided nor set aside${failures.has(item) ? `; it failed with ${describeError(failures.get(item))}` : ''}`;
          entry.result = { kind: 'set-aside', error };
          setAside.push({ type: item.value.type, commandId: item.value.commandId, error });
        }
        return { blocked: null, setAside };
      } catch (err) {
        if (attempt < blockedAfterAttempts) continue;
        const error = describeError(err);
        for (const item of items) {
          const entry = handled.get(item)!;
          if (entry.result.kind === 'blocked') entry.result = { kind: 'blocked', error };
        }
        return { blocked: { error, types: [...new Set(items.map((i) => i.value.type))] }, setAside };
      }
    }
    throw new Error('unreachable');
  }

  /** applyIsolating's options as the ledger's consumer gives them: the use case, the set-aside store, a producer for dead letters. */
  private isolationOptions(
    handled: Map<Delivered<LedgerCommand>, HandledMessage>,
    failures: Map<Delivered<LedgerCommand>, unknown>,
    setAside: StepResult['setAside'],
  ) {
    const byOffset = new Map([...handled.keys()].map((item) => [item.offset, item]));
    // Every message set aside is dead-lettered (whether its outcome is stored or not): that is where the driver sees it,
    // by the offset the dead letter names.
    const deadLetters = {
      send: async (_topic: string, message: { headers?: Record<string, unknown> }) => {
        const offset = message.headers?.['dlq-original-offset'];
        const item = typeof offset === 'string' ? byOffset.get(offset) : undefined;
        if (!item) return;
        const failure = failures.get(item);
        const why = failure === undefined ? String(message.headers?.['dlq-error'] ?? 'set aside') : describeError(failure);
        handled.get(item)!.result = { kind: 'set-aside', error: why };
        setAside.push({ type: item.value.type, commandId: item.value.commandId, error: why });
      },
    } as unknown as BatchingProducer;
    return {
      producer: deadLetters,
      handleBatch: async (part: Delivered<LedgerCommand>[]) => this.applyPart(part, handled, failures),
      // As service.ts: a set-aside credit leg stores nothing (an operator re-drives it); any other command its COMMAND_FAILED.
      recordSetAside: async (item: Delivered<LedgerCommand>, error: Parameters<typeof storeSetAsideOutcome>[1]['reply']) => {
        if (item.value.type === 'ledger.credit' || item.value.type === 'ledger.credits') return null;
        const requestHash = (item.value.data as { requestHash?: string }).requestHash ?? null;
        return storeSetAsideOutcome(this.pool, { commandId: item.value.commandId, type: item.value.type, requestHash, reply: error });
      },
    };
  }

  /** One call of the handler: the ledger's use case on a part of the batch, its ledger.internal messages queued. */
  private async applyPart(
    part: Delivered<LedgerCommand>[],
    handled: Map<Delivered<LedgerCommand>, HandledMessage>,
    failures: Map<Delivered<LedgerCommand>, unknown>,
  ): Promise<void> {
    for (const item of part) handled.get(item)!.handlerCalls += 1;
    const partitions = new Set(part.map((item) => item.partition));
    const context: ApplyContext = {
      now: this.now(),
      topics: this.topics,
      // As ownedWallets in kafka/ledger-commands.ts: this apply credits the legs of wallets whose partition it holds.
      owns: (walletKey) => partitions.has(this.partitionOf(walletKey)),
      partitionOf: this.partitionOf,
      policy: this.policy,
    };
    try {
      const applied = await applyCommands(
        this.store,
        part.map((item) => item.value),
        context,
      );
      part.forEach((item, i) => {
        handled.get(item)!.result = { kind: 'decided', outcome: applied.outcomes[i]! };
      });
      for (const message of applied.outbox?.messages ?? []) {
        if (message.topic !== this.topics.ledgerInternal) continue;
        const value = JSON.parse(message.payload) as unknown;
        this.enqueue({ topic: 'ledger.internal', key: message.key, value, sent: value, origin: 'ledger' });
      }
    } catch (err) {
      for (const item of part) failures.set(item, err);
      throw err;
    }
  }
}
