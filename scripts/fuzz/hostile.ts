/**
 * What a hostile caller sends, as fast-check generators. Each family once got
 * past the gateway: a NUL in a name stalled a Kafka partition (PostgreSQL refuses U+0000), ids
 * above 2^53−1 were accepted and never answered, and 0.0100000000000000001 passed as 0.01. The
 * API fuzzer puts them in every field of every operation: bodies, path and query parameters,
 * and headers.
 */
import fc from 'fast-check';

/** C0 controls, DEL and some C1 controls. */
export const controlCharacters = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
];
/** UTF-16 halves without their partner: not text, and UTF-8 cannot encode them. */
export const loneSurrogates = ['\ud800', '\udbff', '\udc00', '\udfff', '\udc00\ud800'];

/** Any UTF-16 code unit, lone surrogates included (fast-check's own units make only valid text). */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));

/** Text with controls, lone surrogates, any code point, or longer than any field allows. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...controlCharacters, ...loneSurrogates), fc.string({ maxLength: 20 }))
    .map(([before, bad, after]) => `${before}${bad}${after}`),
  fc.string({ unit: codeUnit, minLength: 1, maxLength: 40 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
  // Longer than any field; the longest still fits the 16 KiB body limit, so the schema judges it.
  fc
    .tuple(fc.constantFrom(256, 501, 1000, 5000, 15_000), fc.constantFrom('', '\u0000', '\ud800'))
    .map(([n, tail]) => `${'x'.repeat(n)}${tail}`),
);

/**
 * JSON number texts a double cannot hold exactly, or that sit on a rule's edge: integers past
 * 2^53, many digits, exponents out of range, negative zero, and exact look-alikes (1.50, 1e2).
 */
export const hostileNumberText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '9007199254740991',
    '9007199254740992',
    '9007199254740993',
    '-9007199254740993',
    '9999999999999999',
    '18446744073709551617',
    '1e400',
    '-1e400',
    '1e-400',
    '1e999999999999999999',
    '0.0100000000000000001',
    '1.0000000000000001',
    '1000000000.001',
    '1000000000.01',
    '1.50',
    '1e2',
    '1E+2',
    '0.1e1',
    '100e-2',
    '-0',
    '-0.0',
    '0',
    '0.001',
    '1e21',
    '5e-324',
    '1.7976931348623157e308',
  ),
  fc.stringMatching(/^-?[1-9][0-9]{15,40}$/),
  fc.tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.stringMatching(/^[0-9]{3,40}$/)).map(([whole, fraction]) => `${whole}.${fraction}`),
  fc
    .tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.integer({ min: -400, max: 400 }))
    .map(([mantissa, exponent]) => `${mantissa}e${exponent}`),
);

/** A JSON number written exactly as given: JSON.stringify cannot write 9007199254740993 or -0. */
export class RawNumber {
  constructor(readonly text: string) {}
}

/** JSON.stringify, except that a RawNumber is written as its text. */
export function jsonText(value: unknown): string {
  if (value instanceof RawNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : jsonText(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Percent-encodes text for a URL. A lone surrogate becomes its generalised UTF-8 (%ED%A0%80),
 * what a client with broken text puts on the wire; encodeURIComponent throws on it instead.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** Already-encoded path or query values: ids past 2^53, encoded controls, invalid UTF-8. */
export const hostileUrlValue: fc.Arbitrary<string> = fc.oneof(
  hostileNumberText.map(percentEncode),
  hostileString.filter((text) => text.length <= 60).map(percentEncode),
  fc.constantFrom('%00', 'a%00b', '%01', '%0A', '%1B%5B31m', '%7F', '%C2%85', '%ED%A0%80', '%ED%B0%80', '%FF', '%C0%80', '%E2%80%AE'),
);

/**
 * Header values a client can send (fetch refuses NUL, CR, LF and other controls, and anything
 * above U+00FF): tabs, Latin-1 bytes, lengths past the 255 of an Idempotency-Key.
 */
export const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('key\twith-tab', 'cl\u00e9', '\u00ff\u00fe', 'k'.repeat(256), 'k'.repeat(4000), '\u00a0nbsp'),
  fc
    .string({
      unit: fc
        .oneof(fc.integer({ min: 0x21, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }), fc.constant(0x09))
        .map((n) => String.fromCharCode(n)),
      minLength: 1,
      maxLength: 40,
    })
    .map((text) => `k${text}k`),
);
