import type { ReactNode } from 'react';
import { when } from '../format';

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

/** Offset or page paging: previous / next with where we are. `name` tells a screen's pagers apart ("Pages" unless said). */
export function Pager({
  label,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  name = 'Pages',
}: {
  label: string;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  name?: string;
}) {
  return (
    <nav className="pager" aria-label={name}>
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
