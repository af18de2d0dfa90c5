import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fourEyesActs, type FourEyesAct } from '@coin/contracts';
import { repoRoot } from './manifests';

/**
 * docs/design/security.md "Powers over money and who may" against the four-eyes table
 * (libs/contracts four-eyes-acts.ts): every power an act guards is a row of the power table whose
 * second person is the act's deciders, and every power the table gives a second person is guarded
 * by an act. So a new four-eyes act, or a power that gains a second person, is in both or fails here.
 */
const design = readFileSync(join(repoRoot, 'docs/design/security.md'), 'utf8');
const start = design.indexOf('\n## Powers over money and who may\n');
const end = design.indexOf('\n## ', start + 1);
const cellsOf = (line: string): string[] =>
  line
    .split('|')
    .slice(1, -1)
    .map((c) => c.trim());
const lines = design
  .slice(start, end)
  .split('\n')
  .filter((l) => l.startsWith('|'));
const header = cellsOf(lines[0] ?? '');
const powers = new Map(
  lines.slice(2).map((line) => {
    const [power, alone, second] = cellsOf(line);
    return [power!, { alone: alone!, second: second! }];
  }),
);
/** A power whose second party is no person deciding a request: the affiliate is attested by a platform client. */
const notARequest = new Set(['name the affiliate of a purchase']);

const acts = Object.entries(fourEyesActs) as Array<[FourEyesAct, (typeof fourEyesActs)[FourEyesAct]]>;

describe('the power table and the four-eyes acts', () => {
  it('when the power table is read, then its columns are the power, who alone, the second person, why and the test', () => {
    expect(start).toBeGreaterThan(0);
    expect(header).toEqual(['power', 'alone', 'second person', 'why one person is enough', 'test']);
  });

  it.each(acts)('when the act %s is read, then each power it guards is a row whose second person is its deciders', (_act, row) => {
    for (const power of row.powers) {
      const found = powers.get(power);
      expect({ power, found: found !== undefined }).toEqual({ power, found: true });
      expect(found?.second).not.toBe('none');
      expect(found?.second).toContain(row.deciders === 'SUPERADMIN' ? 'SUPERADMIN' : 'ADMIN+');
    }
  });

  it('when a power of the table takes a second person, then an act of the four-eyes table guards it', () => {
    const guarded = new Set<string>(acts.flatMap(([, row]) => row.powers));
    const second = [...powers].filter(([power, { second }]) => second !== 'none' && !notARequest.has(power)).map(([power]) => power);
    expect(second.filter((power) => !guarded.has(power))).toEqual([]);
  });
});
