/**
 * `npm run fuzz -- [count] [seed]`: the API fuzzer of test/e2e/fuzz-openapi.test.ts, for longer
 * runs (default 5,000 requests) against the four services started as child processes with
 * their own topics and schemas, as an ordinary user, an ADMIN with an API key and a SUPERADMIN.
 * Then the liveness probe (scripts/fuzz/liveness.ts): a registration on every user.commands
 * partition and a transfer on every ledger.commands partition, each within 1 s, and a
 * consistent supply audit. Prints the figures; exits non-zero on a violation (printing the
 * failing request and the seed that replays it) or when anything stalled.
 */
import { join } from 'node:path';
import { integerArg, positionalArgs, UsageError } from './cli-args';
import { ensureInfra } from './infra';
import { commandPartitions, probeLiveness } from './fuzz/liveness';
import { fuzzGateway } from './fuzz/openapi-fuzz';
import { createFuzzPrincipals, fuzzContextFor } from './fuzz/principals';
import { stateSnapshotter } from './fuzz/state-snapshot';
import { operatorSuperadmin } from './stack/bootstrap-admin';
import { generateJwtKey } from './stack/keys';
import { ProcessStack } from './stack/processes';
import { provision } from './stack/provision';
import { repoRoot } from './stack/services';

/**
 * Every request comes from 127.0.0.1 as one of three callers: production's per-IP and
 * per-caller limits would answer most of the run 429, and the probe's registrations too.
 */
const relaxedRateLimits: Record<string, string> = {
  RATE_LIMIT_LOGIN_PER_IP_MAX: '1000000',
  RATE_LIMIT_LOGIN_PER_ACCOUNT_MAX: '1000000',
  RATE_LIMIT_LOGIN_ACROSS_CLIENTS_MAX: '1000000',
  RATE_LIMIT_REGISTER_PER_IP_MAX: '1000000',
  RATE_LIMIT_CREDENTIALS_PER_IP_MAX: '1000000',
  RATE_LIMIT_WRITES_PER_CALLER_MAX: '1000000',
};

const usage = 'usage: npm run fuzz -- [count (5000)] [seed (from the clock)]';

/** `[count] [seed]`: the requests to send and the seed that generates (and replays) them. */
function fuzzArgs(args: string[]): { count: number; seed: number } {
  const positionals = positionalArgs(args, 2, usage);
  return {
    count: integerArg(positionals[0], 'count', 5000, usage),
    seed: integerArg(positionals[1], 'seed', Date.now() % 2 ** 31, usage, 0),
  };
}

async function main(): Promise<void> {
  const { count, seed } = fuzzArgs(process.argv.slice(2));
  const infra = await ensureInfra();
  const prefix = `fuzz_${Date.now().toString(36)}_`;
  await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });
  const stack = await ProcessStack.start({
    infra,
    prefix,
    jwtKey: generateJwtKey(`fuzz-${prefix}`),
    logDir: join(repoRoot, '.run', 'fuzz', prefix),
    // A run's sessions act past the 5-minute step-up window; step-up is covered by the e2e tests.
    extraEnv: { ...relaxedRateLimits, STEP_UP_MAX_AGE_S: '900' },
  });
  const snapshots = stateSnapshotter(infra.databaseUrl, [`${prefix}users`, `${prefix}ledger`]);
  try {
    const principals = await createFuzzPrincipals(stack.gatewayUrl, async (email, password) => {
      await operatorSuperadmin({ databaseUrl: infra.databaseUrl, schemaPrefix: prefix, topicPrefix: prefix, email, password });
    });
    const doc = await (await fetch(`${stack.gatewayUrl}/openapi.json`)).json();
    process.stderr.write(`fuzz: ${count} requests, seed ${seed}, gateway ${stack.gatewayUrl}\n`);
    const started = Date.now();
    const stats = await fuzzGateway(
      fuzzContextFor(stack.gatewayUrl, principals, () => snapshots.snapshot()),
      doc,
      count,
      seed,
    );
    const seconds = Math.round((Date.now() - started) / 1000);
    const liveness = await probeLiveness({
      gatewayUrl: stack.gatewayUrl,
      superadmin: { email: principals.superadmin.email, password: principals.superadmin.password, device: principals.superadmin.device },
      approveGrant: principals.approveGrant,
      partitions: await commandPartitions(infra.kafkaBrokers, prefix),
      log: (line) => process.stderr.write(`${line}\n`),
    });
    const unexpectedExits = stack.unexpectedExits;
    const ok = liveness.ok && unexpectedExits.length === 0;
    process.stdout.write(`${JSON.stringify({ ok, seed, seconds, ...stats, liveness, unexpectedExits }, null, 2)}\n`);
    if (!ok) {
      process.stderr.write(
        `fuzz: STALLED or crashed after the run\n${[...liveness.failures, ...unexpectedExits.map((e) => `${e.name} exited: ${JSON.stringify(e)}`)].join('\n')}\n`,
      );
      process.exitCode = 1;
    }
  } finally {
    await snapshots.close();
    await stack.stop();
  }
}

main().catch((err: unknown) => {
  if (err instanceof UsageError) {
    process.stderr.write(`fuzz: ${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`fuzz: VIOLATION\n${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
