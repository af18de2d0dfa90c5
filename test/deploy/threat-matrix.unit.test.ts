import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './manifests';

/**
 * docs/design/security.md "Threat matrix": every principal against every act it must never do alone, each
 * cell naming the tests that prove it. This keeps the table honest as code moves: a cell without
 * a test, a test id without its definition, or a definition naming a file or a test that no
 * longer exists fails here.
 */
const design = readFileSync(join(repoRoot, 'docs/design/security.md'), 'utf8');
const acts = ['mint', 'move', 'burn', 'approve', 'escalate', "read another's data", 'hide a record', 'deny service cheaply'];
const principals = [
  'outside caller',
  'USER',
  'platform client',
  'ADMIN',
  'SUPERADMIN',
  "gateway's Kafka credentials",
  "user service's Kafka credentials",
  "ledger's Kafka credentials",
  "history's Kafka credentials",
  "webhooks' Kafka credentials",
  'a database runtime role',
  'Redis',
  'a DLQ redrive',
];

function section(doc: string, heading: string): string {
  const start = doc.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`docs/design/security.md has no "## ${heading}" section`);
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
}

const matrix = section(design, 'Threat matrix');
const cellsOf = (line: string): string[] =>
  line
    .split('|')
    .slice(1, -1)
    .map((c) => c.trim());
const tableLines = matrix.split('\n').filter((l) => l.startsWith('|'));
const header = cellsOf(tableLines[0] ?? '');
const rows = tableLines.slice(2).map(cellsOf);
/** `- **T12** \`path/to/file.test.ts\` "test name (or its start)": what stops it` */
const definitions = new Map(
  [...matrix.matchAll(/^- \*\*(T\d+)\*\* `([^`]+)` "([^"]+)"/gm)].map((m) => [m[1]!, { file: m[2]!, name: m[3]! }]),
);

describe('docs/design/security.md threat matrix', () => {
  it('when read, then its columns are the acts and its rows every principal, once each', () => {
    expect(header.slice(1).map((h) => h.replace(/\*/g, ''))).toEqual(acts);
    expect(rows.map((r) => r[0]!.replace(/\*/g, ''))).toEqual(principals);
  });

  it('then every cell names at least one test, and every test it names is defined below the table', () => {
    for (const row of rows) {
      row.slice(1).forEach((cell, i) => {
        const ids = [...cell.matchAll(/\bT\d+\b/g)].map((m) => m[0]);
        if (ids.length === 0) throw new Error(`cell (${row[0]}, ${acts[i]}) names no test`);
        for (const id of ids) if (!definitions.has(id)) throw new Error(`cell (${row[0]}, ${acts[i]}) names ${id}, which is not defined`);
      });
    }
  });

  it('then every defined test exists: its file, and a test of that name in it', () => {
    expect(definitions.size).toBeGreaterThan(0);
    for (const [id, { file, name }] of definitions) {
      const path = join(repoRoot, file);
      if (!existsSync(path)) throw new Error(`${id}: ${file} does not exist`);
      if (!readFileSync(path, 'utf8').includes(name)) throw new Error(`${id}: ${file} has no test named "${name}"`);
    }
  });
});

/**
 * docs/design/security.md "Powers over money and who may": every power that moves coins or
 * changes who may, with who uses it alone, the second person, why one person is enough, and the
 * tests. Each test a row names must exist; a row a person uses alone must say why (or be marked open).
 */
describe('docs/design/security.md powers over money', () => {
  const powers = section(design, 'Powers over money and who may');
  const lines = powers.split('\n').filter((l) => l.startsWith('|'));
  const powerRows = lines.slice(2).map(cellsOf);

  it('when read, then its columns are the power, who alone, the second person, why one is enough and the tests', () => {
    expect(cellsOf(lines[0] ?? '')).toEqual(['power', 'alone', 'second person', 'why one person is enough', 'test']);
    expect(powerRows.length).toBeGreaterThanOrEqual(20);
  });

  it('then a row a person uses alone says why one is enough, or is marked open', () => {
    for (const [power, alone, , why] of powerRows) {
      const nobody = /^no one\b/.test(alone!);
      if (nobody) expect(why).toBe('—');
      else if (!why || why === '—') throw new Error(`${power}: used alone by "${alone}" without a reason`);
    }
  });

  it('then every test it names exists: its file, and a test of that name in it', () => {
    for (const row of powerRows) {
      const cell = row[4]!;
      const files = [...cell.matchAll(/`([^`]+\.test\.tsx?)`/g)];
      if (files.length === 0) throw new Error(`${row[0]}: names no test file`);
      // Each quoted name belongs to the file named last before it.
      let file = '';
      for (const part of cell.split(/(`[^`]+`|"[^"]+")/)) {
        if (part.startsWith('`')) file = part.slice(1, -1);
        else if (part.startsWith('"')) {
          const path = join(repoRoot, file);
          if (!existsSync(path)) throw new Error(`${row[0]}: ${file} does not exist`);
          if (!readFileSync(path, 'utf8').includes(part.slice(1, -1))) throw new Error(`${row[0]}: ${file} has no test named ${part}`);
        }
      }
    }
  });
});
