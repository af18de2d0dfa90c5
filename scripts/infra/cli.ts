// npx tsx scripts/infra/cli.ts up|down|status
// Progress goes to stderr; stdout carries only the endpoints line, so `eval "export $(... up)"` works.
import { positionalArgs, UsageError } from '../cli-args';
import { ensureInfra, formatEndpoints, infraStatus, ledgerShardCountOf, stopInfra } from './index';

const log = (msg: string) => process.stderr.write(`[infra] ${msg}\n`);
const usage = 'usage: tsx scripts/infra/cli.ts up|down|status';

async function main(args: string[]): Promise<number> {
  switch (positionalArgs(args, 1, usage)[0]) {
    case 'up': {
      const started = Date.now();
      const endpoints = await ensureInfra(log, { ledgerShards: ledgerShardCountOf() });
      log(`up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      process.stdout.write(`${formatEndpoints(endpoints)}\n`);
      return 0;
    }
    case 'down': {
      await stopInfra(log);
      log('stopped everything this project had started');
      return 0;
    }
    case 'status': {
      const s = await infraStatus();
      const mark = (up: boolean) => (up ? 'up' : 'DOWN');
      log(
        `kafka    ${mark(s.kafkaUp)}  ${s.kafkaBrokers.join(',')}${s.startedHere.kafka ? ` (started here, pid ${s.startedHere.kafka.pid})` : ''}`,
      );
      log(
        `postgres ${mark(s.databaseUrl !== undefined)}  ${s.databaseUrl ?? '-'}${s.startedHere.postgres ? ` (started here: ${JSON.stringify(s.startedHere.postgres)})` : ''}`,
      );
      log(`redis    ${mark(s.redisUp)}  ${s.redisUrl}${s.startedHere.redis ? ` (started here, pid ${s.startedHere.redis.pid})` : ''}`);
      const allUp = s.kafkaUp && s.databaseUrl !== undefined && s.redisUp;
      if (allUp && s.databaseUrl !== undefined) {
        process.stdout.write(`${formatEndpoints({ kafkaBrokers: s.kafkaBrokers, databaseUrl: s.databaseUrl, redisUrl: s.redisUrl })}\n`);
      }
      return allUp ? 0 : 1;
    }
    default:
      process.stderr.write(`${usage}\n`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = err instanceof UsageError ? 2 : 1;
  },
);
