import type { RouteEntry } from '@coin/gateway';
import type { serviceEnvs } from '../../scripts/stack/env';
import type { JwtKey } from '../../scripts/stack/keys';
import type { MovableClock } from './movable-clock';

/**
 * The stack a test file talks to. Most files share one per jest worker: it starts once, in a
 * process of its own (./shared-stack-main.ts, kept by ./shared-stack-environment.cjs), and every
 * later file of that worker with the same options reaches it over the network, so neither the
 * services' modules nor the start and the provisioning are paid again per file. Such a file owns
 * the users, clients and ids it makes and never asserts ledger-wide totals. A file that names a
 * reason in `ownStack` gets a stack of its own in its process (./own-stack.ts), closed and removed
 * with the file.
 */

export interface TestStack {
  gatewayUrl: string;
  /** Each service's /healthz, /readyz and /metrics (its METRICS_PORT; the API ports do not serve them). */
  metricsUrls: Record<'gateway' | 'user' | 'ledger' | 'history' | 'webhooks' | 'monitoring', string>;
  userUrl: string;
  ledgerUrl: string;
  historyUrl: string;
  /** The webhooks service's internal API (the gateway's WEBHOOKS_SERVICE_URL). */
  webhooksUrl: string;
  /** The monitoring service's internal API (the gateway's MONITORING_SERVICE_URL). */
  monitoringUrl: string;
  prefix: string;
  databaseUrl: string;
  kafkaBrokers: string[];
  redisUrl: string;
  jwtKey: JwtKey;
  env: ReturnType<typeof serviceEnvs>;
  /** Every route the gateway serves, with its access level and API-key scope. */
  gatewayRoutes: RouteEntry[];
  /**
   * Stops the ledger, runs `during` (commands written meanwhile wait in Kafka), then starts it
   * again on the same ports, as after an outage. A stack of the file's own, in this process only.
   */
  whileLedgerStopped(during: () => Promise<void>): Promise<void>;
  /** The ledger's clock, when the file asked for one it moves (`ledgerClock`). */
  ledgerClock?: MovableClock;
  close(): Promise<void>;
}

/** What a test asks of its stack. */
export interface TestStackOptions {
  extraEnv?: Record<string, string>;
  /**
   * Variables for the gateway alone, over extraEnv: a gateway set apart from the services behind
   * it (a looser STEP_UP_MAX_AGE_S, say), to show that a service judges for itself what the
   * gateway let through.
   */
  gatewayEnv?: Record<string, string>;
  /**
   * Two ledger shards (docs/design/ledger.md "Shards"): the second is the test infrastructure's second
   * PostgreSQL cluster, owning the upper half of ledger.commands' partitions.
   */
  ledgerShards?: 2;
  /**
   * A sandbox beside the live space (docs/decisions/0018-sandbox.md): a second ledger with
   * LEDGER_SPACE=test, a second history and a second webhooks service with WEBHOOKS_SPACE=test
   * under their own topic and schema prefix, the gateway sending test-mode clients' commands to
   * that ledger and their reads, webhook calls and event reads to the sandbox's services.
   */
  sandbox?: true;
  /**
   * Why this file needs a stack of its own instead of the worker's shared one: it restarts or
   * breaks a service, runs a clock or a setting no other file may meet, or asserts something of
   * the whole ledger (a total, a count of every row). Files that only act as their own users,
   * clients and ids share.
   */
  ownStack?: string;
  /**
   * The ledger reads the time from a clock the test moves forward (./movable-clock.ts), given to
   * it through its `now` option: an effective time or an expiry is reached by moving the clock,
   * not by sleeping. Only with `ownStack`: the clock lives in the test's process.
   */
  ledgerClock?: true;
}

/**
 * The background loops of the stack the files that wait on them share, fast: a hold's expiry and a
 * due mandate's charge swept every 200 ms, a failed charge retried after a second, the supply
 * checked every 500 ms, webhooks polled every 50 ms and their retry schedule's minute 2 ms. One
 * set, not one per file: each set of options is a stack of its own per worker, started (about 4
 * CPU-seconds) and kept idle (about 50 ms of CPU a second); five sets of one or two files each
 * became this one. None of these files waits for a loop to stay still, and each owns the users,
 * clients and endpoints it makes.
 */
export const fastLoopsStack: TestStackOptions = {
  extraEnv: {
    HOLD_EXPIRY_SWEEP_INTERVAL_MS: '200',
    MANDATE_SWEEP_INTERVAL_MS: '200',
    MANDATE_RETRY_S: '1',
    SUPPLY_CHECK_INTERVAL_MS: '500',
    WEBHOOKS_POLL_INTERVAL_MS: '50',
    WEBHOOKS_RETRY_UNIT_MS: '2',
  },
};

/**
 * The sandbox stack the files of the sandbox share: its holds' expiries and mandates swept every
 * 200 ms and its webhooks polled every 100 ms, the retry schedule as deployed (a minute: the sandbox's
 * files make a retry come sooner with the test clock, which is the point of them). Three sets became this one.
 */
export const sandboxStack: TestStackOptions = {
  sandbox: true,
  extraEnv: { HOLD_EXPIRY_SWEEP_INTERVAL_MS: '200', MANDATE_SWEEP_INTERVAL_MS: '200', WEBHOOKS_POLL_INTERVAL_MS: '100' },
};

/** The shared stack's hook, set by the int and e2e tiers' test environment (./shared-stack-environment.cjs). */
type SharedStackHook = (optionsKey: string) => Promise<string>;

/** What a shared stack's process sends of its stack: everything but the functions. */
export type StackDescription = Omit<TestStack, 'whileLedgerStopped' | 'ledgerClock' | 'close'>;

/**
 * The test file's stack: the worker's shared one for these options, or one of the file's own when
 * it names `ownStack`, when the image's containers are tested (COIN_TEST_IMAGE) or when it runs
 * outside the int and e2e tiers (a script, `npm run scenario:abuse`). A shared stack's `close` is
 * nothing: the worker keeps it for its next file and stops it when it exits.
 */
export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const shared = (globalThis as { __coinSharedStack?: SharedStackHook }).__coinSharedStack;
  if (options.ledgerClock && options.ownStack === undefined) {
    throw new Error('a ledger clock the test moves lives in the test process: give the file a stack of its own (ownStack)');
  }
  if (options.ownStack !== undefined || process.env.COIN_TEST_IMAGE || !shared) {
    // Required here, not imported above: a file on the shared stack never loads the services' modules.
    const { startOwnStack } = require('./own-stack') as typeof import('./own-stack');
    return startOwnStack(options);
  }
  const description = JSON.parse(await shared(sharedStackKey(options))) as StackDescription;
  return {
    ...description,
    whileLedgerStopped: () => {
      throw new Error('whileLedgerStopped restarts the ledger: give the file a stack of its own (startTestStack({ ownStack: ... }))');
    },
    close: async () => {},
  };
}

/** The options as the shared stacks' key: the same settings in any order are one stack. */
export function sharedStackKey(options: TestStackOptions): string {
  const sorted = (env: Record<string, string> | undefined) =>
    Object.fromEntries(Object.entries(env ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return JSON.stringify({
    extraEnv: sorted(options.extraEnv),
    // Absent unless given, so the key of every stack without one stays as it was (the pinned stack's among them).
    ...(options.gatewayEnv && Object.keys(options.gatewayEnv).length > 0 ? { gatewayEnv: sorted(options.gatewayEnv) } : {}),
    ledgerShards: options.ledgerShards,
    sandbox: options.sandbox,
  });
}
