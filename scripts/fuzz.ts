/**
 * `npm run fuzz -- [count] [seed]`: the API fuzzer of test/e2e/fuzz-openapi.test.ts, for longer
 * runs (default 5,000 requests) against the four services started as child processes with
 * their own topics and schemas. Prints the status distribution; exits non-zero on a violation,
 * printing the failing request and the seed that replays it.
 */
import { join } from 'node:path';
import { ensureInfra } from './infra';
import { fuzzGateway } from './fuzz/openapi-fuzz';
import { stateSnapshotter } from './fuzz/state-snapshot';
import { generateJwtKey } from './stack/keys';
import { ProcessStack } from './stack/processes';
import { provision } from './stack/provision';
import { repoRoot } from './stack/services';

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 5000);
  const seed = process.argv[3] !== undefined ? Number(process.argv[3]) : Date.now() % 2 ** 31;
  const infra = await ensureInfra();
  const prefix = `fuzz_${Date.now().toString(36)}_`;
  await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });
  const stack = await ProcessStack.start({ infra, prefix, jwtKey: generateJwtKey(`fuzz-${prefix}`), logDir: join(repoRoot, '.run', 'fuzz', prefix) });
  const snapshots = stateSnapshotter(infra.databaseUrl, [`${prefix}users`, `${prefix}ledger`]);
  try {
    const register = await fetch(`${stack.gatewayUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `fuzz.${prefix}@example.test`, password: 'fuzz password 1', fullName: 'Fuzz' }),
    });
    const { accessToken } = (await register.json()) as { accessToken: string };
    const doc = await (await fetch(`${stack.gatewayUrl}/openapi.json`)).json();
    process.stderr.write(`fuzz: ${count} requests, seed ${seed}, gateway ${stack.gatewayUrl}\n`);
    const started = Date.now();
    const stats = await fuzzGateway({ gatewayUrl: stack.gatewayUrl, userToken: accessToken, snapshot: () => snapshots.snapshot() }, doc, count, seed);
    process.stdout.write(
      `${JSON.stringify({ ok: true, seed, seconds: Math.round((Date.now() - started) / 1000), ...stats }, null, 2)}\n`,
    );
  } finally {
    await snapshots.close();
    await stack.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`fuzz: VIOLATION\n${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
