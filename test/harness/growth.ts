/**
 * How an operation's cost grows with its input, told without a clock bound. A test that says "a
 * 1,000,000-character key is hashed in under 500 ms" fails on a box that is only busy, and a bound
 * scaled to the machine still guesses; what such a test means is "linear, not quadratic".
 *
 * `wholeOverPieces` times one input of `length` against `pieces` inputs of `length / pieces` (the
 * same total), side by side, the fastest of `rounds` of each: work linear in its input gives about
 * 1, quadratic work about `pieces`. Both sides run on the same machine in the same moment, so a
 * slow or busy machine slows both alike and the ratio stays.
 */
export function wholeOverPieces<Input>(
  prepare: (length: number) => Input,
  work: (input: Input) => unknown,
  { length, pieces, rounds = 5 }: { length: number; pieces: number; rounds?: number },
): number {
  const whole = prepare(length);
  const parts = Array.from({ length: pieces }, () => prepare(Math.floor(length / pieces)));
  let wholeMs = Number.POSITIVE_INFINITY;
  let partsMs = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    work(whole);
    const between = performance.now();
    for (const part of parts) work(part);
    const ended = performance.now();
    wholeMs = Math.min(wholeMs, between - started);
    partsMs = Math.min(partsMs, ended - between);
  }
  return wholeMs / Math.max(partsMs, Number.EPSILON);
}
