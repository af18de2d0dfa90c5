import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runOrThrow } from '../../../test/harness/run-command';
import { sampleHoldCapturedEvent, sampleRecordedEvent } from './sample-events';

/*
 * `npm pack` of libs/events gives a tarball a project outside the monorepo can install and use:
 * packed (prepack builds dist/), installed into a fresh `npm init -y` directory (zod comes from
 * the registry), then imported from ESM and from CommonJS, and type-checked as a consumer would.
 * Needs the npm registry, none of the test infrastructure.
 */
const packageDir = join(__dirname, '..');
const repoRoot = join(packageDir, '..', '..');

const sample = sampleRecordedEvent;
const holdSample = sampleHoldCapturedEvent;

/** The consumer, the same in both module systems: parse samples of both coin topics, dedup them, read the JSON Schemas. */
const consumerBody = `
const value = Buffer.from(${JSON.stringify(JSON.stringify(sample))});
const dedup = createEventDeduplicator({ capacity: 10 });
const handled = [];
for (const delivery of [value, value]) {
  const parsed = parseCoinTransactionEvent(delivery);
  if (!parsed.ok) throw new Error(parsed.message);
  await dedup.once(parsed.event, (event) => handled.push(event.transaction.id));
}
const held = parseCoinHoldEvent(Buffer.from(${JSON.stringify(JSON.stringify(holdSample))}));
if (!held.ok) throw new Error(held.message);
await dedup.once(held.event, (event) => handled.push(event.hold.status));
const bad = parseUserEvent('{not json');
console.log(JSON.stringify({ handled, bad: bad.ok ? 'ok' : bad.reason, schema: schema.title, holdsSchema: holdsSchema.title, types: userEventTypes, holdTypes: coinHoldEventTypes }));
`;

describe('npm pack of @coin/events', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'coin-events-pack-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('when packed and installed in a clean project, then ESM and CommonJS consumers parse, deduplicate and type-check', () => {
    const [packed] = JSON.parse(runOrThrow('npm', ['pack', '--json', '--pack-destination', dir], packageDir)) as {
      filename: string;
      size: number;
      files: { path: string }[];
    }[];
    const files = packed!.files.map((f) => f.path).sort();
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        'package.json',
        'dist/index.js',
        'dist/index.d.ts',
        'schemas/coin.transactions.json',
        'schemas/coin.holds.json',
        'schemas/user.events.json',
        'asyncapi.json',
        'CHANGELOG.md',
      ]),
    );
    expect(files.filter((f) => f.startsWith('src/') || f.includes('.test.') || f.includes('generate-schemas'))).toEqual([]);

    const project = join(dir, 'consumer');
    runOrThrow('mkdir', ['-p', project], dir);
    runOrThrow('npm', ['init', '-y'], project);
    runOrThrow('npm', ['install', join(dir, packed!.filename)], project);

    writeFileSync(
      join(project, 'consumer.mjs'),
      `import { coinHoldEventTypes, createEventDeduplicator, parseCoinHoldEvent, parseCoinTransactionEvent, parseUserEvent, userEventTypes } from '@coin/events';
import schema from '@coin/events/schemas/coin.transactions.json' with { type: 'json' };
import holdsSchema from '@coin/events/schemas/coin.holds.json' with { type: 'json' };
${consumerBody}`,
    );
    writeFileSync(
      join(project, 'consumer.cjs'),
      `const { coinHoldEventTypes, createEventDeduplicator, parseCoinHoldEvent, parseCoinTransactionEvent, parseUserEvent, userEventTypes } = require('@coin/events');
const schema = require('@coin/events/schemas/coin.transactions.json');
const holdsSchema = require('@coin/events/schemas/coin.holds.json');
(async () => {${consumerBody}})();`,
    );
    const expected = {
      handled: [1042, 'CAPTURED'],
      bad: 'invalid-json',
      schema: 'coin.transactions',
      holdsSchema: 'coin.holds',
      types: ['user.registered', 'user.role-changed', 'user.deleted', 'user.sessions-revoked'],
      holdTypes: ['coin.hold.created', 'coin.hold.captured', 'coin.hold.voided', 'coin.hold.expired'],
    };
    for (const script of ['consumer.mjs', 'consumer.cjs']) {
      expect([script, JSON.parse(runOrThrow(process.execPath, [script], project))]).toEqual([script, expected]);
    }

    // The declarations stand alone: a strict TypeScript consumer compiles against them (and zod's).
    writeFileSync(
      join(project, 'consumer.ts'),
      `import { type CoinHoldEvent, type CoinTransactionEvent, holdCaptured, parseCoinHoldEvent, parseCoinTransactionEvent, transactionRecorded } from '@coin/events';
const parsed = parseCoinTransactionEvent(Buffer.from('{}'));
const amount: number | undefined = parsed.ok ? parsed.event.transaction.amount : undefined;
const event: CoinTransactionEvent = transactionRecorded.parse({});
const held = parseCoinHoldEvent('{}');
const captured: number | null | undefined = held.ok && held.event.type === 'coin.hold.captured' ? held.event.hold.capturedAmount : undefined;
const holdEvent: CoinHoldEvent = holdCaptured.parse({});
export { amount, event, captured, holdEvent };
`,
    );
    const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
    runOrThrow(
      process.execPath,
      [
        tsc,
        '--noEmit',
        '--strict',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--types',
        'node',
        '--typeRoots',
        join(repoRoot, 'node_modules', '@types'),
        'consumer.ts',
      ],
      project,
    );
  }, 180_000);
});
