/**
 * Restarts the running Kafka broker exactly as it was started: same command line, working
 * directory and environment, output appended to the same log. Whoever started it (this
 * checkout's `npm start`/`npm test`, or another checkout on the same machine), the pid file and
 * `.run/started.json` beside its working directory are updated, so `npm run stop` there still
 * stops it. The shared broker is restarted only by `npm run chaos` (the bank test with its
 * broker-restart switch on); the short bank test of `npm test` restarts a private broker of its own.
 */
import { spawn } from 'node:child_process';
import { existsSync, openSync, readdirSync, readFileSync, readlinkSync, writeFileSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { kafkaLayout, probeKafka, type KafkaLayout } from '../../scripts/infra/kafka';

/**
 * The broker to restart: the one this checkout's pid file names when it runs (a second broker on
 * the machine, another checkout's or a test's, must not be the one restarted), else the only
 * kafka.Kafka process there is.
 */
function brokerPid(): number | undefined {
  const ownPidFile = join(kafkaLayout().runDir, 'kafka.pid');
  const own = existsSync(ownPidFile) ? Number(readFileSync(ownPidFile, 'utf8').trim()) : Number.NaN;
  if (Number.isInteger(own) && alive(own) && isKafka(own)) return own;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes('kafka.Kafka')) return Number(entry);
    } catch {
      // gone or not ours to read
    }
  }
  return undefined;
}

function isKafka(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('kafka.Kafka');
  } catch {
    return false;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

/** The pid a broker's own pid file names, when that process is a live broker. */
function pidOfLayout(layout: KafkaLayout): number | undefined {
  const file = join(layout.runDir, 'kafka.pid');
  const pid = existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : Number.NaN;
  return Number.isInteger(pid) && alive(pid) && isKafka(pid) ? pid : undefined;
}

/**
 * Restarts the broker `brokers` name: with `layout`, a private broker a test started
 * (test/chaos/private-broker.ts), found and recorded through its own run directory; without it,
 * the machine's shared broker.
 */
export async function restartKafkaBroker(brokers: string[], log: (m: string) => void, layout?: KafkaLayout): Promise<{ downMs: number }> {
  const pid = layout ? pidOfLayout(layout) : brokerPid();
  if (pid === undefined) throw new Error('no kafka.Kafka process found to restart');
  const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  const cwd = readlinkSync(`/proc/${pid}/cwd`);
  const env: Record<string, string> = {};
  for (const pair of readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean)) {
    const i = pair.indexOf('=');
    env[pair.slice(0, i)] = pair.slice(i + 1);
  }
  const started = Date.now();
  log(`kafka: stopping broker pid ${pid}`);
  process.kill(pid, 'SIGTERM');
  if (!(await waitUntil(() => !alive(pid), 30_000))) {
    process.kill(pid, 'SIGKILL');
    await waitUntil(() => !alive(pid), 5_000);
  }
  const runDir = layout?.runDir ?? join(cwd, '.run');
  const logFile = join(runDir, 'kafka.log');
  const out = openSync(existsSync(runDir) ? logFile : '/dev/null', 'a');
  const child = spawn(argv[0]!, argv.slice(1), { cwd, env, detached: true, stdio: ['ignore', out, out] });
  closeSync(out);
  child.unref();
  const newPid = child.pid!;
  const pidFile = join(runDir, 'kafka.pid');
  if (existsSync(pidFile)) writeFileSync(pidFile, `${newPid}\n`);
  const startedFile = layout?.startedFile ?? join(runDir, 'started.json');
  if (existsSync(startedFile)) {
    const record = JSON.parse(readFileSync(startedFile, 'utf8')) as { kafka?: { pid: number } };
    if (record.kafka?.pid === pid) {
      record.kafka.pid = newPid;
      writeFileSync(startedFile, `${JSON.stringify(record, null, 2)}\n`);
    }
  }
  log(`kafka: started again as pid ${newPid}; waiting for it to answer`);
  if (!(await waitUntil(() => probeKafka(brokers, 2_000), 90_000)))
    throw new Error('the restarted Kafka broker did not answer within 90 s');
  const downMs = Date.now() - started;
  log(`kafka: broker back after ${downMs} ms`);
  return { downMs };
}
