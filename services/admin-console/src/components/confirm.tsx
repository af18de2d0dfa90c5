import { type ReactNode, useCallback, useState } from 'react';
import type { Mutation } from '../hooks/use-mutation';

/** What is waiting for a confirmation (undefined: nothing is asked). */
export interface Confirmation<T> {
  subject: T | undefined;
  ask: (subject: T) => void;
  cancel: () => void;
}

export function useConfirmation<T>(): Confirmation<T> {
  const [subject, setSubject] = useState<{ value: T }>();
  return {
    subject: subject?.value,
    ask: useCallback((value: T) => setSubject({ value }), []),
    cancel: useCallback(() => setSubject(undefined), []),
  };
}

/** An inline confirmation that names the consequence; focus moves to it and Escape cancels. */
export function ConfirmPrompt({
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

/**
 * The confirmation of a destructive action while one is asked: confirming runs `action` through the
 * mutation (busy while it is out, its answer or refusal kept there) and closes the prompt when it is done.
 */
export function ConfirmDialog<T, R>({
  confirmation,
  mutation,
  message,
  confirmLabel,
  action,
}: {
  confirmation: Confirmation<T>;
  mutation: Mutation<R>;
  message: (subject: T) => ReactNode;
  confirmLabel: (subject: T) => string;
  action: (subject: T) => Promise<R>;
}) {
  const { subject } = confirmation;
  if (subject === undefined) return null;
  return (
    <ConfirmPrompt
      message={message(subject)}
      confirmLabel={confirmLabel(subject)}
      busy={mutation.busy}
      onConfirm={() => void mutation.run(() => action(subject)).finally(confirmation.cancel)}
      onCancel={confirmation.cancel}
    />
  );
}

/** A danger button that asks first: the prompt shows below it, and the action runs only once confirmed. */
export function ConfirmButton<R>({
  label,
  mutation,
  message,
  confirmLabel,
  action,
}: {
  label: string;
  mutation: Mutation<R>;
  message: ReactNode;
  confirmLabel: string;
  action: () => Promise<R>;
}) {
  const confirmation = useConfirmation<true>();
  return (
    <>
      <button
        type="button"
        className="danger"
        onClick={() => {
          mutation.reset();
          confirmation.ask(true);
        }}
      >
        {label}
      </button>
      <ConfirmDialog
        confirmation={confirmation}
        mutation={mutation}
        message={() => message}
        confirmLabel={() => confirmLabel}
        action={action}
      />
    </>
  );
}
