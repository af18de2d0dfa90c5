import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { wholeOverPieces } from '../../../test/harness/growth';
import {
  actor,
  createApiKeyBody,
  createApiKeyCommand,
  email,
  freeText,
  freeTextDocumentedPattern,
  freeTextPattern,
  fullName,
  idempotencyKey,
  loginBody,
  positiveIdParam,
  purchaseBody,
  refundCommand,
  registerUserCommand,
  singleLineDocumentedPattern,
  singleLinePattern,
  singleLineText,
  transactionIdParam,
  transferCommand,
  userIdParam,
  userListQuery,
} from './index';

const hostile = [
  'a\u0000b',
  '\u0001',
  'a\u001bb',
  '\u001f',
  'a\u007fb',
  'a\u0085b',
  '\u009f',
  'a\ud800b',
  '\udbff',
  'x\udc00',
  '\udc00\ud800',
  'a\ud83d',
];
const lineBreaks = ['a\nb', 'a\rb', 'a\tb', 'a\r\nb'];
const fine = ['', 'Ada Lovelace', 'Zoë Ångström', '🚀 rocket', 'a\u00a0b', '中文', 'quote " backslash \\', 'a\u2028b'];

describe('text rules: no controls, no lone surrogates', () => {
  it.each(hostile)('when single-line or free text contains %j, then it is refused', (text) => {
    expect(singleLineText(0, 100).safeParse(text).success).toBe(false);
    expect(freeText(0, 100).safeParse(text).success).toBe(false);
  });

  it.each(lineBreaks)('when text contains the line break or tab %j, then free text takes it and single-line text does not', (text) => {
    expect(freeText(0, 100).safeParse(text).success).toBe(true);
    expect(singleLineText(0, 100).safeParse(text).success).toBe(false);
  });

  it.each(fine)('when text is %j, then both rules take it', (text) => {
    expect(singleLineText(0, 100).safeParse(text).success).toBe(true);
    expect(freeText(0, 100).safeParse(text).success).toBe(true);
  });

  it('then the patterns mean the same with the u flag (as JSON Schema validators may compile them)', () => {
    for (const pattern of [singleLinePattern, freeTextPattern]) {
      const unicode = new RegExp(pattern.source, 'u');
      for (const text of [...hostile, ...lineBreaks, ...fine]) expect([text, unicode.test(text)]).toEqual([text, pattern.test(text)]);
    }
  });

  it('then a long hostile-free text is checked in linear time', () => {
    // One 100,000-character text against 32 of 3,125: a pattern that backtracks grows with the square
    // of the length or worse, so the one would cost at least 32 times the many; a linear one about
    // as much.
    const rule = freeText(0, 200_000);
    expect(rule.safeParse('🚀a'.repeat(50_000)).success).toBe(true);
    expect(rule.safeParse(`${'🚀a'.repeat(50_000)}\u0000`).success).toBe(false);
    const text = (length: number) => `${'🚀a'.repeat(Math.floor(length / 3))}\u0000`;
    expect(wholeOverPieces(text, (input) => rule.safeParse(input), { length: 100_000, pieces: 32 })).toBeLessThan(4);
  });

  it('when the field is named, then the issue says which rule and where', () => {
    const result = z.object({ reason: freeText(1, 10) }).safeParse({ reason: 'a\u0000' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['reason'], message: expect.stringContaining('control characters') });
  });

  it('when the shared fields get hostile text, then each refuses it', () => {
    expect(fullName.safeParse('a\u0000b').success).toBe(false);
    expect(fullName.safeParse('  Ada  ').data).toBe('Ada');
    expect(email.safeParse('a\u0000@example.test').success).toBe(false);
    expect(email.safeParse('a\ud800@example.test').success).toBe(false);
    expect(loginBody.safeParse({ email: 'a@b.c\u0000', password: 'x' }).success).toBe(false);
    expect(loginBody.safeParse({ email: 'a@b.c', password: 'x\u0000' }).success).toBe(false);
    expect(createApiKeyBody.safeParse({ name: 'k\u0000', scopes: ['mint'] }).success).toBe(false);
    expect(purchaseBody.safeParse({ treasury: 'REWARDS', amount: 1, reason: 'r', reference: 'r\u0000' }).success).toBe(false);
    expect(userListQuery.safeParse({ q: '\u0000' }).success).toBe(false);
    expect(userListQuery.safeParse({ q: 'ada' }).success).toBe(true);
    expect(actor.safeParse({ kind: 'user', id: '1\u0000' }).success).toBe(false);
  });

  it('then the Idempotency-Key is 1-255 printable ASCII characters (docs/CONTRACT.md "Idempotency")', () => {
    expect(idempotencyKey.safeParse('order-42 retry #1').success).toBe(true);
    for (const key of ['', 'a\tb', 'clé', 'a\u0000', 'k'.repeat(256)]) expect(idempotencyKey.safeParse(key).success).toBe(false);
  });
});

describe('Kafka commands refuse hostile text too (a message put on a topic by hand)', () => {
  const envelope = { commandId: randomUUID(), issuedAt: new Date().toISOString(), actor: { kind: 'user' as const, id: '1' } };
  const transfer = (data: Record<string, unknown>) =>
    transferCommand.safeParse({
      ...envelope,
      type: 'ledger.transfer',
      data: { kind: 'PURCHASE', fromUserId: 1, to: { kind: 'treasury', code: 'REWARDS' }, amount: 100, reason: 'course', ...data },
    }).success;

  it('when a transfer command is well-formed, then it parses (the control case)', () => {
    expect(transfer({})).toBe(true);
    expect(transfer({ reason: 'two\nlines', reference: 'order-1' })).toBe(true);
  });

  it.each(hostile)('when a transfer command carries %j in reason or reference, then its schema refuses it', (text) => {
    expect(transfer({ reason: text })).toBe(false);
    expect(transfer({ reference: text })).toBe(false);
  });

  it('when a register or API-key command carries a NUL, then its schema refuses it', () => {
    const register = (fullName: string) =>
      registerUserCommand.safeParse({ ...envelope, type: 'user.register', data: { email: 'a@example.test', passwordHash: 'h', fullName } })
        .success;
    expect(register('Ada')).toBe(true);
    expect(register('a\u0000b')).toBe(false);
    const apiKey = (name: string) =>
      createApiKeyCommand.safeParse({ ...envelope, type: 'user.api-key.create', data: { name, scopes: ['mint'], keyHash: 'a'.repeat(64) } })
        .success;
    expect(apiKey('ops')).toBe(true);
    expect(apiKey('o\u0000ps')).toBe(false);
  });

  it('when a refund command names a transaction id past 2^53−1, then its schema refuses it', () => {
    const refund = (transactionId: number) =>
      refundCommand.safeParse({ ...envelope, type: 'ledger.refund', data: { transactionId, treasury: 'REWARDS', reason: 'r' } }).success;
    expect(refund(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(refund(2 ** 53)).toBe(false);
  });
});

describe('ids in paths and queries: digits only, at most 2^53−1', () => {
  it.each([positiveIdParam, userIdParam, transactionIdParam])('then each id parameter schema keeps exactly that rule', (schema) => {
    expect(schema.safeParse('1').data).toBe(1);
    expect(schema.safeParse('9007199254740991').data).toBe(Number.MAX_SAFE_INTEGER);
    for (const text of [
      '9007199254740992',
      '9007199254740993',
      '9999999999999999',
      '99999999999999999',
      '0',
      '-1',
      '1e3',
      '0x10',
      ' 5',
      '1.0',
      '',
    ]) {
      expect([text, schema.safeParse(text).success]).toEqual([text, false]);
    }
  });
});

describe('text rules as the OpenAPI document states them', () => {
  const isLoneSurrogateFree = (text: string) => !/\p{Cs}/u.test(text);
  it.each([
    ['single-line', singleLinePattern, singleLineDocumentedPattern],
    ['free text', freeTextPattern, freeTextDocumentedPattern],
  ] as const)(
    'then the %s pattern of the document accepts what the service accepts, and refuses the rest but lone surrogates (stated in words)',
    (_name, rule, documentedText) => {
      const documented = new RegExp(documentedText, 'u');
      for (const text of [...hostile, ...lineBreaks, ...fine]) {
        if (rule.test(text)) expect([text, documented.test(text)]).toEqual([text, true]);
        else if (isLoneSurrogateFree(text)) expect([text, documented.test(text)]).toEqual([text, false]);
      }
      expect(z.toJSONSchema(singleLineText(1, 5)).pattern).toBe(singleLineDocumentedPattern);
      expect(z.toJSONSchema(freeText(1, 5)).pattern).toBe(freeTextDocumentedPattern);
    },
  );
});

describe('a trimmed text that must not be empty, as the OpenAPI document states it', () => {
  it.each([' ', '   ', '\u00a0', '\u3000', '\ufeff', ' \u2003 ', 'Ada', ' Ada ', '\u00a0x'])(
    'when the text is %j, then the document admits it exactly when the service does',
    (text) => {
      const documented = new RegExp(singleLineText(1, 100, { trim: true }).meta()?.pattern as string, 'u');
      expect([text, documented.test(text)]).toEqual([text, fullName.safeParse(text).success]);
    },
  );
});
