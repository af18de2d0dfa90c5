import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

/**
 * Every `npm run` command the README, the guides and the reference docs name starts on a fresh clone: a clone has
 * no dist/ of the compiled workspace packages, and `npm run chaos` once failed there on a missing
 * @coin/client because only `npm test` built it. Here a copy of the tracked files (what a clone
 * holds, with this work tree's edits) gets the repository's node_modules hard-linked, and each
 * command runs through npm as a reader would type it, with `--help`: the shared set-up
 * (scripts/bootstrap.sh) must build what the command loads, and the command must load its whole
 * module graph and answer with its usage line, doing nothing else. The list comes from the
 * README, docs/guides/ and docs/reference/, so a command added there is covered (or fails here
 * until it answers `--help`).
 */

const root = join(__dirname, '..', '..');
/** The README, then each guide and reference doc: where a reader finds the commands to type. */
const docs = ['README.md', ...['docs/guides', 'docs/reference'].flatMap((dir) => mdFiles(dir))].map((path) => ({
  path,
  text: readFileSync(join(root, path), 'utf8'),
}));

function mdFiles(dir: string): string[] {
  return readdirSync(join(root, dir))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `${dir}/${name}`);
}
const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** Commands whose program is a tool with its own help, or a short real run instead of `--help`. */
const probes: Readonly<Record<string, { args: string[]; answers: RegExp }>> = {
  // Biome's own help; these never go through the set-up.
  lint: { args: ['--help'], answers: /Usage:/ },
  'lint:fix': { args: ['--help'], answers: /Usage:/ },
  format: { args: ['--help'], answers: /Usage:/ },
  // One pure suite: jest starts, transforms TypeScript and runs it.
  'test:unit': { args: ['--runTestsByPath', 'scripts/cli-args.unit.test.ts'], answers: /Tests:\s+\d+ passed/ },
  // The published `coin` command's own usage, which names no repository (libs/cli).
  coin: { args: ['--help'], answers: /usage: coin listen\|trigger/ },
  // The console's component tests: jest starts jsdom, transforms TSX and renders through Testing Library.
  'test:console': { args: ['--runTestsByPath', 'services/admin-console/src/hooks/hooks.test.tsx'], answers: /Tests:\s+\d+ passed/ },
};

function probeOf(name: string): { args: string[]; answers: RegExp } {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return probes[name] ?? { args: ['--help'], answers: new RegExp(`usage:[^\\n]*npm run ${escaped}(?![\\w:-])`) };
}

/** The distinct `npm run <name>` commands of those docs (`npm run -s <name>` too), in order of first mention. */
function docCommands(): string[] {
  return [...new Set(docs.flatMap(({ text }) => [...text.matchAll(/npm run (?:-s )?([a-z][\w:-]*)/g)].map((match) => match[1]!)))];
}

/**
 * The tracked files as this work tree has them, into `dir`, and the repository's node_modules
 * hard-linked beside them (cheap; its workspace links are relative, so @coin/* resolve inside the
 * copy). npm's and bootstrap.sh's own marker files are copied, not linked: bootstrap.sh rewrites
 * one, and the lockfile marker must be newer than the copied package-lock.json, or the set-up
 * would reinstall every dependency.
 */
function freshClone(dir: string): void {
  const tracked = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (tracked.status !== 0) throw new Error(`git ls-files failed: ${tracked.stderr}`);
  for (const path of tracked.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(root, path))) continue; // deleted in the work tree
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    copyFileSync(join(root, path), join(dir, path));
  }
  const linked = spawnSync('cp', ['-al', join(root, 'node_modules'), join(dir, 'node_modules')], { encoding: 'utf8' });
  if (linked.status !== 0) throw new Error(`cp -al node_modules failed: ${linked.stderr}`);
  for (const marker of ['.package-lock.json', '.node-abi']) {
    const target = join(dir, 'node_modules', marker);
    if (!existsSync(target)) continue;
    unlinkSync(target);
    copyFileSync(join(root, 'node_modules', marker), target);
  }
}

interface Run {
  name: string;
  status: number | null;
  output: string;
}

function runNpm(cwd: string, name: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name, '--', ...args], {
      cwd,
      // The Node that runs the tests (24) first, as bootstrap.sh arranges for every command.
      env: { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (status) => resolve({ name, status, output }));
  });
}

/** `names` run `width` at a time: the machine has few cores, and each command starts a Node. */
async function runAll(cwd: string, names: string[], width: number): Promise<Run[]> {
  const runs: Run[] = [];
  const queue = [...names];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
        runs.push(await runNpm(cwd, name, probeOf(name).args));
      }
    }),
  );
  return runs;
}

function failures(runs: Run[]): string[] {
  return runs
    .filter((run) => run.status !== 0 || !probeOf(run.name).answers.test(run.output))
    .map((run) => `npm run ${run.name} -- ${probeOf(run.name).args.join(' ')}: exit ${run.status}\n${run.output.slice(-2000)}`);
}

describe('the npm run commands the README, the guides and the reference name, on a fresh clone', () => {
  const commands = docCommands();
  let dir: string;

  beforeAll(() => {
    // Beside the repository when /tmp is another file system (hard links cannot cross it).
    try {
      dir = mkdtempSync(join(tmpdir(), 'coin-fresh-clone-'));
      freshClone(dir);
    } catch {
      if (dir) rmSync(dir, { recursive: true, force: true });
      mkdirSync(join(root, '.run'), { recursive: true });
      dir = mkdtempSync(join(root, '.run', 'fresh-clone-'));
      freshClone(dir);
    }
  }, 60_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('when the docs are read, then they name commands, each a script of package.json; the README and the guides name some', () => {
    expect(commands.length).toBeGreaterThan(10);
    expect(commands.filter((name) => scripts[name] === undefined)).toEqual([]);
    for (const { path, text } of docs.filter(({ path }) => path === 'README.md' || path.startsWith('docs/guides/'))) {
      expect([path, /npm run /.test(text)]).toEqual([path, true]);
    }
  });

  it('when each runs with --help (or its short probe) before anything was built, then each starts and answers its usage', async () => {
    expect(existsSync(join(dir, 'libs', 'client', 'dist'))).toBe(false);
    // chaos first and alone: the command that failed on a fresh clone, and the one whose set-up
    // builds the compiled packages that the others then find up to date.
    const first = commands.includes('chaos') ? 'chaos' : commands[0]!;
    const runs = [await runNpm(dir, first, probeOf(first).args)];
    expect(failures(runs)).toEqual([]);
    runs.push(
      ...(await runAll(
        dir,
        commands.filter((name) => name !== first),
        3,
      )),
    );
    expect(failures(runs)).toEqual([]);
    expect(runs.map((run) => run.name).sort()).toEqual([...commands].sort());
    // A hang guard, not a speed target: each command starts tsx and its imports on a fresh clone
    // (the docs name more commands with each round), three at a time on two shared cores; scaled
    // to the machine, since on a busy one every start-up is slower.
  }, 480_000);
});
