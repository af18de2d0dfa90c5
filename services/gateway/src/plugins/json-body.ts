/**
 * The gateway's application/json body parser. fastify's own (JSON.parse through
 * secure-json-parse) turns every number into a double, and the text is gone: 0.0100000000000000001
 * and 0.01 become the same value, so an amount could not be judged on what the caller wrote
 * (docs/CONTRACT.md "Amounts": "≤ 2 decimals after exact decimal parsing"), and an id written 9007199254740993
 * silently became 9007199254740992. This parser keeps each number's text (lossless-json) and
 * hands a JS number over only when it is exactly the decimal written; any other number is a
 * 400 VALIDATION_FAILED naming its JSON path. What fastify's parser protected against still
 * holds: `__proto__` and `constructor.prototype` keys are refused (MALFORMED_JSON, as before),
 * as are an empty body (VALIDATION_FAILED) and malformed JSON (MALFORMED_JSON); the body size
 * limit is fastify's, applied before this runs, and the nesting depth is limited (jsonDepthMax,
 * @coin/http) before anything parses or walks the value recursively.
 *
 * The common body (exact numbers, no repeated or special key, checked in one pass over the text)
 * is parsed by JSON.parse; lossless-json parses only the rest, and gives every refusal (parsing
 * everything with it was 5 % of the gateway's CPU per transfer).
 */
import { AppError, validationError, type FieldError } from '@coin/errors';
import { jsonDepthMax, refuseDeepJson } from '@coin/http';
import type { FastifyInstance } from 'fastify';
import { parse } from 'lossless-json';

/** A JSON number as written, until it is judged. */
class NumberText {
  constructor(readonly text: string) {}
}

/** A decimal as sign, significant digits (no leading or trailing zero; '' for zero) and exponent. */
interface Decimal {
  negative: boolean;
  digits: string;
  exponent: bigint;
}

const jsonNumberPattern = /^(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/;

/**
 * The exact decimal a JSON number text denotes, normalised so that two texts of the same value
 * compare equal ("1.50" and "15e-1"; "0.0" and "-0e3" are both zero). BigInt for the exponent:
 * "1e99999999999999999999" is valid JSON.
 */
function decimalOf(text: string): Decimal | null {
  const match = jsonNumberPattern.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = '', exponentText = '0'] = match;
  let digits = `${whole}${fraction}`.replace(/^0+/, '');
  let exponent = BigInt(exponentText) - BigInt(fraction.length);
  if (digits === '') return { negative: false, digits: '', exponent: 0n };
  const trailingZeros = digits.length - digits.replace(/0+$/, '').length;
  digits = digits.slice(0, digits.length - trailingZeros);
  exponent += BigInt(trailingZeros);
  return { negative: sign === '-', digits, exponent };
}

/**
 * The JS number a JSON number text denotes, or null when no double is exactly that decimal.
 * "Exactly" is read as: the shortest decimal that round-trips the double (String(n), what
 * JSON.stringify writes back) is the decimal written. So 0.01, 1.50, 1e2 and 9007199254740991 are
 * kept; 0.0100000000000000001, 1.0000000000000001, 9007199254740993, 1e400 and 1e-400 are not.
 * Every decimal of at most 15 significant digits within the double range passes. "-0" gives -0
 * (zero is exact); the amount rule refuses it as not > 0.
 */
export function numberOfJsonText(text: string): number | null {
  const written = decimalOf(text);
  if (!written) return null;
  const value = Number(text);
  if (!Number.isFinite(value)) return null;
  if (written.digits === '') return value;
  const shown = decimalOf(String(value));
  if (!shown) return null;
  return shown.negative === written.negative && shown.digits === written.digits && shown.exponent === written.exponent ? value : null;
}

const forbidden = (detail: string) => new AppError('MALFORMED_JSON', detail);

/**
 * Replaces every NumberText under `value` by its number, in place, collecting the paths of the
 * inexact ones; refuses prototype-poisoning keys as secure-json-parse does.
 */
function settle(value: unknown, path: string, errors: FieldError[]): unknown {
  if (value instanceof NumberText) {
    const number = numberOfJsonText(value.text);
    if (number === null)
      errors.push({
        path,
        message: `the number ${value.text.slice(0, 40)} cannot be represented exactly: too many digits, or out of range`,
      });
    return number ?? 0;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) value[i] = settle(value[i], `${path}.${i}`, errors);
    return value;
  }
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if (Object.hasOwn(object, '__proto__')) throw forbidden('The body contains a "__proto__" key');
    const ctor = object.constructor;
    if (Object.hasOwn(object, 'constructor') && ctor !== null && typeof ctor === 'object' && Object.hasOwn(ctor, 'prototype')) {
      throw forbidden('The body contains a "constructor.prototype" key');
    }
    // own-key: own keys of the parsed body (Object.keys), whose "__proto__" is refused above
    for (const key of Object.keys(object)) object[key] = settle(object[key], `${path}.${key}`, errors);
  }
  return value;
}

/**
 * Whether JSON.parse gives exactly what the exact path would, judged in one pass over the text
 * (as jsonNestingDepth, @coin/http): every number exact (at most 15 digits without an exponent
 * always is; any other by numberOfJsonText), no key repeated in an object (JSON.parse keeps the
 * last; the exact path refuses one repeated with another value), no key that the exact path
 * refuses or looks at (`__proto__`, `constructor`), no key written with an escape (it could spell
 * either), and no nesting past jsonDepthMax. The text need not be valid JSON: JSON.parse judges
 * that next, and any doubt leaves the answer to the exact path.
 */
function plainParseIsExact(text: string): boolean {
  /** The keys of each open object (null for an array), innermost last. */
  const open: Array<Set<string> | null> = [];
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: find its end; a colon after it makes it a key of the innermost object.
      const start = i + 1;
      let escaped = false;
      for (i = start; i < text.length; i += 1) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) {
          escaped = true;
          i += 1;
        } else if (d === 0x22) break;
      }
      let next = i + 1;
      while (
        next < text.length &&
        (text.charCodeAt(next) === 0x20 ||
          text.charCodeAt(next) === 0x0a ||
          text.charCodeAt(next) === 0x0d ||
          text.charCodeAt(next) === 0x09)
      )
        next += 1;
      if (text.charCodeAt(next) !== 0x3a) continue;
      const keys = open.at(-1);
      const key = text.slice(start, i);
      if (escaped || !keys || keys.has(key) || key === '__proto__' || key === 'constructor') return false;
      keys.add(key);
    } else if (c === 0x7b || c === 0x5b) {
      if (open.length >= jsonDepthMax) return false;
      open.push(c === 0x7b ? new Set() : null);
    } else if (c === 0x7d || c === 0x5d) open.pop();
    else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      // A number: its text runs to the next character that cannot be part of one.
      const start = i;
      let plain = true;
      while (i + 1 < text.length) {
        const d = text.charCodeAt(i + 1);
        if (d >= 0x30 && d <= 0x39) i += 1;
        else if (d === 0x2e || d === 0x2d || d === 0x2b || d === 0x65 || d === 0x45) {
          if (d !== 0x2e) plain = false;
          i += 1;
        } else break;
      }
      if (!(plain && i - start < 15) && numberOfJsonText(text.slice(start, i + 1)) === null) return false;
    }
  }
  return true;
}

/**
 * JSON.parse (native, several times faster than lossless-json) where it gives exactly what the
 * exact path would (plainParseIsExact); undefined otherwise, or if the text is not JSON: the
 * exact path then gives the answer, its refusals included.
 */
function parseCommonCase(text: string): { value: unknown } | undefined {
  if (!plainParseIsExact(text)) return undefined;
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** Parses a JSON body; throws the AppError the caller gets. */
export function parseJsonBody(text: string): unknown {
  if (text.length === 0) throw new AppError('VALIDATION_FAILED', 'A JSON body is required');
  const common = parseCommonCase(text);
  if (common) return common.value;
  return parseJsonBodyExactly(text);
}

/** The exact path alone (lossless-json): what parseJsonBody answers for every text, only slower. */
export function parseJsonBodyExactly(text: string): unknown {
  if (text.length === 0) throw new AppError('VALIDATION_FAILED', 'A JSON body is required');
  refuseDeepJson(text);
  let parsed: unknown;
  try {
    parsed = parse(text, null, (numberText) => new NumberText(numberText));
  } catch {
    // lossless-json refuses what JSON.parse refuses, and also a key repeated with another value.
    throw new AppError('MALFORMED_JSON', 'The body is not valid JSON');
  }
  const errors: FieldError[] = [];
  const value = settle(parsed, 'body', errors);
  if (errors.length > 0) throw validationError(errors, 'Invalid body');
  return value;
}

/** Replaces fastify's application/json parser (also used for `application/json; charset=...`). */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}
