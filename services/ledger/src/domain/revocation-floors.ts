import { revocationSubjectOfApiKey } from '@coin/security';

/**
 * Revocation floors (docs/DESIGN.md "Who asks"): what the ledger knows of revocations, in each
 * partition of ledger.commands, as of each offset. The user service writes a signed revocation
 * record into every partition before it answers the logout-all, role change, deletion, client
 * or API key revocation that made it; from that record's offset on, in that partition, a proof
 * of the subject below the minimum token version (any proof of a revoked client, any key proof
 * of a revoked API key) is refused, and before it, it is not: a command written before the
 * revocation still applies, even if the ledger meets it only after an outage. A redelivered
 * batch is judged the same way, since every floor keeps the offset it came in at.
 *
 * A lookup is one map access for a subject that was never revoked (nearly every command), a
 * short scan of that subject's floors otherwise: no I/O, no signature.
 */

/** One floor as recorded: its partition and offset, whom it concerns, and from which version on (null: none). */
export interface RevocationFloor {
  partition: number;
  offset: number;
  /** `user:<id>`, `client:<id>` or `apikey:<id>`. */
  subject: string;
  /** People: the lowest token version still valid from here on; null: no proof of this subject any more. */
  minTokenVersion: number | null;
}

/** A floor from an offset on: the lowest token version still valid (Infinity: revoked for good). */
interface Step {
  offset: number;
  min: number;
}

/** Who a verified proof names, and at which token version. */
export interface ProofSubject {
  kind: 'user' | 'system';
  id: string;
  tokenVersion: number;
}

export function floorSubjectOf(proof: Pick<ProofSubject, 'kind' | 'id'>): string {
  return proof.kind === 'system' ? `client:${proof.id}` : `user:${proof.id}`;
}

export class RevocationFloors {
  /** Per `partition|subject`: its floors in offset order. */
  private readonly steps = new Map<string, Step[]>();

  constructor(floors: Iterable<RevocationFloor> = []) {
    for (const floor of floors) this.raise(floor);
  }

  /** Takes a floor; one already held (a redelivered record: same partition and offset) changes nothing. */
  raise(floor: RevocationFloor): void {
    const key = keyOf(floor.partition, floor.subject);
    const list = this.steps.get(key) ?? [];
    if (list.some((s) => s.offset === floor.offset)) return;
    list.push({ offset: floor.offset, min: floor.minTokenVersion ?? Number.POSITIVE_INFINITY });
    list.sort((a, b) => a.offset - b.offset);
    this.steps.set(key, list);
  }

  /**
   * Why a proof of `subject` may not act at `offset` of `partition`, or null when it may: the
   * highest floor of the records before that offset (max semantics: a lower one met later lowers
   * nothing).
   */
  refusal(partition: number, offset: number, proof: ProofSubject): string | null {
    const subject = floorSubjectOf(proof);
    const list = this.steps.get(keyOf(partition, subject));
    if (!list) return null;
    let min = Number.NEGATIVE_INFINITY;
    for (const step of list) {
      if (step.offset >= offset) break;
      min = Math.max(min, step.min);
    }
    if (proof.tokenVersion >= min) return null;
    return min === Number.POSITIVE_INFINITY
      ? `Command refused: its proof's platform client ${proof.id} was revoked before the command was written`
      : `Command refused: its proof (token version ${proof.tokenVersion}) was revoked before the command was written (logout-all, a role change or a deletion raised ${subject} to version ${min})`;
  }

  /**
   * Why a key proof of the API key `keyId` may not act at `offset` of `partition`, or null when it
   * may: the key's revocation met before that offset (a key is revoked for good; a proof signed
   * before the revocation and still unexpired proves nothing after it). A map lookup for a key
   * never revoked.
   */
  keyRefusal(partition: number, offset: number, keyId: string): string | null {
    const first = this.steps.get(keyOf(partition, revocationSubjectOfApiKey(keyId)))?.[0];
    if (!first || first.offset >= offset) return null;
    return `Command refused: its key proof's API key ${keyId} was revoked before the command was written`;
  }

  /**
   * Why a referral the platform client `clientId` attested may not pay at `offset` of `partition`,
   * or null when it may: the client's revocation met before that offset, as for its own tokens (a
   * client is revoked for good; a referral signed before and still unexpired attests nothing after).
   */
  clientRefusal(partition: number, offset: number, clientId: string): string | null {
    const list = this.steps.get(keyOf(partition, floorSubjectOf({ kind: 'system', id: clientId })));
    const first = list?.find((step) => step.min === Number.POSITIVE_INFINITY);
    if (!first || first.offset >= offset) return null;
    return `Command refused: its referral's platform client ${clientId} was revoked before the command was written`;
  }

  /** How many floors are held: a gauge, and tests. */
  get size(): number {
    let n = 0;
    for (const list of this.steps.values()) n += list.length;
    return n;
  }
}

function keyOf(partition: number, subject: string): string {
  return `${partition}|${subject}`;
}
