import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface ChoiceListProps {
  legend: string;
  choices: { value: string; label: string; detail: string }[];
  /** A react-hook-form registration of an array field: the checked values. */
  registration: UseFormRegisterReturn;
  error: string | undefined;
}

/** Checkboxes for a list of values (scopes, events), with the list's problem announced. */
export function ChoiceList({ legend, choices, registration, error }: ChoiceListProps) {
  const errorId = useId();
  return (
    <fieldset className="choice-list" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="checkbox-field">
          <input type="checkbox" value={choice.value} {...registration} />
          <span>
            {choice.label}
            <code className="muted small">{choice.detail}</code>
          </span>
        </label>
      ))}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
