import { execFileSync } from 'node:child_process';
import { type Dirent, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';

/**
 * Functions over 70 lines, held to a baseline that only shrinks (docs/DESIGN.md "Tooling").
 *
 * Counting: a function's length is the number of source lines its node spans, from the line of
 * its first token (the `function`/`async` keyword, the method name or the arrow's parameters) to
 * the line of its closing brace, both included; comments and blank lines inside count.
 * Covered: function declarations and expressions, arrow functions, methods, constructors and
 * accessors in the git-tracked (and untracked, not ignored) .ts/.tsx files of services/, libs/,
 * scripts/, bench/ and test/. Excluded: node_modules, .bench/ and dist/ (ignored by git), generated
 * code (any `/generated/` directory: the generated client is rewritten by `npm run client:generate`), and, in test files, the callbacks passed straight to
 * describe/it/test and the before/after hooks: they are the suite's structure, not code to split
 * (functions declared inside them are still measured).
 * A function whose length is a table or a route list may carry, on the comment lines right above it,
 * `// long-function: <why>` (e.g. `// long-function: a route table`); it is then not counted.
 *
 * `--write` rewrites the baseline to the present state: run it after a function shrank or went away.
 */

export const maxLines = 70;
const roots = ['services', 'libs', 'scripts', 'bench', 'test'];
const markerPattern = /\/\/\s*long-function:\s*\S/;
const testCallees = new Set(['describe', 'it', 'test', 'beforeAll', 'beforeEach', 'afterAll', 'afterEach']);

export interface LongFunction {
  file: string;
  name: string;
  lines: number;
}

/** The name a function is known by in its file: its own, its variable's, or its property's. */
function functionName(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) return `${parent.expression.getText(source).slice(0, 40)}(callback)`;
  if (ts.isExportAssignment(parent)) return 'default';
  return '<anonymous>';
}

function isTestCallback(node: ts.Node, isTestFile: boolean): boolean {
  if (!isTestFile || !ts.isCallExpression(node.parent)) return false;
  let callee = node.parent.expression;
  while (ts.isPropertyAccessExpression(callee) || ts.isCallExpression(callee)) callee = callee.expression;
  return ts.isIdentifier(callee) && testCallees.has(callee.text);
}

function hasMarker(lines: readonly string[], startLine: number): boolean {
  for (let index = startLine - 1; index >= 0; index -= 1) {
    const text = lines[index]!.trim();
    if (!text.startsWith('//') && !text.startsWith('/*') && !text.startsWith('*')) return false;
    if (markerPattern.test(text)) return true;
  }
  return false;
}

/** The functions of one source over the limit, named uniquely within the file (`name#2` for a repeat). */
export function longFunctionsIn(file: string, text: string): LongFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const lines = text.split('\n');
  const isTestFile = /\.test\.tsx?$/.test(file);
  const seen = new Map<string, number>();
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = node as ts.FunctionLikeDeclaration;
      const name = functionName(fn, source);
      const count = (seen.get(name) ?? 0) + 1;
      seen.set(name, count);
      const startLine = source.getLineAndCharacterOfPosition(fn.getStart(source)).line;
      const endLine = source.getLineAndCharacterOfPosition(fn.getEnd()).line;
      const length = endLine - startLine + 1;
      const statementLine = source.getLineAndCharacterOfPosition(enclosingStatement(fn).getStart(source)).line;
      if (length > maxLines && !isTestCallback(fn, isTestFile) && !hasMarker(lines, Math.min(startLine, statementLine))) {
        found.push({ file, name: count === 1 ? name : `${name}#${count}`, lines: length });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The statement a function starts in, so a marker above `export const x = () => {` counts. */
function enclosingStatement(node: ts.Node): ts.Node {
  let current = node;
  while (current.parent && !ts.isSourceFile(current.parent) && !ts.isBlock(current.parent) && !ts.isClassLike(current.parent)) {
    current = current.parent;
  }
  return current;
}

export interface Verdict {
  errors: string[];
  needsWrite: string[];
}

/** Compares the present long functions with the baseline: new or grown ones fail, shrunk or gone ones ask for --write. */
export function compare(present: readonly LongFunction[], baseline: readonly LongFunction[]): Verdict {
  const key = (entry: LongFunction): string => `${entry.file} ${entry.name}`;
  const known = new Map(baseline.map((entry) => [key(entry), entry]));
  const now = new Map(present.map((entry) => [key(entry), entry]));
  const errors: string[] = [];
  const needsWrite: string[] = [];
  for (const entry of present) {
    const before = known.get(key(entry));
    if (!before) errors.push(`${entry.file}: ${entry.name} has ${entry.lines} lines (limit ${maxLines}); split it`);
    else if (entry.lines > before.lines)
      errors.push(`${entry.file}: ${entry.name} grew from ${before.lines} to ${entry.lines} lines; split it`);
    else if (entry.lines < before.lines)
      needsWrite.push(`${entry.file}: ${entry.name} shrank from ${before.lines} to ${entry.lines} lines`);
  }
  for (const entry of baseline) {
    if (!now.has(key(entry))) needsWrite.push(`${entry.file}: ${entry.name} is no longer over ${maxLines} lines (or is gone)`);
  }
  return { errors, needsWrite };
}

/** The files git tracks or would (not ignored); a copy without .git (a source archive) is walked instead. */
function candidateFiles(root: string): string[] {
  try {
    return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...roots], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).split('\n');
  } catch {
    return roots.flatMap((dir) => walk(root, dir));
  }
}

/** Every file under `dir`, leaving out what git ignores here: dependencies, builds, dot-directories. */
function walk(root: string, dir: string): string[] {
  const skipped = new Set(['node_modules', 'dist', 'coverage']);
  let entries: Dirent[];
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return skipped.has(entry.name) || entry.name.startsWith('.') ? [] : walk(root, path);
    return entry.isFile() ? [path] : [];
  });
}

function sourceFiles(root: string): string[] {
  return candidateFiles(root)
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .filter((file) => !file.includes('/generated/') && !file.includes('/node_modules/'));
}

export function scan(root: string): LongFunction[] {
  const found: LongFunction[] = [];
  for (const file of sourceFiles(root)) {
    let text: string;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      continue; // deleted in the work tree but still in the index
    }
    found.push(...longFunctionsIn(file, text));
  }
  return found.sort((a, b) => a.file.localeCompare(b.file) || a.name.localeCompare(b.name));
}

export const baselinePath = 'scripts/lint/long-functions.baseline.json';

function main(): void {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(
      `usage: npm run lint:functions [-- --write]   (functions over ${maxLines} lines against ${baselinePath}; --write rewrites it)`,
    );
    return;
  }
  const unknown = args.filter((arg) => arg !== '--write');
  if (unknown.length > 0) throw new Error(`unknown argument ${unknown[0]}; usage: long-functions.ts [--write]`);
  const root = join(__dirname, '..', '..');
  const present = scan(root);
  const path = join(root, baselinePath);
  if (args.includes('--write')) {
    writeFileSync(path, `${JSON.stringify(present, null, 2)}\n`);
    console.log(`${relative(root, path)}: ${present.length} functions over ${maxLines} lines`);
    return;
  }
  const baseline = JSON.parse(readFileSync(path, 'utf8')) as LongFunction[];
  const { errors, needsWrite } = compare(present, baseline);
  for (const line of errors) console.error(line);
  for (const line of needsWrite) console.error(line);
  if (errors.length === 0 && needsWrite.length > 0)
    console.error('the baseline only shrinks: run `npm run lint:functions -- --write` and commit it');
  if (errors.length > 0 || needsWrite.length > 0) process.exitCode = 1;
}

if (require.main === module) main();
