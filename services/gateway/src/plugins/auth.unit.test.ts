import { AppError } from '@coin/errors';
import { bearerTokenOf } from './auth';

const withHeader = (authorization?: string) => ({ headers: authorization === undefined ? {} : { authorization } });

describe('bearer token parsing', () => {
  it('when the scheme is written in any case (RFC 7235), then the token is read', () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) expect(bearerTokenOf(withHeader(`${scheme} a.b-c_d`))).toBe('a.b-c_d');
  });

  it('when several spaces separate scheme and token, then the token is read', () => {
    expect(bearerTokenOf(withHeader('Bearer   a.b.c'))).toBe('a.b.c');
  });

  it('when the header is missing, empty, of another scheme or carries no token, then UNAUTHENTICATED', () => {
    for (const header of [undefined, '', 'Basic a.b.c', 'Bearer', 'Bearer ', 'Bearera.b.c', 'Bearer a.b c', 'Bearer a+b']) {
      expect(() => bearerTokenOf(withHeader(header))).toThrow(AppError);
      try {
        bearerTokenOf(withHeader(header));
      } catch (err) {
        expect({ header, code: (err as AppError).code }).toEqual({ header, code: 'UNAUTHENTICATED' });
      }
    }
  });
});
