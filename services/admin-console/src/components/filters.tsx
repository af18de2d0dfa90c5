import type { ReactNode } from 'react';
import { Field } from './layout';

/**
 * A list's filter form: its fields, then the button that applies them. The screen is handed the
 * submitted form (and goes back to its first page).
 */
export function FilterForm({
  label,
  submit = 'Filter',
  onFilter,
  children,
}: {
  label: string;
  submit?: string;
  onFilter: (form: FormData) => void;
  children: ReactNode;
}) {
  return (
    <form
      className="filters"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onFilter(new FormData(event.currentTarget));
      }}
    >
      {children}
      <button type="submit">{submit}</button>
    </form>
  );
}

/** A field of a submitted form as text, trimmed ('' when absent). */
export function formText(form: FormData, name: string): string {
  return String(form.get(name) ?? '').trim();
}

/**
 * A field of a submitted form as one of its choices, or '' (any) when it is none of them: a page
 * the browser lets anyone edit sends what it likes, and the list asks only for what it offers.
 */
export function formChoice<V extends string>(form: FormData, name: string, choices: readonly V[]): V | '' {
  const value = formText(form, name);
  return choices.find((choice) => choice === value) ?? '';
}

/** A choice among a list's values, or any of them (''): the status of holds, mandates and cash-outs, a user's role. */
export function ChoiceField<V extends string>({
  label,
  name,
  choices,
  value,
  any = 'Any',
}: {
  label: string;
  name: string;
  choices: readonly V[];
  value: V | '';
  any?: string;
}) {
  return (
    <Field label={label}>
      {/* Keyed by the value, so a value set from elsewhere (the address) is shown. */}
      <select name={name} defaultValue={value} key={value}>
        <option value="">{any}</option>
        {choices.map((choice) => (
          <option key={choice}>{choice}</option>
        ))}
      </select>
    </Field>
  );
}
