import { useId, useState, type FormEvent } from 'react';
import { formatMoney, invoiceUncredited, parseMoney, type Invoice, type Order } from '@harbor/domain';
import { FieldShell, fieldError } from '../../../components/FieldShell';
import { FormDialogActions } from '../../../components/FormDialogActions';
import { Modal, MODAL_TOASTER } from '../../../components/Modal';
import { toast } from '../../../lib/toast';
import { useIssueCreditNoteMutation } from '../receivablesApi';

type Kind = 'returns' | 'allowance';
type Errors = Partial<Record<'amount' | 'reason' | 'form', string>> & { lines?: Record<string, string> };

/**
 * Issues a credit note against an order's invoice: goods returned (up to what was ordered, put
 * back in stock when asked) or an allowance (an amount), never more than the invoice's uncredited
 * amount, which the server checks again. What was typed stays when it refuses.
 */
export function CreditNoteDialog({ order, invoice, onClose }: { order: Order; invoice: Invoice; onClose: () => void }) {
  const formId = useId();
  const [kind, setKind] = useState<Kind>('returns');
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [restock, setRestock] = useState(true);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [requestId] = useState(() => crypto.randomUUID());
  const [issueCreditNote, { isLoading }] = useIssueCreditNoteMutation();
  const uncredited = invoiceUncredited(invoice);

  async function issue(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems: Errors = {};
    if (!reason.trim()) problems.reason = 'Give a reason.';
    const lines: { productId: string; quantity: number }[] = [];
    let cents: number | null = null;
    if (kind === 'returns') {
      const lineErrors: Record<string, string> = {};
      for (const item of order.items) {
        const text = quantities[item.productId]?.trim() ?? '';
        if (!text) continue;
        const quantity = Number(text);
        if (!Number.isInteger(quantity) || quantity < 0) lineErrors[item.productId] = 'Enter a whole number.';
        else if (quantity > item.quantity) lineErrors[item.productId] = `At most ${item.quantity} were ordered.`;
        else if (quantity > 0) lines.push({ productId: item.productId, quantity });
      }
      if (Object.keys(lineErrors).length) problems.lines = lineErrors;
      else if (lines.length === 0) problems.form = 'Enter how many of at least one item came back.';
    } else {
      cents = parseMoney(amount);
      if (!cents) problems.amount = 'Enter the amount to credit, such as 25 or 25.00.';
      else if (cents > uncredited) problems.amount = `At most ${formatMoney(uncredited, invoice.currency)} is left to credit on ${invoice.number}.`;
    }
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const result = await issueCreditNote({
      orderId: order.id,
      requestId,
      reason: reason.trim(),
      ...(kind === 'returns' ? { lines, restock } : { amount: cents ?? 0, restock: false }),
    });
    if (result.error) return setErrors({ form: result.error.message ?? 'The credit note could not be issued. Please try again.' });
    toast.success(`Credit note ${result.data.number} issued for ${formatMoney(result.data.amount, invoice.currency)}.`, { toasterId: MODAL_TOASTER });
    onClose();
  }

  return (
    <Modal title={`Credit note for ${invoice.number}`} onClose={onClose} locked={isLoading}>
      <form onSubmit={issue} noValidate>
        <div className="dialog-body credit-note-form">
          <p>
            {formatMoney(uncredited, invoice.currency)} of {formatMoney(invoice.total, invoice.currency)} is left to credit.
          </p>
          <fieldset className="choice-group">
            <legend>What is credited</legend>
            <label className="checkbox-field">
              <input type="radio" name={`${formId}-kind`} checked={kind === 'returns'} onChange={() => setKind('returns')} />
              Returned goods
            </label>
            <label className="checkbox-field">
              <input type="radio" name={`${formId}-kind`} checked={kind === 'allowance'} onChange={() => setKind('allowance')} />
              An allowance (an amount)
            </label>
          </fieldset>
          {kind === 'returns' ? (
            <>
              {order.items.map((item) => (
                <FieldShell key={item.productId} label={`${item.name}: returned (of ${item.quantity} ordered)`} error={fieldError(errors.lines?.[item.productId])}>
                  {(control) => (
                    <input
                      {...control}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={item.quantity}
                      value={quantities[item.productId] ?? ''}
                      onChange={(event) => setQuantities({ ...quantities, [item.productId]: event.target.value })}
                    />
                  )}
                </FieldShell>
              ))}
              <label className="checkbox-field">
                <input type="checkbox" checked={restock} onChange={(event) => setRestock(event.target.checked)} />
                Put the returned goods back in stock
              </label>
            </>
          ) : (
            <FieldShell label="Amount ($)" error={fieldError(errors.amount)}>
              {(control) => <input {...control} inputMode="decimal" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} />}
            </FieldShell>
          )}
          <FieldShell label="Reason" error={fieldError(errors.reason)}>
            {(control) => <textarea {...control} rows={2} value={reason} onChange={(event) => setReason(event.target.value)} />}
          </FieldShell>
          {errors.form && (
            <p className="field-error" role="alert">
              {errors.form}
            </p>
          )}
        </div>
        <FormDialogActions submitLabel="Issue credit note" busyLabel="Issuing…" busy={isLoading} onCancel={onClose} />
      </form>
    </Modal>
  );
}
