import { existsSync } from 'node:fs';
import { join } from 'node:path';
import config, { longTier, toolDrivenUnitFiles } from '../../jest.config';

const repoRoot = join(__dirname, '..', '..');

type Project = { displayName?: string; testMatch?: string[]; testPathIgnorePatterns?: string[] };
const projects = (config.projects ?? []) as Project[];
const project = (name: string) => projects.find((p) => p.displayName === name)!;

describe('the two test tiers (jest.config.ts)', () => {
  it("when the long tier or the quick run's list names a file, then it exists (a renamed file would silently leave a tier)", () => {
    expect(longTier.length).toBeGreaterThan(0);
    for (const file of [...longTier, ...toolDrivenUnitFiles]) expect([file, existsSync(join(repoRoot, file))]).toEqual([file, true]);
  });

  it('when a file is in the long tier, then the unit, int and e2e projects leave it out and the long project runs it', () => {
    for (const name of ['unit', 'int', 'e2e']) {
      const ignored = (project(name).testPathIgnorePatterns ?? []).map((pattern) => new RegExp(pattern));
      for (const file of longTier) expect([name, file, ignored.some((re) => re.test(join(repoRoot, file)))]).toEqual([name, file, true]);
    }
    expect(project('long').testMatch).toEqual(longTier.map((file) => `<rootDir>/${file}`));
  });

  it("when the gate leaves a file out, then only a long one: a file of the gate that merely shares a long one's name stays in", () => {
    const ignored = (project('e2e').testPathIgnorePatterns ?? []).map((pattern) => new RegExp(pattern));
    expect(ignored.some((re) => re.test(join(repoRoot, 'test/e2e/money.test.ts')))).toBe(false);
    expect(ignored.some((re) => re.test(join(repoRoot, 'test/e2e/other-guides.test.ts')))).toBe(false);
    expect(ignored.some((re) => re.test(join(repoRoot, 'test/e2e/guides.test.tsx')))).toBe(false);
  });
});
