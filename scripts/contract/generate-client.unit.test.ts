import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedFiles, isIntegerTextParameter, operationTable, repoRoot } from './generate-client';

/** The generator's output, in memory: run as `npm run client:generate` runs it, with --print (nothing written). */
function generateInMemory(): Record<string, string> {
  const result = spawnSync(process.execPath, [require.resolve('tsx/cli'), join(__dirname, 'generate-client.ts'), '--print'], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`the generator failed (${result.status}):\n${result.stderr}`);
  return JSON.parse(result.stdout) as Record<string, string>;
}

/*
 * @coin/client is generated from the gateway's OpenAPI document and committed (libs/client). This
 * test generates it again in memory, from the routes as they are now, and fails when a committed
 * file differs: a route change must come with `npm run client:generate`.
 */
describe('the generated @coin/client files (libs/client) match the OpenAPI document the gateway serves', () => {
  let files: Record<string, string>;
  beforeAll(() => {
    files = generateInMemory();
  }, 120_000);

  it.each(Object.values(generatedFiles))('then %s is current', (path) => {
    const committed = readFileSync(join(repoRoot, path), 'utf8');
    if (committed !== files[path]) {
      throw new Error(`${path} is stale: the gateway's OpenAPI document changed; run npm run client:generate and commit the result`);
    }
  });
});

describe('the operation table of @coin/client', () => {
  it('then it reads the Idempotency-Key from the parameters, $refs included, and wants an operationId everywhere', () => {
    const parameter = { in: 'header', name: 'Idempotency-Key', schema: { type: 'string' } };
    const doc = {
      components: { parameters: { key: parameter } },
      paths: {
        '/a': { post: { operationId: 'keyed', parameters: [{ $ref: '#/components/parameters/key' }], responses: {} } },
        '/b': { parameters: [parameter], put: { operationId: 'keyedByPath', responses: {} } },
        '/c': { get: { operationId: 'plain', parameters: [{ in: 'query', name: 'idempotency-key' }], responses: {} } },
      },
    };
    expect(operationTable(doc)).toEqual({
      keyed: { method: 'post', path: '/a', idempotencyKey: true },
      plain: { method: 'get', path: '/c', idempotencyKey: false },
      keyedByPath: { method: 'put', path: '/b', idempotencyKey: true },
    });
    expect(() => operationTable({ paths: { '/d': { get: { responses: {} } } } })).toThrow('GET /d has no operationId');
  });
});

describe('integer parameters of @coin/client', () => {
  it('when a parameter is a string of digits by its pattern, then the client takes a number for it; any other string stays a string', () => {
    const integers = [
      '^(?:[1-9][0-9]{0,14}|[1-8][0-9]{15}|9007199254740991)$',
      '^(?:[1-9][0-9]{0,1}|100)$',
      '(?:^0*(?:[1-9][0-9]{0,5}|1000000)$)',
      '(?:^0*(?:[1-9][0-9]{0,1}|100)$|^0+$)',
    ];
    for (const pattern of integers)
      expect({ pattern, integer: isIntegerTextParameter({ type: 'string', pattern }) }).toEqual({ pattern, integer: true });
    const others = ['^[A-Za-z0-9_-]+$', '^[\\x20-\\x7e]{1,255}$', '^([0-9a-fA-F]{8}-[0-9a-fA-F]{4})$', '^[^\\x00-\\x1f]*$', '^[a]$'];
    for (const pattern of others)
      expect({ pattern, integer: isIntegerTextParameter({ type: 'string', pattern }) }).toEqual({ pattern, integer: false });
    expect(isIntegerTextParameter({ type: 'string' })).toBe(false);
    expect(isIntegerTextParameter({ type: 'integer', pattern: '^[0-9]+$' })).toBe(false);
  });

  it('then the generated types take an id or a page size as a number or its digits', () => {
    const schema = readFileSync(join(repoRoot, generatedFiles.schema), 'utf8');
    const getUser = /getUser: \{\s*parameters: \{[\s\S]*?path: \{[\s\S]*?id: ([^;]+);/.exec(schema)?.[1];
    expect(getUser).toBe('number | string');
    const revokeApiKey = /revokeApiKey: \{\s*parameters: \{[\s\S]*?path: \{[\s\S]*?id: ([^;]+);/.exec(schema)?.[1];
    expect(revokeApiKey).toBe('string');
  });
});
