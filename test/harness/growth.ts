/**
 * How an operation's cost grows with its input, told without a clock bound. A test that says "a
 * 1,000,000-character key is hashed in under 500 ms" fails on a box that is only busy, and a bound
 * scaled to the machine still guesses; what such a test means is "linear, not quadratic".
 *
 * `wholeOverPieces` times one input of `length` against `pieces` inputs of `length / pieces` (the
 * same total): work linear in its input gives about 1, quadratic work about `pieces`. Both sides run
 * on the same machine in the same moment, so a slow machine slows both alike and the ratio stays.
 *
 * A busy machine is noisier than it is slow: a preemption or a collection inside one side's sample
 * moves the ratio. So each sample repeats its side until it has run `sampleMs` (a sub-millisecond
 * sample is all noise), the two sides alternate which goes first (neither always pays for the
 * other's garbage or a cold cache), and the fastest of `rounds` samples of each side counts.
 */
export function wholeOverPieces<Input>(
  prepare: (length: number) => Input,
  work: (input: Input) => unknown,
  { length, pieces, rounds = 7, sampleMs = 5 }: { length: number; pieces: number; rounds?: number; sampleMs?: number },
): number {
  const whole = [prepare(length)];
  const parts = Array.from({ length: pieces }, () => prepare(Math.floor(length / pieces)));
  const wholeRepeats = repeatsFor(whole, work, sampleMs);
  const partsRepeats = repeatsFor(parts, work, sampleMs);
  let wholeMs = Number.POSITIVE_INFINITY;
  let partsMs = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      wholeMs = Math.min(wholeMs, timePerRun(whole, work, wholeRepeats));
      partsMs = Math.min(partsMs, timePerRun(parts, work, partsRepeats));
    } else {
      partsMs = Math.min(partsMs, timePerRun(parts, work, partsRepeats));
      wholeMs = Math.min(wholeMs, timePerRun(whole, work, wholeRepeats));
    }
  }
  return wholeMs / Math.max(partsMs, Number.EPSILON);
}

/** Milliseconds one pass over `inputs` takes, averaged over `repeats` passes. */
function timePerRun<Input>(inputs: Input[], work: (input: Input) => unknown, repeats: number): number {
  const started = performance.now();
  for (let repeat = 0; repeat < repeats; repeat++) for (const input of inputs) work(input);
  return (performance.now() - started) / repeats;
}

/** How many passes over `inputs` fill `sampleMs`, from one timed pass (which also warms the code). */
function repeatsFor<Input>(inputs: Input[], work: (input: Input) => unknown, sampleMs: number): number {
  const onePass = timePerRun(inputs, work, 1);
  return Math.max(1, Math.min(1_000, Math.ceil(sampleMs / Math.max(onePass, 0.001))));
}
