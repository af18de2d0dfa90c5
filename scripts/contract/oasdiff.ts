/**
 * oasdiff (github.com/oasdiff/oasdiff), the OpenAPI diff tool the breaking-change check of the HTTP
 * API runs (docs/VERSIONING.md). It is a Go program: its npm wrapper downloads a release binary
 * from GitHub, so instead the one pinned version is built from its Go module with the Go
 * toolchain, `go install github.com/oasdiff/oasdiff@<version>`, into `.tools/oasdiff-<version>`
 * (gitignored), the same way on every machine. The module and its dependencies are verified
 * against the Go checksum database (GOSUMDB) by `go install` itself. Idempotent: a build whose
 * marker names the pinned version is used as it is; about two minutes the first time.
 *
 *   npx tsx scripts/contract/oasdiff.ts   # prints the path of the oasdiff command
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { goCommand, type Log, rel, repoRoot, run, tail } from '../infra/common';
import { withLock } from '../infra/python-tool';

/** The pinned release (a Go module version); change it here only, the tool is rebuilt on the next run. */
export const oasdiffVersion = 'v1.35.0';
const modulePath = 'github.com/oasdiff/oasdiff';

export const oasdiffDir = path.join(repoRoot, '.tools', `oasdiff-${oasdiffVersion}`);
const bin = path.join(oasdiffDir, 'oasdiff');
/** Written last, once the build succeeded and the command ran. */
const markerFile = path.join(oasdiffDir, 'installed-version');

function isReady(): boolean {
  try {
    return fs.readFileSync(markerFile, 'utf8').trim() === oasdiffVersion && fs.statSync(bin).isFile();
  } catch {
    return false;
  }
}

/** The path of the pinned `oasdiff` command, building it first when needed. */
export async function ensureOasdiff(log: Log = () => {}): Promise<string> {
  if (isReady()) return bin;
  return withLock(`${oasdiffDir}.lock`, 10 * 60_000, async () => {
    if (isReady()) return bin;
    const go = goCommand(`the API's breaking-change check (building oasdiff ${oasdiffVersion})`);
    log(`building oasdiff ${oasdiffVersion} into ${rel(oasdiffDir)} with ${go} (go install from the Go module proxy)`);
    // Built aside and moved into place at the end: an interrupted build leaves no half tool behind.
    const partial = `${oasdiffDir}.partial`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.mkdirSync(partial, { recursive: true });
    const built = await run(go, ['install', '-trimpath', `${modulePath}@${oasdiffVersion}`], {
      // Outside the repository: no go.mod or go.work of ours may steer the build.
      cwd: partial,
      env: {
        ...process.env,
        GOBIN: partial,
        CGO_ENABLED: '0',
        // An older Go fetches the toolchain the module's go.mod asks for (Go 1.21+).
        GOTOOLCHAIN: 'auto',
        GOFLAGS: '-mod=mod',
      },
    });
    if (built.code !== 0) throw new Error(`go install ${modulePath}@${oasdiffVersion} failed:\n${tail(built.stderr || built.stdout)}`);
    const version = await run(path.join(partial, 'oasdiff'), ['--version']);
    if (version.code !== 0) throw new Error(`the built oasdiff does not run: ${tail(version.stderr || version.stdout)}`);
    fs.writeFileSync(path.join(partial, 'installed-version'), `${oasdiffVersion}\n`);
    fs.rmSync(oasdiffDir, { recursive: true, force: true });
    fs.renameSync(partial, oasdiffDir);
    return bin;
  });
}

/** oasdiff's levels: 3 = error (breaking), 2 = warning (may break a client), 1 = info. */
export type ChangeLevel = 'error' | 'warning' | 'info';

/** One change oasdiff found between two documents (its `changelog` JSON format). */
export interface ApiChange {
  /** oasdiff's rule id, e.g. response-property-removed, new-required-request-property, endpoint-added. */
  id: string;
  level: ChangeLevel;
  text: string;
  /** "GET /api/wallets/me", or the document section for a change outside paths. */
  where: string;
}

const levels: Record<number, ChangeLevel> = { 3: 'error', 2: 'warning', 1: 'info' };

/**
 * Where this project's policy (docs/VERSIONING.md) is stricter than oasdiff's default levels
 * (`oasdiff checks changelog` lists them), passed as its --severity-levels file.
 */
export const severityOverrides: Record<string, 'err' | 'warn' | 'info' | 'none'> = {
  // A client may read an optional field; without it that client breaks (oasdiff: info).
  'response-optional-property-removed': 'err',
  // A client knows the success statuses of its release: a new one (a 202 beside a 201) is an
  // answer it has no type and no handling for (oasdiff: info).
  'response-success-status-added': 'err',
  // The version field is judged by api-versions.ts, which also asks for minor and patch bumps.
  'api-version-not-bumped': 'none',
  'api-version-decreased': 'none',
  'api-major-version-not-bumped': 'none',
};

/** The least deprecation period, in days, of a deprecated operation, parameter or property (its x-sunset). */
export const deprecationDays = 90;

/** oasdiff's rules about deprecation itself: a sunset date missing, too near, moved or deleted. */
const deprecationRule = /deprecat|sunset/;

/**
 * The document without its deprecation marks (`deprecated: true` and `x-sunset` wherever they
 * are; a schema property named "deprecated" is an object and stays). oasdiff reports nothing at
 * all when something deprecated is removed after its sunset date, not even with a raised level;
 * compared without the marks, that removal is the breaking change it is for this policy
 * (a removal waits for a new major version).
 */
export function withoutDeprecationMarks(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDeprecationMarks);
  if (!node || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'deprecated' && typeof value === 'boolean') || (key === 'x-sunset' && typeof value === 'string')) continue;
    copy[key] = withoutDeprecationMarks(value);
  }
  return copy;
}

/**
 * Every change from `base` to `revision` (paths of OpenAPI documents), as oasdiff's changelog
 * reports them at every level: the contract's changes compared without deprecation marks, and
 * oasdiff's deprecation rules (a sunset date at least `deprecationDays` away) on the documents
 * as they are.
 */
export async function apiChanges(base: string, revision: string): Promise<ApiChange[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oasdiff-'));
  try {
    const unmarked = (file: string, name: string) => {
      const target = path.join(dir, name);
      fs.writeFileSync(target, JSON.stringify(withoutDeprecationMarks(JSON.parse(fs.readFileSync(file, 'utf8')))));
      return target;
    };
    const contract = await oasdiffChangelog(unmarked(base, 'base.json'), unmarked(revision, 'revision.json'));
    const deprecation = (await oasdiffChangelog(base, revision)).filter((c) => deprecationRule.test(c.id));
    return [...contract, ...deprecation];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One `oasdiff changelog` run, with this project's levels, no configuration file of the
 * repository's (an .oasdiff.* in the working directory would change the rules) and no external
 * $refs followed.
 */
async function oasdiffChangelog(base: string, revision: string): Promise<ApiChange[]> {
  const oasdiff = await ensureOasdiff();
  const levelsFile = path.join(oasdiffDir, 'severity-levels.txt');
  const levelsText = Object.entries(severityOverrides)
    .map(([id, level]) => `${id} ${level}\n`)
    .join('');
  if (!fs.existsSync(levelsFile) || fs.readFileSync(levelsFile, 'utf8') !== levelsText) {
    // Written aside and renamed: another process may be reading it.
    const partial = `${levelsFile}.${process.pid}`;
    fs.writeFileSync(partial, levelsText);
    fs.renameSync(partial, levelsFile);
  }
  const result = await run(
    oasdiff,
    [
      'changelog',
      path.resolve(base),
      path.resolve(revision),
      '--format',
      'json',
      '--allow-external-refs=false',
      '--severity-levels',
      levelsFile,
      '--deprecation-days-stable',
      String(deprecationDays),
    ],
    { cwd: oasdiffDir },
  );
  if (result.code !== 0)
    throw new Error(`oasdiff changelog ${rel(base)} ${rel(revision)} failed:\n${tail(result.stderr || result.stdout)}`);
  const raw = JSON.parse(result.stdout || '[]') as Array<{
    id: string;
    level: number;
    text: string;
    operation?: string;
    path?: string;
    section?: string;
  }>;
  return raw.map((c) => ({
    id: c.id,
    level: levels[c.level] ?? 'error',
    text: c.text,
    where: c.operation && c.path ? `${c.operation} ${c.path}` : (c.section ?? 'document'),
  }));
}

if (require.main === module) {
  ensureOasdiff((line) => process.stderr.write(`[oasdiff] ${line}\n`)).then(
    (path) => process.stdout.write(`${path}\n`),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
