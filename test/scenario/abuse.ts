/**
 * `npm run scenario:abuse`: injects the typology of each case-opening monitoring preset through the
 * gateway, among ordinary transfers, on a test stack of the real services, and reports which rules
 * caught which (docs/design/monitoring.md "Measured"). Ordinary traffic alone must open no case.
 * Ordinary transfers run before the typologies (they alone must open no case) and on, in the
 * background, while the typologies are injected (no ordinary wallet may become a case's subject);
 * each count is read once the monitoring service has evaluated every ordinary transfer.
 * The two time-based presets (dormancy: 90 days idle; a client's baseline: hourly windows) are
 * tuned down first, through the operator's API (PUT /api/admin/monitoring/rules/{id},
 * `scenarioTuning`), to seconds: the live engine then runs the same rule code over the same
 * movements, only with shorter times. The presets are put back afterwards.
 * test/e2e/abuse-scenario.test.ts runs it as a test.
 */
import type { MonitoringRuleInput } from '@coin/contracts';
import { adminSession, adminStepUp, apiKeyFor, type AdminSession, createPlatformClientWithCli, fundTreasury } from '../harness/admin';
import { eventually } from '../harness/eventually';
import globalSetup from '../harness/global-setup';
import globalTeardown from '../harness/global-teardown';
import { apiClient, applied, http, registerUser } from '../harness/http';
import { MonitoredTransactions } from '../harness/monitoring';
import { startTestStack, type TestStack } from '../harness/stack';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type User = Awaited<ReturnType<typeof registerUser>>;
interface Typology {
  name: string;
  /** The rule that must catch it. */
  expects: string;
  /**
   * A TEST preset its movements also trip: a TEST rule opens no case and scores nothing, so it is
   * seen as a TEST hit on the transactions of this typology's case, never among the case's rules.
   */
  records?: string;
  /** Injects it; answers the subject its case must be about (`user:<id>`, `client:<id>`). */
  run(ctx: Ctx): Promise<string>;
}
interface Ctx {
  /** `n` new people, each minted `coins` (none when 0). */
  users(n: number, coins?: number): Promise<User[]>;
  /** A transfer through the gateway; answers its transaction id. */
  transfer(from: User, to: User, amount: number): Promise<number>;
  /** A new platform client granted REWARDS (created as an operator does), rewarding through the gateway. */
  platform(name: string): Promise<{ clientId: string; reward(to: User, amount: number): Promise<void> }>;
  /** The subjects of the cases open so far. */
  caseSubjects(): Promise<string[]>;
  /**
   * Waits until the monitoring service has evaluated these transactions: a typology whose rule
   * depends on the order of its movements takes its next step only then, since ordinary traffic
   * beside it can delay one partition's events behind another's (docs/design/monitoring.md "Order").
   */
  evaluated(transactionIds: number[]): Promise<void>;
}

/**
 * The presets' parameters that a test cannot reach, for the scenario's run: seconds where the
 * time-based presets say days and hours, and the TEST preset's 50,000 movements an hour scaled to
 * the scenario's one rewarding client (a score of nothing: it is on trial). Every other threshold
 * (amounts, factor, scores, modes) stays the preset's. Realistic against the scenario's own traffic:
 * its wallets move within a few seconds of being funded (15 s of stillness is far past that), and
 * no ordinary sender rewards or acts for a platform client.
 */
export const scenarioTuning = {
  'dormant-outflow': { dormantMs: 15_000 },
  'client-rewards-baseline': { windowMs: 3_000, baselineWindows: 3, minWindows: 3 },
  'velocity-client': { maxCount: 5 },
} as const;

export const typologies: Typology[] = [
  {
    name: 'velocity: 60,000 coins out of one wallet in minutes',
    expects: 'velocity-wallet-out',
    run: async ({ users, transfer }) => {
      const [a, b] = await users(2, 70_000);
      for (let i = 0; i < 3; i++) await transfer(a!, b!, 20_000.5);
      return `user:${a!.userId}`;
    },
  },
  {
    name: 'structuring: three amounts just under 10,000',
    expects: 'structuring',
    run: async ({ users, transfer }) => {
      const [a, b, c] = await users(3, 40_000);
      for (const to of [b!, c!, b!]) await transfer(a!, to, 9_500);
      return `user:${a!.userId}`;
    },
  },
  {
    name: 'fan-in: five new wallets paying one',
    expects: 'fan-in-new-wallets',
    run: async ({ users, transfer }) => {
      const [target, ...payers] = await users(6, 100);
      for (const payer of payers) await transfer(payer, target!, 20);
      return `user:${target!.userId}`;
    },
  },
  {
    name: 'fan-out: one wallet paying fifteen',
    expects: 'fan-out',
    run: async ({ users, transfer }) => {
      const [payer, ...payees] = await users(16, 1_000);
      for (const payee of payees) await transfer(payer!, payee, 20);
      return `user:${payer!.userId}`;
    },
  },
  {
    name: 'circular: A → B → C → A',
    expects: 'circular',
    run: async ({ users, transfer, evaluated }) => {
      const [a, b, c] = await users(3, 1_000);
      // Each hop once the last was evaluated: the monitor evaluates in the order it reads, and the
      // hops' events sit on different partitions (docs/design/monitoring.md "Order").
      await evaluated([await transfer(a!, b!, 500)]);
      await evaluated([await transfer(b!, c!, 490)]);
      await transfer(c!, a!, 480);
      return `user:${a!.userId}`;
    },
  },
  {
    name: 'first-day receipts: a new wallet receiving 20,000 coins from people',
    expects: 'first-day-receipts',
    run: async ({ users, transfer, evaluated }) => {
      const [target, a, b] = await users(3, 15_000);
      // The second receipt once the first was evaluated: read before it, it would count alone.
      await evaluated([await transfer(a!, target!, 12_000)]);
      await transfer(b!, target!, 9_000);
      return `user:${target!.userId}`;
    },
  },
  {
    name: 'dormancy: a funded wallet still past dormantMs, then emptied',
    expects: 'dormant-outflow',
    run: async ({ users, transfer }) => {
      const [sleeper, to] = await users(2, 5_000);
      await pause(scenarioTuning['dormant-outflow'].dormantMs + 2_000);
      await transfer(sleeper!, to!, 5_000);
      return `user:${sleeper!.userId}`;
    },
  },
  {
    name: 'client baseline: a new platform client rewarding steadily, then far above its baseline',
    expects: 'client-rewards-baseline',
    records: 'velocity-client',
    run: async ({ users, platform, caseSubjects }) => {
      const { windowMs, minWindows } = scenarioTuning['client-rewards-baseline'];
      const client = await platform('abuse scenario rewards');
      const subject = `client:${client.clientId}`;
      const [regular, ...farmed] = await users(6, 0);
      // A steady coin now and then, over more than minWindows complete windows: its baseline.
      const steadyUntil = Date.now() + (minWindows + 1) * windowMs + 500;
      while (Date.now() < steadyUntil) {
        await client.reward(regular!, 1);
        await pause(windowMs / 4);
      }
      await pause(1_000);
      if ((await caseSubjects()).includes(subject)) throw new Error(`the steady rewards of ${subject} opened a case`);
      // Then 20,000 coins at once: whichever window holds three of the five is past the preset's
      // 10,000 coins and ten times the baseline.
      await Promise.all(farmed.map((user) => client.reward(user, 4_000)));
      return subject;
    },
  },
];

export interface ScenarioReport {
  /** What was tuned for the run and to what, e.g. `dormant-outflow: dormantMs 7776000000 → 15000`. */
  tuned: string[];
  /** The rules as they were before the run were put back. */
  restored: boolean;
  /** Cases open after the ordinary traffic alone, once the monitor had evaluated all of it (want 0). */
  normalCases: number;
  /** Ordinary transfers made, before and during the typologies. */
  ordinaryTransfers: number;
  /** The ordinary wallets that were a case's subject at the end, once the monitor had evaluated all the traffic (want none). */
  ordinarySubjects: string[];
  caught: { typology: string; expects: string; subject: string; rules: string[]; ok: boolean }[];
}

/** Step-up is taken again past this age (the gateway's window, STEP_UP_MAX_AGE_S, is 300 s by default). */
const stepUpEveryMs = 120_000;

/**
 * Tunes the presets' parameters a test cannot reach (`scenarioTuning`) through
 * PUT /api/admin/monitoring/rules/{id}, as operators do (ADMIN+, step-up, audited): a change that
 * loosens a rule is proposed by the first and applied by a second ADMIN+ sending the same rule
 * (docs/design/monitoring.md), so both sign in. Answers what it tuned and how to put them back.
 */
async function tunePresets(stack: TestStack, admins: [AdminSession, AdminSession], signedInAt: number) {
  const steppedUpAt = [signedInAt, signedInAt];
  const putAs = async (index: 0 | 1, rule: MonitoringRuleInput) => {
    const admin = admins[index];
    if (Date.now() - steppedUpAt[index]! > stepUpEveryMs) {
      admin.accessToken = await adminStepUp(stack, admin);
      steppedUpAt[index] = Date.now();
    }
    return http(stack.gatewayUrl, 'PUT', `/api/admin/monitoring/rules/${rule.id}`, { token: admin.accessToken, body: { rule } });
  };
  const put = async (rule: MonitoringRuleInput) => {
    let res = await putAs(0, rule);
    // A loosening waits for a second person: the other ADMIN+ makes the same change.
    if (res.status === 403 && res.body?.code === 'FOUR_EYES_REQUIRED') res = await putAs(1, rule);
    if (res.status !== 200) throw new Error(`PUT rule ${rule.id} answered ${res.status}: ${JSON.stringify(res.body)}`);
  };
  const admin = admins[0];
  const listed = await http(stack.gatewayUrl, 'GET', '/api/admin/monitoring/rules', { token: admin.accessToken });
  if (listed.status !== 200) throw new Error(`GET rules answered ${listed.status}: ${JSON.stringify(listed.body)}`);
  const deployed = listed.body.rules as MonitoringRuleInput[];
  const before: MonitoringRuleInput[] = [];
  const tuned: string[] = [];
  for (const [id, changes] of Object.entries(scenarioTuning)) {
    const rule = deployed.find((r) => r.id === id);
    if (!rule) throw new Error(`the preset ${id} is not deployed`);
    before.push(rule);
    await put({ ...rule, ...changes });
    const changed = Object.entries(changes).map(([name, value]) => `${name} ${rule[name]} → ${value}`);
    tuned.push(`${id}: ${changed.join(', ')}`);
  }
  return {
    tuned,
    restore: async () => {
      for (const rule of before) await put(rule);
      const now = (await http(stack.gatewayUrl, 'GET', '/api/admin/monitoring/rules', { token: admin.accessToken })).body
        .rules as MonitoringRuleInput[];
      const same = (a: MonitoringRuleInput | undefined, b: MonitoringRuleInput) =>
        a !== undefined && JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());
      return before.every((rule) =>
        same(
          now.find((r) => r.id === rule.id),
          rule,
        ),
      );
    },
  };
}

type CaseRow = { id: string; subject: string; rules: string[] };

/** The cases as ADMIN+ read them through the gateway, and what a TEST rule left on a case's transactions. */
function caseReader(stack: TestStack, admin: string) {
  const cases = async () =>
    (await http(stack.gatewayUrl, 'GET', '/api/admin/monitoring/cases?limit=100', { token: admin })).body.cases as CaseRow[];
  /** A TEST rule's hits on the transactions of the case (GET /api/admin/monitoring/cases/{id}): caught when there and not among its rules. */
  const recorded = async (ruleId: string, typology: string, subject: string, found: CaseRow | undefined) => {
    const detail = found ? await http(stack.gatewayUrl, 'GET', `/api/admin/monitoring/cases/${found.id}`, { token: admin }) : undefined;
    const transactions = (detail?.body.transactions ?? []) as { hits: { ruleId: string; mode: string }[] }[];
    const hits = transactions.flatMap((t) => t.hits).filter((hit) => hit.ruleId === ruleId);
    const ok = hits.length > 0 && hits.every((hit) => hit.mode === 'TEST') && !found!.rules.includes(ruleId);
    const rules = [...new Set(hits.map((hit) => `${hit.ruleId} (${hit.mode}, on ${hits.length} of its transactions)`))];
    return { typology: `${typology}: its volume past maxCount, recorded and scoring nothing`, expects: ruleId, subject, rules, ok };
  };
  return { cases, recorded };
}

/** What the typologies act with: people, transfers and platform clients, all through the gateway. */
function scenarioContext(
  stack: TestStack,
  admin: string,
  apiKey: string,
  cases: () => Promise<CaseRow[]>,
  monitored: MonitoredTransactions,
): Ctx {
  const platform = apiClient(stack.gatewayUrl, { accessToken: admin, apiKey });
  let rewardsFunded = false;
  return {
    users: async (n, coins = 100) => {
      // A few registrations at a time: twenty at once (each a password hash) timed out on a loaded machine.
      const made: User[] = [];
      while (made.length < n)
        made.push(...(await Promise.all(Array.from({ length: Math.min(4, n - made.length) }, () => registerUser(stack.gatewayUrl)))));
      if (coins > 0)
        for (const user of made) await applied(platform.mintCoins({ body: { userId: user.userId, amount: coins, reason: 'scenario' } }));
      return made;
    },
    transfer: async (from, to, amount) => {
      const res = await http(stack.gatewayUrl, 'POST', '/api/coins/transfer', {
        token: from.accessToken,
        body: { toUserId: to.userId, amount, reason: 'scenario' },
      });
      if (res.status !== 201) throw new Error(`transfer answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body.transaction.id as number;
    },
    platform: async (name) => {
      if (!rewardsFunded) await fundTreasury(stack, { accessToken: admin, apiKey }, 'REWARDS', 25_000);
      rewardsFunded = true;
      const { clientId, clientSecret } = await createPlatformClientWithCli(stack, `${name} ${Date.now().toString(36)}`, {
        treasuries: ['REWARDS'],
      });
      const token = await http(stack.gatewayUrl, 'POST', '/api/auth/token', { body: { clientId, clientSecret } });
      if (token.status !== 200) throw new Error(`token request answered ${token.status}: ${JSON.stringify(token.body)}`);
      const api = apiClient(stack.gatewayUrl, { accessToken: token.body.accessToken as string });
      return {
        clientId,
        reward: async (to, amount) => {
          await applied(api.rewardUser({ body: { userId: to.userId, amount, reason: 'scenario' } }));
        },
      };
    },
    caseSubjects: async () => (await cases()).map((c) => c.subject),
    evaluated: (transactionIds) => monitored.evaluated(transactionIds, 60_000),
  };
}

/** Ordinary people paying each other small sums: `people[i]` pays `people[(7i + 3) mod n]`, every payment of a round the same amount, so nobody runs dry. */
function ordinaryPayment(people: User[], i: number): [User, User, number] {
  const n = people.length;
  return [people[i % n]!, people[(i * 7 + 3) % n]!, 0.5 + (Math.floor(i / n) % 10)];
}

/** Background transfers one after the other, a pause between them, until `stop()` (which answers their ids, or throws the first failure). */
function ordinaryTraffic(ctx: Ctx, people: User[], from: number, pauseMs: number) {
  let stopped = false;
  let failure: unknown;
  const ids: number[] = [];
  const running = (async () => {
    for (let i = from; !stopped; i++) {
      ids.push(await ctx.transfer(...ordinaryPayment(people, i)));
      await pause(pauseMs);
    }
  })().catch((err: unknown) => {
    failure = err;
  });
  return {
    stop: async () => {
      stopped = true;
      await running;
      if (failure) throw failure;
      return ids;
    },
  };
}

/** Pause between two background transfers: steady traffic beside the typologies without slowing them. */
const backgroundPauseMs = 200;

/**
 * Tunes what a test cannot reach (`scenarioTuning`), runs ordinary traffic (no case may open), then
 * each typology with ordinary traffic going on (no ordinary wallet may become a case's subject); puts the presets back.
 */
export async function runAbuseScenario(stack: TestStack): Promise<ScenarioReport> {
  // The monitoring service's store, read to know when it has evaluated a transaction.
  const monitored = new MonitoredTransactions(stack, 'abuse-scenario');
  try {
    return await runWatched(stack, monitored);
  } finally {
    await monitored.close();
  }
}

async function runWatched(stack: TestStack, monitored: MonitoredTransactions): Promise<ScenarioReport> {
  const adminUser = await adminSession(stack, 'SUPERADMIN');
  const secondAdmin = await adminSession(stack, 'SUPERADMIN');
  const signedInAt = Date.now();
  const admin = adminUser.accessToken;
  const { cases, recorded } = caseReader(stack, admin);
  const ctx = scenarioContext(stack, admin, await apiKeyFor(stack, admin, ['mint']), cases, monitored);
  const tuning = await tunePresets(stack, [adminUser, secondAdmin], signedInAt);
  const report: ScenarioReport = {
    tuned: tuning.tuned,
    restored: false,
    normalCases: 0,
    ordinaryTransfers: 0,
    ordinarySubjects: [],
    caught: [],
  };
  try {
    // Ordinary traffic alone: twenty people paying each other small sums.
    const people = await ctx.users(20, 200);
    const before: number[] = [];
    for (let i = 0; i < 100; i++) before.push(await ctx.transfer(...ordinaryPayment(people, i)));
    await ctx.evaluated(before);
    report.normalCases = (await cases()).length;
    const background = ordinaryTraffic(ctx, people, before.length, backgroundPauseMs);
    let during: number[] = [];
    try {
      await runTypologies(ctx, cases, recorded, report);
    } finally {
      during = await background.stop();
    }
    await ctx.evaluated(during);
    report.ordinaryTransfers = before.length + during.length;
    const ordinary = new Set(people.map((p) => `user:${p.userId}`));
    report.ordinarySubjects = (await cases()).map((c) => c.subject).filter((subject) => ordinary.has(subject));
  } finally {
    report.restored = await tuning.restore();
  }
  return report;
}

async function runTypologies(
  ctx: Ctx,
  cases: () => Promise<CaseRow[]>,
  recorded: ReturnType<typeof caseReader>['recorded'],
  report: ScenarioReport,
): Promise<void> {
  for (const typology of typologies) {
    const subject = await typology.run(ctx);
    const found = await eventually(async () => (await cases()).find((c) => c.subject === subject), 20_000, typology.name).catch(
      () => undefined,
    );
    const rules = found?.rules ?? [];
    report.caught.push({ typology: typology.name, expects: typology.expects, subject, rules, ok: rules.includes(typology.expects) });
    if (typology.records) report.caught.push(await recorded(typology.records, typology.name, subject, found));
  }
}

/** Four-eyes windows off: the scenario mints more than a day's window to single wallets. */
export const scenarioStackEnv = { FOUR_EYES_ACTOR_DAILY_COINS: '0', FOUR_EYES_RECIPIENT_DAILY_COINS: '0' };

if (require.main === module) {
  (async () => {
    // Outside jest: the infrastructure and the run's prefix as jest's global set-up makes them, removed after.
    await globalSetup();
    const stack = await startTestStack({ extraEnv: scenarioStackEnv });
    try {
      const report = await runAbuseScenario(stack);
      console.log(`tuned for the run through PUT /api/admin/monitoring/rules/{id}: ${report.tuned.join('; ')}`);
      console.log(`ordinary traffic alone: ${report.normalCases} case(s) (want 0)`);
      console.log(
        `ordinary transfers, before and during the typologies: ${report.ordinaryTransfers}; ordinary wallets made a case's subject: ${report.ordinarySubjects.join(', ') || 'none'} (want none)`,
      );
      for (const c of report.caught)
        console.log(`${c.ok ? 'CAUGHT' : 'MISSED'}  ${c.typology}: ${c.rules.join(', ') || 'no case'} (want ${c.expects})`);
      console.log(`presets put back: ${report.restored ? 'yes' : 'NO'}`);
      process.exitCode =
        report.normalCases === 0 && report.ordinarySubjects.length === 0 && report.restored && report.caught.every((c) => c.ok) ? 0 : 1;
    } finally {
      await stack.close();
      await globalTeardown();
    }
  })().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
