import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedFiles, operationTable, repoRoot } from './generate-client';

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
