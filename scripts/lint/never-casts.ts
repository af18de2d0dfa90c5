import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import * as ts from 'typescript';

/**
 * Casts to `never` in the gateway's source (docs/DESIGN.md "Tooling").
 *
 * A value cast `as never` is accepted wherever it goes: a route's schema so cast leaves its
 * handler's request and reply untyped, and an answer so cast is sent unchecked against the
 * route's response schema, so the compiler no longer sees an answer the document does not describe.
 * The routes' types flow from their zod schemas through the type provider (routes/route-def.ts);
 * where they do not fit, the route or the schema is what changes. The rule: no `x as never` and no
 * `<never>x` in the .ts files of services/gateway/src but its tests and `testing.ts` (the package's
 * `./testing` export, what only tests and seeding use: its inert ports may still be cast that way).
 * Comments and strings are not code: the file is parsed, not searched.
 */

const roots = ['services/gateway/src'];
/** The test-support entry (`@coin/gateway/testing`), read by tests and seeding only. */
const testSupport = new Set(['services/gateway/src/testing.ts']);

export interface NeverCast {
  file: string;
  line: number;
  text: string;
}

function sourceFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'generated') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
    }
  };
  for (const top of roots) if (existsSync(join(root, top))) walk(join(root, top));
  return found.filter((path) => !testSupport.has(relative(root, path).split(sep).join('/')));
}

function isNeverCast(node: ts.Node): node is ts.AsExpression | ts.TypeAssertion {
  return (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && node.type.kind === ts.SyntaxKind.NeverKeyword;
}

export function findNeverCasts(root: string): NeverCast[] {
  const found: NeverCast[] = [];
  for (const file of sourceFiles(root)) {
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
    const visit = (node: ts.Node): void => {
      if (isNeverCast(node)) {
        // The line of the `never`: a cast schema starts many lines above it.
        const line = source.getLineAndCharacterOfPosition(node.type.getStart(source)).line + 1;
        found.push({ file: relative(root, file), line, text: node.getText(source).replace(/\s+/g, ' ').slice(-120) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

if (require.main === module) {
  const found = findNeverCasts(process.cwd());
  for (const f of found) console.error(`${f.file}:${f.line}: ${f.text}`);
  if (found.length > 0)
    console.error(
      `${found.length} casts to never in the gateway's source: type the route by its schemas (routes/route-def.ts), or fix the route or the schema that do not fit`,
    );
  process.exitCode = found.length > 0 ? 1 : 0;
}
