import { Minus, Plus } from 'lucide-react';
import { smallestValidQuantity, SHOP_RULES, type QuantityRules } from '@harbor/domain';

interface QuantityStepperProps {
  value: number;
  rules: QuantityRules;
  onChange: (quantity: number) => void;
  label: string;
  disabled?: boolean;
}

/**
 * Steps by whole packs and never below the minimum order quantity or above the stock, so only
 * valid wholesale quantities can be chosen.
 */
export function QuantityStepper({ value, rules, onChange, label, disabled = false }: QuantityStepperProps) {
  const minimum = smallestValidQuantity(rules);
  const maximum = Math.min(rules.stock ?? SHOP_RULES.maxQuantityPerLine, SHOP_RULES.maxQuantityPerLine);
  const step = rules.packSize;
  return (
    <div className="stepper" role="group" aria-label={label}>
      <button type="button" aria-label={`Decrease ${label}`} disabled={disabled || value - step < minimum} onClick={() => onChange(value - step)}>
        <Minus size={16} aria-hidden="true" />
      </button>
      <output aria-live="polite" aria-label={label}>
        {value}
      </output>
      <button type="button" aria-label={`Increase ${label}`} disabled={disabled || value + step > maximum} onClick={() => onChange(value + step)}>
        <Plus size={16} aria-hidden="true" />
      </button>
    </div>
  );
}
