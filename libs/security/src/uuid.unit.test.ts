import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { coinIdNamespace, uuidV5 } from './index';

/** RFC 9562 section 5.5 step by step, with a hash object: what the fast path must equal. */
function referenceUuidV5(name: string, namespace: string): string {
  const bytes = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

describe('uuidV5', () => {
  it('when the RFC 9562 example (DNS namespace, www.example.com) is derived, then it matches the published value', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('when the same name is derived twice, then the id is the same, and another name gives another id', () => {
    expect(uuidV5('a')).toBe(uuidV5('a'));
    expect(uuidV5('a')).not.toBe(uuidV5('b'));
  });

  it('when any name (multi-byte text among them) is derived in any namespace, then the id is the step-by-step one', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), fc.uuid(), (name, namespace) => {
        expect(uuidV5(name, namespace)).toBe(referenceUuidV5(name, namespace));
        expect(uuidV5(name)).toBe(referenceUuidV5(name, coinIdNamespace));
      }),
      { numRuns: 500 },
    );
  });

  it('when the namespace is not a UUID, then it throws', () => {
    expect(() => uuidV5('a', 'nope')).toThrow('invalid namespace');
  });
});
