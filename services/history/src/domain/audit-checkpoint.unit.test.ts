import { generateKeyPairSync } from 'node:crypto';
import { chainHash, genesisHash } from './audit-chain';
import { checkpointKeyId, checkpointKeyring, judgeCheckpoints, signCheckpoint } from './audit-checkpoint';

describe('signed checkpoints of the audit log', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const other = generateKeyPairSync('ed25519');
  const keyring = checkpointKeyring([publicKey]);
  const h1 = chainHash(genesisHash, { id: 'a' });
  const h2 = chainHash(h1, { id: 'b' });
  const at = new Date('2030-01-01T00:00:00Z');
  const checkpoint = signCheckpoint({ seq: 2, hash: h2 }, privateKey, at);

  it('when a checkpoint is signed, then it names the key by id (22 base64url characters) and verifies against a log holding that hash at that seq', () => {
    expect(checkpoint).toMatchObject({ seq: 2, hash: h2, signedAt: '2030-01-01T00:00:00.000Z', keyId: checkpointKeyId(publicKey) });
    expect(checkpoint.keyId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(checkpoint.signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(checkpointKeyId(privateKey)).toBe(checkpointKeyId(publicKey));
    expect(judgeCheckpoints([{ checkpoint, logHash: h2 }], keyring, 2)).toEqual([]);
  });

  it('when the log no longer reaches the seq, then TRUNCATED names where it ends', () => {
    expect(judgeCheckpoints([{ checkpoint, logHash: null }], keyring, 1)).toEqual([
      { seq: 2, kind: 'TRUNCATED', problem: expect.stringContaining('names seq 2, but the log ends at seq 1') },
    ]);
  });

  it('when the log holds another hash at the seq, then RECOMPUTED', () => {
    expect(judgeCheckpoints([{ checkpoint, logHash: chainHash(h1, { id: 'forged' }) }], keyring, 2)).toEqual([
      { seq: 2, kind: 'RECOMPUTED', problem: expect.stringContaining('the chain was rewritten') },
    ]);
  });

  it('when any signed field or the signature is changed, then FORGED, whatever the log holds', () => {
    const tampered = [
      { ...checkpoint, seq: 1, hash: h1 },
      { ...checkpoint, hash: h1 },
      { ...checkpoint, signedAt: '2031-01-01T00:00:00.000Z' },
      // A middle character carries 6 signature bits (the last ones may be padding bits only).
      {
        ...checkpoint,
        signature: `${checkpoint.signature.slice(0, 10)}${checkpoint.signature[10] === 'A' ? 'B' : 'A'}${checkpoint.signature.slice(11)}`,
      },
      { ...checkpoint, signature: 'not a signature' },
    ];
    for (const c of tampered) {
      expect(judgeCheckpoints([{ checkpoint: c, logHash: c.hash }], keyring, 2)).toEqual([
        { seq: c.seq, kind: 'FORGED', problem: expect.stringContaining('does not verify') },
      ]);
    }
  });

  it('when another key signed it, then UNKNOWN KEY (the audit cannot vouch for it), and its own keyring accepts it', () => {
    const foreign = signCheckpoint({ seq: 2, hash: h2 }, other.privateKey, at);
    expect(judgeCheckpoints([{ checkpoint: foreign, logHash: h2 }], keyring, 2)).toEqual([
      { seq: 2, kind: 'UNKNOWN KEY', problem: expect.stringContaining('not among the checkpoint public keys') },
    ]);
    expect(judgeCheckpoints([{ checkpoint: foreign, logHash: h2 }], checkpointKeyring([publicKey, other.publicKey]), 2)).toEqual([]);
  });
});
