import { uuidV5 } from './index';

describe('uuidV5', () => {
  it('when the RFC 9562 example (DNS namespace, www.example.com) is derived, then it matches the published value', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('when the same name is derived twice, then the id is the same, and another name gives another id', () => {
    expect(uuidV5('a')).toBe(uuidV5('a'));
    expect(uuidV5('a')).not.toBe(uuidV5('b'));
  });

  it('when the namespace is not a UUID, then it throws', () => {
    expect(() => uuidV5('a', 'nope')).toThrow('invalid namespace');
  });
});
