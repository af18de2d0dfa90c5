import { chainHash, firstBreak, genesisHash, type ChainLink } from './audit-chain';

function chain(records: { id: string; [key: string]: unknown }[]): ChainLink[] {
  let prevHash = genesisHash;
  return records.map((record, i) => {
    const hash = chainHash(prevHash, record);
    const link = { seq: i + 1, id: record.id, prevHash, hash, record };
    prevHash = hash;
    return link;
  });
}

const records = [1, 2, 3, 4].map((i) => ({ id: `id-${i}`, action: 'money.mint', summary: { amount: i, reason: 'r' } }));

describe('the audit log hash chain', () => {
  it('then the hash is over canonical JSON, so key order changes no hash', () => {
    expect(chainHash(genesisHash, { a: 1, b: 2 })).toBe(chainHash(genesisHash, { b: 2, a: 1 }));
    expect(chainHash(genesisHash, { a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });

  it('when nothing was changed, then there is no break', () => {
    expect(firstBreak(chain(records))).toBeNull();
    expect(firstBreak([])).toBeNull();
  });

  it('when a record was changed, then its entry is the first break', () => {
    const links = chain(records);
    links[1] = { ...links[1]!, record: { ...records[1]!, summary: { amount: 1_000_000, reason: 'r' } } };
    expect(firstBreak(links)).toMatchObject({ seq: 2, problem: expect.stringMatching(/hash does not match/) });
  });

  it('when a record and its hash were changed together, then the next entry breaks (its prev_hash)', () => {
    const links = chain(records);
    const forged = { ...records[1]!, summary: { amount: 0, reason: 'r' } };
    links[1] = { ...links[1]!, record: forged, hash: chainHash(links[1]!.prevHash, forged) };
    expect(firstBreak(links)).toMatchObject({ seq: 3, problem: expect.stringMatching(/prev_hash/) });
  });

  it('when an entry was deleted, then the gap is named', () => {
    const links = chain(records);
    links.splice(2, 1);
    expect(firstBreak(links)).toMatchObject({ seq: 4, problem: expect.stringMatching(/missing/) });
  });

  it('when a row was forged at the end with a made-up hash, then it is named', () => {
    const links = chain(records);
    links.push({ seq: 5, id: 'id-5', prevHash: 'f'.repeat(64), hash: 'f'.repeat(64), record: { id: 'id-5' } });
    expect(firstBreak(links)).toMatchObject({ seq: 5, id: 'id-5' });
  });

  it('when a row id differs from its record id, then it is named', () => {
    const links = chain(records);
    links[0] = { ...links[0]!, id: 'other' };
    expect(firstBreak(links)).toMatchObject({ seq: 1, problem: expect.stringMatching(/row id/) });
  });
});
