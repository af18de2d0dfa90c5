import { ledgerCommand } from '@coin/contracts';
import { commandTable } from '../domain/commands/table';
import { defaultCast, rawClaimsOf } from './actors';
import type { StepPlan } from './driver';
import { CommandGenerator, type GeneratedCommand } from './generator';
import { WorldModel } from './model';
import { Random } from './random';
import { TransactionRenames } from './renames';
import { commandCount, shrinkPlan } from './shrink';

/** The simulation's pure parts: the generator, the shrink, the renames of transaction ids. */

const at = new Date('2031-03-03T08:00:00.000Z');

/** A world with opened users and a commission rule, as answers would have told it. */
function worldModel(): WorldModel {
  const model = new WorldModel([1, 2, 3, 4]);
  for (const userId of [1, 2, 3, 4]) model.observe({ type: 'ledger.open-wallet', data: { userId } }, { wallet: null }, 0);
  // As the approval of a commission change answers it.
  model.observe(
    { type: 'ledger.approve', data: {} },
    { treasury: 'COURSE_FEES', clientId: 'pc_shop', rule: { kind: 'bps', bps: 500 }, setBy: 900_001, approvedBy: 900_002 },
    0,
  );
  return model;
}

function generate(seed: number, count: number): GeneratedCommand[] {
  const generator = new CommandGenerator(new Random(seed), worldModel(), defaultCast);
  return Array.from({ length: count }, () => generator.next(at));
}

/** Seed 5's 4,000 commands, generated once: two cases read their purchases and their approval requests. */
let seedFive: GeneratedCommand[] | undefined;
const seedFiveCommands = () => {
  seedFive ??= generate(5, 4000);
  return seedFive;
};

describe('the simulation generator', () => {
  it('when run twice with one seed, then it sends the same commands; with another seed, other ones', () => {
    expect(JSON.stringify(generate(7, 300))).toBe(JSON.stringify(generate(7, 300)));
    expect(JSON.stringify(generate(8, 300))).not.toBe(JSON.stringify(generate(7, 300)));
  });

  it('when it runs a while, then it has sent every command type of the table, most of them within the contract, and some hostile and replayed', () => {
    const commands = generate(11, 4000);
    const types = new Set(commands.map((c) => c.type));
    expect(Object.keys(commandTable).filter((type) => !types.has(type))).toEqual([]);
    const plain = commands.filter((c) => c.hostile === null);
    const valid = plain.filter((c) => ledgerCommand.safeParse(JSON.parse(JSON.stringify(c.raw))).success);
    expect(valid.length / plain.length).toBeGreaterThan(0.9);
    expect(commands.filter((c) => c.hostile !== null).length).toBeGreaterThan(100);
    expect(commands.some((c) => c.replay === 'same-body') && commands.some((c) => c.replay === 'other-body')).toBe(true);
  });

  it("when a purchase names an affiliate, then by a referral, mostly of a client with a rule at its treasury and for the purchase's buyer", () => {
    const purchases = seedFiveCommands()
      .filter((c) => c.type === 'ledger.transfer' && c.hostile === null)
      .map((c) => c.raw.data as { kind: string; fromUserId: number; to: { code?: string }; affiliate?: { referral: string } })
      .filter((data) => data.kind === 'PURCHASE' && data.affiliate && data.to.code === 'COURSE_FEES');
    expect(purchases.length).toBeGreaterThan(20);
    const referrals = purchases.map((data) => ({ claims: rawClaimsOf(data.affiliate?.referral), payer: data.fromUserId }));
    expect(referrals.filter(({ claims }) => claims.sub === 'pc_shop').length / referrals.length).toBeGreaterThan(0.6);
    const forTheBuyer = referrals.filter(({ claims, payer }) => claims.buyer === payer && claims.treasury === 'COURSE_FEES');
    expect(forTheBuyer.length / referrals.length).toBeGreaterThan(0.8);
  });

  it('when a commission rule is drawn, then it is mostly asked for: an approval request holding it, with a nonce', () => {
    // A hostile value may land on any leaf, the nonce too: the shape is asked of the others.
    const asked = seedFiveCommands().filter(
      (c) =>
        c.type === 'ledger.request-approval' &&
        c.hostile === null &&
        (c.raw.data as { command?: { type?: string } }).command?.type === 'ledger.set-commission',
    );
    expect(asked.length).toBeGreaterThan(20);
    // Drawn as a commission change, it is asked for with a nonce; a request-approval drawn from the
    // table's schema may hold one too, and carries a nonce one time in twenty.
    const withNonce = asked.filter((c) => typeof (c.raw.data as { idNonce?: unknown }).idNonce === 'string');
    expect(withNonce.length / asked.length).toBeGreaterThan(0.8);
  });
});

describe('the simulation shrink', () => {
  const step = (commands: string[]): StepPlan => ({
    advanceMs: 60_000,
    commands: commands.map((type) => ({ type })),
    take: { partitions: [0], perPartition: 1 },
    sweep: false,
  });
  const types = (plan: StepPlan[]) => plan.flatMap((s) => s.commands.map((c) => (c as { type: string }).type));

  it('when a plan fails only while it holds two commands in order, then the shrink keeps those two and drops the rest', async () => {
    const plan = Array.from({ length: 40 }, (_, i) => step([`a${i}`, i === 7 ? 'cause' : `b${i}`, i === 30 ? 'trigger' : `c${i}`]));
    const fails = async (candidate: StepPlan[]) => {
      const seen = types(candidate);
      return seen.includes('cause') && seen.indexOf('trigger') > seen.indexOf('cause');
    };
    const { plan: shrunk } = await shrinkPlan(plan, fails, { budgetMs: 60_000, nowMs: () => Date.now() });
    expect(types(shrunk)).toEqual(['cause', 'trigger']);
    expect(commandCount(shrunk)).toBe(2);
  });

  it('when the budget is spent, then the smallest failing plan found so far is the answer', async () => {
    let now = 0;
    const plan = Array.from({ length: 8 }, (_, i) => step([`x${i}`]));
    const { plan: shrunk, replays } = await shrinkPlan(
      plan,
      async () => {
        now += 10;
        return true;
      },
      { budgetMs: 25, nowMs: () => now },
    );
    expect(replays).toBe(3);
    expect(shrunk.length).toBeLessThan(plan.length);
  });
});

describe('transaction ids in a replay', () => {
  it('when the command that made a transaction made another id now, then the commands naming it are renamed; when it made none, they name none', () => {
    const renames = new TransactionRenames({ purchase: [57, 58], gone: [60] });
    renames.learn([
      {
        message: { topic: 'ledger.commands', key: 'user:1', value: {}, sent: {}, origin: 'client' },
        command: { commandId: 'purchase' } as never,
        result: { kind: 'decided', outcome: { ok: true, reply: { transaction: { id: 12 }, commission: { id: 13 } } } },
        handlerCalls: 1,
      },
    ]);
    expect(renames.rewrite({ data: { transactionId: 57, amount: 5 } })).toEqual({ data: { transactionId: 12, amount: 5 } });
    expect(renames.rewrite({ data: { purchaseId: 58 } })).toEqual({ data: { purchaseId: 13 } });
    expect((renames.rewrite({ data: { transactionId: 60 } }) as { data: { transactionId: number } }).data.transactionId).toBeGreaterThan(
      10 ** 12,
    );
    expect(renames.rewrite({ data: { transactionId: 999 } })).toEqual({ data: { transactionId: 999 } });
  });
});
