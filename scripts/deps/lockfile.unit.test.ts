import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../infra/common';
import { type Lockfile, lookupPaths, staleWorkspaceVersions, unresolvedDependencies } from './lockfile';

const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as Lockfile;

describe('package-lock.json, as npm ci reads it', () => {
  it('then every dependency of every locked package, optional builds for other platforms included, has a locked entry', () => {
    expect(unresolvedDependencies(lock)).toEqual([]);
  });

  it('then every workspace is locked at the version of its package.json', () => {
    expect(staleWorkspaceVersions(lock, repoRoot)).toEqual([]);
  });
});

describe('the lockfile check', () => {
  it("then a dependency is looked up in the package's own node_modules, then in each enclosing one, then at the root", () => {
    expect(lookupPaths('node_modules/a/node_modules/b', 'c')).toEqual([
      'node_modules/a/node_modules/b/node_modules/c',
      'node_modules/a/node_modules/c',
      'node_modules/c',
    ]);
    expect(lookupPaths('libs/client', 'x')).toEqual(['libs/client/node_modules/x', 'node_modules/x']);
    expect(lookupPaths('', '@s/y')).toEqual(['node_modules/@s/y']);
  });

  it('when an optional build of another platform is not locked, then it is named, as npm ci would refuse it', () => {
    const partial: Lockfile = {
      packages: {
        '': { dependencies: { resolver: '1.0.0' } },
        'node_modules/resolver': { version: '1.0.0', optionalDependencies: { 'resolver-linux': '1.0.0', 'resolver-darwin': '1.0.0' } },
        'node_modules/resolver-linux': { version: '1.0.0' },
        'libs/a': { version: '1.0.0', dependencies: { resolver: '1.0.0' } },
        'node_modules/@coin/a': { link: true },
      },
    };
    expect(unresolvedDependencies(partial)).toEqual(['node_modules/resolver -> resolver-darwin']);
  });
});
