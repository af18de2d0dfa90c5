/**
 * The spike's front (../kafka-clients.ts): what the gateway's RequestReplyClient does with the
 * HTTP taken out. It produces commands open loop at an offered rate to the command topic (keyed
 * by user, with reply-to and correlation-id headers) and reads the replies from the reply topic,
 * timing each request from when it was due to when its reply arrived (no coordinated omission,
 * as ../../lib/open-loop.ts).
 *
 * Driven by its parent over IPC: `ready` once a probe command came back through the echo, then
 * per step message {rate, warmupSec, durationSec}: `measuring` when the first measured request is
 * due, and `result` once every measured request has its reply or timed out.
 */
import { randomUUID } from 'node:crypto';
import { percentile } from '../../lib/percentile';
import { createTransport, isClientName } from './transport';

export interface StepRequest {
  type: 'step';
  ratePerSec: number;
  warmupSec: number;
  durationSec: number;
}

export interface FrontStepResult {
  type: 'result';
  ratePerSec: number;
  durationSec: number;
  /** Measured requests sent (rate × duration). */
  sent: number;
  ok: number;
  timeouts: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** From the first measured request's due time to the last measured reply (or timeout). */
  wallSec: number;
}

export type FrontMessage = { type: 'ready' } | { type: 'measuring' } | FrontStepResult;

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const requestTimeoutMs = 10_000;
const users = Array.from({ length: 1000 }, () => randomUUID());

interface InFlight {
  dueAt: number;
  measured: boolean;
}

function report(message: FrontMessage): void {
  process.send?.(message);
}

async function main(): Promise<void> {
  const client = env('SPIKE_CLIENT');
  if (!isClientName(client)) throw new Error(`unknown SPIKE_CLIENT ${client}`);
  const commandTopic = env('SPIKE_COMMAND_TOPIC');
  const replyTopic = env('SPIKE_REPLY_TOPIC');
  const transport = await createTransport(client, env('KAFKA_BROKERS').split(','), 'spike-front');
  const front: Front = { inFlight: new Map(), latencies: [], timeouts: 0, onSettled: undefined, probeAnswered: undefined };

  await transport.consume(replyTopic, env('SPIKE_GROUP'), (message) => {
    const request = front.inFlight.get(message.key);
    if (!request) {
      if (message.key.startsWith('probe-')) front.probeAnswered?.();
      return;
    }
    front.inFlight.delete(message.key);
    const reply = JSON.parse(message.value) as { ok?: boolean };
    if (request.measured && reply.ok) {
      front.latencies.push(performance.now() - request.dueAt);
      front.onSettled?.();
    }
  });

  const send: Send = (correlationId, userId) => {
    const command = {
      commandId: randomUUID(),
      type: 'spike.echo',
      issuedAt: new Date().toISOString(),
      actor: { kind: 'service', id: 'spike' },
      data: { toUserId: userId, amount: '1.00', memo: 'kafka client spike' },
    };
    transport.send(commandTopic, userId, JSON.stringify(command), { 'reply-to': replyTopic, 'correlation-id': correlationId });
  };

  await probed(front, send);
  report({ type: 'ready' });
  const sweep = startSweeping(front);

  process.on('message', (message: StepRequest) => {
    if (message.type !== 'step') return;
    void runStep(front, send, message).then(report);
  });
  process.once('SIGTERM', () => {
    void (async () => {
      clearInterval(sweep);
      await transport.close();
      process.exit(0);
    })();
  });
}

/** What the reply consumer, the sweep and the step in progress share. */
interface Front {
  inFlight: Map<string, InFlight>;
  latencies: number[];
  timeouts: number;
  /** Called as each measured request settles (its reply, or its timeout), while a step runs. */
  onSettled: (() => void) | undefined;
  probeAnswered: (() => void) | undefined;
}

type Send = (correlationId: string, userId: string) => void;

/** Ready once the whole path answers: the echo has joined and both consumers fetch (a probe a second, 60 s at most). */
function probed(front: Front, send: Send): Promise<void> {
  const probeDeadline = Date.now() + 60_000;
  return new Promise<void>((resolve, reject) => {
    const attempt = () => {
      if (Date.now() > probeDeadline) {
        reject(new Error('no reply to the probe within 60 s'));
        return;
      }
      send(`probe-${randomUUID()}`, users[0]!);
      timer = setTimeout(attempt, 1000);
    };
    let timer: NodeJS.Timeout | undefined;
    front.probeAnswered = () => {
      clearTimeout(timer);
      front.probeAnswered = undefined;
      resolve();
    };
    attempt();
  });
}

/** Requests not answered within the timeout count as timeouts and are forgotten. */
function startSweeping(front: Front): NodeJS.Timeout {
  return setInterval(() => {
    const now = performance.now();
    for (const [id, request] of front.inFlight) {
      if (now - request.dueAt < requestTimeoutMs) break; // insertion order is due order
      front.inFlight.delete(id);
      if (request.measured) {
        front.timeouts += 1;
        front.onSettled?.();
      }
    }
  }, 250);
}

/** One step: the warm-up then the measured requests, open loop at the step's rate; its result once each measured one settled. */
function runStep(front: Front, send: Send, step: StepRequest): Promise<FrontStepResult> {
  return new Promise((resolve) => {
    front.latencies = [];
    front.timeouts = 0;
    const intervalMs = 1000 / step.ratePerSec;
    const warmupCount = Math.round(step.ratePerSec * step.warmupSec);
    const measuredCount = Math.round(step.ratePerSec * step.durationSec);
    const total = warmupCount + measuredCount;
    const started = performance.now();
    let sent = 0;
    let measuringSince = 0;
    const finish = () => {
      if (sent < total || front.latencies.length + front.timeouts < measuredCount) return;
      front.onSettled = undefined;
      resolve(stepResultOf(step, measuredCount, front, measuringSince));
    };
    front.onSettled = finish;
    // Everything due goes now, then sleep until the next is due (a late wake-up sends the
    // overdue requests at once, each still timed from its due time).
    const dispatch = () => {
      const now = performance.now();
      while (sent < total && started + sent * intervalMs <= now) {
        const dueAt = started + sent * intervalMs;
        const measured = sent >= warmupCount;
        if (sent === warmupCount) {
          measuringSince = dueAt;
          report({ type: 'measuring' });
        }
        sent += 1;
        const correlationId = randomUUID();
        front.inFlight.set(correlationId, { dueAt, measured });
        send(correlationId, users[sent % users.length]!);
      }
      if (sent < total) setTimeout(dispatch, Math.max(0, started + sent * intervalMs - performance.now()));
      else finish();
    };
    dispatch();
  });
}

function stepResultOf(step: StepRequest, measuredCount: number, front: Front, measuringSince: number): FrontStepResult {
  const sorted = front.latencies.sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    type: 'result',
    ratePerSec: step.ratePerSec,
    durationSec: step.durationSec,
    sent: measuredCount,
    ok: sorted.length,
    timeouts: front.timeouts,
    p50Ms: round(percentile(sorted, 50)),
    p90Ms: round(percentile(sorted, 90)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted[sorted.length - 1] ?? 0),
    wallSec: round((performance.now() - measuringSince) / 1000),
  };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
