import { createHash } from 'node:crypto';
import { canonicalJson } from '@coin/contracts';

/**
 * The admin audit log's hash chain (docs/DESIGN.md "Admin audit log"): each entry's hash is
 * sha256 (hex) of the previous entry's hash followed by the canonical JSON of its record; the
 * first entry follows `genesisHash`. Changing, removing or reordering any entry changes every
 * hash after it, which `npm run audit` recomputes.
 */
export const genesisHash = '0'.repeat(64);

export function chainHash(prevHash: string, record: unknown): string {
  return createHash('sha256').update(prevHash).update(canonicalJson(record)).digest('hex');
}

/** A stored entry as the verification reads it. */
export interface ChainLink {
  seq: number;
  id: string;
  prevHash: string;
  hash: string;
  record: unknown;
}

export interface ChainBreak {
  seq: number;
  id: string;
  problem: string;
}

/**
 * Checks links in seq order against the hash that precedes the first (genesis for seq 1): the
 * first link that does not follow is returned, with why; null when they all do.
 */
export function firstBreak(links: ChainLink[], previous: { seq: number; hash: string } = { seq: 0, hash: genesisHash }): ChainBreak | null {
  let { seq, hash } = previous;
  for (const link of links) {
    if (link.seq !== seq + 1) return { seq: link.seq, id: link.id, problem: `seq ${link.seq} follows ${seq}: an entry is missing` };
    if (link.prevHash !== hash) return { seq: link.seq, id: link.id, problem: 'prev_hash is not the hash of the entry before it' };
    const expected = chainHash(hash, link.record);
    if (link.hash !== expected)
      return { seq: link.seq, id: link.id, problem: 'hash does not match its record (the record or the hash was changed)' };
    const recordId = (link.record as { id?: unknown } | null)?.id;
    if (recordId !== link.id) return { seq: link.seq, id: link.id, problem: 'the row id differs from its record id' };
    seq = link.seq;
    hash = link.hash;
  }
  return null;
}
