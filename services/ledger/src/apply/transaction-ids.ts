/**
 * The one place transaction ids come from: the ids the batch read reserved from the sequence.
 * When a run needs more than were reserved (credit legs whose wallet is closed need returns
 * nobody could count beforehand), the ids it could not hand out are counted and the whole run
 * is redone from a fresh read with that many more reserved, so no id, `returns` or reason text
 * ever holds a placeholder (an earlier version renumbered afterwards and missed `returns`).
 */
export class TransactionIds {
  private next = 0;
  private missing = 0;

  constructor(private readonly reserved: readonly number[]) {}

  /** The next reserved id; 0 (never a transaction id) once they are used up, counted in `shortBy`. */
  readonly take = (): number => {
    if (this.next < this.reserved.length) return this.reserved[this.next++]!;
    this.missing += 1;
    return 0;
  };

  /** How many more ids the run needed than were reserved; the run is void when this is > 0. */
  get shortBy(): number {
    return this.missing;
  }
}
