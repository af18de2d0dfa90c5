import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { repoRoot } from '../stack/services';

/**
 * The import rules of biome.json (noRestrictedImports in its overrides), proved on snippets:
 * each case is a file written at a path of the repository's layout inside a temporary copy of
 * the configuration, and one Biome run lints them all. A case must be refused exactly when it
 * breaks a rule, so both a violation and a clean import are asserted for every rule.
 */

interface Case {
  path: string;
  source: string;
}

const ruleCategory = 'lint/style/noRestrictedImports';

/** The I/O that domain/ must not import (docs/DESIGN.md "Code conventions"). */
const domainForbidden = [
  'pg',
  'kafkajs',
  'ioredis',
  'fastify',
  'node:net',
  'node:http',
  'node:fs',
  'node:fs/promises',
  'net',
  'fs',
  '@coin/db',
  '@coin/kafka',
  '@coin/redis',
  '@coin/http',
  'undici',
  '../db/ledger-repo',
  '../kafka/ledger-commands',
  '../http/internal-routes',
];

/** A service reaching into another, from the gateway. */
const crossServiceForbidden = [
  '@coin/ledger',
  '@coin/ledger/src/db/audit',
  '@coin/user/testing',
  '../../ledger/src/domain/ledger',
  '../../../services/user/src/config',
  '../../history/src/rebuild',
];

const importOf = (module: string) => `import * as imported from '${module}';\nexport const used = imported;\n`;

/** Runs Biome with the repository's biome.json over `cases`; the rule's diagnostics per path. */
function lint(cases: Case[]): Map<string, string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'lint-rules-'));
  try {
    const config = JSON.parse(readFileSync(join(repoRoot, 'biome.json'), 'utf8'));
    // The temporary directory is no git checkout: there is no ignore file to read.
    config.vcs = { enabled: false };
    delete config.$schema;
    writeFileSync(join(dir, 'biome.json'), JSON.stringify(config));
    for (const c of cases) {
      mkdirSync(dirname(join(dir, c.path)), { recursive: true });
      writeFileSync(join(dir, c.path), c.source);
    }
    const biome = require.resolve('@biomejs/biome/bin/biome', { paths: [repoRoot] });
    const run = spawnSync(
      process.execPath,
      [biome, 'lint', '--colors=off', '--reporter=json', '--max-diagnostics=none', ...cases.map((c) => c.path)],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
    // The JSON report is the one line that starts with '{' (Biome may print a notice around it).
    const line = run.stdout.split('\n').find((l) => l.startsWith('{'));
    if (!line) throw new Error(`no JSON report from biome (exit ${run.status}): ${run.stdout}${run.stderr}`);
    const report = JSON.parse(line) as {
      diagnostics: { category?: string; message?: string; location?: { path?: string | { file?: string } } }[];
    };
    const found = new Map<string, string[]>(cases.map((c) => [c.path, []]));
    for (const d of report.diagnostics) {
      const where = d.location?.path;
      const path = typeof where === 'string' ? where : where?.file;
      if (d.category === ruleCategory && path !== undefined) found.get(path)?.push(d.message ?? '');
    }
    return found;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('biome.json import rules', () => {
  const cases: (Case & { refused: boolean })[] = [
    ...domainForbidden.map((module, i) => ({ path: `services/ledger/src/domain/io-${i}.ts`, source: importOf(module), refused: true })),
    { path: 'services/user/src/domain/io-user.ts', source: importOf('pg'), refused: true },
    { path: 'services/ledger/src/domain/nested/io-nested.ts', source: importOf('kafkajs'), refused: true },
    { path: 'services/ledger/src/domain/dynamic.ts', source: "export const later = () => import('ioredis');\n", refused: true },
    {
      path: 'services/ledger/src/domain/pure.ts',
      source: [
        "import { randomUUID } from 'node:crypto';",
        "import { z } from 'zod';",
        "import { ledgerCommand } from '@coin/contracts';",
        "import { AppError } from '@coin/errors';",
        "import { uuidV5 } from '@coin/security';",
        "import { decide } from './ledger';",
        'export const used = [randomUUID, z, ledgerCommand, AppError, uuidV5, decide];',
        '',
      ].join('\n'),
      refused: false,
    },
    // A command module (domain/commands/) is domain too: two levels down, the adapters and views stay out of reach.
    { path: 'services/ledger/src/domain/commands/io-db.ts', source: importOf('../../db/batch-store'), refused: true },
    { path: 'services/ledger/src/domain/commands/io-kafka.ts', source: importOf('../../kafka/ledger-commands'), refused: true },
    { path: 'services/ledger/src/domain/commands/io-views.ts', source: importOf('../../views/hold-view'), refused: true },
    { path: 'services/ledger/src/domain/io-views.ts', source: importOf('../views/approval-view'), refused: true },
    {
      path: 'services/ledger/src/domain/commands/pure.ts',
      source: [
        "import { ledgerResults } from '@coin/contracts';",
        "import { InvariantViolation } from '@coin/errors';",
        "import { activeOf } from '../state';",
        "import { accepted } from './rules';",
        'export const used = [ledgerResults, InvariantViolation, activeOf, accepted];',
        '',
      ].join('\n'),
      refused: false,
    },
    // views/ renders state; db/ maps rows. Neither reaches into the other, nor into I/O it does not own.
    { path: 'services/ledger/src/views/io.ts', source: importOf('pg'), refused: true },
    { path: 'services/ledger/src/views/rows.ts', source: importOf('../db/hold-rows'), refused: true },
    { path: 'services/ledger/src/views/use-case.ts', source: importOf('../apply/outcomes'), refused: true },
    { path: 'services/ledger/src/db/view.ts', source: importOf('../views/hold-view'), refused: true },
    { path: 'services/ledger/src/db/kafka.ts', source: importOf('../kafka/groups'), refused: true },
    {
      path: 'services/ledger/src/views/pure.ts',
      source: [
        "import { holdView as hold } from './hold-view';",
        "import { activeOf } from '../domain/ledger';",
        "import { approvedCommandView } from '../domain/commands/approvable';",
        'export const used = [hold, activeOf, approvedCommandView];',
        '',
      ].join('\n'),
      refused: false,
    },
    {
      path: 'services/ledger/src/db/rows.ts',
      source: [
        "import type { PoolClient } from '@coin/db';",
        "import { safeInteger } from './wallet-rows';",
        "import { StaleWalletError } from '../apply/store';",
        "import { activeOf } from '../domain/ledger';",
        'export const used = [safeInteger, StaleWalletError, activeOf];',
        'export type Used = PoolClient;',
        '',
      ].join('\n'),
      refused: false,
    },
    ...crossServiceForbidden.map((module, i) => ({
      path: `services/gateway/src/routes/cross-${i}.ts`,
      source: importOf(module),
      refused: true,
    })),
    { path: 'services/ledger/src/domain/cross.ts', source: importOf('@coin/user'), refused: true },
    { path: 'services/history/src/kafka/cross.ts', source: importOf('../../../ledger/src/db/audit'), refused: true },
    {
      path: 'services/gateway/src/routes/own.ts',
      source: [
        "import { topicNames } from '@coin/contracts';",
        "import { createKafka } from '@coin/kafka';",
        "import { CommandBus } from '../clients/commands';",
        "import { ledgerRoutes } from './ledger';",
        'export const used = [topicNames, createKafka, CommandBus, ledgerRoutes];',
        '',
      ].join('\n'),
      refused: false,
    },
    { path: 'libs/kafka/src/reach.ts', source: importOf('@coin/ledger'), refused: true },
    { path: 'libs/kafka/src/shared.ts', source: importOf('@coin/contracts'), refused: false },
    { path: 'scripts/deep.ts', source: importOf('../services/ledger/src/db/audit'), refused: true },
    { path: 'test/harness/deep.ts', source: importOf('../../services/gateway/src/config'), refused: true },
    { path: 'scripts/entry.ts', source: importOf('@coin/ledger'), refused: false },
    { path: 'test/harness/entry.ts', source: importOf('@coin/user/testing'), refused: false },
  ];
  let found: Map<string, string[]>;
  beforeAll(() => {
    found = lint(cases);
  });

  it.each(cases.filter((c) => c.refused).map((c) => [c.path, c.source.split('\n')[0]] as const))(
    'when %s has `%s`, then the import is refused',
    (path) => {
      expect(found.get(path)).not.toEqual([]);
    },
  );

  it.each(cases.filter((c) => !c.refused).map((c) => [c.path] as const))(
    'when %s imports only what its layer may, then nothing is refused',
    (path) => {
      expect(found.get(path)).toEqual([]);
    },
  );

  it('when domain/ imports I/O, then the message says why', () => {
    expect(found.get('services/ledger/src/domain/io-0.ts')?.[0]).toContain('domain/ stays pure');
  });

  it('when views/ imports a row mapper of db/, then the message says where row mappers live', () => {
    expect(found.get('services/ledger/src/views/rows.ts')?.[0]).toContain('Row mappers live in db/');
  });

  it('when a service imports another, then the message points to libs/ and the contracts', () => {
    expect(found.get('services/gateway/src/routes/cross-0.ts')?.[0]).toContain('does not import another service');
  });
});
