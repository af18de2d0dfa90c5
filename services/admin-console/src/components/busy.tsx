import type { ReactNode } from 'react';
import type { Load } from '../hooks/use-load';
import { ProblemView } from './problem-view';

/** "Loading…" while a load is out, for screen readers too. */
export function Busy({ loading }: { loading: boolean }) {
  return loading ? (
    <p className="muted" role="status">
      Loading…
    </p>
  ) : null;
}

/**
 * What every list and page shows of a load: its problem, Loading… while it is out, then the data.
 * `error` replaces the load's own when given (a screen that shows its last action's refusal there).
 */
export function Loaded<T>({ load, error, children }: { load: Load<T>; error?: unknown; children: (data: T) => ReactNode }) {
  return (
    <>
      <ProblemView error={error ?? load.error} />
      <Busy loading={load.loading} />
      {load.data ? children(load.data) : null}
    </>
  );
}
