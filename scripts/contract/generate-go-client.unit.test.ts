import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { goCommand, run, tail } from '../infra/common';
import { repoRoot } from './generate-client';
import { generateGoClient, goClientDir, goEnv, goGeneratedFiles, operationsGo } from './generate-go-client';
import { toOpenApi30 } from './openapi-3-0';

/*
 * The Go client's API package (clients/go/api) is generated from libs/client/openapi.json by the
 * pinned oapi-codegen (clients/go/tools/go.mod) and committed. This test runs the generator into
 * a temporary directory and fails when a committed file differs: a change of the document must
 * come with `npm run client:generate:go`. It also runs the client module's own Go tests (the
 * hand-written layer against a local test server), so that a regenerated package still fits it.
 */
describe('the generated Go client (clients/go/api) matches libs/client/openapi.json', () => {
  const out = mkdtempSync(join(tmpdir(), 'coin-go-client-test-'));
  beforeAll(async () => {
    await generateGoClient(out);
  }, 600_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it.each(Object.values(goGeneratedFiles))('then %s is current', (path) => {
    const committed = readFileSync(join(repoRoot, path), 'utf8');
    if (committed !== readFileSync(join(out, path), 'utf8')) {
      throw new Error(`${path} is stale: libs/client/openapi.json changed; run npm run client:generate:go and commit the result`);
    }
  });

  it("then the client module builds and its layer's tests pass (go vet, go test)", async () => {
    const go = goCommand("the Go client's tests");
    const vet = await run(go, ['vet', './...'], { cwd: goClientDir, env: goEnv() });
    expect({ code: vet.code, output: tail(vet.stderr || vet.stdout) }).toEqual({ code: 0, output: '' });
    const tested = await run(go, ['test', '-count=1', './...'], { cwd: goClientDir, env: goEnv() });
    if (tested.code !== 0) throw new Error(`go test of clients/go failed:\n${tail(tested.stdout + tested.stderr, 60)}`);
  }, 600_000);
});

describe('the OpenAPI 3.1 -> 3.0 rewrite the Go generator reads', () => {
  const doc = (schemas: Record<string, unknown>) => ({ openapi: '3.1.0', components: { schemas } });

  it('then null in a type list or a union becomes nullable, and exclusive bounds, examples and const take their 3.0 form', () => {
    const converted = toOpenApi30(
      doc({
        A: { type: ['string', 'null'], examples: ['x', 'y'] },
        B: { type: ['number', 'string', 'null'] },
        C: { anyOf: [{ type: 'integer', exclusiveMinimum: 0 }, { type: 'null' }], description: 'c' },
        D: { anyOf: [{ $ref: '#/components/schemas/A' }, { type: 'null' }] },
        E: { type: 'integer', minimum: 5, exclusiveMinimum: 0, exclusiveMaximum: 10, const: 7 },
        F: { type: 'object', properties: { type: { type: ['string', 'null'] } }, propertyNames: { pattern: '^a' } },
      }),
    );
    expect(converted).toEqual({
      openapi: '3.0.3',
      components: {
        schemas: {
          A: { type: 'string', nullable: true, example: 'x' },
          B: {
            anyOf: [
              { type: 'number', nullable: true },
              { type: 'string', nullable: true },
            ],
          },
          C: { description: 'c', type: 'integer', minimum: 0, exclusiveMinimum: true, nullable: true },
          D: { allOf: [{ $ref: '#/components/schemas/A' }], nullable: true },
          E: { type: 'integer', minimum: 5, maximum: 10, exclusiveMaximum: true, enum: [7] },
          F: { type: 'object', properties: { type: { type: 'string', nullable: true } } },
        },
      },
    });
  });

  it('then examples, defaults and enums are data, left as they are', () => {
    const schema = { type: 'object', example: { type: ['a', 'null'] }, default: { exclusiveMinimum: 1 }, enum: [{ const: 1 }] };
    expect(toOpenApi30(doc({ S: schema }))).toEqual({ openapi: '3.0.3', components: { schemas: { S: schema } } });
  });

  it('then a 3.1 keyword with no rewrite throws, and so does a document that is not 3.1', () => {
    expect(() => toOpenApi30({ openapi: '3.1.0', webhooks: {} })).toThrow('no OpenAPI 3.0 rewrite for webhooks');
    expect(() => toOpenApi30(doc({ T: { prefixItems: [] } }))).toThrow('#/components/schemas/T/prefixItems');
    expect(() => toOpenApi30({ openapi: '3.0.3' })).toThrow('expected an OpenAPI 3.1 document');
  });

  it('then the keyed operations table names each operation that declares an Idempotency-Key', () => {
    const parameter = { in: 'header', name: 'Idempotency-Key', schema: { type: 'string' } };
    const source = operationsGo({
      paths: {
        '/a/{id}': { post: { operationId: 'keyed', parameters: [parameter], responses: {} } },
        '/b': { get: { operationId: 'plain', responses: {} } },
      },
    });
    expect(source).toContain('"POST /a/{id}": "keyed",');
    expect(source).not.toContain('plain');
  });
});
