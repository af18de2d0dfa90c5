/**
 * The rules of docs/VERSIONING.md for the HTTP API, as pure functions the unit test
 * scripts/contract/api-versions.unit.test.ts applies to the committed documents:
 *
 * - the OpenAPI document's `info.version` is a semantic version X.Y.Z;
 * - a released version's document is committed as libs/client/released/openapi-X.Y.Z.json, the
 *   baseline the current document (libs/client/openapi.json) is compared with;
 * - what changed since the baseline, as oasdiff reports it, decides the least version the current
 *   document may have: a breaking change (oasdiff's error or warning level: a removed operation,
 *   response field or status, a new required request field or parameter, a narrowed request type
 *   or enum, a new enum value in a response...) a new major version, any other change oasdiff
 *   reports (a new operation, a new optional field...) a new minor version, any other difference
 *   (descriptions, examples) a new patch version;
 * - each changelog has a section for its current version, and a released version's is dated.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../infra/common';
import type { ApiChange } from './oasdiff';

export const releasedDir = path.join(repoRoot, 'libs', 'client', 'released');
export const apiChangelogFile = path.join(repoRoot, 'docs', 'API_CHANGELOG.md');

export type Version = readonly [major: number, minor: number, patch: number];

/** X.Y.Z, each a decimal without leading zeros (semver 2.0.0 §2); no pre-release or build parts. */
export function parseVersion(text: string): Version {
  const match = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/.exec(text);
  if (!match) throw new Error(`"${text}" is not a version X.Y.Z (semantic versioning, no leading zeros, no suffix)`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

export function compareVersions(a: string, b: string): number {
  const [x, y] = [parseVersion(a), parseVersion(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}

/** The committed released documents, oldest first: [version, path]. */
export function releasedDocuments(dir = releasedDir): Array<{ version: string; file: string }> {
  return fs
    .readdirSync(dir)
    .flatMap((name) => {
      const match = /^openapi-(.+)\.json$/.exec(name);
      return match ? [{ version: match[1]!, file: path.join(dir, name) }] : [];
    })
    .sort((a, b) => compareVersions(a.version, b.version));
}

export type Bump = 'none' | 'patch' | 'minor' | 'major';

/**
 * Changes oasdiff reports about the version field itself: the version is what this check
 * judges, not a change of the contract.
 */
const aboutTheVersion = new Set(['api-version-not-bumped', 'api-version-decreased', 'api-major-version-not-bumped']);

/**
 * oasdiff tells the subschemas of an inline `anyOf` apart by their content, so when a component
 * they refer to gains a field (a Wallet's `frozen`), it reports the same subschemas as removed
 * (info) and added (error) at the same place: a modification, not a new shape. The modified
 * components are judged field by field where oasdiff compares them by name (every one of them is
 * also the direct answer of some operation), so the pair is left to those reports.
 */
function isModifiedAnyOf(change: ApiChange, changes: readonly ApiChange[]): boolean {
  if (change.id !== 'response-property-any-of-added') return false;
  const removal = change.text.replace(/^added /, 'removed ').replace(' to the ', ' from the ');
  return changes.some((c) => c.id === 'response-property-any-of-removed' && c.where === change.where && c.text === removal);
}

/** Breaking for a client built against the baseline: oasdiff's error and warning levels. */
export function breakingChanges(changes: readonly ApiChange[]): ApiChange[] {
  return changes.filter((c) => !aboutTheVersion.has(c.id) && c.level !== 'info' && !isModifiedAnyOf(c, changes));
}

/**
 * The least bump from the baseline the changes need. `documentsDiffer`: whether the documents
 * differ at all outside `info.version` (a description oasdiff does not report is a patch).
 */
export function requiredBump(changes: readonly ApiChange[], documentsDiffer: boolean): Bump {
  const contract = changes.filter((c) => !aboutTheVersion.has(c.id));
  if (breakingChanges(contract).length > 0) return 'major';
  if (contract.length > 0) return 'minor';
  return documentsDiffer ? 'patch' : 'none';
}

/** The smallest version that is `bump` above `baseline`. */
export function nextVersion(baseline: string, bump: Bump): string {
  const [major, minor, patch] = parseVersion(baseline);
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  if (bump === 'patch') return `${major}.${minor}.${patch + 1}`;
  return baseline;
}

/** Whether `current` is at least `bump` above `baseline` (any higher version qualifies too). */
export function versionAllows(baseline: string, current: string, bump: Bump): boolean {
  if (bump === 'none') return compareVersions(current, baseline) >= 0;
  const [b, c] = [parseVersion(baseline), parseVersion(current)];
  if (bump === 'major') return c[0] > b[0];
  if (bump === 'minor') return c[0] > b[0] || (c[0] === b[0] && c[1] > b[1]);
  return compareVersions(current, baseline) > 0;
}

/**
 * What is wrong with `current` as the version of a document with these changes since the
 * released `baseline`; empty when nothing is. Each problem says what to do.
 */
export function judgeApiVersion(input: {
  baseline: string;
  current: string;
  changes: readonly ApiChange[];
  documentsDiffer: boolean;
}): string[] {
  const { baseline, current, changes, documentsDiffer } = input;
  parseVersion(current);
  if (compareVersions(current, baseline) < 0) {
    return [`info.version ${current} is below the last released version ${baseline}`];
  }
  const bump = requiredBump(changes, documentsDiffer);
  if (versionAllows(baseline, current, bump)) return [];
  const listed = (bump === 'major' ? breakingChanges(changes) : changes.filter((c) => !aboutTheVersion.has(c.id)))
    .map((c) => `  - [${c.id}] ${c.where}: ${c.text}`)
    .join('\n');
  const why =
    bump === 'major'
      ? `it breaks clients of ${baseline}:\n${listed}\nA breaking change needs a new major version and the deprecation period of docs/VERSIONING.md; make the change additive instead where you can.`
      : bump === 'minor'
        ? `it changes the contract compatibly:\n${listed}`
        : 'its text differs (descriptions, examples or other parts oasdiff does not report)';
  return [
    `the API document changed since the released ${baseline} and info.version is ${current}: ${why}\n` +
      `Set info.version to ${nextVersion(baseline, bump)} (currentApiVersion, libs/contracts/src/api-version.ts), run npm run client:generate, ` +
      `and describe the change under "## [${nextVersion(baseline, bump)}] - Unreleased" in docs/API_CHANGELOG.md.`,
  ];
}

/** A changelog's sections: `## [X.Y.Z] - YYYY-MM-DD` or `## [X.Y.Z] - Unreleased`, newest first. */
export interface ChangelogSection {
  version: string;
  /** The release date, or undefined while unreleased. */
  date: string | undefined;
  body: string;
}

export function changelogSections(markdown: string): ChangelogSection[] {
  const sections: ChangelogSection[] = [];
  const headings = [...markdown.matchAll(/^## (.*)$/gm)];
  headings.forEach((heading, i) => {
    const match = /^\[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2}|Unreleased)$/.exec(heading[1]!);
    if (!match) throw new Error(`changelog heading "${heading[0]}" is not "## [X.Y.Z] - YYYY-MM-DD" or "## [X.Y.Z] - Unreleased"`);
    const end = headings[i + 1]?.index ?? markdown.length;
    sections.push({
      version: match[1]!,
      date: match[2] === 'Unreleased' ? undefined : match[2],
      body: markdown.slice(heading.index! + heading[0].length, end).trim(),
    });
  });
  return sections;
}

/**
 * What is wrong with a changelog for a package or API at `current`: its newest section must be
 * `current`'s, with something in it, sections newest first, each released version dated.
 * `baselines`: the versions whose contract is committed as a baseline (the HTTP API's), when a
 * dated section newer than them all would be a release whose baseline was not committed.
 */
export function judgeChangelog(
  name: string,
  markdown: string,
  current: string,
  released: readonly string[],
  baselines?: readonly string[],
): string[] {
  const sections = changelogSections(markdown);
  const problems: string[] = [];
  if (sections[0]?.version !== current) {
    problems.push(
      `${name}: the newest section is ${sections[0]?.version ?? 'missing'}, the version is ${current}: add "## [${current}] - Unreleased"`,
    );
  }
  for (const [i, section] of sections.entries()) {
    if (section.body === '') problems.push(`${name}: the section of ${section.version} is empty`);
    const older = sections[i + 1];
    if (older && compareVersions(section.version, older.version) <= 0) {
      problems.push(`${name}: ${section.version} is listed above ${older.version}: newest first, each version once`);
    }
  }
  for (const version of released) {
    const section = sections.find((s) => s.version === version);
    if (!section?.date) problems.push(`${name}: the released ${version} has no dated section ("## [${version}] - YYYY-MM-DD")`);
  }
  if (baselines) {
    const newest = baselines.at(-1);
    for (const section of sections) {
      if (section.date && (newest === undefined || compareVersions(section.version, newest) > 0)) {
        problems.push(
          `${name}: ${section.version} is dated (released) but has no baseline: copy libs/client/openapi.json to libs/client/released/openapi-${section.version}.json`,
        );
      }
    }
  }
  return problems;
}

/** The document without `info.version`, to tell a version bump from a change of the contract. */
export function withoutVersion(doc: Record<string, any>): Record<string, any> {
  return { ...doc, info: { ...doc.info, version: undefined } };
}
