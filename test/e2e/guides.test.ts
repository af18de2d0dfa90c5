import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureConsoleBuilt } from '../../scripts/stack/console';
import {
  npmStartSettings,
  repoRoot,
  runBlocks,
  type GuideRun,
  type ShellBlock,
  shellBlocks,
  shownMismatch,
  stackCoordinates,
} from '../harness/shell';
import { startTestStack, type TestStack, type TestStackOptions } from '../harness/stack';

/**
 * Every guide under docs/guides/ runs as a reader pastes it: its ```sh blocks in order, in one
 * bash session (-e, pipefail), against a stack of its own with `npm start`'s rate limits and local
 * defaults, the stack's coordinates where `npm start` leaves them at their defaults. The first
 * block that fails fails the guide, named by its file, line and heading, with what the shell
 * printed. Each block must print what the ```text block after it says it shows (`…` for what
 * changes from run to run: ids, times; no such block: nothing), as the reader compares them. A
 * block not meant to run is fenced otherwise (```http, ```ts).
 */

const guidesDir = join(repoRoot, 'docs', 'guides');

/**
 * Guides run by a test of their own, which checks each line they print as well: the sandbox's
 * economy needs a stack with a sandbox and its own users (test/e2e/sandbox-economy-guide.test.ts).
 */
const runElsewhere: ReadonlySet<string> = new Set(['sandbox-economy.md']);

/** What a guide needs besides its blocks; a guide not named here gets a stack and nothing more. */
const needs: Readonly<Record<string, { stack?: TestStackOptions | false; before?: () => Promise<void> }>> = {
  // The sandbox's ledger, history and webhooks, as `npm start` runs them.
  'platform-integration.md': { stack: { sandbox: true } },
  // Its last step opens the admin console, which `npm start` builds.
  'operator-day.md': { before: () => ensureConsoleBuilt(() => undefined) },
  // The repository and the local infrastructure alone (its int test starts what it needs).
  'first-change.md': { stack: false },
};

/** The environment of a guide's shell: the stack's coordinates, and the key its audit checkpoints verify with. */
function guideEnv(stack: TestStack | undefined): Record<string, string> {
  if (!stack) return {};
  const checkpointKey = createPublicKey(createPrivateKey(stack.env.history.AUDIT_CHECKPOINT_PRIVATE_KEY!));
  return { ...stackCoordinates(stack), AUDIT_CHECKPOINT_PUBLIC_KEYS: checkpointKey.export({ type: 'spki', format: 'pem' }).toString() };
}

/** Why a guide's run failed, naming the block it stopped in. */
function failure(file: string, run: GuideRun): string {
  const where = run.lastBlock
    ? `the block at docs/guides/${file}:${run.lastBlock.line} (under "${run.lastBlock.heading}")`
    : 'before its first block';
  return [
    `docs/guides/${file} stopped in ${where}, exit ${run.status}`,
    run.lastBlock ? `--- the block\n${run.lastBlock.code}` : '',
    `--- stdout (its end)\n${run.stdout.slice(-3000)}`,
    `--- stderr (its end)\n${run.stderr.slice(-3000)}`,
  ].join('\n');
}

/** Each block whose output is not what its ```text block says it shows, named by its line and heading. */
function shownMismatches(file: string, blocks: ShellBlock[], run: GuideRun): string[] {
  return blocks.flatMap((block, i) => {
    const why = shownMismatch(block.shows, run.printed[i] ?? '');
    return why === null
      ? []
      : [`docs/guides/${file}:${block.line} (under "${block.heading}") shows other than its text block says: ${why}`];
  });
}

describe('the guide runner', () => {
  it('when a block fails, then the run stops there and names that block; the blocks after it do not run', async () => {
    const markdown = [
      '# A guide',
      '```sh',
      'echo one',
      '```',
      '## Two',
      '```text',
      'not run',
      '```',
      '```sh',
      'false',
      '```',
      '## Three',
      '```sh',
      'echo three',
      '```',
    ].join('\n');
    const blocks = shellBlocks(markdown);
    expect(blocks.map((b) => [b.line, b.heading])).toEqual([
      [2, 'A guide'],
      [9, 'Two'],
      [13, 'Three'],
    ]);
    const run = await runBlocks(blocks, {});
    expect([run.status, run.lastBlock?.line, run.stdout]).toEqual([1, 9, 'one\n']);
    const passing = await runBlocks([blocks[0]!, blocks[2]!], {});
    expect([passing.status, passing.lastBlock, passing.stdout, passing.printed]).toEqual([
      0,
      undefined,
      'one\nthree\n',
      ['one\n', 'three\n'],
    ]);
  });

  it('when a block prints other than the text block after it shows, then that block is named with both; one that prints what it shows passes', async () => {
    const markdown = [
      '## Shown',
      '```sh',
      'echo "id 41"; echo done',
      '```',
      '```text',
      'id …',
      'done',
      '```',
      '## Silent',
      '```sh',
      'echo 403',
      '```',
    ].join('\n');
    const blocks = shellBlocks(markdown);
    const run = await runBlocks(blocks, {});
    expect(run.status).toBe(0);
    expect(shownMismatches('a.md', blocks, run)).toEqual([
      'docs/guides/a.md:10 (under "Silent") shows other than its text block says: expected nothing\nprinted\n403',
    ]);
  });

  it('when the guides are listed, then there are the four, each with blocks to run', () => {
    const files = readdirSync(guidesDir).filter((name) => name.endsWith('.md'));
    expect(files.sort()).toEqual(['first-change.md', 'operator-day.md', 'platform-integration.md', 'sandbox-economy.md']);
    for (const file of files) expect(shellBlocks(readFileSync(join(guidesDir, file), 'utf8')).length).toBeGreaterThan(3);
  });
});

describe.each(readdirSync(guidesDir).filter((name) => name.endsWith('.md') && !runElsewhere.has(name)))(
  'docs/guides/%s, pasted into a shell',
  (file) => {
    const need = needs[file] ?? {};
    let stack: TestStack | undefined;

    beforeAll(async () => {
      await need.before?.();
      if (need.stack !== false)
        stack = await startTestStack({
          ...(need.stack || {}),
          ownStack: 'runs a guide, whose fixed users, admins and keys no other file may have made first',
          extraEnv: npmStartSettings,
        });
    }, 120_000);
    afterAll(async () => {
      await stack?.close();
    });

    it('when its sh blocks run in order in one shell, then every one succeeds and prints what the guide says it shows', async () => {
      const blocks = shellBlocks(readFileSync(join(guidesDir, file), 'utf8'));
      const run = await runBlocks(blocks, guideEnv(stack));
      if (run.status !== 0) throw new Error(failure(file, run));
      expect(run.lastBlock).toBeUndefined();
      expect(shownMismatches(file, blocks, run)).toEqual([]);
      // A hang guard: a guide's blocks run whole tools (first-change.md runs jest three times, the
      // linters and a simulation) beside the rest of the tier; 46 to 59 s each here, over 227 s
      // for first-change.md on a box giving two threads half a core each.
    }, 420_000);
  },
);
