import { useContext, useState } from 'react';
import { Field } from '../components/layout';
import { ProblemView } from '../components/problem-view';
import { Console } from '../context';
import { useMutation } from '../hooks/use-mutation';

/**
 * Step-up in place: shown where an operation was refused with STEP_UP_REQUIRED. A current code
 * refreshes the session's second factor; the operation is then submitted again. Not a <form>: it
 * sits inside the problem of the operation's own form, and forms do not nest.
 */
export function StepUpForm() {
  const consoleContext = useContext(Console);
  const stepUp = useMutation<true>();
  const [code, setCode] = useState('');
  if (!consoleContext) return null;
  if (stepUp.result) {
    return (
      <p className="notice" role="status">
        Confirmed: submit the operation again.
      </p>
    );
  }
  const confirm = () =>
    stepUp.run(async () => {
      await consoleContext.session.stepUp(code.trim());
      return true;
    });
  return (
    <fieldset className="step-up">
      <legend>Confirm with your authenticator</legend>
      <Field label="Code to confirm" hint="This operation needs a fresh second factor: the code your authenticator app shows now.">
        <input
          name="step-up-code"
          autoComplete="one-time-code"
          maxLength={19}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={(event) => {
            // Enter confirms the code here instead of submitting the operation's form around it.
            if (event.key === 'Enter') {
              event.preventDefault();
              void confirm();
            }
          }}
        />
      </Field>
      <button type="button" onClick={() => void confirm()}>
        Confirm code
      </button>
      <ProblemView error={stepUp.error} />
    </fieldset>
  );
}
