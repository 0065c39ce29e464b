import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { decideReturnInputSchema, restockingFeeText, type DecideReturnInput, type ProductReturn } from '@harbor/domain';
import { FieldShell } from '../../../components/FieldShell';
import { FormField } from '../../../components/FormField';
import { failureMessage } from '../../../components/LoadError';
import { useDecideReturnMutation } from '../../../lib/returns/returnsApi';
import { toast } from '../../../lib/toast';

interface DecideValues {
  decision: DecideReturnInput['decision'];
  /** The restocking fee as typed, a percent ("15", "12.5"); empty for none. */
  feePercent: string;
  message: string;
}

/** Basis points for a percent as typed (two decimals at most); undefined for none, NaN when it reads as no percent. */
function feeBasisPoints(typed: string): number | undefined {
  const text = typed.trim().replace(/%$/, '').trim();
  if (!text) return undefined;
  return /^\d{1,3}(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : Number.NaN;
}

/**
 * Approving a requested return (with a restocking fee taken off its credits, and a message to the
 * buyer) or rejecting it (with the reason the buyer is told). Checked with the callable's schema
 * before it is sent; a refusal is shown and what was typed stays.
 */
export function DecideReturnForm({ productReturn }: { productReturn: Pick<ProductReturn, 'id' | 'number' | 'company'> }) {
  const formId = useId();
  const [decideReturn, { isLoading }] = useDecideReturnMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, handleSubmit, control, setError, clearErrors, formState } = useForm<DecideValues>({ defaultValues: { decision: 'approve', feePercent: '', message: '' } });
  const { errors } = formState;
  const rejecting = useWatch({ control, name: 'decision' }) === 'reject';

  const decide = handleSubmit(async ({ decision, feePercent, message }) => {
    setRefusal(null);
    const restockingFeeBasisPoints = decision === 'approve' ? feeBasisPoints(feePercent) : undefined;
    if (Number.isNaN(restockingFeeBasisPoints)) return setError('feePercent', { message: 'Enter the restocking fee as a percent, such as 15 or 12.5, or leave it empty for none.' });
    const parsed = decideReturnInputSchema.safeParse({ returnId: productReturn.id, decision, message, ...(restockingFeeBasisPoints === undefined ? {} : { restockingFeeBasisPoints }) });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) setError(issue.path[0] === 'restockingFeeBasisPoints' ? 'feePercent' : 'message', { message: issue.message });
      return;
    }
    const result = await decideReturn(parsed.data);
    if ('error' in result) return setRefusal(failureMessage(result.error, 'The decision could not be saved. Please try again.'));
    const fee = parsed.data.restockingFeeBasisPoints ? ` with a ${restockingFeeText(parsed.data.restockingFeeBasisPoints)} restocking fee` : '';
    toast.success(decision === 'approve' ? `Return ${productReturn.number} approved${fee}: ${productReturn.company} is e-mailed the return authorization.` : `Return ${productReturn.number} rejected.`);
  });

  return (
    <form className="card return-form" aria-labelledby={`${formId}-heading`} onSubmit={(event) => void decide(event)} noValidate>
      <h2 id={`${formId}-heading`}>Decide</h2>
      <fieldset className="choice-group">
        <legend className="visually-hidden">Decision</legend>
        <label className="checkbox-field">
          <input type="radio" value="approve" {...register('decision', { onChange: () => clearErrors() })} />
          Approve
        </label>
        <label className="checkbox-field">
          <input type="radio" value="reject" {...register('decision', { onChange: () => clearErrors() })} />
          Reject
        </label>
      </fieldset>
      {!rejecting && (
        <FormField
          label="Restocking fee (%)"
          inputMode="decimal"
          autoComplete="off"
          className="return-fee-field"
          registration={register('feePercent')}
          error={errors.feePercent}
          hint="Taken off the credit for every unit received; at most 50%. Leave empty for none."
        />
      )}
      <FieldShell label={rejecting ? 'Reason for rejecting (the buyer reads it)' : 'Message to the buyer (optional)'} error={errors.message}>
        {(control) => <textarea {...control} rows={3} maxLength={1000} {...register('message')} />}
      </FieldShell>
      <p className="small muted">
        {rejecting
          ? 'The buyer is e-mailed the reason; a rejected return is final.'
          : 'The buyer is e-mailed the RMA number and the return authorization, with the address to send the goods to.'}
      </p>
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      <div className="status-actions">
        <button type="submit" className={`button ${rejecting ? 'danger' : ''}`} disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? 'Saving…' : rejecting ? 'Reject return' : 'Approve return'}
        </button>
      </div>
    </form>
  );
}
