import { CoinNetworkError, CoinProblemError } from '@coin/client';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { StepUpForm } from './second-factor';

export const treasuries = ['COURSE_FEES', 'SUBSCRIPTIONS', 'REWARDS', 'OPERATIONS'] as const;
export const roles = ['USER', 'DEVELOPER', 'ADMIN', 'SUPERADMIN'] as const;
export const transactionTypes = ['MINT', 'BURN', 'TRANSFER', 'PURCHASE', 'REWARD', 'REFUND'] as const;

const coinFormat = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const coins = (amount: number | null | undefined): string =>
  amount === null || amount === undefined ? '—' : coinFormat.format(amount);
export const when = (iso: string | null | undefined): string => (iso ? new Date(iso).toLocaleString('en-GB', { timeZone: 'UTC' }) : '—');

/**
 * An error as the API said it: an RFC 9457 problem (title, code, detail, the fields it names, the
 * request id to quote) or a network failure (with the Idempotency-Key to ask about).
 */
export function ProblemView({ error }: { error: unknown }) {
  if (!error) return null;
  if (error instanceof CoinProblemError) {
    return (
      <div className="problem" role="alert">
        <p className="problem-title">
          <strong>{error.title}</strong> <span className="badge">{error.status}</span> <code>{error.code}</code>
        </p>
        {error.detail ? <p>{error.detail}</p> : null}
        {error.code === 'STEP_UP_REQUIRED' ? <StepUpForm /> : null}
        {error.errors.length > 0 ? (
          <ul>
            {error.errors.map((e) => (
              <li key={`${e.path}:${e.message}`}>
                <code>{e.path}</code>: {e.message}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="muted">
          {error.problem.type.startsWith('/problems/') ? (
            <a href={error.problem.type} target="_blank" rel="noreferrer">
              What this means
            </a>
          ) : null}
          {error.requestId ? (
            <>
              {' '}
              · request id <code>{error.requestId}</code>
            </>
          ) : null}
          {error.idempotencyKey ? (
            <>
              {' '}
              · Idempotency-Key <code>{error.idempotencyKey}</code>
            </>
          ) : null}
        </p>
      </div>
    );
  }
  if (error instanceof CoinNetworkError) {
    return (
      <div className="problem" role="alert">
        <p>
          <strong>No answer from the API</strong> after {error.attempts} attempts.
        </p>
        {error.idempotencyKey ? (
          <p>
            Whether it happened is known from <code>GET /api/commands/{error.idempotencyKey}</code>; submitting the same form again is safe
            (same key).
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="problem" role="alert">
      <p>{error instanceof Error ? error.message : String(error)}</p>
    </div>
  );
}

/** Loads something from the API; `reload()` asks again. */
export function useLoad<T>(
  load: () => Promise<T>,
  deps: readonly unknown[],
): { data: T | undefined; error: unknown; loading: boolean; reload: () => void } {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: true,
  });
  const [tick, setTick] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the load depends on
  const run = useCallback(load, deps);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` is how reload() asks again
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    run().then(
      (data) => live && setState({ data, error: undefined, loading: false }),
      (error: unknown) => live && setState({ data: undefined, error, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [run, tick]);
  return { ...state, reload: () => setTick((t) => t + 1) };
}

export function Loading({ loading }: { loading: boolean }) {
  return loading ? (
    <p className="muted" role="status">
      Loading…
    </p>
  ) : null;
}

export function Page({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title" tabIndex={-1}>
          {title}
        </h1>
        {actions}
      </header>
      {children}
    </section>
  );
}

export function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child passed in (an input or select), which the label wraps
    <label className="field">
      <span>{label}</span>
      {children}
      {hint ? <small className="muted">{hint}</small> : null}
    </label>
  );
}

/** Offset or page paging: previous / next with where we are. */
export function Pager({
  label,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
}: {
  label: string;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" onClick={onPrevious} disabled={!hasPrevious}>
        ← Previous
      </button>
      <span aria-live="polite">{label}</span>
      <button type="button" onClick={onNext} disabled={!hasNext}>
        Next →
      </button>
    </nav>
  );
}

/** An inline confirmation that names the consequence; focus moves to it and Escape cancels. */
export function Confirm({
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  busy,
}: {
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const ref = useCallback((node: HTMLDivElement | null) => node?.focus(), []);
  return (
    <div
      className="confirm"
      role="alertdialog"
      aria-modal="false"
      aria-labelledby="confirm-message"
      tabIndex={-1}
      ref={ref}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p id="confirm-message">{message}</p>
      <div className="actions">
        <button type="button" className="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
        <button type="button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** A table that scrolls sideways on a narrow window instead of squeezing the page. */
export function Table({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard
    <section className="table-wrap" tabIndex={0} aria-label={caption}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        {children}
      </table>
    </section>
  );
}

/**
 * The last two cells of a row of something revocable (an API key, a platform client): when it was
 * revoked, and a Revoke button named after it while it is not.
 */
export function RevocationCells({ name, revokedAt, onRevoke }: { name: string; revokedAt: string | null; onRevoke: () => void }) {
  return (
    <>
      <td>{when(revokedAt)}</td>
      <td>
        {revokedAt ? null : (
          <button type="button" className="danger" aria-label={`Revoke ${name}`} onClick={onRevoke}>
            Revoke
          </button>
        )}
      </td>
    </>
  );
}
