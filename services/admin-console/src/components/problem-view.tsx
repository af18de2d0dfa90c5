import { CoinNetworkError, CoinProblemError } from '@coin/client';
import { StepUpForm } from '../sign-in/step-up';

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
