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

  const inFlight = new Map<string, InFlight>();
  let latencies: number[] = [];
  let timeouts = 0;
  let onSettled: (() => void) | undefined;
  let probeAnswered: (() => void) | undefined;

  await transport.consume(replyTopic, env('SPIKE_GROUP'), (message) => {
    const request = inFlight.get(message.key);
    if (!request) {
      if (message.key.startsWith('probe-')) probeAnswered?.();
      return;
    }
    inFlight.delete(message.key);
    const reply = JSON.parse(message.value) as { ok?: boolean };
    if (request.measured && reply.ok) {
      latencies.push(performance.now() - request.dueAt);
      onSettled?.();
    }
  });

  const send = (correlationId: string, userId: string) => {
    const command = {
      commandId: randomUUID(),
      type: 'spike.echo',
      issuedAt: new Date().toISOString(),
      actor: { kind: 'service', id: 'spike' },
      data: { toUserId: userId, amount: '1.00', memo: 'kafka client spike' },
    };
    transport.send(commandTopic, userId, JSON.stringify(command), { 'reply-to': replyTopic, 'correlation-id': correlationId });
  };

  // Ready once the whole path answers: the echo has joined and both consumers fetch.
  const probeDeadline = Date.now() + 60_000;
  await new Promise<void>((resolve, reject) => {
    const attempt = () => {
      if (Date.now() > probeDeadline) {
        reject(new Error('no reply to the probe within 60 s'));
        return;
      }
      send(`probe-${randomUUID()}`, users[0]!);
      timer = setTimeout(attempt, 1000);
    };
    let timer: NodeJS.Timeout | undefined;
    probeAnswered = () => {
      clearTimeout(timer);
      probeAnswered = undefined;
      resolve();
    };
    attempt();
  });
  report({ type: 'ready' });

  // Requests not answered within the timeout count as timeouts and are forgotten.
  let sweep: NodeJS.Timeout | undefined;
  const startSweeping = () => {
    sweep = setInterval(() => {
      const now = performance.now();
      for (const [id, request] of inFlight) {
        if (now - request.dueAt < requestTimeoutMs) break; // insertion order is due order
        inFlight.delete(id);
        if (request.measured) {
          timeouts += 1;
          onSettled?.();
        }
      }
    }, 250);
  };
  startSweeping();

  const runStep = (step: StepRequest): Promise<FrontStepResult> =>
    new Promise((resolve) => {
      latencies = [];
      timeouts = 0;
      const intervalMs = 1000 / step.ratePerSec;
      const warmupCount = Math.round(step.ratePerSec * step.warmupSec);
      const measuredCount = Math.round(step.ratePerSec * step.durationSec);
      const total = warmupCount + measuredCount;
      const started = performance.now();
      let sent = 0;
      let measuringSince = 0;
      const finish = () => {
        if (sent < total || latencies.length + timeouts < measuredCount) return;
        onSettled = undefined;
        const sorted = latencies.sort((a, b) => a - b);
        const round = (v: number) => Math.round(v * 10) / 10;
        resolve({
          type: 'result',
          ratePerSec: step.ratePerSec,
          durationSec: step.durationSec,
          sent: measuredCount,
          ok: sorted.length,
          timeouts,
          p50Ms: round(percentile(sorted, 50)),
          p90Ms: round(percentile(sorted, 90)),
          p99Ms: round(percentile(sorted, 99)),
          maxMs: round(sorted[sorted.length - 1] ?? 0),
          wallSec: round((performance.now() - measuringSince) / 1000),
        });
      };
      onSettled = finish;
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
          inFlight.set(correlationId, { dueAt, measured });
          send(correlationId, users[sent % users.length]!);
        }
        if (sent < total) setTimeout(dispatch, Math.max(0, started + sent * intervalMs - performance.now()));
        else finish();
      };
      dispatch();
    });

  process.on('message', (message: StepRequest) => {
    if (message.type !== 'step') return;
    void runStep(message).then(report);
  });
  process.once('SIGTERM', () => {
    void (async () => {
      clearInterval(sweep);
      await transport.close();
      process.exit(0);
    })();
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
