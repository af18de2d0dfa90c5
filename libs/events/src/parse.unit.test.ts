import { parseCoinHoldEvent, parseCoinTransactionEvent, parseUserEvent } from './parse';
import { sampleEvents, sampleHoldCapturedEvent, sampleRecordedEvent, sampleUserRegisteredEvent } from './sample-events';

const recorded = sampleRecordedEvent;
const registered = sampleUserRegisteredEvent;
const captured = sampleHoldCapturedEvent;

describe('parseCoinTransactionEvent', () => {
  it('when given a valid event as a Buffer or a string, then it returns the typed event', () => {
    for (const value of [Buffer.from(JSON.stringify(recorded)), JSON.stringify(recorded)]) {
      const result = parseCoinTransactionEvent(value);
      expect(result).toEqual({ ok: true, event: recorded });
      if (result.ok && result.event.type === 'coin.transaction.recorded') expect(result.event.transaction.amount).toBe(12.5);
    }
  });

  it('when the event carries fields this version does not know, then it is read and they are dropped', () => {
    const result = parseCoinTransactionEvent(
      JSON.stringify({ ...recorded, addedLater: true, transaction: { ...recorded.transaction, x: 1 } }),
    );
    expect(result).toEqual({ ok: true, event: recorded });
  });

  it('when the type is one this version does not know, then it says unknown-type (skip it)', () => {
    const result = parseCoinTransactionEvent(JSON.stringify({ ...recorded, type: 'coin.transaction.annotated' }));
    expect(result).toMatchObject({ ok: false, reason: 'unknown-type', type: 'coin.transaction.annotated' });
  });

  it.each<[string, Uint8Array | string | null | undefined, string]>([
    ['null (a tombstone)', null, 'empty'],
    ['undefined', undefined, 'empty'],
    ['an empty buffer', Buffer.alloc(0), 'empty'],
    ['blank text', '  \n', 'empty'],
    ['not JSON', 'hello', 'invalid-json'],
    ['truncated JSON', JSON.stringify(recorded).slice(0, 40), 'invalid-json'],
    ['invalid UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), 'invalid-json'],
    ['a lone UTF-8 continuation byte inside a string', Buffer.from([0x22, 0x80, 0x22]), 'invalid-json'],
    ['a JSON string', '"coin.transaction.recorded"', 'invalid'],
    ['a JSON number', '42', 'invalid'],
    ['JSON null', 'null', 'invalid'],
    ['a JSON array', JSON.stringify([recorded]), 'invalid'],
    ['an object without type', JSON.stringify({ ...recorded, type: undefined }), 'invalid'],
    ['a type that is not a string', JSON.stringify({ ...recorded, type: ['coin.transaction.recorded'] }), 'invalid'],
    ['a wrong field type', JSON.stringify({ ...recorded, transaction: { ...recorded.transaction, amount: '12.5' } }), 'invalid'],
    ['a missing field', JSON.stringify({ ...recorded, transaction: { ...recorded.transaction, id: undefined } }), 'invalid'],
    ['a bad eventId', JSON.stringify({ ...recorded, eventId: 'x' }), 'invalid'],
    ['another version', JSON.stringify({ ...recorded, version: 2 }), 'invalid'],
    ['an enum value it does not know', JSON.stringify({ ...recorded, transaction: { ...recorded.transaction, type: 'GIFT' } }), 'invalid'],
    ['a user event on the wrong topic', JSON.stringify(registered), 'unknown-type'],
  ])('when the value is %s, then it returns an error, never throws', (_name, value, reason) => {
    const result = parseCoinTransactionEvent(value);
    expect(result).toMatchObject({ ok: false, reason });
    if (!result.ok) expect(typeof result.message).toBe('string');
  });

  it('when the value is larger than maxBytes, then it is refused before it is decoded', () => {
    const big = Buffer.alloc(2 * 1024 * 1024, 0x20);
    expect(parseCoinTransactionEvent(big)).toMatchObject({ ok: false, reason: 'too-large' });
    const text = JSON.stringify(recorded);
    expect(parseCoinTransactionEvent(text, { maxBytes: text.length - 1 })).toMatchObject({ ok: false, reason: 'too-large' });
    expect(parseCoinTransactionEvent(text, { maxBytes: text.length })).toMatchObject({ ok: true });
    // 3 UTF-8 bytes per character: the byte count, not the character count, is what is bounded.
    expect(parseCoinTransactionEvent('€'.repeat(400), { maxBytes: 1000 })).toMatchObject({ ok: false, reason: 'too-large' });
  });

  it('when the JSON nests deeper than the stack allows, then it returns an error', () => {
    const deep = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;
    const result = parseCoinTransactionEvent(deep);
    expect(result.ok).toBe(false);
  });

  it('when the value tries prototype pollution, then nothing is polluted and the event is read as data', () => {
    const hostile = JSON.stringify(recorded).replace('{', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},');
    const result = parseCoinTransactionEvent(hostile);
    expect(result).toEqual({ ok: true, event: recorded });
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('when the value is not bytes nor text, then it returns an error', () => {
    expect(parseCoinTransactionEvent(42 as unknown as string)).toMatchObject({ ok: false, reason: 'invalid-json' });
    expect(parseCoinTransactionEvent({ toString: () => '{}' } as unknown as string)).toMatchObject({ ok: false, reason: 'invalid-json' });
  });

  it('when the error message would echo a huge input, then it is clipped', () => {
    const result = parseCoinTransactionEvent(JSON.stringify({ ...recorded, type: 'x'.repeat(100_000) }));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message.length).toBeLessThan(400);
      expect(result.type!.length).toBeLessThan(400);
    }
  });
});

describe('parseCoinHoldEvent', () => {
  it.each(sampleEvents['coin.holds'].map((event) => [event.type, event] as const))(
    'when given a valid %s as a Buffer or a string, then it returns the typed event',
    (_type, event) => {
      for (const value of [Buffer.from(JSON.stringify(event)), JSON.stringify(event)]) {
        expect(parseCoinHoldEvent(value)).toEqual({ ok: true, event });
      }
    },
  );

  it('when the event is read, then its type narrows the hold it carries', () => {
    const result = parseCoinHoldEvent(JSON.stringify(captured));
    expect(result.ok).toBe(true);
    if (result.ok && result.event.type === 'coin.hold.captured') {
      expect([result.event.hold.status, result.event.hold.capturedAmount, result.event.hold.transactionId]).toEqual([
        'CAPTURED',
        25.5,
        1043,
      ]);
    }
  });

  it('when the event carries fields this version does not know, then it is read and they are dropped', () => {
    const result = parseCoinHoldEvent(JSON.stringify({ ...captured, addedLater: true, hold: { ...captured.hold, x: 1 } }));
    expect(result).toEqual({ ok: true, event: captured });
  });

  it.each<[string, Uint8Array | string | null | undefined, string]>([
    ['null (a tombstone)', null, 'empty'],
    ['an empty buffer', Buffer.alloc(0), 'empty'],
    ['not JSON', 'hello', 'invalid-json'],
    ['invalid UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), 'invalid-json'],
    ['a JSON array', JSON.stringify([captured]), 'invalid'],
    ['a hold event type it does not know', JSON.stringify({ ...captured, type: 'coin.hold.extended' }), 'unknown-type'],
    ['a transaction event on the wrong topic', JSON.stringify(recorded), 'unknown-type'],
    ['a user event on the wrong topic', JSON.stringify(registered), 'unknown-type'],
    ['a hold status it does not know', JSON.stringify({ ...captured, hold: { ...captured.hold, status: 'RELEASED' } }), 'invalid'],
    ['a hold id that is not a uuid', JSON.stringify({ ...captured, hold: { ...captured.hold, id: 'hold-1' } }), 'invalid'],
    ['an amount as text', JSON.stringify({ ...captured, hold: { ...captured.hold, amount: '30' } }), 'invalid'],
    ['a missing hold field', JSON.stringify({ ...captured, hold: { ...captured.hold, capturedAmount: undefined } }), 'invalid'],
    ['no hold', JSON.stringify({ ...captured, hold: undefined }), 'invalid'],
    ['another version', JSON.stringify({ ...captured, version: 2 }), 'invalid'],
  ])('when the value is %s, then it returns an error, never throws', (_name, value, reason) => {
    const result = parseCoinHoldEvent(value);
    expect(result).toMatchObject({ ok: false, reason });
    if (!result.ok) expect(typeof result.message).toBe('string');
  });

  it('when the value is larger than maxBytes, then it is refused before it is decoded (the same limit as the other topics)', () => {
    expect(parseCoinHoldEvent(Buffer.alloc(2 * 1024 * 1024, 0x20))).toMatchObject({ ok: false, reason: 'too-large' });
    const text = JSON.stringify(captured);
    expect(parseCoinHoldEvent(text, { maxBytes: text.length - 1 })).toMatchObject({ ok: false, reason: 'too-large' });
    expect(parseCoinHoldEvent(text, { maxBytes: text.length })).toMatchObject({ ok: true });
  });

  it('when the JSON nests deeper than the stack allows, then it returns an error', () => {
    expect(parseCoinHoldEvent(`${'['.repeat(500_000)}${']'.repeat(500_000)}`).ok).toBe(false);
  });

  it('when a hold event reaches the other parsers, then they skip it as unknown-type', () => {
    expect(parseCoinTransactionEvent(JSON.stringify(captured))).toMatchObject({
      ok: false,
      reason: 'unknown-type',
      type: 'coin.hold.captured',
    });
    expect(parseUserEvent(JSON.stringify(captured))).toMatchObject({ ok: false, reason: 'unknown-type' });
  });
});

describe('parseUserEvent', () => {
  it('when given each user event type, then it reads it', () => {
    expect(parseUserEvent(Buffer.from(JSON.stringify(registered)))).toEqual({ ok: true, event: registered });
    const changed = { ...registered, type: 'user.role-changed', previousRole: 'ADMIN' };
    expect(parseUserEvent(JSON.stringify(changed))).toEqual({ ok: true, event: changed });
  });

  it('when a user event lacks what its type needs or has a transaction event, then it returns an error', () => {
    expect(parseUserEvent(JSON.stringify({ ...registered, type: 'user.role-changed' }))).toMatchObject({
      ok: false,
      reason: 'invalid',
      message: expect.stringContaining('previousRole'),
    });
    expect(parseUserEvent(JSON.stringify(recorded))).toMatchObject({ ok: false, reason: 'unknown-type' });
    expect(parseUserEvent('{')).toMatchObject({ ok: false, reason: 'invalid-json' });
  });
});
