import { useId, useState, type FormEvent } from 'react';
import { adjustStockInputSchema, firstIssueMessage, formatCount, type Product } from '@harbor/domain';
import { failureMessage } from '../../../components/LoadError';
import { FormDialogActions } from '../../../components/FormDialogActions';
import { Modal } from '../../../components/Modal';
import { toast } from '../../../lib/toast';
import { useAdjustStockMutation } from '../api';

/** Adds or removes units of a product's stock with a reason (a count, breakage, a return), which the audit log keeps. */
export function StockAdjustDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const formId = useId();
  const [adjustStock, { isLoading }] = useAdjustStockMutation();
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = adjustStockInputSchema.safeParse({ productId: product.id, delta: delta.trim() === '' ? Number.NaN : Number(delta), reason });
    if (!parsed.success) return setProblem(firstIssueMessage(parsed.error));
    setProblem('');
    const result = await adjustStock(parsed.data);
    if ('error' in result) return setProblem(failureMessage(result.error, 'The stock could not be adjusted. Please try again.'));
    toast.success(`${product.name}: ${formatCount(result.data.stock)} in stock.`);
    onClose();
  }

  return (
    <Modal title={`Adjust stock of ${product.name}`} onClose={onClose} locked={isLoading}>
      <form className="dialog-body form-grid" onSubmit={submit} aria-describedby={problem ? `${formId}-problem` : undefined} noValidate>
        <p className="span-2">
          {product.sku}: <strong>{formatCount(product.stock)}</strong> in stock now.
        </p>
        <div className="field">
          <label htmlFor={`${formId}-delta`}>Units to add (negative to remove)</label>
          <input id={`${formId}-delta`} inputMode="numeric" value={delta} onChange={(event) => setDelta(event.target.value)} placeholder="-2" required />
        </div>
        <div className="field">
          <label htmlFor={`${formId}-reason`}>Reason</label>
          <input id={`${formId}-reason`} value={reason} onChange={(event) => setReason(event.target.value)} placeholder="Two cases damaged" maxLength={200} required />
        </div>
        {problem && (
          <p id={`${formId}-problem`} className="field-error span-2" role="alert">
            {problem}
          </p>
        )}
        <FormDialogActions submitLabel="Adjust stock" busyLabel="Saving…" busy={isLoading} className="span-2" onCancel={onClose} />
      </form>
    </Modal>
  );
}
