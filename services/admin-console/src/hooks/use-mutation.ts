import { useCallback, useRef, useState } from 'react';

export interface Mutation<R> {
  /** A change is out; `busyKey` says which (e.g. the request id a row's buttons act on). */
  busy: boolean;
  busyKey: string | undefined;
  /** The last change's refusal (an RFC 9457 problem, a network error), until the next one starts. */
  error: unknown;
  /** What the last change answered (often the sentence the screen says), until the next one starts. */
  result: R | undefined;
  /**
   * Runs one change: busy while it is out, its answer or error kept. A second run while one is out
   * is ignored (a double click sends once); the returned promise settles when it is done and never rejects.
   */
  run: (change: () => Promise<R>, options?: { key?: string }) => Promise<void>;
  /** Forgets the last answer and error (e.g. when the form is used again). */
  reset: () => void;
}

/** The state of the changes one part of a screen makes (a form, a table's buttons), shared by its actions. */
export function useMutation<R = string>(): Mutation<R> {
  const inFlight = useRef(false);
  const [busyKey, setBusyKey] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [result, setResult] = useState<R>();
  const run = useCallback(async (change: () => Promise<R>, options: { key?: string } = {}) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setBusyKey(options.key);
    setError(undefined);
    setResult(undefined);
    try {
      setResult(await change());
    } catch (err) {
      setError(err);
    } finally {
      inFlight.current = false;
      setBusy(false);
      setBusyKey(undefined);
    }
  }, []);
  const reset = useCallback(() => {
    setError(undefined);
    setResult(undefined);
  }, []);
  return { busy, busyKey, error, result, run, reset };
}
