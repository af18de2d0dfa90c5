import { offPathLingerBytes } from './client';
import { lingerAfter } from './consumer';

const ofBytes = (n: number) => ({ value: Buffer.alloc(n) });

describe('lingerAfter (an off-path consumer between fetches)', () => {
  it('when a batch is small, then the consumer lingers so that its next fetch brings many', () => {
    expect(lingerAfter([ofBytes(300), ofBytes(300)], 50)).toBe(50);
    expect(lingerAfter([{ value: null }], 50)).toBe(50);
  });

  it('when a batch reaches the linger size, then the next fetch goes at once (the consumer is behind)', () => {
    expect(lingerAfter([ofBytes(offPathLingerBytes - 1), ofBytes(1)], 50)).toBe(0);
  });

  it('when the consumer has no linger (the request path), then it never waits', () => {
    expect(lingerAfter([ofBytes(10)], undefined)).toBe(0);
    expect(lingerAfter([ofBytes(10)], 0)).toBe(0);
  });
});
