import { helpRequested, integerArg, parseCliArgs, positionalArgs, UsageError } from './cli-args';

const usage = 'usage: tool [--limit N] [--keep]';
const options = { limit: { type: 'string' }, keep: { type: 'boolean', default: false } } as const;

describe('parseCliArgs', () => {
  it('when the flags are known, then their values come back with the defaults', () => {
    expect(parseCliArgs({ args: ['--limit', '5'], options }, usage).values).toEqual({ limit: '5', keep: false });
    expect(parseCliArgs({ args: ['--limit=7', '--keep'], options }, usage).values).toEqual({ limit: '7', keep: true });
  });

  it('when a flag is unknown, then a UsageError names it and ends with the usage line', () => {
    const parse = () => parseCliArgs({ args: ['--limt', '5'], options }, usage);
    expect(parse).toThrow(UsageError);
    expect(parse).toThrow(/Unknown option '--limt'[\s\S]*\nusage: tool \[--limit N\] \[--keep\]$/);
  });

  it('when a flag lacks its value, then it is a UsageError', () => {
    expect(() => parseCliArgs({ args: ['--limit'], options }, usage)).toThrow(/'--limit <value>' argument missing/);
  });

  it('when a positional argument is not expected, then it is a UsageError', () => {
    expect(() => parseCliArgs({ args: ['stray'], options }, usage)).toThrow(/Unexpected argument 'stray'/);
  });
});

describe('positionalArgs', () => {
  it('when there are at most countMax arguments, then they come back in order', () => {
    expect(positionalArgs([], 2, usage)).toEqual([]);
    expect(positionalArgs(['10', '42'], 2, usage)).toEqual(['10', '42']);
  });

  it('when there are more, or a flag, then it is a UsageError', () => {
    expect(() => positionalArgs(['up', 'down'], 1, usage)).toThrow('at most 1 argument, got 2: up down');
    expect(() => positionalArgs(['--force'], 1, usage)).toThrow(UsageError);
  });
});

describe('integerArg', () => {
  it('when absent, then the fallback', () => {
    expect(integerArg(undefined, '--limit', 5000, usage)).toBe(5000);
  });

  it('when a whole number of at least min, then that number', () => {
    expect(integerArg('100000', '--limit', 1, usage)).toBe(100_000);
    expect(integerArg('0', '--wait-ms', 5000, usage, 0)).toBe(0);
  });

  it.each(['abc', '1e5', '-1', '2.5', '', '0', '99999999999999999999'])('when %j, then it is a UsageError', (text) => {
    expect(() => integerArg(text, '--limit', 1, usage)).toThrow(UsageError);
  });
});

describe('helpRequested', () => {
  it.each([[['--help']], [['-h']], [['stop', '--help']], [['--limit', '5', '-h']]])('when %j, then the usage line is asked for', (args) => {
    expect(helpRequested(args)).toBe(true);
  });

  it.each([[[]], [['--limit', '5']], [['--', '--help']], [['--helpful']], [['help']]])('when %j, then it is not', (args) => {
    expect(helpRequested(args)).toBe(false);
  });
});
