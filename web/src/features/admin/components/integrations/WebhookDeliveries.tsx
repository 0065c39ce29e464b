import { WEBHOOK_DELIVERY_STATUS_LABELS, type WebhookDelivery } from '@harbor/domain';
import { LoadError } from '../../../../components/LoadError';
import { Spinner } from '../../../../components/Spinner';
import { TableHead } from '../../../../components/TableHead';
import { formatDateTime } from '../../../../lib/dates';
import { toast } from '../../../../lib/toast';
import { useGetWebhookDeliveriesQuery, useResendWebhookDeliveryMutation } from '../../integrationsApi';
import { StatusTag } from './StatusTag';

const DELIVERY_COLUMNS = ['Event', 'Status', { label: 'Attempts', numeric: true }, 'Response', 'Time', { label: 'Actions', hidden: true }];
const STATUS_TONES = { pending: 'waiting', retrying: 'busy', delivered: 'good', failed: 'off' } as const satisfies Record<WebhookDelivery['status'], string>;

function ResendButton({ delivery }: { delivery: WebhookDelivery }) {
  const [resend, { isLoading }] = useResendWebhookDeliveryMutation();
  async function resendDelivery() {
    const result = await resend({ endpointId: delivery.endpointId, deliveryId: delivery.id });
    if (result.error) toast.error(result.error.message ?? 'The delivery could not be sent again. Please try again.');
    else toast.success(`The ${delivery.type} event is being sent again.`);
  }
  return (
    <button type="button" className="button secondary small" disabled={isLoading} onClick={() => void resendDelivery()} aria-label={`Resend ${delivery.type} of ${formatDateTime(delivery.createdAt)}`}>
      {isLoading ? 'Sending…' : 'Resend'}
    </button>
  );
}

/** An endpoint's latest deliveries: what was sent, whether it arrived, and a way to send one again. */
export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const { data: deliveries, error, isLoading, isFetching, refetch } = useGetWebhookDeliveriesQuery(endpointId);
  if (isLoading) return <Spinner label="Loading the deliveries…" />;
  if (!deliveries) return <LoadError error={error} fallback="The deliveries could not be loaded." onRetry={refetch} />;
  return (
    <div className="webhook-deliveries">
      <div className="webhook-deliveries-heading">
        <h4>Latest deliveries</h4>
        <button type="button" className="button secondary small" onClick={refetch} disabled={isFetching}>
          {isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {deliveries.length === 0 ? (
        <p className="muted small">Nothing sent yet: deliveries appear here once one of its events happens.</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table integrations-table">
            <TableHead columns={DELIVERY_COLUMNS} />
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <th scope="row">
                    <code>{delivery.type}</code>
                  </th>
                  <td>
                    <StatusTag tone={STATUS_TONES[delivery.status]}>{WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status]}</StatusTag>
                    {delivery.error && <span className="sku">{delivery.error}</span>}
                  </td>
                  <td className="numeric">{delivery.attempts}</td>
                  <td>{delivery.responseCode ? `HTTP ${delivery.responseCode}` : '—'}</td>
                  <td className="when">{formatDateTime(delivery.lastAttemptAt || delivery.createdAt)}</td>
                  <td className="actions">{(delivery.status === 'delivered' || delivery.status === 'failed') && <ResendButton delivery={delivery} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
