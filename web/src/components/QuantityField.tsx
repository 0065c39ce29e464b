import { Minus, Plus } from 'lucide-react';
import { roundUpToValidQuantity, smallestValidQuantity, type QuantityRules } from '@harbor/domain';
import './quantityField.css';

interface QuantityFieldProps {
  id: string;
  /** The field's label; the buttons are named after it ("Increase quantity"). */
  label?: string;
  /** The label is read by screen readers only (the row around the field already names it). */
  labelHidden?: boolean;
  /** What the buyer typed; may be empty or invalid. */
  text: string;
  /** Every change: `typed` in the box, or `picked` with a button (a step or the suggested fix). */
  onChange: (text: string, how: 'typed' | 'picked') => void;
  /** The buyer is done typing (the box lost focus, or Enter). */
  onCommit?: () => void;
  rules: QuantityRules;
  /** Largest quantity that may still be added (stock and line limit, less what the cart holds). */
  maximum: number;
  /** Why the typed quantity cannot be added, or null. */
  problem: string | null;
  hint?: string;
  /** The quantity offered as the fix for `problem`; by default the typed quantity rounded up to a valid one. */
  suggestion?: number;
  disabled?: boolean;
}

/**
 * A quantity box: the buttons step through valid quantities only (whole packs from the minimum
 * up to the maximum); a typed quantity that breaks a rule is explained beside the field, with
 * the nearest valid quantity offered.
 */
export function QuantityField({ id, label = 'Quantity', labelHidden = false, text, onChange, onCommit, rules, maximum, problem, hint, suggestion: fix, disabled = false }: QuantityFieldProps) {
  const typed = Number(text);
  const quantity = text.trim() === '' || !Number.isFinite(typed) ? 0 : typed;
  const smallest = smallestValidQuantity(rules);
  const lower = Math.max(smallest, Math.floor((quantity - 1) / rules.packSize) * rules.packSize);
  const higher = roundUpToValidQuantity(quantity + 1, rules);
  const suggestion = fix ?? roundUpToValidQuantity(quantity, rules);
  const offerSuggestion = problem !== null && suggestion !== quantity && suggestion > 0 && suggestion <= maximum;
  // "Increase quantity", "Increase quantity of Oat Milk".
  const buttonName = label.charAt(0).toLowerCase() + label.slice(1);
  const describedBy = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  return (
    <div className="field quantity-field">
      <label htmlFor={id} className={labelHidden ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <div className="stepper quantity-control">
        <button type="button" aria-label={`Decrease ${buttonName}`} disabled={disabled || quantity <= smallest} onClick={() => onChange(String(lower), 'picked')}>
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
          onChange={(event) => onChange(event.target.value, 'typed')}
          onBlur={onCommit}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && onCommit) {
              event.preventDefault();
              onCommit();
            }
          }}
          aria-invalid={problem !== null && !disabled ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        <button type="button" aria-label={`Increase ${buttonName}`} disabled={disabled || higher > maximum} onClick={() => onChange(String(higher), 'picked')}>
          <Plus size={18} aria-hidden="true" />
        </button>
      </div>
      {hint && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
      {problem && (
        <small id={`${id}-problem`} className="field-error" role="alert">
          {problem}{' '}
          {offerSuggestion && (
            <button type="button" className="link-button" onClick={() => onChange(String(suggestion), 'picked')}>
              Use {suggestion}
            </button>
          )}
        </small>
      )}
    </div>
  );
}
