import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { headingAnchors, sectionTitles } from './citations';

export const root = join(__dirname, '..', '..');

/** The repository's tracked text files, read once: what a reader of a fresh clone has. */
export function trackedTextFiles(): { path: string; text: string }[] {
  const paths = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter(Boolean)
    // Frozen copies of released API documents: their text is what was released, never edited.
    .filter((path) => !path.startsWith('libs/client/released/'))
    // The checkers' own tests, whose examples cite missing sections on purpose.
    .filter((path) => !/^scripts\/docs\/[^/]+\.unit\.test\.ts$/.test(path));
  const files: { path: string; text: string }[] = [];
  for (const path of paths) {
    let text: string;
    try {
      text = readFileSync(join(root, path), 'utf8');
    } catch {
      continue; // deleted in the work tree, not yet in the index
    }
    if (!text.includes('\0')) files.push({ path, text });
  }
  return files;
}

/** A file's text by its path from the repository root, undefined when there is none. */
function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(join(root, path), 'utf8');
  } catch {
    return undefined; // not a doc of this repository (an RFC, another project's file)
  }
}

/**
 * Section titles of a cited doc: `docs/NAME.md` and a bare `NAME.md` are the docs under docs/
 * (a bare README.md the top-level one), any other path is read from the repository root, or else
 * from docs/ (`design/ledger.md`, as docs cite each other).
 */
export function docTitlesOf(): (cited: string) => string[] | undefined {
  const docs = new Set(readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')));
  const cache = new Map<string, string[] | undefined>();
  return (cited) => {
    const bare = cited.replace(/^docs\//, '');
    const path = !bare.includes('/') && docs.has(bare) ? join('docs', bare) : cited;
    if (!cache.has(path)) {
      const text = readOrUndefined(path) ?? (path.startsWith('docs/') ? undefined : readOrUndefined(join('docs', path)));
      cache.set(path, text === undefined ? undefined : sectionTitles(text));
    }
    return cache.get(path);
  };
}

/**
 * Anchors of a Markdown link's target, read as GitHub does: relative to the linking file's folder,
 * the linking file itself when the link is `#anchor` alone. Only Markdown files are checked, and a
 * file the repository does not hold is not.
 */
export function linkAnchorsOf(fromPath: string, fromText: string): (target: string) => Set<string> | undefined {
  return (target) => {
    if (target === '') return fromPath.endsWith('.md') ? headingAnchors(fromText) : undefined;
    if (target.startsWith('/')) return undefined;
    const text = readOrUndefined(normalize(join(dirname(fromPath), target)));
    return text === undefined ? undefined : headingAnchors(text);
  };
}

/**
 * A migration is frozen once applied: migrate refuses a file whose bytes changed since (its
 * checksum, libs/db `migrationChecksum`). So a migration's comments keep citing DESIGN.md and
 * OPERATIONS.md by the section names they were written with, and a section that has since moved
 * to docs/design/ or docs/operations/ is looked for there too.
 */
export function isFrozenMigration(path: string): boolean {
  return /(^|\/)migrations\/[^/]+\.sql$/.test(path);
}

/**
 * `titlesOf` as a file at `path` may cite: for a frozen migration, DESIGN.md with the detail of
 * docs/design/, and OPERATIONS.md with the pages of docs/operations/ (its sections moved there;
 * OPERATIONS.md's index links to them).
 */
export function titlesFor(path: string, titlesOf: (cited: string) => string[] | undefined): (cited: string) => string[] | undefined {
  if (!isFrozenMigration(path)) return titlesOf;
  const titlesIn = (dir: string) =>
    readdirSync(join(root, 'docs', dir))
      .filter((name) => name.endsWith('.md'))
      .flatMap((name) => sectionTitles(readFileSync(join(root, 'docs', dir, name), 'utf8')));
  const movedTo: ReadonlyArray<[RegExp, string[]]> = [
    [/(^|\/)DESIGN\.md$/, titlesIn('design')],
    [/(^|\/)OPERATIONS\.md$/, titlesIn('operations')],
  ];
  return (cited) => {
    const titles = titlesOf(cited);
    const moved = movedTo.find(([name]) => name.test(cited));
    return titles !== undefined && moved ? [...titles, ...moved[1]] : titles;
  };
}
