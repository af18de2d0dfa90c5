import { randomBytes } from 'node:crypto';
import { RelaySeal } from './relay-seal';

describe('RelaySeal (messages on the live balance relay channels)', () => {
  const secret = randomBytes(32);
  const seal = new RelaySeal(secret);

  it('opens what it sealed for the same channel', () => {
    expect(seal.open('p:balances:user:1', seal.seal('p:balances:user:1', '{"a":1}'))).toBe('{"a":1}');
  });

  it.each([
    ['unsealed text', (m: string) => m.slice(44)],
    ['a changed payload', (m: string) => `${m}x`],
    ['a truncated seal', (m: string) => m.slice(1)],
  ])('refuses %s', (_what, alter) => {
    expect(seal.open('p:balances:user:1', alter(seal.seal('p:balances:user:1', '{"a":1}')))).toBeNull();
  });

  it("refuses another channel's message and another key's seal", () => {
    expect(seal.open('p:balances:user:2', seal.seal('p:balances:user:1', '{}'))).toBeNull();
    expect(seal.open('p:balances:user:1', new RelaySeal(randomBytes(32)).seal('p:balances:user:1', '{}'))).toBeNull();
  });
});
