import fc from 'fast-check';
import { AppError } from '@coin/errors';
import { coinsToMinorUnits } from '@coin/contracts';
import { numberOfJsonText, parseJsonBody, parseJsonBodyExactly } from './json-body';

function refusal(text: string): { code: string; paths: string[] } {
  try {
    parseJsonBody(text);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { code: err.code, paths: (err.errors ?? []).map((e) => e.path) };
  }
  throw new Error(`${text} was accepted`);
}

describe('numberOfJsonText: a number only when the double is exactly the decimal written', () => {
  it.each([
    ['0.01', 0.01],
    ['1.50', 1.5],
    ['1e2', 100],
    ['1E+2', 100],
    ['15e-1', 1.5],
    ['0.10', 0.1],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
    ['-9007199254740991', -Number.MAX_SAFE_INTEGER],
    ['9007199254740992', 2 ** 53],
    ['0.30000000000000004', 0.1 + 0.2],
    ['123456789012345', 123456789012345],
    ['0.000001', 1e-6],
    ['1e21', 1e21],
    ['1.7976931348623157e308', Number.MAX_VALUE],
    ['5e-324', Number.MIN_VALUE],
    ['0', 0],
    ['0.000e99999999999999999999', 0],
  ])('when the text is %s, then it is %s', (text, expected) => {
    expect(numberOfJsonText(text)).toBe(expected);
  });

  it('when the text is -0, then it is -0 (exact), which the amount rule then refuses', () => {
    expect(Object.is(numberOfJsonText('-0'), -0)).toBe(true);
    expect(coinsToMinorUnits(numberOfJsonText('-0'))).toBeNull();
  });

  it.each([
    '0.0100000000000000001',
    '1.0000000000000001',
    '9007199254740993',
    '-9007199254740993',
    '18446744073709551617',
    '1e400',
    '-1e400',
    '1e-400',
    '1e99999999999999999999',
    '0.1000000000000000055511151231257827',
    '1.7976931348623159e308',
  ])('when the text is %s, then no double is that decimal: null', (text) => {
    expect(numberOfJsonText(text)).toBeNull();
  });

  it.each(['01', '+1', '.5', '1.', 'NaN', 'Infinity', '0x10', '1e', ''])('when the text %s is not a JSON number, then null', (text) => {
    expect(numberOfJsonText(text)).toBeNull();
  });
});

describe('parseJsonBody: JSON with exact numbers and the protections of fastify’s parser', () => {
  it('when numbers are exact, then the value is what JSON.parse gives', () => {
    const text = '{"amount":1.50,"toUserId":42,"list":[1e2,{"n":-0.5}],"s":"a\\u00e9\\ud83d\\ude80","t":true,"z":null}';
    expect(parseJsonBody(text)).toEqual(JSON.parse(text));
  });

  it('when numbers are inexact, then 400 VALIDATION_FAILED naming each one by its JSON path', () => {
    expect(refusal('{"amount":0.0100000000000000001,"ids":[1,9007199254740993],"o":{"x":1e400}}')).toEqual({
      code: 'VALIDATION_FAILED',
      paths: ['body.amount', 'body.ids.1', 'body.o.x'],
    });
    expect(refusal('1.0000000000000001')).toEqual({ code: 'VALIDATION_FAILED', paths: ['body'] });
  });

  it.each([
    ['a __proto__ key', '{"__proto__":{"admin":true}}'],
    ['a nested __proto__ key', '{"a":[{"b":{"__proto__":{}}}]}'],
    ['a constructor.prototype key', '{"constructor":{"prototype":{"admin":true}}}'],
    ['a __proto__ key spelled with escapes', '{"\\u005f_proto__":{"admin":true}}'],
  ])('when the body has %s, then MALFORMED_JSON (prototype poisoning, as secure-json-parse)', (_name, text) => {
    expect(refusal(text).code).toBe('MALFORMED_JSON');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('when a key is repeated with the same value, then it is accepted once (as lossless-json does)', () => {
    expect(parseJsonBody('{"amount":1,"amount":1,"o":{"k":[1],"k":[1]}}')).toEqual({ amount: 1, o: { k: [1] } });
  });

  it('when a string holds what looks like keys, then it is only a string', () => {
    expect(parseJsonBody('{"reason":"\\"a\\":1,\\"a\\":2","to":7}')).toEqual({ reason: '"a":1,"a":2', to: 7 });
  });

  it('when constructor is an ordinary value, then it is just a key', () => {
    expect(parseJsonBody('{"constructor":"x","c":{"constructor":{"name":1}}}')).toEqual({
      constructor: 'x',
      c: { constructor: { name: 1 } },
    });
  });

  it.each([
    ['not JSON', '{"amount":'],
    ['a raw control character in a string', '{"reason":"a\u0001b"}'],
    ['trailing text', '{} x'],
    ['a key repeated with another value', '{"amount":1,"amount":2}'],
    ['a nested key repeated with another value', '{"a":[{"b":{"x":"1","x":"2"}}]}'],
    ['a key repeated with another value, spelled with an escape', '{"amount":1,"\\u0061mount":2}'],
    ['a key repeated with another value, after a colon inside a string', '{"r":"a\\":b","r":"c"}'],
    ['whitespace only', '  '],
  ])('when the body is %s, then MALFORMED_JSON', (_name, text) => {
    expect(refusal(text).code).toBe('MALFORMED_JSON');
  });

  it('when the body is empty, then VALIDATION_FAILED: a JSON body is required', () => {
    expect(refusal('').code).toBe('VALIDATION_FAILED');
  });

  it.each([
    ['33 nested arrays', `${'['.repeat(33)}${']'.repeat(33)}`],
    ['8,000 nested arrays (16,000 bytes, within the body limit)', `${'['.repeat(8000)}${']'.repeat(8000)}`],
    ['3,000 nested arrays (parsed, then overflowed the stack in the exact-number pass)', `${'['.repeat(3000)}${']'.repeat(3000)}`],
    ['2,700 nested objects under a real field', `{"reason":${'{"a":'.repeat(2700)}1${'}'.repeat(2700)}}`],
  ])('when the body is %s, then VALIDATION_FAILED naming body: nesting is limited to 32 levels', (_name, text) => {
    expect(refusal(text)).toEqual({ code: 'VALIDATION_FAILED', paths: ['body'] });
  });

  it('when the body nests exactly 32 levels, or brackets are inside strings, then it is parsed', () => {
    expect(parseJsonBody(`${'['.repeat(32)}${']'.repeat(32)}`)).toBeDefined();
    expect(parseJsonBody(JSON.stringify({ reason: '['.repeat(5000) }))).toEqual({ reason: '['.repeat(5000) });
  });
});

describe('parseJsonBody: JSON.parse where it is exact, the same answer as the exact path for every text', () => {
  const outcome = (parse: (text: string) => unknown, text: string) => {
    try {
      return { value: parse(text) };
    } catch (err) {
      return { code: (err as AppError).code, errors: (err as AppError).errors };
    }
  };
  /** Numbers of every kind the exact path judges: short, long, exponents, past 2^53, negative zero. */
  const numberText = fc.oneof(
    fc.integer().map(String),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
    fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
    fc.tuple(fc.nat(), fc.stringMatching(/^[0-9]{1,25}$/)).map(([w, f]) => `${w}.${f}`),
    fc.constantFrom('-0', '1e400', '1E-400', '0.0100000000000000001', '9007199254740993', '1.50'),
  );
  const key = fc.oneof(
    fc.constantFrom('a', 'amount', '__proto__', 'constructor', 'prototype', '\\u0061', 'x:y'),
    fc.string({ maxLength: 4 }).map((k) => JSON.stringify(k).slice(1, -1)),
  );
  const { value: valueText } = fc.letrec<{ value: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      numberText,
      fc.string({ maxLength: 6 }).map((t) => JSON.stringify(t)),
      fc.constantFrom('true', 'null', '"\\"a\\":1"'),
      fc.array(tie('value'), { maxLength: 3 }).map((items) => `[${items.join(',')}]`),
      fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }).map((pairs) => `{${pairs.map(([k, v]) => `"${k}" : ${v}`).join(',')}}`),
    ),
  }));

  it("when any text is parsed, then the answer (value or refusal) is the exact path's", () => {
    fc.assert(
      fc.property(valueText, (text) => {
        expect(outcome(parseJsonBody, text)).toEqual(outcome(parseJsonBodyExactly, text));
      }),
      { numRuns: 3000 },
    );
  });
});
