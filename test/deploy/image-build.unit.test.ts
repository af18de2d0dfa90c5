import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './manifests';

/**
 * What the image runs: the official base pinned by digest, and compiled JavaScript, which each
 * workspace exports under the `compiled` condition from the dist/ its tsconfig builds.
 */
const dockerfile = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');
const json = (file: string) => JSON.parse(readFileSync(join(repoRoot, file), 'utf8').replace(/^\s*\/\/.*$/gm, ''));

/** The TypeScript workspaces the image runs: every lib and service but the published packages, the CLI and the console. */
const runtimeWorkspaces = ['libs', 'services'].flatMap((dir) =>
  readdirSync(join(repoRoot, dir))
    .map((name) => `${dir}/${name}`)
    .filter((workspace) => !['libs/client', 'libs/events', 'libs/cli', 'services/admin-console'].includes(workspace)),
);

describe('the production image', () => {
  it('when the base image is named, then it is the official node image of the tag, pinned by the digest of its index', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-bookworm-slim@sha256:[0-9a-f]{64}$/m);
    const froms = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(new Set(froms)).toEqual(new Set([`\${NODE_IMAGE}`]));
  });

  it('when the runtime stage starts a command, then node runs the compiled entry point, and neither tsx nor TypeScript sources are there', () => {
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
    expect(runtime).toContain('ENTRYPOINT ["/usr/bin/tini", "--", "node", "--conditions=compiled", "scripts/container/entry.js"]');
    expect(runtime).not.toMatch(/tsx/);
    // The runtime copies the build stage's trees, from which every .ts was removed.
    expect(runtime).toMatch(/COPY --from=build \/app\/libs \.\/libs/);
    expect(dockerfile).toMatch(/-name '\*\.ts'.*-delete/);
    const pkg = json('package.json');
    expect(pkg.dependencies.tsx).toBeUndefined();
    expect(pkg.devDependencies.tsx).toBeDefined();
  });

  it.each(runtimeWorkspaces)(
    'when %s is loaded compiled, then each export names the dist/ file its tsconfig builds from the source the others load',
    (workspace) => {
      const pkg = json(`${workspace}/package.json`);
      const tsconfig = json(`${workspace}/tsconfig.json`);
      expect(tsconfig.compilerOptions).toMatchObject({ rootDir: 'src', outDir: 'dist' });
      for (const [subpath, target] of Object.entries(pkg.exports as Record<string, { compiled: string; default: string }>)) {
        expect([subpath, target.default]).toEqual([subpath, expect.stringMatching(/^\.\/src\/.+\.ts$/)]);
        expect(target.compiled).toBe(target.default.replace(/^\.\/src\//, './dist/').replace(/\.ts$/, '.js'));
        expect(Object.keys(target)).toEqual(['compiled', 'default']);
      }
    },
  );

  it("when the image's scripts are compiled, then their project references every workspace the image runs", () => {
    const references = (json('scripts/container/tsconfig.json').references as Array<{ path: string }>).map((r) =>
      r.path.replace(/^\.\.\/\.\.\//, ''),
    );
    expect(references).toEqual(expect.arrayContaining(runtimeWorkspaces));
  });
});
