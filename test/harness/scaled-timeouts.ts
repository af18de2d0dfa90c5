/**
 * Jest's time limits of the int and e2e tiers, scaled by the run's machine-speed factor
 * (./machine-speed): every `it`, `test` and hook timeout a file gives, and the default, were set on
 * the reference machine. They are safety nets (a hung test ends), not what a test asserts, so a
 * box twice as slow gets twice as long instead of failing a healthy test on timing alone.
 * ./scaled-timeouts.setup.ts installs them before each file (jest.config.ts's
 * `setupFilesAfterEnv`); a file that calls `jest.setTimeout` itself scales its own value.
 */

/** A bound set on the reference machine, for this one. */
export type Scale = (ms: number) => number;

type Timeout = number | undefined;
type TestFn = (name: string, fn?: jest.ProvidesCallback, timeout?: number) => void;
type HookFn = (fn: jest.ProvidesHookCallback, timeout?: number) => void;
/** `it.each(table)` and its kin: a table first, then a test that takes a timeout. */
type EachFn = (...table: never[]) => (name: string, fn: (...args: never[]) => unknown, timeout?: number) => void;

function scaleTest<T extends TestFn>(original: T, scale: Scale): T {
  return ((name, fn, timeout: Timeout) => original(name, fn, timeout === undefined ? undefined : scale(timeout))) as T;
}

function scaleEach<T extends EachFn>(original: T, scale: Scale): T {
  return ((...table: never[]) => {
    const named = original(...table);
    return (name: string, fn: (...args: never[]) => unknown, timeout?: number) =>
      named(name, fn, timeout === undefined ? undefined : scale(timeout));
  }) as T;
}

/** `it` or `test` with its variants (skip, todo, concurrent, failing kept as they are), scaled where a timeout is given: itself, `only` and `each`. */
export function scaleTestGlobal(original: jest.It, scale: Scale): jest.It {
  return Object.assign(scaleTest(original, scale), original, {
    only: Object.assign(scaleTest(original.only, scale), original.only, { each: scaleEach(original.only.each, scale) }),
    each: scaleEach(original.each, scale),
  });
}

/** A hook (beforeAll, afterAll, beforeEach, afterEach) whose timeout, when given, is scaled. */
export function scaleHook<T extends HookFn>(original: T, scale: Scale): T {
  return ((fn, timeout: Timeout) => original(fn, timeout === undefined ? undefined : scale(timeout))) as T;
}
