import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findNeverCasts } from './never-casts';

/** Runs the rule over source files placed at their paths in a fresh tree: what it finds, as `file:line: text`. */
function castsIn(files: Record<string, string>): string[] {
  const root = mkdtempSync(join(tmpdir(), 'never-casts-'));
  try {
    for (const [file, source] of Object.entries(files)) {
      mkdirSync(join(root, file, '..'), { recursive: true });
      writeFileSync(join(root, file), source);
    }
    return findNeverCasts(root).map((found) => `${found.file}:${found.line}: ${found.text}`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe('never-casts: no gateway value is cast to never', () => {
  it('when a route schema or an answer is cast as never, then each cast is found with its line (the shapes the routes had)', () => {
    const found = castsIn({
      'services/gateway/src/routes/a.ts': [
        "app.get('/a', {",
        '  schema: {',
        '    response: { 200: { content: {} } },',
        '  } as never,',
        '}, handler);',
        'export const answer = () => statusOf(key) as never;',
      ].join('\n'),
    });
    expect(found).toEqual([
      'services/gateway/src/routes/a.ts:4: { response: { 200: { content: {} } }, } as never',
      'services/gateway/src/routes/a.ts:6: statusOf(key) as never',
    ]);
  });

  it('when the cast is written as an angle-bracket assertion, or inside a tsx file, then it is found too', () => {
    expect(
      castsIn({
        'services/gateway/src/b.ts': 'export const b = <never>value;\n',
        'services/gateway/src/c.tsx': 'export const c = (x: unknown) => x as never;\n',
      }),
    ).toEqual(['services/gateway/src/b.ts:1: <never>value', 'services/gateway/src/c.tsx:1: x as never']);
  });

  it('when "as never" is only in a comment or a string, or the cast is to another type, then it passes', () => {
    expect(
      castsIn({
        'services/gateway/src/d.ts': [
          "// another caller's key reads as never used",
          "export const text = 'a key read as never used';",
          'export const e = (x: unknown) => x as string;',
          'export function exhaustive(x: never): never { throw new Error(String(x satisfies never)); }',
        ].join('\n'),
      }),
    ).toEqual([]);
  });

  it('when the cast is in a test file, the testing entry, or outside the gateway, then it is not read', () => {
    expect(
      castsIn({
        'services/gateway/src/a.unit.test.ts': 'export const a = {} as never;\n',
        'services/gateway/src/testing.ts': 'export const none = {} as never;\n',
        'services/gateway/src/b.int.test.ts': 'export const b = {} as never;\n',
        'services/ledger/src/c.ts': 'export const c = {} as never;\n',
        'libs/http/src/d.ts': 'export const d = {} as never;\n',
      }),
    ).toEqual([]);
  });
});
