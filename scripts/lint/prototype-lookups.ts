import { readdirSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';

/**
 * Lookups by a caller's key that can reach a plain object's prototype (docs/DESIGN.md "Tooling").
 *
 * A plain object used as a dictionary (`Record<string, X>`, `{ [key: string]: X }`) answers
 * `constructor`, `toString` or `__proto__` from Object.prototype, and a write under `__proto__`
 * replaces the prototype: a caller who names such a key makes a lookup return a function where
 * the code expects an entry (a purchase's affiliate client id once threw a TypeError in the
 * ledger's decider). The rule: an element access whose object has a string index signature and
 * whose key is typed as any string (not a literal, a union of literals, or a number) is refused.
 * Use a `Map`, or reach the access only once `Object.hasOwn(object, key)` holds (in a `?:`, an `&&`
 * or an `if` around it); a lookup that is safe for a reason the types do not show (keys of our own,
 * an object made with `Object.create(null)`) carries `// own-key: <why>` on the line above.
 *
 * Covered: the non-test .ts files of services/ and libs/ (the code that meets callers' input).
 */

const roots = ['services', 'libs'];
const markerPattern = /\/\/\s*own-key:\s*\S/;
/** Keys a plain object answers from Object.prototype. */
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype);

export interface PrototypeLookup {
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
  return found;
}

/** Whether a key of this type can be any string, so a caller can name a prototype key with it. */
function isOpenStringKey(type: ts.Type): boolean {
  if (type.isUnion()) return type.types.some(isOpenStringKey);
  if (type.flags & (ts.TypeFlags.String | ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return true;
  if (type.flags & ts.TypeFlags.TemplateLiteral) {
    const head = (type as ts.TemplateLiteralType).texts[0] ?? '';
    return prototypeKeys.some((key) => key.startsWith(head));
  }
  return false;
}

/** A key written as a literal (`o['a']`, `a[0]`, a template without substitutions): its value is in the source, no caller names it. */
function isLiteralKey(key: ts.Expression): boolean {
  return ts.isStringLiteral(key) || ts.isNumericLiteral(key) || ts.isNoSubstitutionTemplateLiteral(key);
}

/** Whether the object is a plain dictionary: a string index signature, not an array, tuple or string. */
function isStringDictionary(type: ts.Type, checker: ts.TypeChecker): boolean {
  if (type.isUnion()) return type.types.some((t) => isStringDictionary(t, checker));
  if (checker.isArrayType(type) || checker.isTupleType(type)) return false;
  if (type.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.Null | ts.TypeFlags.Undefined)) return false;
  return checker.getIndexInfosOfType(type).some((info) => (info.keyType.flags & ts.TypeFlags.String) !== 0);
}

/** Whether `condition` is `Object.hasOwn(<object>, <key>)` naming the same object and key as the access. */
function isOwnCheck(condition: ts.Expression, access: ts.ElementAccessExpression, source: ts.SourceFile): boolean {
  if (!ts.isCallExpression(condition) || condition.expression.getText(source) !== 'Object.hasOwn') return false;
  const [object, key] = condition.arguments;
  return (
    object?.getText(source) === access.expression.getText(source) && key?.getText(source) === access.argumentExpression.getText(source)
  );
}

/** Whether the access is only reached once `Object.hasOwn` said the key is the object's own (`?:`, `&&`, `if`). */
function isGuarded(access: ts.ElementAccessExpression, source: ts.SourceFile): boolean {
  let child: ts.Node = access;
  for (let parent = access.parent; parent && !ts.isFunctionLike(parent); child = parent, parent = parent.parent) {
    if (
      ts.isConditionalExpression(parent) &&
      parent.whenTrue === child &&
      flattenAnd(parent.condition).some((c) => isOwnCheck(c, access, source))
    )
      return true;
    if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken && parent.right === child) {
      const conditions = flattenAnd(parent.left);
      if (conditions.some((c) => isOwnCheck(c, access, source))) return true;
    }
    if (
      ts.isIfStatement(parent) &&
      parent.thenStatement === child &&
      flattenAnd(parent.expression).some((c) => isOwnCheck(c, access, source))
    )
      return true;
  }
  return false;
}

function flattenAnd(expression: ts.Expression): ts.Expression[] {
  if (ts.isParenthesizedExpression(expression)) return flattenAnd(expression.expression);
  if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
    return [...flattenAnd(expression.left), ...flattenAnd(expression.right)];
  return [expression];
}

function hasMarker(source: ts.SourceFile, node: ts.Node): boolean {
  const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
  const lines = source.text.split('\n');
  for (let index = line - 1; index >= 0; index -= 1) {
    const text = lines[index]!.trim();
    if (!text.startsWith('//')) return false;
    if (markerPattern.test(text)) return true;
  }
  return false;
}

export function findPrototypeLookups(root: string): PrototypeLookup[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.base.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  const options: ts.CompilerOptions = { ...(config?.options ?? {}), noEmit: true, composite: false, incremental: false, rootDir: root };
  const files = sourceFiles(root);
  const program = ts.createProgram(files, options);
  const checker = program.getTypeChecker();
  const found: PrototypeLookup[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) continue;
    const visit = (node: ts.Node): void => {
      if (
        ts.isElementAccessExpression(node) &&
        !isLiteralKey(node.argumentExpression) &&
        !hasMarker(source, node) &&
        !isGuarded(node, source) &&
        // The key's type first: most keys are numbers or literals, and then the object's type is not needed.
        isOpenStringKey(checker.getTypeAtLocation(node.argumentExpression)) &&
        isStringDictionary(checker.getNonNullableType(checker.getTypeAtLocation(node.expression)), checker)
      ) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push({ file: relative(root, file), line, text: node.getText(source).slice(0, 120) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

if (require.main === module) {
  const started = Date.now();
  const found = findPrototypeLookups(process.cwd());
  for (const f of found) console.error(`${f.file}:${f.line}: ${f.text}`);
  console.error(`${found.length} lookups by an open string key on a plain object (${Date.now() - started} ms)`);
  process.exitCode = found.length > 0 ? 1 : 0;
}
