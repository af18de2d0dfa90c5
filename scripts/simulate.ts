/**
 * `npm run simulate`: the whole-ledger simulation (docs/RELIABILITY.md "The whole-ledger
 * simulation") for a while, on fresh ledger schemas of the local PostgreSQL. Seeded runs one after
 * the other (or the one `--seed`), each up to `--steps`; a finding stops it, is shrunk to a short
 * reproduction (printed as JSON, written under .run/simulation/) and the command that plays it
 * again is printed. Exits 1 on a finding. `--seed` with `--steps` runs those steps whatever the
 * time (no `--seconds` bound unless given).
 *
 *   npm run simulate -- [--seconds 60] [--seed <n>] [--steps 1500] [--shrink-seconds 120] [--keep]
 *   npm run simulate -- --replay .run/simulation/repro-<seed>.json
 *   npm run simulate -- --shrink .run/simulation/repro-<seed>.json [--shrink-seconds 120]
 *   npm run simulate -- --kafka [--seconds 60] [--seed <n>]
 * `--shrink` shrinks a written reproduction again (one whose budget ran out), from where it stands,
 * and writes the smaller one where a run writes it.
 * Database: DATABASE_URL (an admin's, which creates schemas and roles), else the local cluster.
 * `--kafka` runs the same generator against the real ledger service on the real Kafka, with
 * process kills (scripts/simulate/kafka-mode.ts); it brings up (or reuses) the local Kafka,
 * PostgreSQL and Redis as `npm start` does, and removes its topics and schema afterwards.
 */
import { randomInt } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { createPool, schemaName } from '@coin/db';
// biome-ignore lint/style/noRestrictedImports: the simulation drives the ledger's own deciders and store on purpose (as its int tests do); it is a tool beside the ledger, not another service.
import * as simulation from '../services/ledger/src/simulation/simulation';
import { argsOrExit, integerArg, parseCliArgs } from './cli-args';
import { ensureInfra } from './infra';
import { currentPostgresUrl } from './infra/postgres';
import { runKafkaMode } from './simulate/kafka-mode';
import { removeTopicsAndSchemas } from './stack/cleanup';
import { migrateServiceDatabase } from './stack/provision';
import { devServiceDatabaseUrl, repoRoot } from './stack/services';

/**
 * Fresh ledger schemas, each migrated as the stack migrates the ledger's (its roles and grants),
 * with a pool of the ledger's runtime role; `close` ends the pool and, unless `keep`, drops the
 * schema. The int test's schemas are its run's (global teardown drops them), so it keeps them.
 */
export function freshLedgerSchemas(adminUrl: string, nextPrefix: () => string, keep = false): simulation.DatabaseFactory {
  return async () => {
    const schema = schemaName(nextPrefix(), 'ledger');
    await migrateServiceDatabase({ databaseUrl: adminUrl, schema, service: 'ledger' });
    const pool = createPool({
      url: devServiceDatabaseUrl(adminUrl, 'ledger'),
      schema,
      applicationName: 'ledger-simulation',
      connectionsMax: 2,
    });
    return {
      pool,
      close: async () => {
        await pool.end();
        if (keep) return;
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        try {
          await admin.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE`);
        } finally {
          await admin.end();
        }
      },
    };
  };
}

/** Writes a reproduction where `npm run simulate -- --replay` reads it; returns the path, relative to the repository. */
export function writeReproduction(reproduction: simulation.Reproduction): string {
  const relative = join('.run', 'simulation', `repro-${reproduction.seed}.json`);
  mkdirSync(join(repoRoot, '.run', 'simulation'), { recursive: true });
  writeFileSync(join(repoRoot, relative), `${JSON.stringify(reproduction, null, 2)}\n`);
  return relative;
}

const usage =
  'usage: npm run simulate -- [--seconds 60] [--seed <n>] [--steps 1500] [--shrink-seconds 120] [--keep] | --replay <reproduction.json> | --shrink <reproduction.json> [--shrink-seconds 120] | --kafka [--seconds 60] [--seed <n>]';

interface Settings {
  seconds: number;
  seed: number | null;
  steps: number;
  shrinkSeconds: number;
  keep: boolean;
  replayFile: string | undefined;
  shrinkFile: string | undefined;
  kafka: boolean;
}

function settingsOf(args: string[]): Settings {
  const { values } = parseCliArgs(
    {
      args,
      options: {
        seconds: { type: 'string' },
        seed: { type: 'string' },
        steps: { type: 'string' },
        'shrink-seconds': { type: 'string' },
        keep: { type: 'boolean' },
        replay: { type: 'string' },
        shrink: { type: 'string' },
        kafka: { type: 'boolean' },
      },
    },
    usage,
  );
  // A seed with its steps is a run played again (what a finding prints): all of them, however long
  // they take on this machine; the 60 s default once stopped one short of its finding.
  const wholeRun = values.seed !== undefined && values.steps !== undefined && values.kafka !== true;
  return {
    seconds: integerArg(values.seconds, '--seconds', wholeRun ? Number.POSITIVE_INFINITY : 60, usage),
    seed: values.seed === undefined ? null : integerArg(values.seed, '--seed', 0, usage, 0),
    steps: integerArg(values.steps, '--steps', values.seed === undefined ? 1500 : Number.MAX_SAFE_INTEGER, usage),
    shrinkSeconds: integerArg(values['shrink-seconds'], '--shrink-seconds', 120, usage, 0),
    keep: values.keep === true,
    replayFile: values.replay,
    shrinkFile: values.shrink,
    kafka: values.kafka === true,
  };
}

const log = (line: string) => process.stdout.write(`[simulate] ${line}\n`);

/** A reproduction as written (an earlier version's may lack the transactions). */
type WrittenReproduction = Omit<simulation.Reproduction, 'transactionsOf'> & { transactionsOf?: Record<string, number[]> };

async function playReproduction(fresh: simulation.DatabaseFactory, file: string): Promise<boolean> {
  const reproduction = JSON.parse(readFileSync(file, 'utf8')) as WrittenReproduction;
  const db = await fresh();
  try {
    const findings = await simulation.replay(db, reproduction.plan, reproduction.transactionsOf ?? {});
    for (const finding of findings)
      log(`FINDING (replay of seed ${reproduction.seed}): ${finding.kind} ${finding.signature}\n  ${finding.detail}`);
    if (findings.length === 0) log(`the reproduction of seed ${reproduction.seed} passes: nothing found`);
    return findings.length === 0;
  } finally {
    await db.close();
  }
}

/**
 * A written reproduction shrunk again from where it stands; the smaller one is written as a run's
 * is. It is played once first: it must still fail, and the replay tells which step takes each
 * command (what the shrink moves them to) and names the commands the finding is about.
 */
async function shrinkReproduction(fresh: simulation.DatabaseFactory, file: string, settings: Settings): Promise<boolean> {
  const written = JSON.parse(readFileSync(file, 'utf8')) as WrittenReproduction;
  const transactionsOf = written.transactionsOf ?? {};
  const db = await fresh();
  const played = await simulation
    .replayTaking(db, written.plan, transactionsOf, simulation.checksFor(written.finding))
    .finally(() => db.close());
  const finding = played.findings.find((f) => f.signature === written.finding.signature);
  if (!finding) {
    log(`the reproduction of seed ${written.seed} passes: nothing to shrink`);
    return true;
  }
  log(`shrinking the reproduction of seed ${written.seed} (${written.commands} commands) for at most ${settings.shrinkSeconds} s…`);
  const before = { seed: written.seed, findings: [finding], plan: written.plan, transactionsOf, takenAt: played.takenAt };
  const reproduction = await simulation.reproduce(fresh, before, settings.shrinkSeconds * 1000, log);
  if (!reproduction) return false;
  const out = writeReproduction(reproduction);
  log(
    `reproduction: ${reproduction.commands} commands in ${reproduction.plan.length} steps (from ${written.commands} in ${written.plan.length}, ${reproduction.replays} replays), written to ${out}:\n${JSON.stringify(reproduction.plan, null, 2)}`,
  );
  return false;
}

/** Seeded runs until the time is up or one finds something; a finding is shrunk and printed. */
async function runSeeds(fresh: simulation.DatabaseFactory, settings: Settings): Promise<boolean> {
  const deadline = Date.now() + settings.seconds * 1000;
  for (let seed = settings.seed ?? randomInt(1, 2 ** 31); Date.now() < deadline; seed += 1) {
    const db = await fresh();
    const run = await simulation
      .simulate(db, { seed, steps: settings.steps, durationMs: deadline - Date.now(), log })
      .finally(() => db.close());
    log(
      `seed ${seed}: ${run.stepsRun} steps, ${run.commandsSent} commands, ${run.findings.length} findings; objects seen ${JSON.stringify(run.pools)}`,
    );
    log(`coverage (seed ${seed}): command type, messages, outcomes | variants\n${run.coverage.format()}`);
    if (run.findings.length > 0) {
      log(`shrinking for at most ${settings.shrinkSeconds} s…`);
      const reproduction = await simulation.reproduce(fresh, run, settings.shrinkSeconds * 1000, log);
      const file = reproduction ? writeReproduction(reproduction) : null;
      log(simulation.formatReproduction(run, reproduction, file));
      return false;
    }
    if (settings.seed !== null) break;
  }
  return true;
}

/** The Kafka mode: one seeded run against the ledger's process on Kafka, its findings printed; its topics and schema removed after. */
async function runOnKafka(settings: Settings): Promise<boolean> {
  const infra = await ensureInfra(log);
  const prefix = `sim_${Date.now().toString(36)}_`;
  const seed = settings.seed ?? randomInt(1, 2 ** 31);
  log(`Kafka mode, seed ${seed}, ${settings.seconds} s, prefix ${prefix}`);
  try {
    const run = await runKafkaMode({ seed, seconds: settings.seconds, infra, prefix, log });
    log(
      `seed ${seed}: ${run.commands} commands in ${run.attempts} attempts, kills ${JSON.stringify(run.kills)}, answers ${JSON.stringify(run.answers)}`,
    );
    for (const finding of run.findings.slice(0, 20)) log(`FINDING (Kafka mode, seed ${seed}): ${finding.kind}: ${finding.detail}`);
    if (run.findings.length === 0) log(`seed ${seed}: nothing found`);
    else log(`the same run again: npm run simulate -- --kafka --seed ${seed} --seconds ${settings.seconds}`);
    return run.findings.length === 0;
  } finally {
    await removeTopicsAndSchemas({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl }, [prefix]);
  }
}

async function main(): Promise<void> {
  const settings = argsOrExit(() => settingsOf(process.argv.slice(2)));
  if (settings.kafka) process.exit((await runOnKafka(settings)) ? 0 : 1);
  const adminUrl = process.env.DATABASE_URL ?? (await currentPostgresUrl());
  if (!adminUrl) throw new Error('no PostgreSQL answers (start it with npm run infra, or set DATABASE_URL)');
  const runId = `sim_${Date.now().toString(36)}_`;
  let schemas = 0;
  const nextPrefix = () => {
    schemas += 1;
    return `${runId}${schemas}_`;
  };
  const fresh = freshLedgerSchemas(adminUrl, nextPrefix, settings.keep);
  const ok = settings.replayFile
    ? await playReproduction(fresh, settings.replayFile)
    : settings.shrinkFile
      ? await shrinkReproduction(fresh, settings.shrinkFile, settings)
      : await runSeeds(fresh, settings);
  process.exit(ok ? 0 : 1);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`[simulate] failed: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(2);
  });
}
