/** Small HTTP helpers for set-up work (funding, admin) and for the bank test's clients. */
export { requestJson, type JsonResponse } from '../../scripts/stack/http-json';

/** Runs fn over items with at most `concurrency` in flight; returns results in input order. */
export async function mapConcurrent<T, R>(items: T[], concurrency: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (;;) {
      const index = next;
      next += 1;
      if (index >= items.length) return;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
