import { useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FieldShell } from '../FieldShell';
import { FormField } from '../FormField';

interface OrderDetailsFieldsProps {
  poNumber: UseFormRegisterReturn;
  notes: UseFormRegisterReturn;
  errors: { poNumber?: FieldError; notes?: FieldError };
}

/** "Order details": the buyer's purchase-order number and delivery notes, as the checkout and a quote's acceptance take them. */
export function OrderDetailsFields({ poNumber, notes, errors }: OrderDetailsFieldsProps) {
  const headingId = useId();
  return (
    <section className="card form-grid" aria-labelledby={headingId}>
      <h2 id={headingId} className="span-2">
        Order details
      </h2>
      <FormField label="Purchase-order number (optional)" className="span-2" registration={poNumber} error={errors.poNumber} hint="Printed on the invoice and the delivery note." />
      <FieldShell label="Delivery notes (optional)" className="span-2" error={errors.notes}>
        {(control) => <textarea {...control} rows={3} placeholder="Loading dock hours, gate code, contact on site…" {...notes} />}
      </FieldShell>
    </section>
  );
}
