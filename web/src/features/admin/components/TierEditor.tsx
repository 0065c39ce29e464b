import { useFieldArray, useFormContext } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { FieldShell } from '../../../components/FieldShell';
import { MAX_TIERS, type ProductFormValues } from '../productForm';

/** Volume tiers: from a quantity on, a lower unit price. Rows are checked by the shared schema. */
export function TierEditor() {
  const { control, register, formState } = useFormContext<ProductFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'tiers' });
  const errors = formState.errors.tiers;

  return (
    <div className="tier-editor">
      {fields.length === 0 ? (
        <p className="muted small">No volume pricing: every quantity pays the base price.</p>
      ) : (
        <div role="table" aria-label="Volume tiers" className="tier-rows">
          <div role="row" className="tier-row tier-head">
            <span role="columnheader">From quantity</span>
            <span role="columnheader">Unit price (USD)</span>
            <span role="columnheader">
              <span className="visually-hidden">Remove</span>
            </span>
          </div>
          {fields.map((field, index) => (
            <div role="row" className="tier-row" key={field.id}>
              <div role="cell">
                <FieldShell label={`Tier ${index + 1} from quantity`} hideLabel error={errors?.[index]?.minQty}>
                  {(controlProps) => <input {...controlProps} inputMode="numeric" {...register(`tiers.${index}.minQty`)} />}
                </FieldShell>
              </div>
              <div role="cell">
                <FieldShell label={`Tier ${index + 1} unit price`} hideLabel error={errors?.[index]?.price}>
                  {(controlProps) => <input {...controlProps} inputMode="decimal" placeholder="0.00" {...register(`tiers.${index}.price`)} />}
                </FieldShell>
              </div>
              <div role="cell">
                <button type="button" className="icon-button danger" aria-label={`Remove tier ${index + 1}`} onClick={() => remove(index)}>
                  <Trash2 size={16} aria-hidden="true" />
                </button>
              </div>
            </div>
          ))}
        </div>
      )}
      {errors?.root?.message || errors?.message ? (
        <p className="field-error" role="alert">
          {errors.root?.message ?? errors.message}
        </p>
      ) : null}
      <button type="button" className="button secondary small" onClick={() => append({ minQty: '', price: '' })} disabled={fields.length >= MAX_TIERS}>
        <Plus size={16} aria-hidden="true" /> Add tier
      </button>
      <p className="hint small">Each tier starts above the one before it, at a multiple of the pack size, and costs less per unit. At most {MAX_TIERS} tiers.</p>
    </div>
  );
}
