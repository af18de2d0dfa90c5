import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gatewayConfigSchema } from '@coin/gateway';
import { localStackDefaults } from '../../scripts/stack/env';
import { relaxedRateLimits } from './relaxed-limits';
import type { TestStack } from './stack';

/**
 * Shell blocks of the docs, run as a reader pastes them (test/e2e/readme-tour.test.ts,
 * test/e2e/guides.test.ts): in bash, from the repository, with a stack's coordinates where
 * `npm start` would have left them at their defaults, and nothing of this process's COIN_*
 * variables.
 */

export const repoRoot = join(__dirname, '..', '..');

export interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The rate limits `npm start` runs with: the gateway's own default of each one a test stack
 * relaxes (./relaxed-limits.ts), read from its configuration's schema, so a default that changes
 * changes here too.
 */
export const npmStartRateLimits: Record<string, string> = Object.fromEntries(
  Object.keys(relaxedRateLimits)
    .filter((name) => name.startsWith('RATE_LIMIT_'))
    .map((name) => {
      const setting = (gatewayConfigSchema.shape as Record<string, { parse(value: unknown): unknown }>)[name];
      if (!setting) throw new Error(`the gateway has no setting ${name}, which the test stack relaxes`);
      return [name, String(setting.parse(undefined))];
    }),
);

/**
 * What a test stack needs to answer as `npm start`'s does, in one place for every run of the README
 * and the guides: the gateway's rate limits, and what `npm start` sets beyond the services'
 * defaults (localStackDefaults, scripts/stack/env.ts: its cash-out rate of 655 XAF a coin). A
 * figure a guide shows that `npm start` would not print fails its run.
 */
export const npmStartSettings: Record<string, string> = { ...npmStartRateLimits, ...localStackDefaults };

/**
 * The variables that point the repository's commands at `stack`, where `npm start` leaves them at
 * their defaults: the gateway (dev-seed, token), the databases and their schema prefix (admin,
 * audit), Kafka and its topic prefix (dlq:redrive), Redis, the services' metrics ports.
 */
export function stackCoordinates(stack: TestStack): Record<string, string> {
  return {
    GATEWAY_URL: stack.gatewayUrl,
    USER_DATABASE_URL: stack.env.user.USER_DATABASE_URL!,
    DATABASE_URL: stack.databaseUrl,
    DB_SCHEMA_PREFIX: stack.prefix,
    TOPIC_PREFIX: stack.prefix,
    KAFKA_BROKERS: stack.kafkaBrokers.join(','),
    REDIS_URL: stack.redisUrl,
    COIN_METRICS_PORTS: Object.values(stack.metricsUrls)
      .map((url) => new URL(url).port)
      .join(' '),
  };
}

/**
 * Runs shell text in bash with `env` over this process's environment (without its COIN_*
 * variables). 'strict': -e and pipefail, so a step that fails (curl --fail-with-body, jq) fails
 * the run, where a reader would see its problem; 'as pasted': a shell as a reader's terminal is,
 * which carries on after a failed step. Asynchronous: the stack answers from this process. The
 * shell is the leader of its own process group, which is ended with it: a receiver a block
 * left running in the background does not outlive the run.
 */
export function runShell(script: string, env: Record<string, string>, shell: 'strict' | 'as pasted' = 'strict'): Promise<Ran> {
  const merged: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined && !name.startsWith('COIN_')) merged[name] = value;
  Object.assign(merged, env);
  return new Promise((resolve, reject) => {
    const flags = shell === 'strict' ? ['-e', '-o', 'pipefail'] : [];
    const child = spawn('bash', [...flags, '-c', script], {
      cwd: repoRoot,
      env: merged,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += String(chunk)));
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    child.on('error', reject);
    let exited: number | null = null;
    const endGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // the group is gone already
      }
    };
    child.on('exit', (status) => {
      exited = status;
      // A process left in the background holds the pipes open: end the group a moment after the shell.
      setTimeout(endGroup, 1000).unref();
    });
    child.on('close', (status) => resolve({ status: exited ?? status, stdout, stderr }));
  });
}

/**
 * One ```sh block of a Markdown doc: its code, the line its fence opens on, the heading it is
 * under, and what the doc says it shows: the ```text block that follows it (prose between them
 * allowed, no other fence or heading); undefined when none does, which says it prints nothing.
 */
export interface ShellBlock {
  code: string;
  line: number;
  heading: string;
  shows?: string;
}

/** The doc's ```sh blocks in order (not ```text, ```http or other fences: those are not meant to run). */
export function shellBlocks(markdown: string): ShellBlock[] {
  const blocks: ShellBlock[] = [];
  const lines = markdown.split('\n');
  let heading = '';
  let lastFence = '';
  for (let i = 0; i < lines.length; i += 1) {
    const fence = /^(\s*)```(\S*)\s*$/.exec(lines[i]!);
    if (!fence) {
      const title = /^#{1,6}\s+(.+?)\s*$/.exec(lines[i]!);
      if (title) heading = title[1]!;
      continue;
    }
    const start = i;
    const body: string[] = [];
    for (i += 1; i < lines.length && !/^\s*```\s*$/.test(lines[i]!); i += 1) body.push(lines[i]!);
    const previous = blocks.at(-1);
    if (fence[2] === 'sh') blocks.push({ code: `${body.join('\n')}\n`, line: start + 1, heading });
    else if (fence[2] === 'text' && previous && previous.shows === undefined && previous.heading === heading && lastFence === 'sh')
      previous.shows = body.length === 0 ? '' : `${body.join('\n')}\n`;
    lastFence = fence[2]!;
  }
  return blocks;
}

/**
 * Whether a block's output is what its ```text block says it shows: line for line, where `…` in a
 * line stands for any characters of that line (an id, a time) and a line of `…` alone for any
 * number of lines (zero included). Null when it is, else what differs, for a failure message.
 */
export function shownMismatch(shows: string | undefined, printed: string): string | null {
  const expected = (shows ?? '').replace(/\n$/, '');
  const actual = printed.replace(/\n$/, '');
  if (expected === '') return actual === '' ? null : `expected nothing\nprinted\n${actual}`;
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = expected
    .split('\n')
    .map((line) => (line.trim() === '…' ? '(?:[^\\n]*\\n)*?' : `${line.split('…').map(literal).join('[^\\n]*')}\\n`))
    .join('');
  return new RegExp(`^${pattern}$`).test(actual === '' ? '' : `${actual}\n`)
    ? null
    : `expected\n${expected}\nprinted\n${actual || '(nothing)'}`;
}

/** What a guide's run came to: the shell's answer, the block it was in when it ended (undefined: none began), each block's seconds. */
export interface GuideRun extends Ran {
  lastBlock: ShellBlock | undefined;
  /** How long each block that began took (the last, until the shell ended). */
  seconds: number[];
  /** What each block that began printed on stdout (the last, until the shell ended). */
  printed: string[];
}

/** The line runBlocks prints on stdout before each block, to tell their outputs apart (control characters no block prints). */
const blockMark = '\x1ecoin-guide-block\x1e';

/**
 * Runs `blocks` in order in one strict bash session (one shell, so each block sees what the
 * blocks before it set), noting when each block begins: when the shell stops early, the last
 * block that began is the one that failed.
 */
export async function runBlocks(blocks: ShellBlock[], env: Record<string, string>): Promise<GuideRun> {
  const dir = mkdtempSync(join(tmpdir(), 'coin-guide-'));
  const progress = join(dir, 'blocks');
  const mark = (label: string) => `printf '%s %s\\n' ${label} "$(date +%s%3N)" >> '${progress}'; printf '\\036coin-guide-block\\036\\n'`;
  try {
    const script = blocks.map((block, index) => `${mark(String(index))}\n${block.code}`).join('\n');
    const ran = await runShell(`${script}\n${mark('done')}\n`, env);
    const endedMs = Date.now();
    let marks: [string, number][] = [];
    try {
      marks = readFileSync(progress, 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.split(' ') as [string, string])
        .map(([label, ms]) => [label, Number(ms)]);
    } catch {
      // no block began
    }
    const seconds = marks.filter(([label]) => label !== 'done').map(([, ms], i) => ((marks[i + 1]?.[1] ?? endedMs) - ms) / 1000);
    const last = marks.at(-1)?.[0];
    const lastBlock = last === undefined || last === 'done' ? undefined : blocks[Number(last)];
    // Before the first block's mark, nothing; after the last ('done'), nothing either.
    const printed = ran.stdout.split(`${blockMark}\n`).slice(1, blocks.length + 1);
    return { ...ran, stdout: printed.join(''), lastBlock, seconds, printed };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
