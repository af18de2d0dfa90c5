/**
 * The code samples of the OpenAPI document's operations (`x-codeSamples`, which the reader at /docs
 * shows beside each operation): made by `npm run client:generate` from the document itself
 * (scripts/contract/code-samples.ts: curl, @coin/client, Python and Go) into
 * ../generated/code-samples.ts, and attached here to the document the gateway serves. The gate
 * regenerates them and fails when the committed table is stale
 * (scripts/contract/generate-client.unit.test.ts), and services/gateway/src/code-samples.int.test.ts
 * checks every served sample against the operation it is attached to.
 */
import { codeSamples } from '../generated/code-samples';

/** One sample: its language, the label the reader shows, and its source as pasted. */
export type CodeSample = (typeof codeSamples)[string][number];

// biome-ignore lint/suspicious/noExplicitAny: the document is read as the JSON it is
type Json = Record<string, any>;

const methods = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** The samples table's key of an operation. */
export function codeSampleKey(method: string, path: string): string {
  return `${method} ${path}`;
}

/** The document with each operation's committed samples as its `x-codeSamples` (none for an operation the table lacks). */
export function withCodeSamples<T extends Json>(document: T): T {
  const table: Readonly<Record<string, readonly CodeSample[]>> = codeSamples;
  const paths = Object.fromEntries(
    Object.entries((document.paths ?? {}) as Record<string, Json>).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) => {
          const key = codeSampleKey(method, path);
          return methods.has(method) && Object.hasOwn(table, key)
            ? [method, { ...operation, 'x-codeSamples': table[key] }]
            : [method, operation];
        }),
      ),
    ]),
  );
  return { ...document, paths };
}
