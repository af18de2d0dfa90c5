/**
 * What `npm ci` needs of package-lock.json, checked without the registry (the unit test next to
 * this file): every dependency a locked package names, optional ones for other platforms
 * included, resolves to a locked entry the way Node resolves it (its own node_modules, then each
 * enclosing one up to the root), and each workspace is locked at the version its package.json
 * says. `npm ci`, which the image's build runs (Dockerfile), refuses a lockfile that fails either.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface LockedPackage {
  version?: string;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

export interface Lockfile {
  packages: Record<string, LockedPackage>;
}

/** Where Node looks for `name` from the package installed at `at` ('' = the root), nearest first. */
export function lookupPaths(at: string, name: string): string[] {
  const paths: string[] = [];
  let dir = at;
  for (;;) {
    paths.push(dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`);
    if (dir === '') return paths;
    const nested = dir.lastIndexOf('/node_modules/');
    // A package right under the root's node_modules, or a workspace directory: the root is next.
    dir = nested === -1 ? '' : dir.slice(0, nested);
  }
}

/** Each dependency of a locked package that no locked entry answers: "<package> -> <name>". */
export function unresolvedDependencies(lock: Lockfile): string[] {
  const missing: string[] = [];
  for (const [at, locked] of Object.entries(lock.packages)) {
    if (locked.link) continue;
    const names = [...Object.keys(locked.dependencies ?? {}), ...Object.keys(locked.optionalDependencies ?? {})];
    for (const name of new Set(names)) {
      if (!lookupPaths(at, name).some((path) => lock.packages[path] !== undefined)) missing.push(`${at || '(root)'} -> ${name}`);
    }
  }
  return missing;
}

/** Each workspace whose locked version is not its package.json's: "<dir>: locked X, package.json Y". */
export function staleWorkspaceVersions(lock: Lockfile, repoRoot: string): string[] {
  const stale: string[] = [];
  for (const [at, locked] of Object.entries(lock.packages)) {
    if (at === '' || at.includes('node_modules/')) continue;
    const { version } = JSON.parse(readFileSync(join(repoRoot, at, 'package.json'), 'utf8')) as { version?: string };
    if (locked.version !== version) stale.push(`${at}: locked ${locked.version}, package.json ${version}`);
  }
  return stale;
}
