import { existsSync } from 'node:fs';
import { join } from 'node:path';

const repoRoot = join(__dirname, '..', '..');
// The sequencer is plain CommonJS: jest loads it untransformed.
const Sequencer = require('./sequencer.cjs') as {
  slowestFirst: string[];
  slowestFirstOrder(tests: { path: string }[]): { path: string }[];
};

describe('the slowest-first test sequencer', () => {
  it('when it names its slowest files, then each of them exists (a renamed file would silently lose its place)', () => {
    expect(Sequencer.slowestFirst.length).toBeGreaterThan(0);
    for (const file of Sequencer.slowestFirst) expect([file, existsSync(join(repoRoot, file))]).toEqual([file, true]);
  });

  it('when it sorts, then the named files come first in their order and the rest keeps the order it had', () => {
    const at = (file: string) => ({ path: join(repoRoot, file) });
    const sorted = Sequencer.slowestFirstOrder([
      at('libs/a.unit.test.ts'),
      at(Sequencer.slowestFirst[1]!),
      at('libs/b.unit.test.ts'),
      at(Sequencer.slowestFirst[0]!),
    ]);
    expect(sorted.map((t) => t.path.slice(repoRoot.length + 1))).toEqual([
      Sequencer.slowestFirst[0],
      Sequencer.slowestFirst[1],
      'libs/a.unit.test.ts',
      'libs/b.unit.test.ts',
    ]);
  });
});
