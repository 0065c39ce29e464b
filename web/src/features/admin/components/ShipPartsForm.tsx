import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { normalizeTrackingNumber, shipmentProblem, type Order, type ShipmentLineRequest } from '@harbor/domain';
import { failureMessage } from '../../../components/LoadError';
import { MODAL_TOASTER } from '../../../components/Modal';
import { useCreateShipmentMutation } from '../../../lib/orders/fulfilmentApi';
import { toast } from '../../../lib/toast';
import { CarrierFields, type CarrierValues } from './CarrierFields';

interface ShipPartsValues extends CarrierValues {
  /** Units to ship by product id, as typed. */
  quantities: Record<string, string>;
}

/** The lines of a shipment as typed: every line with at least one unit. */
function linesOf(quantities: Record<string, string>): ShipmentLineRequest[] {
  return Object.entries(quantities).flatMap(([productId, typed]) => {
    const quantity = Number(typed);
    return typed.trim() === '' || quantity === 0 ? [] : [{ productId, quantity }];
  });
}

/**
 * A shipment of what is ready: a quantity per line, prefilled with its allocated units, the
 * carrier and the tracking number; checked with the domain's rule before it is sent, and sent with
 * one request id per confirmation, kept across a retry of the same one.
 */
export function ShipPartsForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const ready = order.items.filter((item) => item.allocated > 0);
  const { register, handleSubmit, getValues, formState } = useForm<ShipPartsValues>({
    defaultValues: { carrier: '', trackingNumber: '', quantities: Object.fromEntries(ready.map((item) => [item.productId, String(item.allocated)])) },
    mode: 'onTouched',
  });
  const [createShipment, { isLoading }] = useCreateShipmentMutation();
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [problem, setProblem] = useState<string | null>(null);

  const ship = handleSubmit(async ({ carrier, trackingNumber, quantities }) => {
    const lines = linesOf(quantities);
    const refusal = lines.some((line) => !Number.isInteger(line.quantity) || line.quantity < 0) ? 'Quantities must be whole numbers of units.' : shipmentProblem(order.items, lines, order.shipComplete);
    setProblem(refusal);
    if (refusal || !carrier) return;
    const result = await createShipment({ orderId: order.id, requestId, lines, carrier, trackingNumber: normalizeTrackingNumber(trackingNumber) });
    if ('error' in result) {
      toast.error(failureMessage(result.error, 'The shipment could not be recorded. Please try again.'), { toasterId: MODAL_TOASTER });
      return;
    }
    toast.success(`Shipment ${result.data.shipmentNumber} sent, invoice ${result.data.invoiceNumber}.`, { toasterId: MODAL_TOASTER });
    setRequestId(crypto.randomUUID());
    onDone();
  });

  return (
    <form className="shipment-form ship-parts" aria-label="Ship ready units" onSubmit={(event) => void ship(event)} noValidate>
      {order.shipComplete ? (
        <p className="small">This order ships complete: every ready unit goes in this one shipment.</p>
      ) : (
        <p className="small">Ship what is ready now; what you leave out stays ready for a later shipment.</p>
      )}
      <table className="admin-table compact">
        <caption className="visually-hidden">Units to ship</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="numeric">
              Ready
            </th>
            <th scope="col" className="numeric">
              Ship now
            </th>
          </tr>
        </thead>
        <tbody>
          {ready.map((item) => (
            <tr key={item.productId}>
              <td>
                {item.name}
                <span className="sku">{item.sku}</span>
              </td>
              <td className="numeric">{item.allocated}</td>
              <td className="numeric">
                <input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={item.allocated}
                  step={1}
                  className="quantity-input"
                  aria-label={`Units of ${item.sku} to ship`}
                  readOnly={order.shipComplete}
                  {...register(`quantities.${item.productId}`)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <CarrierFields register={register} getValues={getValues} errors={formState.errors} />
      <div className="status-actions">
        <button type="submit" className="button" disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? 'Recording the shipment…' : 'Confirm shipment'}
        </button>
        <button type="button" className="button secondary" disabled={isLoading} onClick={onDone}>
          Back
        </button>
      </div>
    </form>
  );
}
