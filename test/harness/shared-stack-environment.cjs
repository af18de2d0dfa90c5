// The int, e2e and long projects' test environment: jest's Node environment, plus the worker's shared test
// stacks (test/harness/stack.ts). Jest loads this module once per worker, outside the test files'
// module registries, so what it keeps lives from one test file to the next: each shared stack runs
// in a child process (test/harness/shared-stack-main.ts) started by the first file that asks for
// its options, and the files after it reach the same stack. A stack's process ends when this
// worker lets it go (more stacks than `capacity`) or exits: its IPC channel closes, and it stops
// its services and removes its topics and schemas.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { TestEnvironment } = require('jest-environment-node');

/**
 * Shared stacks of some options one worker keeps at a time, the least recently used let go first.
 * Each idle stack costs its process about 16 ms of CPU a second (production's fetch waits:
 * own-stack.ts StackLifetime), the broker's share, and the broker's heap for its partitions; most
 * files use the stack of no options, a few share one of their settings.
 */
const capacity = Math.max(1, Number(process.env.COIN_TEST_SHARED_STACKS) || 2);

/**
 * The stack of no options (test/harness/stack.ts sharedStackKey of {}) is kept beside them and never
 * let go: most files use it, and a start costs about 2 CPU-seconds in its process plus the broker's
 * and PostgreSQL's provisioning and removal. Let go in the LRU, it was started again after every two
 * files of other options (13 starts for 4 workers in one run of the e2e project, against 4 now).
 */
const pinnedKey = JSON.stringify({ extraEnv: {} });

/** @type {Map<string, { child: import('node:child_process').ChildProcess, description: Promise<string>, releaseTimer?: NodeJS.Timeout }>} */
const stacks = new Map();

/**
 * How long a stack of other options outlives the last file that used it, unless a file asks for
 * it again. Idle, a stack costs about 40 ms of CPU a second in its process (its consumers' fetches
 * and heartbeats, its pollers' queries) and 10 more in the broker; a start costs about 4 CPU-seconds
 * (the services' modules, provisioning, and the removal of its topics after): kept idle past 80 s, it
 * costs more than its start again. Most option sets serve one file or two next to each other, and
 * under the LRU alone each waited for two newer ones before it went, minutes later.
 */
const idleMs = Number(process.env.COIN_TEST_SHARED_STACK_IDLE_MS) || 30_000;

/** Lets a stack go: its process stops its services, removes its topics and schemas, and exits. */
function letGo(key, entry) {
  if (stacks.get(key) === entry) stacks.delete(key);
  if (entry.releaseTimer) clearTimeout(entry.releaseTimer);
  if (entry.child.connected) entry.child.disconnect();
}

/** The file that ran has ended: the stacks of other options it used go after `idleMs`, unless asked for again. */
function fileEnded(keys) {
  for (const key of keys) {
    const entry = stacks.get(key);
    if (!entry || key === pinnedKey) continue;
    if (entry.releaseTimer) clearTimeout(entry.releaseTimer);
    entry.releaseTimer = setTimeout(() => letGo(key, entry), idleMs);
    entry.releaseTimer.unref();
  }
}

/**
 * Where the run's shared stacks' process ids are noted: jest's global teardown waits for them to
 * end (each removing its own topics and schemas) before it removes what is left of the run's.
 */
const pidDirectory = path.join(__dirname, '..', '..', '.run', 'shared-stacks', process.env.COIN_TEST_RUN_ID ?? 'unknown-run');

function startStack(key) {
  const child = spawn(
    process.execPath,
    ['--import', pathToFileURL(require.resolve('tsx')).href, path.join(__dirname, 'shared-stack-main.ts')],
    {
      env: { ...process.env, COIN_TEST_STACK_OPTIONS: key },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  fs.mkdirSync(pidDirectory, { recursive: true });
  fs.writeFileSync(path.join(pidDirectory, String(child.pid)), key);
  const description = new Promise((resolve, reject) => {
    child.once('message', (message) => {
      if (message && typeof message === 'object' && 'description' in message) {
        // Started: the worker need not stay alive for it (jest ends its workers itself).
        child.unref();
        child.channel?.unref();
        resolve(JSON.stringify(message.description));
      } else {
        reject(new Error(`the shared test stack did not start:\n${message?.error}`));
      }
    });
    child.once('exit', (code, signal) => reject(new Error(`the shared test stack's process ended before it started (${signal ?? code})`)));
  });
  description.catch(() => stacks.delete(key));
  return { child, description };
}

/** The shared stack of these options: the running one, or a new one (letting the least recently used go past `capacity`). */
function sharedStack(key) {
  let entry = stacks.get(key);
  if (entry && entry.child.exitCode === null && entry.child.signalCode === null) {
    stacks.delete(key);
    if (entry.releaseTimer) clearTimeout(entry.releaseTimer);
    entry.releaseTimer = undefined;
  } else {
    entry = startStack(key);
  }
  stacks.set(key, entry); // the most recently used last
  const kept = () => stacks.size - (stacks.has(pinnedKey) ? 1 : 0);
  for (const [oldKey, old] of stacks) {
    if (kept() <= capacity) break;
    if (oldKey === pinnedKey) continue;
    letGo(oldKey, old);
  }
  return entry.description;
}

class SharedStackEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    /** The options of the shared stacks this file asked for. */
    this.usedKeys = new Set();
    this.global.__coinSharedStack = (key) => {
      this.usedKeys.add(key);
      return sharedStack(key);
    };
  }

  async teardown() {
    fileEnded(this.usedKeys);
    await super.teardown();
  }
}

/**
 * Lets every shared stack of this module go and waits until their processes have stopped and
 * removed them: for the harness's own test.
 */
function releaseSharedStacks() {
  const ended = [...stacks.values()].map(
    ({ child, releaseTimer }) =>
      new Promise((resolve) => {
        if (releaseTimer) clearTimeout(releaseTimer);
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        if (child.connected) child.disconnect();
      }),
  );
  stacks.clear();
  return Promise.all(ended);
}

module.exports = SharedStackEnvironment;
module.exports.sharedStack = sharedStack;
module.exports.releaseSharedStacks = releaseSharedStacks;
module.exports.fileEnded = fileEnded;
