import type { ReactNode } from 'react';

/** What an action did, said politely to screen readers; nothing when there is nothing to say. */
export function Notice({ children }: { children: ReactNode }) {
  return children ? (
    <p className="notice" role="status">
      {children}
    </p>
  ) : null;
}
