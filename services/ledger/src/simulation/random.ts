/**
 * The simulation's one source of chance (docs/RELIABILITY.md "The whole-ledger simulation"): a
 * seeded generator (sfc32), so a seed names one run exactly and a failing seed can be run again.
 * Nothing in the simulation calls Math.random or reads the wall clock to decide anything.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(readonly seed: number) {
    // splitmix32 spreads a small seed over the four words, so seeds 1 and 2 start far apart.
    let state = seed >>> 0;
    const next = () => {
      state = (state + 0x9e3779b9) >>> 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i += 1) this.nextUint32();
  }

  private nextUint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** A number in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** An integer in [min, max] (both included). */
  int(min: number, max: number): number {
    if (max <= min) return min;
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One of the entries, each as likely as its weight (weights ≤ 0 never). */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    const total = entries.reduce((sum, [, weight]) => sum + Math.max(0, weight), 0);
    if (total <= 0) throw new RangeError('weighted pick with no positive weight');
    let at = this.next() * total;
    for (const [item, weight] of entries) {
      at -= Math.max(0, weight);
      if (at < 0) return item;
    }
    return entries[entries.length - 1]![0];
  }

  /** An amount spread over orders of magnitude: as likely in 1..10 as in 1000..10000. */
  logUniform(min: number, max: number): number {
    const low = Math.log(Math.max(1, min));
    const high = Math.log(Math.max(min + 1, max));
    return Math.min(max, Math.max(min, Math.round(Math.exp(low + this.next() * (high - low)))));
  }

  /** `n` characters drawn from `alphabet`. */
  text(alphabet: string, n: number): string {
    let out = '';
    for (let i = 0; i < n; i += 1) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }

  hex(n: number): string {
    return this.text('0123456789abcdef', n);
  }

  /** A version-4 UUID drawn from this generator (command ids, nonces): the same seed, the same ids. */
  uuid(): string {
    const h = this.hex(32);
    const variant = '89ab'[this.int(0, 3)];
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }

  /** An independent generator for one concern (the driver's choices apart from the generator's), derived from this one's seed. */
  fork(label: string): Random {
    let hash = this.seed >>> 0;
    for (let i = 0; i < label.length; i += 1) hash = Math.imul(hash ^ label.charCodeAt(i), 0x01000193) >>> 0;
    return new Random(hash);
  }
}
