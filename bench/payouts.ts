/**
 * `npm run bench:payouts`: the payout measurement of `npm run bench` alone, for quick iteration
 * (bench/lib/payouts.ts): a stack of its own, BENCH_USERS users (5,000), REWARDS funded, a platform
 * client paying 1,000 random users per payout, closed loop at BENCH_PAYOUT_CONNECTIONS (2,4,8) for
 * BENCH_PAYOUT_STEP_S (10) each, then the ledger's invariants. Writes bench/results/payouts.{json,md};
 * the ratios are taken against the apply stage alone and the transfer peak of the last full run
 * (bench/results/latest.json), which `npm run bench` measures in the same run instead.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInfra } from '../scripts/infra';
import { removeTopicsAndSchemas } from '../scripts/stack/cleanup';
import { generateJwtKey } from '../scripts/stack/keys';
import { ProcessStack } from '../scripts/stack/processes';
import { provision } from '../scripts/stack/provision';
import { seedUsers } from '../scripts/stack/seed';
import { repoRoot, type ServiceName } from '../scripts/stack/services';
import { createOperator } from './lib/admin';
import { pipelineInvariants } from './lib/invariants';
import { creditsSettled, measurePayouts, payoutMarkdown, payoutRatios } from './lib/payouts';
import { summariseProfiles } from './lib/profile';
import { say, status } from './lib/progress';
import { benchServiceEnv } from './lib/service-env';

const users = Number(process.env.BENCH_USERS ?? 5_000);
const resultsDir = join(repoRoot, 'bench', 'results');

/** The apply stage alone and the transfer peak of the last full run, if there is one. */
function lastFullRun(): { applyPerSec: number | null; transferPeakPerSec: number | null; startedAt: string | null } {
  const file = join(resultsDir, 'latest.json');
  if (!existsSync(file)) return { applyPerSec: null, transferPeakPerSec: null, startedAt: null };
  const latest = JSON.parse(readFileSync(file, 'utf8')) as {
    ledgerApply?: { commandsPerSec?: number | null };
    pipeline?: { transfersPerSec?: number } | null;
    startedAt?: string;
  };
  return {
    applyPerSec: latest.ledgerApply?.commandsPerSec ?? null,
    transferPeakPerSec: latest.pipeline?.transfersPerSec ?? null,
    startedAt: latest.startedAt ?? null,
  };
}

async function main(): Promise<void> {
  const startedAt = new Date().toISOString();
  const infra = await ensureInfra((m) => status(m));
  const prefix = `benchpay_${Date.now().toString(36)}_`;
  const runDir = join(repoRoot, '.run', 'bench', prefix);
  mkdirSync(runDir, { recursive: true });
  await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });
  const jwtKey = generateJwtKey(`bench-${prefix}`);
  let stack: ProcessStack | undefined;
  let stopAndProfile = async (): Promise<void> => undefined;
  try {
    // BENCH_CPU_PROF=ledger,gateway: those services write CPU profiles, summarised at the end.
    const profiled = (process.env.BENCH_CPU_PROF ?? '').split(',').filter(Boolean) as ServiceName[];
    const profileDir = join(runDir, 'profiles');
    const nodeArgs = Object.fromEntries(profiled.map((name) => [name, ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, name)}`]]));
    stack = await ProcessStack.start({ infra, prefix, jwtKey, logDir: runDir, extraEnv: benchServiceEnv(), nodeArgs });
    stopAndProfile = async () => {
      await stack?.stop();
      stack = undefined;
      if (profiled.length > 0) process.stderr.write(`${summariseProfiles(profileDir, profiled)}\n`);
    };
    const seeded = await seedUsers({
      userDatabaseUrl: stack.env('user').USER_DATABASE_URL!,
      ledgerDatabaseUrl: stack.env('ledger').LEDGER_DATABASE_URL!,
      prefix,
      count: users,
      jwtKey,
      log: status,
    });
    say(`${seeded.length} users seeded`);
    const operator = await createOperator({ gatewayUrl: stack.gatewayUrl, userDatabaseUrl: stack.env('user').USER_DATABASE_URL!, prefix });
    const payouts = await measurePayouts({ stack, prefix, users: seeded, operator });
    const settledSec = await creditsSettled(stack);
    say(`credit legs settled ${settledSec === null ? 'NOT within 180 s' : `${settledSec.toFixed(1)} s after the last step`}`);
    const invariants = await pipelineInvariants(stack, prefix, payouts.fundedMinor);
    say(`invariants: ${invariants.ok ? 'ok' : `VIOLATED ${JSON.stringify(invariants.details)}`}`);
    const reference = lastFullRun();
    const ratios = payoutRatios(
      payouts.linesPerSec,
      reference.applyPerSec,
      reference.transferPeakPerSec,
      payouts.ledgerPath?.linesPerSec ?? null,
    );
    const result = { startedAt, users, payouts, settledSec, invariants, reference, ratios };
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(join(resultsDir, 'payouts.json'), `${JSON.stringify(result, null, 2)}\n`);
    const source = `the last full run, ${reference.startedAt ?? 'none'}`;
    writeFileSync(
      join(resultsDir, 'payouts.md'),
      `# Payouts ${startedAt}\n\nUsers: ${users}; command: \`npm run bench:payouts\`.\n\n${payoutMarkdown(payouts, ratios, source, invariants.ok).join('\n')}\n`,
    );
    if (!invariants.ok) process.exitCode = 1;
    await stopAndProfile();
  } finally {
    await stack?.stop();
    if (process.env.BENCH_KEEP !== '1')
      await removeTopicsAndSchemas(infra, [prefix]).catch((err: Error) => say(`clean-up failed: ${err.message}`));
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
