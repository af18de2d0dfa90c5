import { randomInt } from 'node:crypto';
import { freshLedgerSchemas, writeReproduction } from '../../../../scripts/simulate';
import { testInfra, uniquePrefix } from '../../../../test/harness/env';
import { commandTable } from '../domain/commands/table';
import { formatReproduction, reproduce, simulate, type SimulationRun } from './simulation';

/**
 * The whole-ledger simulation (docs/RELIABILITY.md "The whole-ledger simulation") against the
 * real deciders and PostgreSQL store: fixed seeds, then one random seed (printed; rerun it with
 * SIMULATION_SEED=<seed>). Each run is bound by its number of steps, never by the clock, so a
 * slower machine takes longer and checks the same. A finding fails the test with its seed, a
 * shrunk reproduction and the command that plays it again.
 *
 * Two seeds reach the combinations that broke the ledger before: on c64681e8, seed 4 blocks a
 * partition after step 62 (the approval of a refund of a split purchase wrote two transactions
 * under one approval id and no reference: transactions_approval_reference_idx refused the second,
 * and the ApplyConflictError it became was retried without end), and seed 13 has a purchase set
 * aside after step 10 (its affiliate's client id `toString` found Object.prototype's
 * `toString` as a commission rule: a TypeError in commissionOf). A command id met again under
 * another command type (on eb0182b9 a SUPERADMIN's direct commission change was answered with the
 * PENDING approval stored for their approval request under the same id) is drawn on purpose by
 * the generator (a replay under another type), so the fixed seeds together reach it.
 */

const fixedSeeds: Array<{ seed: number; steps: number; reaches?: string }> = [
  { seed: 4, steps: 500, reaches: 'approved refund of a split purchase' },
  { seed: 13, steps: 500, reaches: 'referral of a client id that is a prototype key' },
  { seed: 3, steps: 1800, reaches: 'cash-out decided through its request' },
  { seed: 8, steps: 1800, reaches: 'command id met again under another command type' },
];
const randomSeed = Number(process.env.SIMULATION_SEED ?? randomInt(1, 2 ** 31));
const randomSteps = 1200;
/** How long a failing run may shrink before its reproduction is printed as it stands. */
const shrinkBudgetMs = 60_000;
/** Generous for a 2–3x slower machine: the runs are bound by steps, this only stops a hang. */
const runTimeoutMs = 8 * 60_000;

describe('the whole-ledger simulation', () => {
  const adminUrl = testInfra().databaseUrl;
  // The run's own prefixes: global teardown drops them.
  const fresh = freshLedgerSchemas(adminUrl, uniquePrefix, true);
  const runs: SimulationRun[] = [];

  /** One seeded run; a finding is shrunk and printed, then fails the test. */
  const run = async (seed: number, steps: number): Promise<SimulationRun> => {
    const db = await fresh();
    const result = await simulate(db, { seed, steps }).finally(() => db.close());
    runs.push(result);
    console.log(`simulation seed ${seed}: ${result.stepsRun} steps, ${result.commandsSent} commands\n${result.coverage.format()}`);
    if (result.findings.length > 0) {
      const reproduction = await reproduce(fresh, result, shrinkBudgetMs);
      const file = reproduction ? writeReproduction(reproduction) : null;
      console.log(formatReproduction(result, reproduction, file));
    }
    return result;
  };

  it.each(fixedSeeds)(
    'when seed $seed runs $steps steps, then every command is decided, the supply adds up at every step and at the end nothing is in flight',
    async ({ seed, steps }) => {
      const result = await run(seed, steps);
      expect(result.findings.map((f) => `${f.kind}: ${f.detail}`)).toEqual([]);
      expect(result.stepsRun).toBe(steps);
    },
    runTimeoutMs,
  );

  it(
    `when a random seed runs ${randomSteps} steps (seed ${randomSeed}), then it finds nothing either`,
    async () => {
      console.log(
        `simulation random seed: ${randomSeed} (rerun: SIMULATION_SEED=${randomSeed}, or npm run simulate -- --seed ${randomSeed} --steps ${randomSteps})`,
      );
      const result = await run(randomSeed, randomSteps);
      expect(result.findings.map((f) => `${f.kind}: ${f.detail}`)).toEqual([]);
    },
    runTimeoutMs,
  );

  it('when the fixed seeds have run, then every command type of the table was sent, and all but the sandbox’s own were applied at least once', () => {
    const fixed = runs.slice(0, fixedSeeds.length);
    const sent = new Set(fixed.flatMap((r) => Object.keys(r.coverage.byType())));
    expect(Object.keys(commandTable).filter((type) => !sent.has(type))).toEqual([]);
    const neverApplied = Object.keys(commandTable).filter((type) => fixed.every((r) => r.coverage.neverAccepted([type]).length > 0));
    // The live ledger refuses every test clock and runs no test provider: only the sandbox moves a
    // clock, settles a test cash-out (a live one never exists) or retires a test client's own treasury. A cash-out's reversal and
    // clearance, a rate, a commission change and a freeze's lift are applied only by the approval that holds them
    // (counted under ledger.approve), never sent alone.
    expect(neverApplied).toEqual([
      'ledger.advance-clock',
      'ledger.set-clock',
      'ledger.retire-treasury',
      'ledger.settle-test-cashout',
      'ledger.reverse-cashout',
      'ledger.set-cashout-rate',
      'ledger.clear-cashout',
      'ledger.set-commission',
      'ledger.lift-freeze',
    ]);
    // A freeze's lift is asked for, approved, rejected and swept as the request that holds it.
    expect(fixed.reduce((n, r) => n + r.coverage.variantCount('holds ledger.lift-freeze'), 0)).toBeGreaterThan(0);
    // A rate is set by the approval of the request that holds it.
    expect(fixed.reduce((n, r) => n + (r.coverage.reached.get('rate set through its request') ?? 0), 0)).toBeGreaterThan(0);
    // A command added to the table changes what each seed draws, so the scenarios the fixed seeds
    // were picked for are asked of them together, not of one seed each.
    // Dry runs were sent before their twins and decided (findings.ts dryRunFindings compared each pair).
    expect(fixed.reduce((n, r) => n + r.coverage.variantCount('dry run'), 0)).toBeGreaterThan(50);
    // Bulk calls, each sent again or its key with another list (findings.ts ReplayCheck judged those).
    for (const variant of ['bulk first', 'bulk again', 'bulk other-list'])
      expect([variant, fixed.reduce((n, r) => n + r.coverage.variantCount(variant), 0)]).not.toEqual([variant, 0]);
    for (const { reaches } of fixedSeeds)
      if (reaches) expect([reaches, fixed.reduce((n, r) => n + (r.coverage.reached.get(reaches) ?? 0), 0)]).not.toEqual([reaches, 0]);
  });
});
