import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { API_SCOPE_LABELS, API_SCOPES, createApiKeyInputSchema, type ApiKey, type CreateApiKeyInput } from '@harbor/domain';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { FormDialogActions } from '../../../../components/FormDialogActions';
import { FormField } from '../../../../components/FormField';
import { LoadError } from '../../../../components/LoadError';
import { Modal } from '../../../../components/Modal';
import { Spinner } from '../../../../components/Spinner';
import { TableHead } from '../../../../components/TableHead';
import { formatDateTime } from '../../../../lib/dates';
import { toast } from '../../../../lib/toast';
import { useCreateApiKeyMutation, useGetApiKeysQuery, useRevokeApiKeyMutation } from '../../integrationsApi';
import { ChoiceList } from './ChoiceList';
import { SecretShownOnce } from './SecretShownOnce';
import { StatusTag } from './StatusTag';

const KEY_COLUMNS = ['Name', 'Scopes', 'Key', 'Created', 'Last used', 'Status', { label: 'Actions', hidden: true }];

/** Names a key and its scopes; the answer's secret is shown once, by the caller. */
function CreateKeyDialog({ onCreated, onClose }: { onCreated: (secret: string) => void; onClose: () => void }) {
  const [createApiKey] = useCreateApiKeyMutation();
  const [serverError, setServerError] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CreateApiKeyInput>({ resolver: zodResolver(createApiKeyInputSchema), defaultValues: { name: '', scopes: [] } });
  const create = handleSubmit(async (input) => {
    setServerError('');
    const result = await createApiKey(input);
    if (result.error) return setServerError(result.error.message ?? 'The key could not be created. Please try again.');
    onCreated(result.data.secret);
  });
  return (
    <Modal title="Create an API key" onClose={onClose} locked={isSubmitting}>
      <form onSubmit={create} noValidate>
        <div className="dialog-body">
          <FormField label="Name" hint="Which system uses it, such as “ERP” or “Warehouse”." autoComplete="off" registration={register('name')} error={errors.name} />
          <ChoiceList legend="What it may do" choices={API_SCOPES.map((scope) => ({ value: scope, label: API_SCOPE_LABELS[scope], detail: scope }))} registration={register('scopes')} error={errors.scopes?.message} />
          {serverError && (
            <p className="field-error" role="alert">
              {serverError}
            </p>
          )}
        </div>
        <FormDialogActions submitLabel="Create key" busyLabel="Creating…" busy={isSubmitting} onCancel={onClose} />
      </form>
    </Modal>
  );
}

function RevokeKeyDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const [revokeApiKey, { isLoading }] = useRevokeApiKeyMutation();
  async function revoke() {
    const result = await revokeApiKey({ keyId: apiKey.id });
    if (result.error) toast.error(result.error.message ?? 'The key could not be revoked. Please try again.');
    else toast.success(`The key “${apiKey.name}” is revoked.`);
    onClose();
  }
  return (
    <ConfirmDialog title={`Revoke “${apiKey.name}”?`} confirmLabel="Revoke key" busyLabel="Revoking…" cancelLabel="Keep the key" danger busy={isLoading} onConfirm={() => void revoke()} onClose={onClose}>
      <p>Every request made with it will be refused at once. This cannot be undone: the system using it needs a new key.</p>
    </ConfirmDialog>
  );
}

/** The API keys: who may call the REST API, with what scopes, and when each was last used. */
export function ApiKeysSection() {
  const { data: keys, error, isLoading, refetch } = useGetApiKeysQuery();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <section className="card table-card integrations-card" aria-labelledby="api-keys-heading">
      <div className="card-heading">
        <div>
          <h2 id="api-keys-heading">API keys</h2>
          <p className="muted small">Other systems call the REST API (/api/v1) with a key, limited to its scopes.</p>
        </div>
        <button type="button" className="button small" onClick={() => setCreating(true)}>
          Create key
        </button>
      </div>
      {isLoading ? (
        <Spinner label="Loading the keys…" />
      ) : !keys ? (
        <LoadError error={error} fallback="The API keys could not be loaded." onRetry={refetch} />
      ) : keys.length === 0 ? (
        <p className="integrations-empty">No keys yet. Create one for each system that reads orders or sends shipments, stock or products.</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table integrations-table">
            <TableHead columns={KEY_COLUMNS} />
            <tbody>
              {keys.map((key) => (
                <tr key={key.id} className={key.revokedAt ? 'is-revoked' : undefined}>
                  <th scope="row">{key.name}</th>
                  <td>
                    <ul className="scope-list">
                      {key.scopes.map((scope) => (
                        <li key={scope}>
                          <code>{scope}</code>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    <code>{key.prefix}…</code>
                  </td>
                  <td className="when">
                    {formatDateTime(key.createdAt)}
                    {key.createdByName && <span className="sku">by {key.createdByName}</span>}
                  </td>
                  <td className="when">{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'}</td>
                  <td>
                    {key.revokedAt ? (
                      <>
                        <StatusTag tone="off">Revoked</StatusTag>
                        <span className="sku when">{formatDateTime(key.revokedAt)}</span>
                      </>
                    ) : (
                      <StatusTag tone="good">Active</StatusTag>
                    )}
                  </td>
                  <td className="actions">
                    {!key.revokedAt && (
                      <button type="button" className="button secondary small" onClick={() => setRevoking(key)} aria-label={`Revoke ${key.name}`}>
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setSecret(created);
          }}
        />
      )}
      {secret && <SecretShownOnce title="Your new API key" what="Send it as “Authorization: Bearer <key>” with each request." secret={secret} onClose={() => setSecret(null)} />}
      {revoking && <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </section>
  );
}
