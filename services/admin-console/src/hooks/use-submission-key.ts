import { useRef } from 'react';
import { SubmissionKey } from '../session';

/** An answer, or a refusal (4xx), is final: the next submission is a new one. After a network error or a 5xx it may be the same one again. */
const isFinal = (error: unknown): boolean => {
  const status = (error as { status?: number }).status;
  return status !== undefined && status < 500;
};

/**
 * The Idempotency-Key of a form that moves money or creates something: made when the form is
 * shown and sent with every submission of that content, so a double click or a retry after a lost
 * answer reaches the API with the same key, which does it once. `send` makes the call with the
 * current key and then keeps it (no answer, a 5xx: submitting again asks about the same one
 * instead of doing it twice) or replaces it (an answer or a 4xx: the next submission is new).
 */
export function useSubmissionKey(): { current: () => string; send: <T>(call: (idempotencyKey: string) => Promise<T>) => Promise<T> } {
  const key = useRef<SubmissionKey>(null);
  key.current ??= new SubmissionKey();
  const submission = key.current;
  return {
    current: () => submission.current,
    send: async (call) => {
      try {
        const answer = await call(submission.current);
        submission.next();
        return answer;
      } catch (err) {
        if (isFinal(err)) submission.next();
        throw err;
      }
    },
  };
}
