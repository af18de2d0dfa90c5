import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { eventContractVersion } from '@coin/contracts';
import { repoRoot } from '../infra/common';
import {
  apiChangelogFile,
  breakingChanges,
  changelogSections,
  judgeApiVersion,
  judgeChangelog,
  nextVersion,
  parseVersion,
  releasedDocuments,
  requiredBump,
  versionAllows,
  withoutVersion,
} from './api-versions';
import { scaledBound } from '../../test/harness/machine-speed';
import { type ApiChange, apiChanges, ensureOasdiff, withoutDeprecationMarks } from './oasdiff';

// A hang guard, not a speed target: the checks of the repository's documents run oasdiff on the
// whole API document (about 2 s a run on the 2-core machine, several times that beside busy
// loops), so the guard is scaled by the machine's factor.
jest.setTimeout(scaledBound(60_000));

type Json = Record<string, any>;
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Json;
const readText = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');
const currentDocumentFile = path.join(repoRoot, 'libs', 'client', 'openapi.json');
const change = (id: string, level: ApiChange['level']): ApiChange => ({ id, level, text: id, where: 'GET /x' });

describe('versions X.Y.Z', () => {
  it('then only three decimals without leading zeros or suffixes are versions, compared numerically', () => {
    expect(parseVersion('2.10.0')).toEqual([2, 10, 0]);
    for (const bad of ['1.0', 'v1.0.0', '01.0.0', '1.0.0-beta.1', '1.0.0+build', ' 1.0.0', '1.0.0.0', ''])
      expect(() => parseVersion(bad)).toThrow('is not a version X.Y.Z');
    expect(versionAllows('2.9.0', '2.10.0', 'minor')).toBe(true);
  });

  it('then a major bump needs a greater major, a minor one a greater minor in the same major or a greater major, a patch any greater version', () => {
    expect([versionAllows('2.3.1', '3.0.0', 'major'), versionAllows('2.3.1', '2.99.0', 'major')]).toEqual([true, false]);
    expect([
      versionAllows('2.3.1', '2.4.0', 'minor'),
      versionAllows('2.3.1', '3.0.0', 'minor'),
      versionAllows('2.3.1', '2.3.9', 'minor'),
    ]).toEqual([true, true, false]);
    expect([versionAllows('2.3.1', '2.3.2', 'patch'), versionAllows('2.3.1', '2.3.1', 'patch')]).toEqual([true, false]);
    expect([versionAllows('2.3.1', '2.3.1', 'none'), versionAllows('2.3.1', '2.3.0', 'none')]).toEqual([true, false]);
    expect(['major', 'minor', 'patch', 'none'].map((b) => nextVersion('2.3.1', b as never))).toEqual(['3.0.0', '2.4.0', '2.3.2', '2.3.1']);
  });
});

describe('the bump a change needs', () => {
  it("then oasdiff's errors and warnings are breaking (major), its other findings minor, another difference a patch, none none", () => {
    expect(requiredBump([change('response-property-removed', 'warning'), change('endpoint-added', 'info')], true)).toBe('major');
    expect(requiredBump([change('new-required-request-property', 'error')], true)).toBe('major');
    expect(requiredBump([change('endpoint-added', 'info')], true)).toBe('minor');
    expect(requiredBump([], true)).toBe('patch');
    expect(requiredBump([], false)).toBe('none');
  });

  it("then oasdiff's remark that the version was not raised is not a change of the contract", () => {
    const remark = change('api-version-not-bumped', 'info');
    expect(requiredBump([remark], false)).toBe('none');
    expect(breakingChanges([remark, change('api-path-removed-without-deprecation', 'error')]).map((c) => c.id)).toEqual([
      'api-path-removed-without-deprecation',
    ]);
  });

  it('then a judged version below what the change needs names the change, the version to set and where', () => {
    const breaking = [change('response-success-status-removed', 'error')];
    const [problem] = judgeApiVersion({ baseline: '2.0.0', current: '2.1.0', changes: breaking, documentsDiffer: true });
    expect(problem).toContain('[response-success-status-removed] GET /x');
    expect(problem).toContain('Set info.version to 3.0.0 (currentApiVersion, libs/contracts/src/api-version.ts)');
    expect(problem).toContain('"## [3.0.0] - Unreleased" in docs/API_CHANGELOG.md');
    expect(judgeApiVersion({ baseline: '2.0.0', current: '3.0.0', changes: breaking, documentsDiffer: true })).toEqual([]);
    expect(judgeApiVersion({ baseline: '2.0.0', current: '2.0.0', changes: [], documentsDiffer: true })[0]).toContain(
      'Set info.version to 2.0.1',
    );
    expect(judgeApiVersion({ baseline: '2.0.0', current: '2.0.0', changes: [], documentsDiffer: false })).toEqual([]);
    expect(judgeApiVersion({ baseline: '2.0.0', current: '1.9.0', changes: [], documentsDiffer: false })).toEqual([
      'info.version 1.9.0 is below the last released version 2.0.0',
    ]);
  });
});

describe('changelogs', () => {
  const changelog = ['# Changelog', '', '## [2.1.0] - Unreleased', '', '- b', '', '## [2.0.0] - 2026-11-23', '', '- a', ''].join('\n');

  it('then their sections are read newest first with their dates, an unknown heading refused', () => {
    expect(changelogSections(changelog)).toEqual([
      { version: '2.1.0', date: undefined, body: '- b' },
      { version: '2.0.0', date: '2026-11-23', body: '- a' },
    ]);
    expect(() => changelogSections('## 2.0.0\n')).toThrow('is not "## [X.Y.Z] - YYYY-MM-DD"');
  });

  it("then the newest section must be the current version's, each released version dated, sections in order and not empty", () => {
    expect(judgeChangelog('c', changelog, '2.1.0', ['2.0.0'], ['2.0.0'])).toEqual([]);
    expect(judgeChangelog('c', changelog, '2.2.0', ['2.0.0'])).toEqual([
      'c: the newest section is 2.1.0, the version is 2.2.0: add "## [2.2.0] - Unreleased"',
    ]);
    expect(judgeChangelog('c', changelog, '2.1.0', ['2.0.0', '2.1.0'])).toEqual([
      'c: the released 2.1.0 has no dated section ("## [2.1.0] - YYYY-MM-DD")',
    ]);
    const swapped = ['## [2.0.0] - 2026-11-23', '- a', '## [2.1.0] - Unreleased', ''].join('\n');
    expect(judgeChangelog('c', swapped, '2.0.0', [])).toEqual([
      'c: 2.0.0 is listed above 2.1.0: newest first, each version once',
      'c: the section of 2.1.0 is empty',
    ]);
  });

  it('then a dated section newer than every committed baseline is a release whose baseline is missing', () => {
    const released = changelog.replace('Unreleased', '2026-12-01');
    expect(judgeChangelog('c', released, '2.1.0', ['2.0.0'], ['1.0.0', '2.0.0'])).toEqual([
      'c: 2.1.0 is dated (released) but has no baseline: copy libs/client/openapi.json to libs/client/released/openapi-2.1.0.json',
    ]);
  });
});

/*
 * The check itself, oasdiff on documents made from the last released one: what a client of that
 * release would notice must be breaking. oasdiff is built on first use (about two minutes).
 */
describe('the breaking-change check of the HTTP API (oasdiff)', () => {
  /**
   * The operations these cases edit, and the command status whose inline anyOf holds the shared
   * Wallet. oasdiff compares operation by operation, so the released document is trimmed to them,
   * its components kept whole: the other operations change no finding here, and with them each
   * oasdiff run took 1.1 s instead of 0.07 s.
   */
  const operationsUnderTest = ['/api/wallets/me', '/api/coins/transfer', '/api/coins/transactions/{id}', '/api/commands/{idempotencyKey}'];
  let released: Json;
  let dir: string;
  const written = (doc: Json) => {
    const file = path.join(dir, `document-${Math.random().toString(36).slice(2)}.json`);
    fs.writeFileSync(file, JSON.stringify(doc));
    return file;
  };
  /** The released document, edited by `base` (if given) and then by `edit`: the changes from the one to the other. */
  const changed = async (edit: (doc: Json) => void, base: (doc: Json) => void = () => {}) => {
    const before = structuredClone(released);
    base(before);
    const after = structuredClone(before);
    edit(after);
    const changes = await apiChanges(written(before), written(after));
    const documentsDiffer = JSON.stringify(withoutVersion(before)) !== JSON.stringify(withoutVersion(after));
    return { changes, bump: requiredBump(changes, documentsDiffer), documentsDiffer };
  };
  /**
   * The JSON schema of one operation's body, to edit. A body that names a shared model
   * (components.schemas) gets its own copy first, so the edit changes this operation only.
   */
  const jsonBody = (doc: Json, pathName: string, method: string, status?: string) => {
    const operation = doc.paths[pathName][method];
    const content = (status ? operation.responses[status] : operation.requestBody).content['application/json'];
    const ref = typeof content.schema.$ref === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(content.schema.$ref) : null;
    if (ref) content.schema = structuredClone(doc.components.schemas[ref[1]!]);
    return content.schema as Json;
  };

  beforeAll(async () => {
    const whole = readJson(releasedDocuments().at(-1)!.file);
    released = { ...whole, paths: Object.fromEntries(operationsUnderTest.map((name) => [name, whole.paths[name]])) };
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-versions-'));
    await ensureOasdiff();
  }, 600_000);

  it('then every operation the cases edit is in the released document', () => {
    expect(operationsUnderTest.filter((name) => !released.paths[name])).toEqual([]);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('when a response field is removed, then the change is breaking and a minor version is refused', async () => {
    const { changes, bump } = await changed((doc) => {
      const wallet = jsonBody(doc, '/api/wallets/me', 'get', '200');
      delete wallet.properties.balance;
      wallet.required = (wallet.required as string[]).filter((name) => name !== 'balance');
    });
    expect(bump).toBe('major');
    expect(breakingChanges(changes).map((c) => [c.where, c.text])).toEqual([['GET /api/wallets/me', expect.stringContaining('`balance`')]]);
    expect(judgeApiVersion({ baseline: '2.0.0', current: '2.1.0', changes, documentsDiffer: true })[0]).toContain(
      'breaks clients of 2.0.0',
    );
  });

  it('when an optional response field is removed, then that is breaking too (a client may read it)', async () => {
    const { changes, bump } = await changed((doc) => {
      delete jsonBody(doc, '/api/coins/transactions/{id}', 'get', '200').properties.approval;
    });
    expect([bump, breakingChanges(changes).map((c) => c.where)]).toEqual(['major', ['GET /api/coins/transactions/{id}']]);
  });

  it('when a request gets a new required field, then the change is breaking', async () => {
    const { changes, bump } = await changed((doc) => {
      const body = jsonBody(doc, '/api/coins/transfer', 'post');
      body.properties.memo = { type: 'string', maxLength: 100 };
      body.required = [...(body.required as string[]), 'memo'];
    });
    expect(bump).toBe('major');
    expect(breakingChanges(changes).map((c) => [c.id, c.where])).toEqual([['new-required-request-property', 'POST /api/coins/transfer']]);
  });

  it('when an operation is removed or a request enum narrowed, then the change is breaking', async () => {
    const removed = await changed((doc) => {
      delete doc.paths['/api/wallets/me'].get;
    });
    expect(removed.bump).toBe('major');
    const narrowed = await changed((doc) => {
      const treasury = jsonBody(doc, '/api/coins/transfer', 'post').properties.toTreasury;
      treasury.enum = (treasury.enum as string[]).filter((t) => t !== 'OPERATIONS');
    });
    expect([narrowed.bump, breakingChanges(narrowed.changes).map((c) => c.where)]).toEqual(['major', ['POST /api/coins/transfer']]);
  });

  it('when a response gets a new optional field, then the change is compatible and needs a minor version', async () => {
    const { changes, bump } = await changed((doc) => {
      jsonBody(doc, '/api/wallets/me', 'get', '200').properties.nickname = { type: 'string' };
    });
    expect([bump, breakingChanges(changes)]).toEqual(['minor', []]);
    expect(judgeApiVersion({ baseline: '2.0.0', current: '2.0.1', changes, documentsDiffer: true })[0]).toContain(
      'Set info.version to 2.1.0',
    );
    expect(judgeApiVersion({ baseline: '2.0.0', current: '2.1.0', changes, documentsDiffer: true })).toEqual([]);
  });

  it('when a shared model gains a field, then the inline anyOf that holds it (a command status) is a modification, not a breaking new shape; removing one of its fields is still breaking', async () => {
    const added = await changed((doc) => {
      const wallet = doc.components.schemas.Wallet;
      wallet.properties.nickname = { type: 'string' };
    });
    expect(added.changes.map((c) => c.id)).toContain('response-property-any-of-added');
    expect([added.bump, breakingChanges(added.changes)]).toEqual(['minor', []]);
    const removed = await changed((doc) => {
      const wallet = doc.components.schemas.Wallet;
      delete wallet.properties.activeCoins;
      wallet.required = (wallet.required as string[]).filter((name) => name !== 'activeCoins');
    });
    expect(removed.bump).toBe('major');
    expect(breakingChanges(removed.changes).some((c) => c.text.includes('activeCoins'))).toBe(true);
  });

  it('when an operation is deprecated, then it needs a sunset date at least 90 days away, and its removal is breaking', async () => {
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const deprecate = (sunset?: string) => (doc: Json) => {
      Object.assign(doc.paths['/api/wallets/me'].get, { deprecated: true }, sunset ? { 'x-sunset': sunset } : {});
    };
    expect((await changed(deprecate())).bump).toBe('major');
    expect((await changed(deprecate(inDays(30)))).bump).toBe('major');
    const announced = await changed(deprecate(inDays(120)));
    expect([announced.bump, announced.changes.map((c) => c.id)]).toEqual(['minor', ['endpoint-deprecated-with-sunset']]);
    const removedAfterSunset = await changed(
      (doc) => {
        delete doc.paths['/api/wallets/me'].get;
      },
      deprecate(inDays(-1)),
    );
    expect(removedAfterSunset.bump).toBe('major');
    const fieldRemovedAfterSunset = await changed(
      (doc) => {
        delete jsonBody(doc, '/api/coins/transactions/{id}', 'get', '200').properties.approval;
      },
      (doc) => {
        Object.assign(jsonBody(doc, '/api/coins/transactions/{id}', 'get', '200').properties.approval, {
          deprecated: true,
          'x-sunset': inDays(-1),
        });
      },
    );
    expect(fieldRemovedAfterSunset.bump).toBe('major');
  });

  it('then the deprecation marks it compares without are only the boolean deprecated and the x-sunset date', () => {
    const schema = { deprecated: true, 'x-sunset': '2027-01-01', properties: { deprecated: { type: 'boolean', deprecated: true } } };
    expect(withoutDeprecationMarks([schema])).toEqual([{ properties: { deprecated: { type: 'boolean' } } }]);
  });

  it('when only a description changes, then a patch version is enough', async () => {
    const result = await changed((doc) => {
      doc.paths['/api/wallets/me'].get.summary = 'The wallet of the caller';
    });
    expect([result.bump, result.changes]).toEqual(['patch', []]);
  });

  it('then 1.0.0 to 2.0.0 was breaking: registration answers 202 instead of 201, a reward by a person needs an API key', async () => {
    const [first, second] = releasedDocuments();
    const changes = await apiChanges(first!.file, second!.file);
    const breaking = breakingChanges(changes).map((c) => `${c.id} ${c.where}`);
    expect(breaking).toEqual(
      expect.arrayContaining(['response-success-status-removed POST /api/auth/register', 'api-security-removed POST /api/admin/reward']),
    );
    expect(judgeApiVersion({ baseline: first!.version, current: second!.version, changes, documentsDiffer: true })).toEqual([]);
  });
});

describe('the versions of the HTTP API, @coin/client and @coin/events in the repository', () => {
  const current = readJson(currentDocumentFile);
  const released = releasedDocuments();
  const baseline = released.at(-1)!;

  beforeAll(() => ensureOasdiff(), 600_000);

  it('then each released document is named for its info.version', () => {
    expect(released.map((r) => r.version)).toEqual(released.map((r) => readJson(r.file).info.version));
    expect(released.length).toBeGreaterThan(0);
  });

  it('then the current API document (libs/client/openapi.json) has a version its changes since the last release allow', async () => {
    const changes = await apiChanges(baseline.file, currentDocumentFile);
    const documentsDiffer = JSON.stringify(withoutVersion(current)) !== JSON.stringify(withoutVersion(readJson(baseline.file)));
    const problems = judgeApiVersion({ baseline: baseline.version, current: current.info.version, changes, documentsDiffer });
    if (problems.length > 0) throw new Error(problems.join('\n'));
  });

  it("then docs/API_CHANGELOG.md has the current version's section and a dated one per release", () => {
    const versions = released.map((r) => r.version);
    const markdown = fs.readFileSync(apiChangelogFile, 'utf8');
    expect(judgeChangelog('docs/API_CHANGELOG.md', markdown, current.info.version, versions, versions)).toEqual([]);
  });

  it("then @coin/client's CHANGELOG has a section for its version that names the API version it is generated from", () => {
    const { version } = readJson(path.join(repoRoot, 'libs', 'client', 'package.json'));
    const markdown = readText('libs/client/CHANGELOG.md');
    expect(judgeChangelog('libs/client/CHANGELOG.md', markdown, version, [])).toEqual([]);
    const section = changelogSections(markdown)[0]!;
    expect([version, section.body.includes(`API ${current.info.version}`)]).toEqual([version, true]);
  });

  it("then @coin/events, the AsyncAPI document's info.version and the events CHANGELOG carry one version", () => {
    const { version } = readJson(path.join(repoRoot, 'libs', 'events', 'package.json'));
    expect(eventContractVersion).toBe(version);
    expect(readJson(path.join(repoRoot, 'libs', 'events', 'asyncapi.json')).info.version).toBe(version);
    expect(judgeChangelog('libs/events/CHANGELOG.md', readText('libs/events/CHANGELOG.md'), version, [])).toEqual([]);
  });
});
