import { scaleHook, scaleTestGlobal } from './scaled-timeouts';

/** A stand-in for jest's `it`: records each registration's name and timeout. */
function recordingIt() {
  const registered: Array<{ via: string; name: string; timeout: number | undefined }> = [];
  const record = (via: string) => (name: string, _fn?: unknown, timeout?: number) => {
    registered.push({ via, name, timeout });
  };
  const each = (via: string) => (table: unknown[]) => (name: string, fn: unknown, timeout?: number) => {
    for (const row of table) record(via)(`${name} ${String(row)}`, fn, timeout);
  };
  const skip = record('skip');
  const it = Object.assign(record('it'), {
    only: Object.assign(record('only'), { each: each('only.each') }),
    each: each('each'),
    skip,
  });
  return { it: it as unknown as jest.It, registered, skip };
}

const triple = (ms: number) => ms * 3;

describe('scaled jest timeouts', () => {
  it('when a test, an only or an each row gives a timeout, then it is registered scaled; a test without one keeps the default', () => {
    const { it: original, registered } = recordingIt();
    const scaled = scaleTestGlobal(original, triple);
    scaled('plain', () => undefined, 1000);
    scaled('default', () => undefined);
    scaled.only('only', () => undefined, 2000);
    scaled.each([1, 2])('row', () => undefined, 500);
    scaled.only.each([3])('only row', () => undefined, 10);
    expect(registered).toEqual([
      { via: 'it', name: 'plain', timeout: 3000 },
      { via: 'it', name: 'default', timeout: undefined },
      { via: 'only', name: 'only', timeout: 6000 },
      { via: 'each', name: 'row 1', timeout: 1500 },
      { via: 'each', name: 'row 2', timeout: 1500 },
      { via: 'only.each', name: 'only row 3', timeout: 30 },
    ]);
  });

  it('when a variant that takes no scaling is used, then it is the original', () => {
    const { it: original, skip } = recordingIt();
    expect(scaleTestGlobal(original, triple).skip).toBe(skip);
  });

  it('when a hook gives a timeout, then it is registered scaled; one without keeps the default', () => {
    const timeouts: Array<number | undefined> = [];
    const hook = scaleHook((_fn: jest.ProvidesHookCallback, timeout?: number) => void timeouts.push(timeout), triple);
    hook(() => undefined, 120_000);
    hook(() => undefined);
    expect(timeouts).toEqual([360_000, undefined]);
  });
});
