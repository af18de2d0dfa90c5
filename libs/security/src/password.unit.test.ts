import {
  costOfPasswordHash,
  decoyPasswordHash,
  hashPassword,
  owaspScryptCost,
  passwordHashNeedsRehash,
  scryptConcurrencyMax,
  verifyPassword,
} from './index';

describe('password hashing: scrypt at OWASP’s cost, the cost stored with the hash', () => {
  it('when no cost is given, then the hash is scrypt N=2^17, r=8, p=1 (OWASP Password Storage Cheat Sheet) and verifies', async () => {
    expect(owaspScryptCost).toEqual({ log2N: 17, r: 8, p: 1 });
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(costOfPasswordHash(hash)).toEqual({ log2N: 17, r: 8, p: 1 });
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  it('when a lower cost is given, then it is stored, and a hash at the lower cost verifies after the cost is raised', async () => {
    const weak = await hashPassword('pw', { log2N: 10, r: 8, p: 1 });
    expect(weak.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('pw', weak)).toBe(true);
  });

  it.each([
    ['2^15 (the previous cost)', 'scrypt$32768$8$1$c2FsdA$a2V5', true],
    ['2^17, r=4', 'scrypt$131072$4$1$c2FsdA$a2V5', true],
    ['2^17, r=8, p=1', 'scrypt$131072$8$1$c2FsdA$a2V5', false],
    ['2^18 (above the configured cost)', 'scrypt$262144$8$1$c2FsdA$a2V5', false],
    ['N not a power of two', 'scrypt$100000$8$1$c2FsdA$a2V5', true],
    ['not a hash of ours', 'bcrypt$2b$12$x', true],
  ])('when the stored hash is %s, then it needs a rehash at the OWASP cost: %s', (_name, stored, needed) => {
    expect(passwordHashNeedsRehash(stored, owaspScryptCost)).toBe(needed);
  });

  it('when the decoy of unknown e-mails is asked for a cost, then it is a hash at that cost (timing matches real accounts)', async () => {
    expect(costOfPasswordHash(await decoyPasswordHash({ log2N: 11, r: 8, p: 1 }))).toEqual({ log2N: 11, r: 8, p: 1 });
  });

  it(`when many hashes are asked at once, then all complete (at most ${scryptConcurrencyMax} run at a time) and each verifies`, async () => {
    const cost = { log2N: 10, r: 8, p: 1 };
    const hashes = await Promise.all(Array.from({ length: 8 }, (_, i) => hashPassword(`pw ${i}`, cost)));
    const verified = await Promise.all(hashes.map((hash, i) => verifyPassword(`pw ${i}`, hash)));
    expect(verified).toEqual(Array(8).fill(true));
  });
});
