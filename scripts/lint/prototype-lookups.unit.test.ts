import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPrototypeLookups } from './prototype-lookups';

/**
 * Runs the rule over one source file placed under services/ of a fresh tree. Its compiler options
 * name the ES library only: the default one adds the DOM's declarations, which the cases never use
 * and which took most of each case's second to parse.
 */
function lookupsIn(source: string, file = 'services/x/src/lookups.ts'): string[] {
  const root = mkdtempSync(join(tmpdir(), 'prototype-lookups-'));
  try {
    const compilerOptions = { strict: true, target: 'es2022', lib: ['es2022'], types: [], noEmit: true };
    writeFileSync(join(root, 'tsconfig.base.json'), JSON.stringify({ compilerOptions }));
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), source);
    return findPrototypeLookups(root).map((found) => found.text);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe('prototype-lookups: a caller-keyed lookup never reaches a plain object prototype', () => {
  it('when a Record<string, X> is read by a string key, then it is found (the affiliate commission rule shape)', () => {
    const found = lookupsIn(`
      type Rule = { kind: 'bps'; bps: number };
      export function ruleOf(commissions: Record<string, Rule> | null, clientId: string) { return commissions?.[clientId]; }`);
    expect(found).toEqual(['commissions?.[clientId]']);
  });

  it('when an index-signature object is written by a string key, then it is found', () => {
    expect(lookupsIn(`export function put(out: { [name: string]: unknown }, name: string, v: object) { out[name] = v; }`)).toEqual([
      'out[name]',
    ]);
  });

  it('when the lookup is reached only once Object.hasOwn holds (?:, &&, if), then it passes', () => {
    expect(
      lookupsIn(`
        export function a(r: Record<string, number>, k: string) { return Object.hasOwn(r, k) ? r[k] : undefined; }
        export function b(r: Record<string, number> | null, k: string) { return r && Object.hasOwn(r, k) ? r[k] : undefined; }
        export function c(r: Record<string, number>, k: string) { return Object.hasOwn(r, k) && r[k]; }
        export function d(r: Record<string, number>, k: string) { if (Object.hasOwn(r, k)) return r[k]; return 0; }`),
    ).toEqual([]);
  });

  it('when the guard names another object or key, then the lookup is still found', () => {
    expect(
      lookupsIn(
        `export function a(r: Record<string, number>, s: Record<string, number>, k: string) { return Object.hasOwn(s, k) ? r[k] : 0; }`,
      ),
    ).toEqual(['r[k]']);
  });

  it('when the key is a literal, a union of literals, a number or a prefixed template, or the object a Map or array, then it passes', () => {
    expect(
      lookupsIn(`
        const names = { requestId: 'request-id' } as const;
        export function a(h: Record<string, string>, k: 'a' | 'b', n: number, w: \`user:\${number}\`, m: Map<string, number>, xs: number[]) {
          return [h['x'], h[names.requestId], h[k], h[n], h[w], m.get('x'), xs[n]];
        }`),
    ).toEqual([]);
  });

  it('when the line above says why the key is safe (own-key), then it passes; a test file is not read', () => {
    expect(
      lookupsIn(`export function a(r: Record<string, number>, k: string) {
        // own-key: the keys are our own route names
        return r[k];
      }`),
    ).toEqual([]);
    expect(lookupsIn(`export const a = (r: Record<string, number>, k: string) => r[k];`, 'services/x/src/a.unit.test.ts')).toEqual([]);
  });
});
