import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compare, type LongFunction, longFunctionsIn, maxLines, scan } from './long-functions';

/**
 * The long-function checker on small sources: it measures a function by the lines it spans, takes
 * the marker comment as an allowance, skips test-suite callbacks, and holds the result to a
 * baseline that only shrinks.
 */

/** A function declaration spanning exactly `lines` lines, optionally under a comment line. */
function functionOf(name: string, lines: number, comment = ''): string {
  const body = Array.from({ length: lines - 2 }, (_, index) => `  const v${index} = ${index};`);
  return [comment, `export function ${name}(): void {`, ...body, '}', ''].filter((line, index) => index > 0 || line !== '').join('\n');
}

describe('long-function checker', () => {
  it('measures a function from its first to its last line and reports it only over the limit', () => {
    const source = `${functionOf('atLimit', maxLines)}\n${functionOf('overLimit', maxLines + 1)}`;
    expect(longFunctionsIn('libs/x/src/a.ts', source)).toEqual([{ file: 'libs/x/src/a.ts', name: 'overLimit', lines: maxLines + 1 }]);
  });

  it('names an arrow function by its variable and repeats with a suffix', () => {
    const arrow = (name: string): string => `const ${name} = () => {\n${'  run();\n'.repeat(maxLines)}};\n`;
    const found = longFunctionsIn('libs/x/src/b.ts', `${arrow('handler')}{\n${arrow('handler')}}\n`);
    expect(found.map((entry) => entry.name)).toEqual(['handler', 'handler#2']);
  });

  it('accepts a long function under the marker comment', () => {
    const source = functionOf('routes', maxLines + 20, '// long-function: a route table');
    expect(longFunctionsIn('services/x/src/routes.ts', source)).toEqual([]);
    const arrow = `// long-function: a table of cases\nexport const table = () => [\n${'  1,\n'.repeat(maxLines)}];\n`;
    expect(longFunctionsIn('services/x/src/table.ts', arrow)).toEqual([]);
  });

  it('does not take a comment without the marker, or one separated by code, as an allowance', () => {
    expect(longFunctionsIn('a.ts', functionOf('plain', maxLines + 1, '// a long function'))).toHaveLength(1);
    expect(longFunctionsIn('a.ts', `// long-function: a table\nconst x = 1;\n${functionOf('far', maxLines + 1)}`)).toHaveLength(1);
  });

  it("skips a test file's describe/it callbacks but measures functions declared inside them", () => {
    const inner = functionOf('helper', maxLines + 1).replace('export ', '');
    const source = `describe('suite', () => {\n${inner}\n  it('case', async () => {\n${'    step();\n'.repeat(maxLines)}  });\n});\n`;
    expect(longFunctionsIn('libs/x/src/a.test.ts', source).map((entry) => entry.name)).toEqual(['helper']);
    expect(
      longFunctionsIn('libs/x/src/a.ts', source)
        .map((entry) => entry.name)
        .sort(),
    ).toEqual(['describe(callback)', 'helper', 'it(callback)']);
  });
});

describe('long-function baseline', () => {
  const entry = (name: string, lines: number): LongFunction => ({ file: 'libs/x/src/a.ts', name, lines });

  it('passes when the present state is the baseline', () => {
    expect(compare([entry('big', 90)], [entry('big', 90)])).toEqual({ errors: [], needsWrite: [] });
  });

  it('fails on a new function over the limit', () => {
    const verdict = compare([entry('big', 90), entry('fresh', 71)], [entry('big', 90)]);
    expect(verdict.errors).toEqual([`libs/x/src/a.ts: fresh has 71 lines (limit ${maxLines}); split it`]);
  });

  it('fails when a baseline function grew', () => {
    const verdict = compare([entry('big', 91)], [entry('big', 90)]);
    expect(verdict.errors).toEqual(['libs/x/src/a.ts: big grew from 90 to 91 lines; split it']);
  });

  it('asks for --write when a baseline function shrank, fell under the limit or went away', () => {
    const verdict = compare([entry('big', 80)], [entry('big', 90), entry('gone', 75)]);
    expect(verdict.errors).toEqual([]);
    expect(verdict.needsWrite).toEqual([
      'libs/x/src/a.ts: big shrank from 90 to 80 lines',
      `libs/x/src/a.ts: gone is no longer over ${maxLines} lines (or is gone)`,
    ]);
  });
});

describe('long-function scan of a tree', () => {
  it('when the tree is a copy without git (a source archive), then its files are walked and a long function is still found, dependencies and builds left out', () => {
    const root = mkdtempSync(join(tmpdir(), 'long-functions-'));
    try {
      const long = `export function long() {\n${'  step();\n'.repeat(maxLines)}}\n`;
      for (const dir of ['services/a/src', 'services/a/node_modules/x', 'libs/b/dist']) mkdirSync(join(root, dir), { recursive: true });
      writeFileSync(join(root, 'services/a/src/long.ts'), long);
      writeFileSync(join(root, 'services/a/node_modules/x/long.ts'), long);
      writeFileSync(join(root, 'libs/b/dist/long.ts'), long);
      expect(scan(root).map((f) => `${f.file}: ${f.name}`)).toEqual(['services/a/src/long.ts: long']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
