import { ledgerCommand } from '@coin/contracts';
import { commandTable } from '../domain/commands/table';
import { defaultCast, rawClaimsOf } from './actors';
import type { HandledMessage, StepPlan } from './driver';
import { dryRunFindings, ReplayCheck } from './findings';
import { CommandGenerator, type GeneratedCommand } from './generator';
import { WorldModel } from './model';
import { Random } from './random';
import { TransactionRenames } from './renames';
import { commandCount, sentWhenTaken, shrinkPlan } from './shrink';

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
    // Every type over three seeds together: a command type added to the table changes what one seed
    // draws, and a rare one (a reject with no open request, an expiry) fell out of seed 11, then 12.
    const commands = generate(12, 4000);
    const types = new Set([...commands, ...generate(13, 4000), ...generate(14, 4000)].map((c) => c.type));
    expect(Object.keys(commandTable).filter((type) => !types.has(type))).toEqual([]);
    const plain = commands.filter((c) => c.hostile === null);
    const valid = plain.filter((c) => ledgerCommand.safeParse(JSON.parse(JSON.stringify(c.raw))).success);
    expect(valid.length / plain.length).toBeGreaterThan(0.9);
    expect(commands.filter((c) => c.hostile !== null).length).toBeGreaterThan(100);
    expect(['same-body', 'other-body', 'other-type'].filter((replay) => !commands.some((c) => c.replay === replay))).toEqual([]);
  });

  it('when it sends a dry run, then of a money command a platform may preview, and its twin right after it: the same command under another id, to apply', () => {
    const commands = generate(11, 4000);
    const dry = commands.flatMap((c, i) => (c.dryRun ? [i] : []));
    expect(dry.length).toBeGreaterThan(50);
    for (const i of dry) {
      const [preview, twin] = [commands[i]!, commands[i + 1]!];
      expect(preview.raw.dryRun).toBe(true);
      expect(twin.raw.dryRun).toBeUndefined();
      expect(twin.raw.commandId).not.toBe(preview.raw.commandId);
      expect(JSON.stringify([twin.type, twin.raw.actor, twin.raw.data])).toBe(
        JSON.stringify([preview.type, preview.raw.actor, preview.raw.data]),
      );
    }
  });

  it("when it sends bulk calls, then each as the gateway would: settlements under ids derived from the call's, with one request hash; some sent again as they were, some with another list under the same ids", () => {
    const commands = generate(11, 4000).filter((c) => c.bulk);
    const calls = new Map<string, GeneratedCommand[]>();
    for (const c of commands) {
      const call = `${c.bulk!.id} ${c.bulk!.as} ${String((c.raw.data as { requestHash?: string }).requestHash)}`;
      calls.set(call, [...(calls.get(call) ?? []), c]);
    }
    expect(new Set(commands.map((c) => c.bulk!.as))).toEqual(new Set(['first', 'again', 'other-list']));
    for (const items of calls.values()) {
      expect(new Set(items.map((c) => c.type)).size).toBe(1);
      expect(['ledger.capture-hold', 'ledger.void-hold']).toContain(items[0]!.type);
    }
    const firsts = commands.filter((c) => c.bulk!.as === 'first');
    const firstIds = new Set(firsts.map((c) => c.raw.commandId));
    // Sent again: the very commands; another list: the call's ids under another hash.
    for (const again of commands.filter((c) => c.bulk!.as === 'again'))
      expect(JSON.stringify(again.raw)).toBe(JSON.stringify(firsts.find((f) => f.raw.commandId === again.raw.commandId)!.raw));
    const other = commands.filter((c) => c.bulk!.as === 'other-list');
    expect(other.some((c) => firstIds.has(c.raw.commandId))).toBe(true);
  });

  it('when a dry run is answered otherwise than its twin right after it, or not as a dry run, then it is a finding', () => {
    const command = {
      commandId: 'c1',
      type: 'ledger.transfer',
      issuedAt: at.toISOString(),
      actor: { kind: 'user', id: '1' },
      data: { amount: 5 },
    };
    const handled = (dryOutcome: object, realOutcome: object): HandledMessage[] =>
      [
        { command: { ...command, commandId: 'd1', dryRun: true }, outcome: dryOutcome },
        { command, outcome: realOutcome },
      ].map(({ command: c, outcome }) => ({
        message: { topic: 'ledger.commands', key: 'user:1', value: c, sent: c, origin: 'client' },
        command: c as never,
        result: { kind: 'decided', outcome: outcome as never },
        handlerCalls: 1,
      }));
    const applied = { ok: true, reply: { transaction: { id: 9 }, wallet: { balance: 5, activeCoins: 5 } } };
    const step = (dry: object, real: object) => dryRunFindings({ handled: handled(dry, real), blocked: null, setAside: [] }, 0);
    expect(step({ ...applied, dryRun: true }, applied)).toEqual([]);
    expect(step({ ok: false, reply: { code: 'LIMIT_EXCEEDED' }, dryRun: true }, { ok: false, reply: { code: 'LIMIT_EXCEEDED' } })).toEqual(
      [],
    );
    // The twin met what the dry run left: another balance, or a refusal.
    expect(step({ ...applied, dryRun: true }, { ok: false, reply: { code: 'INSUFFICIENT_FUNDS' } }).map((f) => f.kind)).toEqual([
      'dry-run',
    ]);
    expect(step({ ...applied, dryRun: true }, { ...applied, reply: { ...applied.reply, wallet: { balance: 0 } } })).toHaveLength(1);
    // A twin answered from an earlier command's stored outcome (its id taken by a replay) was not decided now.
    expect(step({ ...applied, dryRun: true }, { ok: false, reply: { code: 'INSUFFICIENT_FUNDS' }, replayed: true })).toEqual([]);
    // Applied or replayed instead of previewed.
    expect(step(applied, applied).map((f) => f.detail)).toEqual([expect.stringContaining('not as a dry run')]);
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

  /**
   * The simulation's finding of a command id reused under another type, in miniature: a command and another of another type under its id
   * travel on two partitions, and the failure is the second answered with the first's stored
   * outcome, so it needs the later-sent one taken first. Partition 3 has a command a step, two
   * taken, and a backlog from a burst just before (four a step for twenty steps), partition 0
   * none: the one sent first on partition 3 waits behind the backlog and is taken after the other.
   * A replay costs its length on the clock, as a run's replays cost their steps.
   */
  describe('when a finding names its commands and their order came from a backlog', () => {
    interface Sent {
      commandId: string;
      type: string;
      partition: number;
    }
    const partitionOf = (raw: unknown) => (raw as Sent).partition;
    const backlogged = (i: number): StepPlan => ({
      advanceMs: 60_000,
      commands: [
        ...(i >= 280 && i < 300 ? [0, 1, 2, 3] : [0]).map(
          (k): Sent => ({ commandId: `p3-${i}-${k}`, type: 'ledger.transfer', partition: 3 }),
        ),
        ...(i === 300 ? [{ commandId: 'same', type: 'ledger.set-commission', partition: 3 }] : []),
        ...(i === 305 ? [{ commandId: 'same', type: 'ledger.request-approval', partition: 0 }] : []),
      ],
      take: { partitions: [0, 3], perPartition: 2 },
      sweep: false,
    });
    const plan = Array.from({ length: 400 }, (_, i) => backlogged(i));

    /** The driver's queues in small: each step sends, then takes up to `perPartition` of each partition it names; the rest at the end. */
    const play = (candidate: readonly StepPlan[]) => {
      const queues = new Map<number, Array<{ sent: Sent; step: number; place: number }>>();
      const taken: Array<{ sent: Sent; step: number; place: number; at: number }> = [];
      candidate.forEach((step, i) => {
        step.commands.forEach((raw, place) => {
          const sent = raw as Sent;
          queues.set(sent.partition, [...(queues.get(sent.partition) ?? []), { sent, step: i, place }]);
        });
        for (const p of step.take.partitions)
          taken.push(...(queues.get(p)?.splice(0, step.take.perPartition) ?? []).map((q) => ({ ...q, at: i })));
      });
      for (const queue of queues.values()) taken.push(...queue.map((q) => ({ ...q, at: candidate.length })));
      return taken;
    };
    let now = 0;
    const fails = async (candidate: StepPlan[]) => {
      now += candidate.length + commandCount(candidate);
      const order = play(candidate).map((t) => `${t.sent.type}:${t.sent.commandId}`);
      const asked = order.indexOf('ledger.request-approval:same');
      return asked >= 0 && order.indexOf('ledger.set-commission:same') > asked;
    };
    const takenAt = new Map(play(plan).map((t) => [`${t.step}:${t.place}`, t.at]));
    const focus = { commandIds: new Set(['same']), partitionOf, takenAt: (step: number, place: number) => takenAt.get(`${step}:${place}`) };
    /** Three replays of the whole plan: what a budget of a couple of minutes is against a long run. */
    const budget = () => ({ budgetMs: 3 * (plan.length + commandCount(plan)), nowMs: () => now });

    it('then the shrink sends each when it was taken, and those two alone still fail, in a couple of steps', async () => {
      expect(await fails(plan)).toBe(true);
      // As sent, alone, the one on partition 3 is taken at once, first: that plan passes.
      expect(
        await fails(plan.map((step) => ({ ...step, commands: step.commands.filter((raw) => (raw as Sent).commandId === 'same') }))),
      ).toBe(false);
      const { plan: shrunk, replays } = await shrinkPlan(plan, fails, budget(), focus);
      expect(shrunk.flatMap((step) => step.commands.map((raw) => (raw as Sent).type))).toEqual([
        'ledger.request-approval',
        'ledger.set-commission',
      ]);
      expect(shrunk.length).toBeLessThanOrEqual(2);
      expect(replays).toBeLessThan(20);
    });

    it('then, without the commands it names, the same budget ends with hundreds of commands (the shrink it replaces)', async () => {
      const { plan: shrunk } = await shrinkPlan(plan, fails, budget());
      expect(commandCount(shrunk)).toBeGreaterThan(200);
    });

    it('then commands moved to the step that took them keep the order they were sent in, and one never taken stays', () => {
      const moved = sentWhenTaken(
        [
          { ...backlogged(0), commands: ['a', 'b', 'c'] },
          { ...backlogged(1), commands: ['d'] },
          { ...backlogged(2), commands: ['e'] },
        ],
        (raw) => raw !== 'b',
        (step, place) =>
          new Map([
            ['0:0', 2],
            ['0:2', 1],
            ['1:0', 1],
          ]).get(`${step}:${place}`),
      );
      expect(moved.map((step) => step.commands)).toEqual([[], ['c', 'd'], ['a', 'e']]);
    });
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

describe('the answers to a command id met again', () => {
  const answered = (type: string, reply: unknown, ok = true): HandledMessage => ({
    message: { topic: 'ledger.commands', key: 'treasury:SUBSCRIPTIONS', value: {}, sent: {}, origin: 'client' },
    command: { commandId: 'same', type, actor: { kind: 'user', id: '900003', role: 'SUPERADMIN' }, data: {} } as never,
    result: { kind: 'decided', outcome: { ok, reply } },
    handlerCalls: 1,
  });
  const pending = { approval: { status: 'PENDING' } };

  it('when another command type comes under the id, with no request hash behind either, then IDEMPOTENCY_KEY_REUSED is its answer and the first’s answer a finding', () => {
    const check = new ReplayCheck();
    expect(check.observe([answered('ledger.request-approval', pending)], 0)).toEqual([]);
    expect(check.observe([answered('ledger.set-commission', { code: 'IDEMPOTENCY_KEY_REUSED' }, false)], 1)).toEqual([]);
    const [finding] = check.observe([answered('ledger.set-commission', pending)], 2);
    expect(finding).toMatchObject({ kind: 'replay', step: 2, commandIds: ['same'] });
    expect(finding?.detail).toContain(
      'ledger.set-commission same (user 900003 SUPERADMIN, sent on ledger.commands) met again (another request',
    );
    // The same request again is answered as the first time.
    expect(check.observe([answered('ledger.request-approval', pending)], 3)).toEqual([]);
  });
});
