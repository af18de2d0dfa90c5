import { useRef } from 'react';
import { SubmissionKey } from '../session';

/**
 * The Idempotency-Key of a form that moves money or creates something: made when the form is
 * shown and sent with every submission of that content, so a double click or a retry after a lost
 * answer reaches the API with the same key, which does it once. `settle` after the answer: a
 * success or a refusal (4xx) is final and the next submission gets a new key; after a network
 * error or a 5xx the key stays, so submitting again asks about the same one instead of doing it twice.
 */
export function useSubmissionKey(): { current: () => string; settle: (error?: unknown) => void } {
  const key = useRef<SubmissionKey>(null);
  key.current ??= new SubmissionKey();
  const submission = key.current;
  return {
    current: () => submission.current,
    settle: (error?: unknown) => {
      const status = (error as { status?: number } | undefined)?.status;
      if (error === undefined || (status !== undefined && status < 500)) submission.next();
    },
  };
}
