import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  firstIssueMessage,
  receiveReturnInputSchema,
  receiveUnits,
  restockingFeeText,
  RETURN_CONDITIONS,
  type ProductReturn,
  type ReceiptLine,
  type ReceiveReturnResult,
  type ReturnCondition,
  type ReturnLine,
} from '@harbor/domain';
import { TableHead } from '../../../components/TableHead';
import { failureMessage } from '../../../components/LoadError';
import { useReceiveReturnMutation } from '../../../lib/returns/returnsApi';

/** The receipt's columns of units, by condition (the column headings, and each count's label on a phone). */
const CONDITION_HEADINGS: Record<ReturnCondition, string> = { resellable: 'Resellable', damaged: 'Damaged' };

/** Units of a line still to arrive: what its parts ask back less what was received of them. */
const stillToReceive = (line: ReturnLine) => line.parts.reduce((sum, part) => sum + part.quantity - part.received, 0);

/** Units as typed, by condition and product id. */
type ReceiveValues = Record<ReturnCondition, Record<string, string>>;

/** The receipt as typed, or the sentence saying why it cannot be sent. */
function receiptOf(lines: readonly ReturnLine[], values: ReceiveValues): { receipt: ReceiptLine[] } | { problem: string } {
  const receipt: ReceiptLine[] = [];
  for (const line of lines) {
    for (const condition of RETURN_CONDITIONS) {
      const typed = values[condition][line.productId] ?? '';
      const quantity = typed.trim() === '' ? 0 : Number(typed);
      if (!Number.isInteger(quantity) || quantity < 0) return { problem: `Units of ${line.name} (${line.sku}) must be whole numbers, 0 or more.` };
      if (quantity > 0) receipt.push({ productId: line.productId, quantity, condition });
    }
  }
  if (receipt.length === 0) return { problem: 'Enter how many units of at least one item arrived.' };
  // The rule the server applies: no more than is still to receive of each product.
  const received = receiveUnits(lines, receipt);
  return 'problem' in received ? received : { receipt };
}

interface ReceiveReturnFormProps {
  productReturn: Pick<ProductReturn, 'id' | 'number' | 'lines' | 'restockingFeeBasisPoints'>;
  /** Told what the receipt issued (its credit notes). */
  onReceived: (result: ReceiveReturnResult) => void;
}

/**
 * What of an approved return arrived: per line, the units resellable and damaged, at most what is
 * still to receive. Checked with the domain's rule before it is sent, with one request id per
 * receipt kept across a retry of it, so a lost answer never receives (and credits) twice.
 */
export function ReceiveReturnForm({ productReturn, onReceived }: ReceiveReturnFormProps) {
  const formId = useId();
  const [receiveReturn, { isLoading }] = useReceiveReturnMutation();
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [problem, setProblem] = useState<string | null>(null);
  const expected = productReturn.lines.filter((line) => stillToReceive(line) > 0);
  const { register, handleSubmit, reset } = useForm<ReceiveValues>({ defaultValues: { resellable: {}, damaged: {} } });
  const fee = productReturn.restockingFeeBasisPoints;

  const receive = handleSubmit(async (values) => {
    const typed = receiptOf(expected, values);
    const parsed = 'receipt' in typed ? receiveReturnInputSchema.safeParse({ returnId: productReturn.id, requestId, lines: typed.receipt }) : null;
    if (!parsed?.success) return setProblem('problem' in typed ? typed.problem : firstIssueMessage(parsed!.error));
    setProblem(null);
    const result = await receiveReturn(parsed.data);
    if ('error' in result) return setProblem(failureMessage(result.error, 'The receipt could not be recorded. Please try again.'));
    // The next receipt is a new one.
    setRequestId(crypto.randomUUID());
    reset();
    onReceived(result.data);
  });

  return (
    <form className="card return-form" aria-labelledby={`${formId}-heading`} onSubmit={(event) => void receive(event)} noValidate>
      <h2 id={`${formId}-heading`}>Receive</h2>
      <p className="small">
        Count what arrived. Resellable units go back to stock (to waiting backorders first); damaged units do not. Every unit received is credited at the price charged, tax included
        {fee ? `, less the ${restockingFeeText(fee)} restocking fee` : ''}. What has not arrived can be received later.
      </p>
      <div className="table-scroll">
        <table className="admin-table compact receive-table">
          <caption className="visually-hidden">Units received</caption>
          <TableHead columns={['Item', { label: 'To receive', numeric: true }, ...RETURN_CONDITIONS.map((condition) => ({ label: CONDITION_HEADINGS[condition], numeric: true }))]} />
          <tbody>
            {expected.map((line) => (
              <tr key={line.productId}>
                <td>
                  {line.name}
                  <span className="sku">
                    {line.sku} · {line.unit}
                  </span>
                </td>
                <td className="numeric receive-left" data-label="To receive">
                  {stillToReceive(line)}
                </td>
                {RETURN_CONDITIONS.map((condition) => (
                  <td key={condition} className="numeric" data-label={CONDITION_HEADINGS[condition]}>
                    <input
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={stillToReceive(line)}
                      step={1}
                      placeholder="0"
                      className="quantity-input"
                      aria-label={`Units of ${line.sku} received ${condition}`}
                      {...register(`${condition}.${line.productId}`)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="status-actions">
        <button type="submit" className="button" disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? 'Recording the receipt…' : 'Record receipt and credit'}
        </button>
      </div>
    </form>
  );
}
