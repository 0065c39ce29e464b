import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createWebhookEndpointInputSchema, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type CreateWebhookEndpointInput, type WebhookEndpoint } from '@harbor/domain';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { FormDialogActions } from '../../../../components/FormDialogActions';
import { FormField } from '../../../../components/FormField';
import { LoadError } from '../../../../components/LoadError';
import { Modal } from '../../../../components/Modal';
import { Spinner } from '../../../../components/Spinner';
import { formatDateTime } from '../../../../lib/dates';
import { toast } from '../../../../lib/toast';
import { useCreateWebhookEndpointMutation, useDeleteWebhookEndpointMutation, useGetWebhookEndpointsQuery, useUpdateWebhookEndpointMutation } from '../../integrationsApi';
import { ChoiceList } from './ChoiceList';
import { SecretShownOnce } from './SecretShownOnce';
import { StatusTag } from './StatusTag';
import { WebhookDeliveries } from './WebhookDeliveries';

const EVENT_CHOICES = WEBHOOK_EVENTS.map((event) => ({ value: event, label: WEBHOOK_EVENT_LABELS[event], detail: event }));

/** Adds an endpoint (the answer's signing secret is shown once, by the caller) or changes one's URL and events. */
function EndpointDialog({ endpoint, onCreated, onClose }: { endpoint: WebhookEndpoint | null; onCreated: (secret: string) => void; onClose: () => void }) {
  const [createEndpoint] = useCreateWebhookEndpointMutation();
  const [updateEndpoint] = useUpdateWebhookEndpointMutation();
  const [serverError, setServerError] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CreateWebhookEndpointInput>({ resolver: zodResolver(createWebhookEndpointInputSchema), defaultValues: { url: endpoint?.url ?? '', events: endpoint?.events ?? [] } });
  const save = handleSubmit(async (input) => {
    setServerError('');
    if (endpoint) {
      const result = await updateEndpoint({ endpointId: endpoint.id, ...input });
      if (result.error) return setServerError(result.error.message ?? 'The endpoint could not be changed. Please try again.');
      toast.success('Endpoint saved.');
      return onClose();
    }
    const result = await createEndpoint(input);
    if (result.error) return setServerError(result.error.message ?? 'The endpoint could not be added. Please try again.');
    onCreated(result.data.secret);
  });
  return (
    <Modal title={endpoint ? 'Change the endpoint' : 'Add a webhook endpoint'} onClose={onClose} locked={isSubmitting}>
      <form onSubmit={save} noValidate>
        <div className="dialog-body">
          <FormField label="URL" type="url" inputMode="url" autoComplete="off" placeholder="https://erp.example.com/harbor/webhooks" hint="An https address on the internet; Harbor posts each event there, signed." registration={register('url')} error={errors.url} />
          <ChoiceList legend="Events it hears about" choices={EVENT_CHOICES} registration={register('events')} error={errors.events?.message} />
          {serverError && (
            <p className="field-error" role="alert">
              {serverError}
            </p>
          )}
        </div>
        <FormDialogActions submitLabel={endpoint ? 'Save endpoint' : 'Add endpoint'} busyLabel="Saving…" busy={isSubmitting} onCancel={onClose} />
      </form>
    </Modal>
  );
}

function DeleteEndpointDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const [deleteEndpoint, { isLoading }] = useDeleteWebhookEndpointMutation();
  async function remove() {
    const result = await deleteEndpoint({ endpointId: endpoint.id });
    if (result.error) toast.error(result.error.message ?? 'The endpoint could not be deleted. Please try again.');
    else toast.success('Endpoint deleted.');
    onClose();
  }
  return (
    <ConfirmDialog title="Delete this endpoint?" confirmLabel="Delete endpoint" busyLabel="Deleting…" cancelLabel="Keep it" danger busy={isLoading} onConfirm={() => void remove()} onClose={onClose}>
      <p>
        <code className="break-anywhere">{endpoint.url}</code> will hear of no more events, and its delivery log goes with it.
      </p>
    </ConfirmDialog>
  );
}

function EndpointCard({ endpoint, onEdit, onDelete }: { endpoint: WebhookEndpoint; onEdit: () => void; onDelete: () => void }) {
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [updateEndpoint, { isLoading: turningOn }] = useUpdateWebhookEndpointMutation();
  async function turnOn() {
    const result = await updateEndpoint({ endpointId: endpoint.id, enabled: true });
    if (result.error) toast.error(result.error.message ?? 'The endpoint could not be turned on. Please try again.');
    else toast.success('Endpoint turned on: new events go to it again.');
  }
  return (
    <li className="webhook-endpoint">
      <div className="webhook-endpoint-summary">
        <div className="webhook-endpoint-text">
          <p className="webhook-url">
            <code className="break-anywhere">{endpoint.url}</code>
          </p>
          <p className="muted small">
            {endpoint.enabled ? <StatusTag tone="good">On</StatusTag> : <StatusTag tone="off">Off</StatusTag>} · added {formatDateTime(endpoint.createdAt)}
            {endpoint.failingSince > 0 && endpoint.enabled && <> · failing since {formatDateTime(endpoint.failingSince)}</>}
          </p>
          {!endpoint.enabled && endpoint.disabledReason && <p className="field-error">{endpoint.disabledReason}</p>}
          <ul className="scope-list" aria-label="Events">
            {endpoint.events.map((event) => (
              <li key={event}>
                <code>{event}</code>
              </li>
            ))}
          </ul>
        </div>
        <div className="webhook-endpoint-actions">
          {!endpoint.enabled && (
            <button type="button" className="button small" disabled={turningOn} onClick={() => void turnOn()}>
              {turningOn ? 'Turning on…' : 'Turn on again'}
            </button>
          )}
          <button type="button" className="button secondary small" aria-expanded={showDeliveries} onClick={() => setShowDeliveries(!showDeliveries)}>
            {showDeliveries ? 'Hide deliveries' : 'Deliveries'}
          </button>
          <button type="button" className="button secondary small" onClick={onEdit}>
            Edit
          </button>
          <button type="button" className="button secondary small" onClick={onDelete}>
            Delete
          </button>
        </div>
      </div>
      {showDeliveries && <WebhookDeliveries endpointId={endpoint.id} />}
    </li>
  );
}

/** The webhook endpoints: where Harbor posts its events, each with its delivery log. */
export function WebhookEndpointsSection() {
  const { data: endpoints, error, isLoading, refetch } = useGetWebhookEndpointsQuery();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <section className="card integrations-card" aria-labelledby="webhooks-heading">
      <div className="card-heading">
        <div>
          <h2 id="webhooks-heading">Webhook endpoints</h2>
          <p className="muted small">Harbor posts events to these addresses, signed (Standard Webhooks), and retries for a day.</p>
        </div>
        <button type="button" className="button small" onClick={() => setEditing('new')}>
          Add endpoint
        </button>
      </div>
      {isLoading ? (
        <Spinner label="Loading the endpoints…" />
      ) : !endpoints ? (
        <LoadError error={error} fallback="The webhook endpoints could not be loaded." onRetry={refetch} />
      ) : endpoints.length === 0 ? (
        <p className="integrations-empty">No endpoints yet. Add one to tell another system when orders, shipments, invoices or products change.</p>
      ) : (
        <ul className="webhook-endpoints">
          {endpoints.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} onEdit={() => setEditing(endpoint)} onDelete={() => setDeleting(endpoint)} />
          ))}
        </ul>
      )}
      {editing && (
        <EndpointDialog
          endpoint={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(created) => {
            setEditing(null);
            setSecret(created);
          }}
        />
      )}
      {secret && <SecretShownOnce title="The endpoint's signing secret" what="Verify each delivery's webhook-signature header with it (any Standard Webhooks library does)." secret={secret} onClose={() => setSecret(null)} />}
      {deleting && <DeleteEndpointDialog endpoint={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
}
