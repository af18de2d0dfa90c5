import type { CoinClient } from '@coin/client';
import { sleep } from './listen';
import { UsageError } from './usage-error';

/** How long `coin trigger` waits to see the event it caused among the client's events (GET /api/events). */
export const triggerWaitMs = 30_000;
/** Between two reads of the events while waiting: the pipeline records an event within a second or two. */
const pollMs = 500;

type Coin = Pick<
  CoinClient,
  | 'fundSandboxTreasury'
  | 'rewardUser'
  | 'createSandboxTestUser'
  | 'createSandboxHold'
  | 'captureHold'
  | 'voidHold'
  | 'advanceSandboxClock'
  | 'getSandboxClock'
  | 'createSandboxMandate'
  | 'cancelClientMandate'
  | 'listWebhookEndpoints'
  | 'listWebhookDeliveries'
  | 'createWebhookEndpoint'
  | 'deleteWebhookEndpoint'
  | 'testWebhookEndpoint'
  | 'listEvents'
  | 'getClientTreasuryBalanceAt'
  | 'createClientBalanceMonitor'
  | 'deleteClientBalanceMonitor'
>;

export interface TriggerOptions {
  coin: Coin;
  print: (line: string) => void;
  signal: AbortSignal;
  /** The sandbox treasury a triggered transaction funds, a hold pays (granted to the test client); REWARDS by default. */
  treasury?: string | undefined;
  waitMs?: number;
}

/** What a trigger caused: the event's type and how to know it among the client's events. */
interface Caused {
  type: string;
  /** The event of this trigger, not another of the same type. */
  matches: (payload: unknown) => boolean;
  /** What the trigger made only to cause the event, removed once it is recorded (or the wait ran out). */
  cleanUp?: () => Promise<void>;
}

type Scenario = (options: TriggerOptions) => Promise<Caused>;

const reason = 'coin trigger';
const sandboxTreasury = (options: TriggerOptions) => (options.treasury ?? 'REWARDS') as 'REWARDS';

/** A fresh test user of the client, given `coins` test coins (the treasury funded, then a reward from it). */
async function testUser(options: TriggerOptions, coins: number): Promise<number> {
  const { testUser } = await options.coin.createSandboxTestUser({ body: { name: 'coin trigger' } });
  const user = { id: testUser.userId };
  if (coins > 0) {
    await options.coin.fundSandboxTreasury({ body: { treasury: 'REWARDS', amount: coins, reason } });
    await options.coin.rewardUser({ body: { userId: user.id, amount: coins, reason } });
  }
  options.print(`test user ${user.id} made in the sandbox${coins > 0 ? `, rewarded ${coins} test coins` : ', with no coins'}`);
  return user.id;
}

/** A hold of one test coin of a new test user, paying the client's sandbox treasury, placed by the client (its settler). */
async function placeHold(options: TriggerOptions, expiresInSeconds?: number): Promise<string> {
  const user = await testUser(options, 1);
  const { hold } = await options.coin.createSandboxHold({
    body: { fromUserId: user, toTreasury: sandboxTreasury(options), amount: 1, reason, ...(expiresInSeconds ? { expiresInSeconds } : {}) },
  });
  options.print(`hold ${hold.id} placed in the sandbox (1 test coin of user ${user} to ${sandboxTreasury(options)})`);
  return hold.id;
}

const holdIs = (type: string, id: string): Caused => ({
  type,
  matches: (payload) => (payload as { hold?: { id?: unknown } } | null)?.hold?.id === id,
});

/** A daily mandate of one test coin granted by a new test user with `coins` test coins; `endsAt` on the client's clock. */
async function grantMandate(options: TriggerOptions, coins: number, endsAt?: string): Promise<string> {
  const user = await testUser(options, coins);
  const { mandate } = await options.coin.createSandboxMandate({
    body: { userId: user, amount: 1, period: 'DAY', reason, ...(endsAt ? { endsAt } : {}) },
  });
  options.print(`mandate ${mandate.id} granted in the sandbox (1 test coin a day from user ${user})`);
  return mandate.id;
}

const mandateIs = (type: string, id: string): Caused => ({
  type,
  matches: (payload) => (payload as { mandate?: { id?: unknown } } | null)?.mandate?.id === id,
});

/** Moves the client's test clock ahead (the sandbox's time-driven steps: expiries, periods, retries), and says so. */
async function advanceClock(options: TriggerOptions, seconds: number): Promise<void> {
  const clock = await options.coin.advanceSandboxClock({ body: { seconds } });
  options.print(`your sandbox clock moved ${seconds} s ahead (now ${clock.now}, ${clock.offsetSeconds} s ahead of wall time)`);
}

const day = 86_400;

/**
 * A URL no delivery reaches: `.invalid` never resolves (RFC 6761), so every attempt fails at once,
 * and the outbound policy of any deployment admits it (https, a public name).
 */
export const unreachableEndpointUrl = 'https://coin-trigger.invalid/never-delivered';

/** Past the whole retry schedule and its most jitter (1,591 minutes and 20 % more), from the first attempt: 33 hours. */
const retryScheduleWithJitterS = 33 * 3600;

/**
 * coin.webhook-endpoint.disabled: a temporary endpoint of the client whose URL never answers gets
 * its test delivery, and once its first attempt failed the client's clock moves past the whole
 * retry schedule (26.5 hours, with its jitter 33): its attempts all fail, the endpoint is
 * disabled, and the event goes to the client's other enabled endpoints. The temporary endpoint is
 * deleted once the event is recorded.
 */
async function disableTemporaryEndpoint(options: TriggerOptions): Promise<Caused> {
  const temporary = await options.coin.createWebhookEndpoint({
    body: { url: unreachableEndpointUrl, eventTypes: ['coin.transaction.recorded'] },
  });
  options.print(`temporary endpoint ${temporary.id} registered (${unreachableEndpointUrl}, which never answers)`);
  const test = await options.coin.testWebhookEndpoint({ path: { id: temporary.id } });
  // Its retries count from its first attempt on the client's clock: that attempt first, then the clock past them all.
  const deadline = Date.now() + (options.waitMs ?? triggerWaitMs);
  for (;;) {
    const page = await options.coin.listWebhookDeliveries({ path: { id: temporary.id }, query: { limit: 10 } });
    if (page.deliveries.some((d) => d.id === test.deliveryId && d.attempts > 0)) break;
    if (Date.now() > deadline || options.signal.aborted) throw new Error('the temporary endpoint’s first attempt was not made in time');
    await sleep(pollMs, options.signal);
  }
  await advanceClock(options, retryScheduleWithJitterS);
  return {
    type: 'coin.webhook-endpoint.disabled',
    matches: (payload) => (payload as { data?: { endpointId?: unknown } } | null)?.data?.endpointId === temporary.id,
    cleanUp: async () => {
      await options.coin.deleteWebhookEndpoint({ path: { id: temporary.id } });
      options.print(`temporary endpoint ${temporary.id} deleted`);
    },
  };
}

/**
 * A balance monitor of the client's own on its sandbox treasury, one test cent above the balance
 * and watching upwards, then one test cent funded into the treasury: the monitor crosses. The
 * monitor is deleted once the event is recorded.
 */
async function crossTemporaryMonitor(options: TriggerOptions): Promise<Caused> {
  const treasury = sandboxTreasury(options);
  const { balance } = await options.coin.getClientTreasuryBalanceAt({ path: { code: treasury } });
  const threshold = Math.round((balance + 0.01) * 100) / 100;
  const monitor = await options.coin.createClientBalanceMonitor({ body: { wallet: { treasury }, threshold, direction: 'up' } });
  options.print(`temporary balance monitor ${monitor.id} set on ${treasury} (up through ${threshold})`);
  const { transaction } = await options.coin.fundSandboxTreasury({ body: { treasury, amount: 0.01, reason } });
  options.print(`transaction ${transaction.id} recorded in the sandbox (MINT of 0.01 into ${treasury})`);
  return {
    type: 'coin.balance-monitor.crossed',
    matches: (payload) => (payload as { monitorId?: unknown } | null)?.monitorId === monitor.id,
    cleanUp: async () => {
      await options.coin.deleteClientBalanceMonitor({ path: { id: monitor.id } });
      options.print(`temporary balance monitor ${monitor.id} deleted`);
    },
  };
}

/**
 * The event types `coin trigger` makes happen in the sandbox, each by the API calls that really
 * cause it with the test client's own credentials, so the event goes through the whole pipeline
 * (the sandbox ledger, Kafka, the webhooks service) and is delivered, signed, to the client's
 * endpoints that subscribe to it, and listed by GET /api/events.
 */
const scenarios: Record<string, Scenario> = {
  // One test cent into a sandbox treasury (POST /api/sandbox/fund): the smallest transaction the client makes alone.
  'coin.transaction.recorded': async (options) => {
    const treasury = sandboxTreasury(options);
    const { transaction } = await options.coin.fundSandboxTreasury({ body: { treasury, amount: 0.01, reason } });
    options.print(`transaction ${transaction.id} recorded in the sandbox (MINT of 0.01 into ${treasury})`);
    return {
      type: 'coin.transaction.recorded',
      matches: (payload) => (payload as { transaction?: { id?: unknown } } | null)?.transaction?.id === transaction.id,
    };
  },
  'coin.hold.created': async (options) => holdIs('coin.hold.created', await placeHold(options)),
  'coin.hold.captured': async (options) => {
    const id = await placeHold(options);
    await options.coin.captureHold({ path: { id }, body: {} });
    options.print(`hold ${id} captured`);
    return holdIs('coin.hold.captured', id);
  },
  'coin.hold.voided': async (options) => {
    const id = await placeHold(options);
    await options.coin.voidHold({ path: { id } });
    options.print(`hold ${id} voided`);
    return holdIs('coin.hold.voided', id);
  },
  // A one-minute hold, and the client's clock two minutes on: the sandbox ledger expires it.
  'coin.hold.expired': async (options) => {
    const id = await placeHold(options, 60);
    await advanceClock(options, 120);
    return holdIs('coin.hold.expired', id);
  },
  'coin.mandate.granted': async (options) => mandateIs('coin.mandate.granted', await grantMandate(options, 1)),
  // Its first day is charged at once: the test user has the coin.
  'coin.mandate.charged': async (options) => mandateIs('coin.mandate.charged', await grantMandate(options, 1)),
  // Its first day is charged at once, and the test user has nothing: a failed attempt.
  'coin.mandate.charge-failed': async (options) => mandateIs('coin.mandate.charge-failed', await grantMandate(options, 0)),
  // Unpaid, and the clock past the three days of grace: PAST_DUE.
  'coin.mandate.past-due': async (options) => {
    const id = await grantMandate(options, 0);
    await advanceClock(options, 3 * day + 6 * 3600);
    return mandateIs('coin.mandate.past-due', id);
  },
  'coin.mandate.cancelled': async (options) => {
    const id = await grantMandate(options, 1);
    await options.coin.cancelClientMandate({ path: { id } });
    options.print(`mandate ${id} cancelled`);
    return mandateIs('coin.mandate.cancelled', id);
  },
  'coin.webhook-endpoint.disabled': disableTemporaryEndpoint,
  'coin.balance-monitor.crossed': crossTemporaryMonitor,
  // It ends an hour after it starts (on the client's clock): once its next day begins, it is ENDED.
  'coin.mandate.ended': async (options) => {
    const clock = await options.coin.getSandboxClock();
    const id = await grantMandate(options, 1, new Date(Date.parse(clock.now) + 3_600_000).toISOString());
    await advanceClock(options, day + 60);
    return mandateIs('coin.mandate.ended', id);
  },
};

/** The types no sandbox command of a platform makes, and why (a trigger of one exits 2 saying so). */
export const notTriggerable: Readonly<Record<string, string>> = {
  'coin.monitoring-case.opened': "is compliance's alone: it is never delivered to a platform",
};

export const triggerableTypes = [...Object.keys(scenarios), 'coin.webhook.test'] as const;

export function isTriggerable(type: string): boolean {
  return (triggerableTypes as readonly string[]).includes(type);
}

/** The event the trigger caused, once the pipeline has recorded it: the first of its type after `since` that `matches`. */
async function eventCaused(options: TriggerOptions, caused: Caused, since: Date): Promise<{ id: string } | null> {
  const deadline = Date.now() + (options.waitMs ?? triggerWaitMs);
  while (Date.now() < deadline && !options.signal.aborted) {
    const page = await options.coin.listEvents({ query: { type: caused.type, after: since.toISOString(), limit: 100 } });
    const found = page.events.find((event) => caused.matches(event.payload));
    if (found) return found;
    await sleep(pollMs, options.signal);
  }
  return null;
}

/**
 * Where the event went, as the service's delivery logs say: each enabled endpoint of the client
 * that subscribes to its type, with the delivery of it once queued (its status), or that none does.
 */
async function reportDeliveries(options: TriggerOptions, type: string, eventId: string): Promise<void> {
  const { endpoints } = await options.coin.listWebhookEndpoints();
  // A disabled endpoint's event goes to every other enabled endpoint of the client, whatever its types.
  const toAll = type === 'coin.webhook-endpoint.disabled';
  const subscribed = endpoints.filter(
    (endpoint) => endpoint.status === 'ENABLED' && endpoint.url !== unreachableEndpointUrl && (toAll || endpoint.eventTypes.includes(type)),
  );
  if (subscribed.length === 0) {
    options.print(
      `${type}  ${eventId}  -> no enabled endpoint of yours subscribes to ${type}: delivered to none (GET /api/events lists it)`,
    );
    return;
  }
  for (const endpoint of subscribed) {
    const deadline = Date.now() + (options.waitMs ?? triggerWaitMs);
    let line = `${type}  ${eventId}  -> ${endpoint.url}: not queued within ${options.waitMs ?? triggerWaitMs} ms`;
    while (Date.now() < deadline && !options.signal.aborted) {
      const page = await options.coin.listWebhookDeliveries({ path: { id: endpoint.id }, query: { limit: 100 } });
      const delivery = page.deliveries.find((d) => d.eventId === eventId);
      if (delivery) {
        line = `${type}  ${eventId}  -> ${endpoint.url}: delivery ${delivery.id} ${delivery.status}`;
        break;
      }
      await sleep(pollMs, options.signal);
    }
    options.print(line);
  }
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
 * credentials, prints each step, and, once the pipeline has recorded the event, its id and where
 * it was delivered.
 */
export async function trigger(type: string, options: TriggerOptions): Promise<void> {
  if (type === 'coin.webhook.test') return triggerTest(options);
  const scenario = Object.hasOwn(scenarios, type) ? scenarios[type] : undefined;
  if (!scenario) {
    const why = Object.hasOwn(notTriggerable, type) ? notTriggerable[type] : undefined;
    throw new UsageError(
      why
        ? `${type} ${why}; for a made-up sample, give --forward-to URL`
        : `trigger makes one of ${triggerableTypes.join(', ')} happen in the sandbox; for another type’s made-up sample, give --forward-to URL`,
    );
  }
  const since = new Date(Date.now() - 1000);
  const caused = await scenario(options);
  let event: { id: string } | null;
  try {
    event = await eventCaused(options, caused, since);
  } finally {
    await caused.cleanUp?.();
  }
  if (!event) throw new Error(`no ${caused.type} event of this trigger within ${options.waitMs ?? triggerWaitMs} ms`);
  await reportDeliveries(options, caused.type, event.id);
}
