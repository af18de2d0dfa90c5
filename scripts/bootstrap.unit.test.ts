import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..');

/** What a command run after the set-up (`sh scripts/bootstrap.sh exec …`) finds, without a setting of its own. */
function afterSetUp(expression: string, env: NodeJS.ProcessEnv = {}): string {
  const { NODE_COMPILE_CACHE: _caller, ...inherited } = process.env;
  return execFileSync('sh', ['scripts/bootstrap.sh', 'exec', process.execPath, '-p', expression], {
    cwd: root,
    env: { ...inherited, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
}

describe("the set-up's Node code cache", () => {
  it('when a command runs after the set-up, then Node reads and writes its modules’ compiled code in node_modules/.cache', () => {
    const dir = afterSetUp("require('node:module').getCompileCacheDir() ?? 'none'");
    expect(dir.startsWith(join(root, 'node_modules', '.cache', 'node-compile-cache'))).toBe(true);
  });

  it('when the caller names a cache of its own, then that one is used', () => {
    const own = join(root, '.run', 'own-compile-cache');
    expect(afterSetUp('process.env.NODE_COMPILE_CACHE', { NODE_COMPILE_CACHE: own })).toBe(own);
  });
});
