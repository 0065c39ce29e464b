import { Minus, Plus } from 'lucide-react';
import { roundUpToValidQuantity, smallestValidQuantity, type QuantityRules } from '@harbor/domain';

interface QuantityFieldProps {
  id: string;
  /** What the buyer typed; may be empty or invalid. */
  text: string;
  onChange: (text: string) => void;
  rules: QuantityRules;
  /** Largest quantity that may still be added (stock and line limit, less what the cart holds). */
  maximum: number;
  /** Why the typed quantity cannot be added, or null. */
  problem: string | null;
  hint: string;
  disabled?: boolean;
}

/**
 * A quantity box: the buttons step through valid quantities only (whole packs from the minimum
 * up to the maximum); a typed quantity that breaks a rule is explained beside the field, with
 * the nearest valid quantity offered.
 */
export function QuantityField({ id, text, onChange, rules, maximum, problem, hint, disabled = false }: QuantityFieldProps) {
  const typed = Number(text);
  const quantity = text.trim() === '' || !Number.isFinite(typed) ? 0 : typed;
  const smallest = smallestValidQuantity(rules);
  const lower = Math.max(smallest, Math.floor((quantity - 1) / rules.packSize) * rules.packSize);
  const higher = roundUpToValidQuantity(quantity + 1, rules);
  const suggestion = roundUpToValidQuantity(quantity, rules);
  const offerSuggestion = problem !== null && suggestion !== quantity && suggestion <= maximum;
  return (
    <div className="field quantity-field">
      <label htmlFor={id}>Quantity</label>
      <div className="stepper quantity-control">
        <button type="button" aria-label="Decrease quantity" disabled={disabled || quantity <= smallest} onClick={() => onChange(String(lower))}>
          <Minus size={18} aria-hidden="true" />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={smallest}
          max={Math.max(maximum, smallest)}
          step={rules.packSize}
          value={text}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={problem !== null && !disabled ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
        />
        <button type="button" aria-label="Increase quantity" disabled={disabled || higher > maximum} onClick={() => onChange(String(higher))}>
          <Plus size={18} aria-hidden="true" />
        </button>
      </div>
      <small id={`${id}-hint`} className="hint">
        {hint}
      </small>
      {problem && (
        <small id={`${id}-problem`} className="field-error" role="alert">
          {problem}{' '}
          {offerSuggestion && (
            <button type="button" className="link-button" onClick={() => onChange(String(suggestion))}>
              Use {suggestion}
            </button>
          )}
        </small>
      )}
    </div>
  );
}
