import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { run } from '../infra/common';
import { expectExitZero, runWithClient } from '../../test/harness/python-client';
import {
  ensureOpenapiPythonClient,
  filesUnder,
  generatedPackage,
  generatePythonClient,
  generatorDocument,
  pythonClientDir,
} from './generate-python-client';

/*
 * The Python client's coin_api package is generated from libs/client/openapi.json (itself checked
 * against the gateway by generate-client.unit.test.ts) and committed. This test generates it again
 * with the pinned generator, into a temporary folder, and fails when a committed file differs, is
 * missing or is left over: a document change must come with `npm run client:generate:python`.
 * The generator is installed first when missing (.tools/openapi-python-client-venv).
 */
describe('the generated Python client (clients/python/coin_api) matches libs/client/openapi.json', () => {
  let out: string;
  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'coin-python-client-check-'));
    await generatePythonClient(out, (line) => process.stderr.write(`[python-client] ${line}\n`));
  }, 600_000);
  afterAll(() => {
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it('then every file is current, and none is missing or left over', () => {
    const fresh = join(out, generatedPackage);
    const committed = join(pythonClientDir, generatedPackage);
    const files = filesUnder(fresh);
    expect(filesUnder(committed).filter((file) => !file.includes('__pycache__'))).toEqual(files);
    const stale = files.filter((file) => readFileSync(join(fresh, file), 'utf8') !== readFileSync(join(committed, file), 'utf8'));
    if (stale.length > 0) {
      throw new Error(
        `${stale.length} file(s) of clients/python/${generatedPackage} are stale (${stale.slice(0, 5).join(', ')}…): run npm run client:generate:python and commit the result`,
      );
    }
  });
});

describe('the document as openapi-python-client is handed it', () => {
  it('when a component is a union of inline objects, then each becomes a component named as the generator names it, and nothing else changes', () => {
    const member = (name: string) => ({ type: 'object', properties: { [name]: { type: 'object', properties: {} } } });
    const doc = {
      paths: {},
      components: {
        schemas: {
          Entry: { anyOf: [member('a'), { $ref: '#/components/schemas/Other' }, member('b')] },
          Either: { oneOf: [{ type: 'string' }, member('c')] },
          Other: member('d'),
        },
      },
    };
    expect(generatorDocument(doc)).toEqual({
      paths: {},
      components: {
        schemas: {
          Entry: {
            anyOf: [
              { $ref: '#/components/schemas/EntryType0' },
              { $ref: '#/components/schemas/Other' },
              { $ref: '#/components/schemas/EntryType2' },
            ],
          },
          Either: { oneOf: [{ type: 'string' }, { $ref: '#/components/schemas/EitherType1' }] },
          Other: member('d'),
          EntryType0: member('a'),
          EntryType2: member('b'),
          EitherType1: member('c'),
        },
      },
    });
    expect(doc.components.schemas.Entry.anyOf[0]).toEqual(member('a'));
    expect(() => generatorDocument({ components: { schemas: { ...doc.components.schemas, EntryType0: {} } } })).toThrow(
      'components.schemas.EntryType0 exists',
    );
  });
});

/*
 * The hand-written layer (clients/python/coin_client): its own tests (clients/python/tests, Python's
 * unittest against httpx.MockTransport: keys, retries, problems, paging, the timeout, client
 * credentials), and ruff's lint and format check of it, as clients/python/pyproject.toml sets them.
 */
describe('the Python client layer (clients/python/coin_client)', () => {
  it('then its unit tests pass', async () => {
    const result = await runWithClient(['-m', 'unittest', 'discover', '-s', 'tests', '-v']);
    expectExitZero(result, 'python -m unittest discover -s tests');
    expect(result.stderr).toMatch(/\nOK\n?$/);
  }, 600_000);

  it('then ruff finds nothing to change in it', async () => {
    const ruff = join(dirname(await ensureOpenapiPythonClient()), 'ruff');
    for (const args of [
      ['check', '--no-cache', '.'],
      ['format', '--check', '--no-cache', '.'],
    ]) {
      const result = await run(ruff, args, { cwd: pythonClientDir });
      if (result.code !== 0) throw new Error(`ruff ${args.join(' ')} (clients/python):\n${result.stdout}${result.stderr}`);
    }
  }, 600_000);
});
