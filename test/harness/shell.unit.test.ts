import { shellBlocks, shownMismatch } from './shell';

describe('what a guide says a block shows', () => {
  it('when a text block follows a sh block under the same heading, then it is what that block shows; prose between them is allowed', () => {
    const markdown = [
      '## One',
      '```sh',
      'echo a',
      '```',
      'It prints:',
      '',
      '```text',
      'a',
      '```',
      '```sh',
      'true',
      '```',
      '## Two',
      '```text',
      'not shown',
      '```',
    ].join('\n');
    expect(shellBlocks(markdown).map((b) => [b.line, b.shows])).toEqual([
      [2, 'a\n'],
      [10, undefined],
    ]);
  });

  it('when a text block comes after another fence or under the next heading, then it belongs to no sh block', () => {
    const markdown = ['## One', '```sh', 'echo a', '```', '```http', 'GET /', '```', '```text', 'x', '```'].join('\n');
    expect(shellBlocks(markdown)[0]!.shows).toBeUndefined();
  });

  it('when the output equals it line for line, with … standing for the rest of a line, then it matches', () => {
    expect(shownMismatch('{"id":"test_…","n":1}\nok\n', '{"id":"test_abc","n":1}\nok\n')).toBeNull();
    expect(shownMismatch('a…c\n', 'ac\n')).toBeNull();
  });

  it('when … stands alone on a line, then it stands for any number of lines, none included', () => {
    expect(shownMismatch('first\n…\nlast\n', 'first\nx\ny\nlast\n')).toBeNull();
    expect(shownMismatch('first\n…\nlast\n', 'first\nlast\n')).toBeNull();
    expect(shownMismatch('first\n…\n', 'first\n')).toBeNull();
  });

  it('when a line differs (a 403 where a 404 is shown), then both are told', () => {
    expect(shownMismatch('{"status":403}\n', '{"status":404}\n')).toBe('expected\n{"status":403}\nprinted\n{"status":404}');
  });

  it('when … would have to cover a line break, or the output has a line more, then it does not match', () => {
    expect(shownMismatch('a…b\n', 'a\nb\n')).not.toBeNull();
    expect(shownMismatch('a\n', 'a\nb\n')).not.toBeNull();
  });

  it('when there is no text block, then the block must print nothing', () => {
    expect(shownMismatch(undefined, '')).toBeNull();
    expect(shownMismatch(undefined, 'x\n')).toBe('expected nothing\nprinted\nx');
    expect(shownMismatch('x\n', '')).toBe('expected\nx\nprinted\n(nothing)');
  });

  it('when the shown text has characters a regular expression would read, then they are only text', () => {
    expect(shownMismatch('[a.b]*(c)?\n', '[a.b]*(c)?\n')).toBeNull();
    expect(shownMismatch('a.b\n', 'axb\n')).not.toBeNull();
  });
});
