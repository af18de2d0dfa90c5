import type { CoinClient } from '@coin/client';
import { sleep } from './listen';
import { UsageError } from './usage-error';

/** How long `coin trigger` waits to see the event it caused among the client's events (GET /api/events). */
export const triggerWaitMs = 30_000;
/** Between two reads of the events while waiting: the pipeline records an event within a second or two. */
const pollMs = 500;

type Coin = Pick<CoinClient, 'fundSandboxTreasury' | 'listWebhookEndpoints' | 'testWebhookEndpoint' | 'listEvents'>;

export interface TriggerOptions {
  coin: Coin;
  print: (line: string) => void;
  signal: AbortSignal;
  /** The sandbox treasury a triggered transaction funds (granted to the test client); REWARDS by default. */
  treasury?: string | undefined;
  waitMs?: number;
}

/**
 * The event types `coin trigger` makes happen in the sandbox, each by the API call that really
 * causes it with the test client's own credentials, so the event goes through the whole pipeline
 * (the sandbox ledger, Kafka, the webhooks service) and is delivered, signed, to the client's
 * endpoints that subscribe to it, and listed by GET /api/events.
 */
export const triggerableTypes = ['coin.transaction.recorded', 'coin.webhook.test'] as const;
export type TriggerableType = (typeof triggerableTypes)[number];

export function isTriggerable(type: string): type is TriggerableType {
  return (triggerableTypes as readonly string[]).includes(type);
}

/** The event the trigger caused, once the pipeline has recorded it: the first of its type after `since` that `matches`. */
async function eventCaused(
  options: TriggerOptions,
  type: string,
  since: Date,
  matches: (payload: unknown) => boolean,
): Promise<{ id: string } | null> {
  const deadline = Date.now() + (options.waitMs ?? triggerWaitMs);
  while (Date.now() < deadline && !options.signal.aborted) {
    const page = await options.coin.listEvents({ query: { type, after: since.toISOString(), limit: 100 } });
    const found = page.events.find((event) => matches(event.payload));
    if (found) return found;
    await sleep(pollMs, options.signal);
  }
  return null;
}

/**
 * coin.transaction.recorded: a sandbox treasury of the client funded with one test cent
 * (POST /api/sandbox/fund, keyed), the smallest transaction the client can make alone.
 */
async function triggerTransaction(options: TriggerOptions): Promise<void> {
  const since = new Date(Date.now() - 1000);
  const treasury = (options.treasury ?? 'REWARDS') as 'REWARDS';
  const { transaction } = await options.coin.fundSandboxTreasury({ body: { treasury, amount: 0.01, reason: 'coin trigger' } });
  options.print(`transaction ${transaction.id} recorded in the sandbox (MINT of 0.01 into ${treasury})`);
  const event = await eventCaused(options, 'coin.transaction.recorded', since, (payload) => {
    const recorded = (payload as { transaction?: { id?: unknown } } | null)?.transaction;
    return recorded?.id === transaction.id;
  });
  if (!event)
    throw new Error(`no coin.transaction.recorded event of transaction ${transaction.id} within ${options.waitMs ?? triggerWaitMs} ms`);
  options.print(`coin.transaction.recorded  ${event.id}  -> delivered to your endpoints that subscribe to it`);
}

/** coin.webhook.test: each enabled endpoint of the client asked for its test delivery (POST /api/webhooks/endpoints/{id}/test). */
async function triggerTest(options: TriggerOptions): Promise<void> {
  const { endpoints } = await options.coin.listWebhookEndpoints();
  const enabled = endpoints.filter((endpoint) => endpoint.status === 'ENABLED');
  if (enabled.length === 0) throw new Error('the client has no enabled webhook endpoint to send coin.webhook.test to');
  for (const endpoint of enabled) {
    const answer = await options.coin.testWebhookEndpoint({ path: { id: endpoint.id } });
    options.print(`coin.webhook.test  ${answer.eventId}  -> ${endpoint.url} (queued; its delivery log shows the attempt)`);
  }
}

/**
 * `coin trigger EVENT_TYPE`: makes the event happen in the sandbox with the test client's
 * credentials, and prints its id once the pipeline has recorded it.
 */
export async function trigger(type: string, options: TriggerOptions): Promise<void> {
  if (!isTriggerable(type))
    throw new UsageError(
      `trigger makes ${triggerableTypes.join(' or ')} happen in the sandbox; for another type’s made-up sample, give --forward-to URL`,
    );
  if (type === 'coin.transaction.recorded') return triggerTransaction(options);
  return triggerTest(options);
}
