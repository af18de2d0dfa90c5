import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../infra/common';
import { operationsOf } from './openapi-fuzz';
import { fuzzContextFor, type FuzzPrincipals } from './principals';

describe('fuzz context: the operations the fuzzer leaves out', () => {
  it('when the document has endless text/event-stream operations, then exactly those are skipped (the fuzzer reads every answer to its end)', () => {
    // The committed document: generate-client.unit keeps it equal to what the gateway serves.
    const doc = JSON.parse(readFileSync(join(repoRoot, 'libs/client/openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, any>>;
    };
    const streaming = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op?.responses?.['200']?.content?.['text/event-stream'])
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    const principals = {
      user: { userId: 1, accessToken: 'u' },
      admin: { userId: 2, token: 'a', apiKey: 'k' },
      superadmin: { userId: 3, accessToken: 's' },
    } as unknown as FuzzPrincipals;
    const { skip } = fuzzContextFor('http://127.0.0.1:9', principals);
    const skipped = operationsOf(doc)
      .filter((op) => skip?.(op))
      .map((op) => `${op.method} ${op.path}`);
    expect(streaming).toEqual(['GET /api/wallets/me/stream', 'GET /api/admin/users/{id}/wallet/stream']);
    expect(skipped.sort()).toEqual([...streaming].sort());
  });
});
