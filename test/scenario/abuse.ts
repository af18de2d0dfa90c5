/**
 * `npm run scenario:abuse`: injects each injectable typology of the monitoring presets through the
 * gateway, among ordinary transfers, on a test stack of the real services, and reports which rules
 * caught which (docs/design/monitoring.md). Ordinary traffic alone must open no case. Dormancy (90
 * days) and a client's baseline (6 hours of history) need a clock the stack does not move: their
 * rules are proven by their unit tests. test/e2e/abuse-scenario.test.ts runs it as a test.
 */
import { adminSession, apiKeyFor } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { apiClient, applied, http, registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type User = Awaited<ReturnType<typeof registerUser>>;
interface Typology {
  name: string;
  /** The rule that must catch it. */
  expects: string;
  run(ctx: Ctx): Promise<User>;
}
interface Ctx {
  users(n: number, coins?: number): Promise<User[]>;
  transfer(from: User, to: User, amount: number): Promise<void>;
}

export const typologies: Typology[] = [
  {
    name: 'velocity: 60,000 coins out of one wallet in minutes',
    expects: 'velocity-wallet-out',
    run: async ({ users, transfer }) => {
      const [a, b] = await users(2, 70_000);
      for (let i = 0; i < 3; i++) await transfer(a!, b!, 20_000.5);
      return a!;
    },
  },
  {
    name: 'structuring: three amounts just under 10,000',
    expects: 'structuring',
    run: async ({ users, transfer }) => {
      const [a, b, c] = await users(3, 40_000);
      for (const to of [b!, c!, b!]) await transfer(a!, to, 9_500);
      return a!;
    },
  },
  {
    name: 'fan-in: five new wallets paying one',
    expects: 'fan-in-new-wallets',
    run: async ({ users, transfer }) => {
      const [target, ...payers] = await users(6, 100);
      for (const payer of payers) await transfer(payer, target!, 20);
      return target!;
    },
  },
  {
    name: 'fan-out: one wallet paying fifteen',
    expects: 'fan-out',
    run: async ({ users, transfer }) => {
      const [payer, ...payees] = await users(16, 1_000);
      for (const payee of payees) await transfer(payer!, payee, 20);
      return payer!;
    },
  },
  {
    name: 'circular: A → B → C → A',
    expects: 'circular',
    run: async ({ users, transfer }) => {
      const [a, b, c] = await users(3, 1_000);
      // Each hop a moment after the last: the monitor evaluates in the order it reads, and the
      // hops' events sit on different partitions (docs/design/monitoring.md "Order").
      await transfer(a!, b!, 500);
      await pause(500);
      await transfer(b!, c!, 490);
      await pause(500);
      await transfer(c!, a!, 480);
      return a!;
    },
  },
  {
    name: 'first-day receipts: a new wallet receiving 20,000 coins from people',
    expects: 'first-day-receipts',
    run: async ({ users, transfer }) => {
      const [target, a, b] = await users(3, 15_000);
      await transfer(a!, target!, 12_000);
      await transfer(b!, target!, 9_000);
      return target!;
    },
  },
];

export interface ScenarioReport {
  normalCases: number;
  caught: { typology: string; expects: string; subject: string; rules: string[]; ok: boolean }[];
}

/** Runs ordinary traffic, checks no case opened, then each typology; `stack` is started by the caller. */
export async function runAbuseScenario(stack: TestStack): Promise<ScenarioReport> {
  const admin = (await adminSession(stack, 'SUPERADMIN')).accessToken;
  const platform = apiClient(stack.gatewayUrl, { accessToken: admin, apiKey: await apiKeyFor(stack, admin, ['mint']) });
  const ctx: Ctx = {
    users: async (n, coins = 100) => {
      const made = await Promise.all(Array.from({ length: n }, () => registerUser(stack.gatewayUrl)));
      for (const user of made) await applied(platform.mintCoins({ body: { userId: user.userId, amount: coins, reason: 'scenario' } }));
      return made;
    },
    transfer: async (from, to, amount) => {
      const res = await http(stack.gatewayUrl, 'POST', '/api/coins/transfer', {
        token: from.accessToken,
        body: { toUserId: to.userId, amount, reason: 'scenario' },
      });
      if (res.status !== 201) throw new Error(`transfer answered ${res.status}: ${JSON.stringify(res.body)}`);
    },
  };
  const cases = async () =>
    (await http(stack.gatewayUrl, 'GET', '/api/admin/monitoring/cases?limit=100', { token: admin })).body.cases as {
      subject: string;
      rules: string[];
    }[];
  // Ordinary traffic: twenty people paying each other small sums.
  const people = await ctx.users(20, 200);
  for (let i = 0; i < 200; i++) await ctx.transfer(people[i % 20]!, people[(i * 7 + 3) % 20]!, 0.5 + (i % 10));
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const report: ScenarioReport = { normalCases: (await cases()).length, caught: [] };
  for (const typology of typologies) {
    const subject = await typology.run(ctx);
    const found = await eventually(
      async () => (await cases()).find((c) => c.subject === `user:${subject.userId}`),
      20_000,
      typology.name,
    ).catch(() => undefined);
    const rules = found?.rules ?? [];
    report.caught.push({
      typology: typology.name,
      expects: typology.expects,
      subject: `user:${subject.userId}`,
      rules,
      ok: rules.includes(typology.expects),
    });
  }
  return report;
}

/** Four-eyes windows off: the scenario mints more than a day's window to single wallets. */
export const scenarioStackEnv = { FOUR_EYES_ACTOR_DAILY_COINS: '0', FOUR_EYES_RECIPIENT_DAILY_COINS: '0' };

if (require.main === module) {
  (async () => {
    const stack = await startTestStack({ extraEnv: scenarioStackEnv });
    try {
      const report = await runAbuseScenario(stack);
      console.log(`ordinary traffic: ${report.normalCases} case(s) (want 0)`);
      for (const c of report.caught)
        console.log(`${c.ok ? 'CAUGHT' : 'MISSED'}  ${c.typology}: ${c.rules.join(', ') || 'no case'} (want ${c.expects})`);
      process.exitCode = report.normalCases === 0 && report.caught.every((c) => c.ok) ? 0 : 1;
    } finally {
      await stack.close();
    }
  })().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
