import { createHash, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { canonicalJson } from '@coin/contracts';

/**
 * A signed checkpoint of the admin audit log: the seq and hash of its last entry at `signedAt`,
 * signed with the history service's checkpoint key (Ed25519). Whoever rewrites the log's rows
 * (a database owner past the triggers) cannot sign for the chain they made: a checkpoint whose
 * seq is gone shows a truncation, one whose hash differs shows a recomputed tail.
 */
export interface AuditCheckpoint {
  seq: number;
  hash: string;
  signedAt: string;
  keyId: string;
  signature: string;
}

/** base64url of the first 16 bytes of sha256(SPKI DER): names the key without being it. */
export function checkpointKeyId(key: KeyObject): string {
  const spki = (key.type === 'private' ? createPublicKey(key) : key).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest().subarray(0, 16).toString('base64url');
}

function signedText(c: Omit<AuditCheckpoint, 'signature'>): Buffer {
  return Buffer.from(canonicalJson({ hash: c.hash, keyId: c.keyId, seq: c.seq, signedAt: c.signedAt }));
}

export function signCheckpoint(head: { seq: number; hash: string }, privateKey: KeyObject, now: Date): AuditCheckpoint {
  const unsigned = { seq: head.seq, hash: head.hash, signedAt: now.toISOString(), keyId: checkpointKeyId(privateKey) };
  return { ...unsigned, signature: sign(null, signedText(unsigned), privateKey).toString('base64url') };
}

/** The checkpoint public keys by key id. */
export function checkpointKeyring(publicKeys: KeyObject[]): Map<string, KeyObject> {
  return new Map(publicKeys.map((k) => [checkpointKeyId(k), k]));
}

/** A stored checkpoint beside what the log holds at its seq now. */
export interface CheckpointAgainstLog {
  checkpoint: AuditCheckpoint;
  /** The hash of the log's entry at checkpoint.seq; null when there is none. */
  logHash: string | null;
}

export interface CheckpointProblem {
  seq: number;
  kind: 'TRUNCATED' | 'RECOMPUTED' | 'FORGED' | 'UNKNOWN KEY';
  problem: string;
}

/**
 * Judges each checkpoint: signed by a known key (else UNKNOWN KEY: the audit cannot vouch for it),
 * a valid signature (else FORGED: a row the key never signed), the log still reaching its seq
 * (else TRUNCATED) with the signed hash there (else RECOMPUTED).
 */
export function judgeCheckpoints(rows: CheckpointAgainstLog[], keyring: Map<string, KeyObject>, logEnd: number): CheckpointProblem[] {
  const problems: CheckpointProblem[] = [];
  for (const { checkpoint: c, logHash } of rows) {
    const key = keyring.get(c.keyId);
    if (!key) {
      problems.push({
        seq: c.seq,
        kind: 'UNKNOWN KEY',
        problem: `signed by key ${c.keyId}, which is not among the checkpoint public keys`,
      });
      continue;
    }
    let valid = false;
    try {
      valid = verify(null, signedText(c), key, Buffer.from(c.signature, 'base64url'));
    } catch {
      valid = false;
    }
    if (!valid) {
      problems.push({
        seq: c.seq,
        kind: 'FORGED',
        problem: `the signature of key ${c.keyId} does not verify: the key never signed this checkpoint`,
      });
    } else if (logHash === null) {
      problems.push({
        seq: c.seq,
        kind: 'TRUNCATED',
        problem: `checkpoint signed at ${c.signedAt} names seq ${c.seq}, but the log ends at seq ${logEnd}: entries were removed`,
      });
    } else if (logHash !== c.hash) {
      problems.push({
        seq: c.seq,
        kind: 'RECOMPUTED',
        problem: `checkpoint signed at ${c.signedAt} has hash ${c.hash} at seq ${c.seq}, the log has ${logHash}: the chain was rewritten`,
      });
    }
  }
  return problems;
}
