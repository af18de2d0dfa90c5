import { lastEventIdOf, sseEvent } from './sse';

describe('SSE framing', () => {
  it('writes an event as id, event and one data line', () => {
    expect(sseEvent('balance', 12, { note: 'a\nb' })).toBe('id: 12\nevent: balance\ndata: {"note":"a\\nb"}\n\n');
  });

  it.each([
    [undefined, undefined],
    ['', undefined],
    [' 42 ', 42],
    ['0', 0],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
    ['9007199254740992', null],
    ['-1', null],
    ['1e3', null],
    ['12abc', null],
    [['1', '2'], null],
  ])('reads Last-Event-ID %p as %p', (header, expected) => {
    expect(lastEventIdOf(header as string | string[] | undefined)).toBe(expected);
  });
});
