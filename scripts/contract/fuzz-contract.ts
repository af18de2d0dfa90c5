/**
 * `npm run fuzz:contract -- [max-examples (200)] [max-time seconds (1200)] [seed]`: the contract
 * check of test/e2e/contract-schemathesis.test.ts, longer: Schemathesis (pinned, in
 * .tools/schemathesis-venv) with every check and every phase against the four services started
 * as child processes with their own topics and schemas, as an ordinary user, a SUPERADMIN and
 * with an API key (scripts/contract/identities.ts). Prints Schemathesis's report; exits non-zero
 * when it found a failure (its report names the seed and a curl line per failure).
 */
import { join } from 'node:path';
import { integerArg, positionalArgs, UsageError } from '../cli-args';
import { ensureInfra } from '../infra';
import { operatorSuperadmin } from '../stack/bootstrap-admin';
import { generateJwtKey } from '../stack/keys';
import { ProcessStack } from '../stack/processes';
import { provision } from '../stack/provision';
import { repoRoot } from '../stack/services';
import { createContractIdentities } from './identities';
import { runSchemathesis } from './schemathesis';

/** Every request comes from 127.0.0.1 as one of a few callers: production's limits would answer most of it 429. */
const relaxedRateLimits: Record<string, string> = {
  RATE_LIMIT_LOGIN_PER_IP_MAX: '1000000',
  RATE_LIMIT_LOGIN_PER_ACCOUNT_MAX: '1000000',
  RATE_LIMIT_LOGIN_ACROSS_CLIENTS_MAX: '1000000',
  RATE_LIMIT_REGISTER_PER_IP_MAX: '1000000',
  RATE_LIMIT_CREDENTIALS_PER_IP_MAX: '1000000',
  RATE_LIMIT_WRITES_PER_CALLER_MAX: '1000000',
};

const usage = 'usage: npm run fuzz:contract -- [max-examples (200)] [max-time seconds (1200)] [seed (from the clock)]';

async function main(): Promise<void> {
  const positionals = positionalArgs(process.argv.slice(2), 3, usage);
  const maxExamples = integerArg(positionals[0], 'max-examples', 200, usage);
  const maxTimeS = integerArg(positionals[1], 'max-time', 1200, usage);
  const seed = integerArg(positionals[2], 'seed', Date.now() % 2 ** 31, usage, 0);
  const log = (line: string) => process.stderr.write(`[fuzz:contract] ${line}\n`);
  const infra = await ensureInfra();
  const prefix = `contract_${Date.now().toString(36)}_`;
  await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });
  const stack = await ProcessStack.start({
    infra,
    prefix,
    jwtKey: generateJwtKey(`contract-${prefix}`),
    logDir: join(repoRoot, '.run', 'fuzz-contract', prefix),
    extraEnv: relaxedRateLimits,
  });
  try {
    const identities = await createContractIdentities(stack.gatewayUrl, async (email, password) => {
      await operatorSuperadmin({ databaseUrl: infra.databaseUrl, schemaPrefix: prefix, topicPrefix: prefix, email, password });
    });
    log(`max ${maxExamples} examples per operation and phase, at most ${maxTimeS} s, seed ${seed}, gateway ${stack.gatewayUrl}`);
    const result = await runSchemathesis({ gatewayUrl: stack.gatewayUrl, identities, maxExamples, maxTimeS, seed, log });
    process.stdout.write(result.output);
    log(`exit ${result.exitCode} after ${result.seconds} s; JUnit report in ${result.reportDir}`);
    if (result.exitCode !== 0) process.exitCode = 1;
    const exits = stack.unexpectedExits;
    if (exits.length > 0) {
      log(`services exited during the run: ${JSON.stringify(exits)}`);
      process.exitCode = 1;
    }
  } finally {
    await stack.stop();
  }
}

main().catch((err: unknown) => {
  if (err instanceof UsageError) {
    process.stderr.write(`fuzz:contract: ${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`fuzz:contract: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
