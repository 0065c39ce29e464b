import { useState, type FormEvent, type ReactNode } from 'react';
import { FieldShell, fieldError } from './FieldShell';
import { FormDialogActions } from './FormDialogActions';
import { Modal } from './Modal';

interface ReasonDialogProps {
  title: string;
  /** What the action does, above the reason. */
  children: ReactNode;
  /** Said beside the field when no reason is given. */
  missingReason: string;
  confirmLabel: string;
  /** The button that leaves without acting says what it keeps ("Don't reject"). */
  cancelLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Runs the action with the trimmed reason; resolves with null, or with the sentence to show beside the reason. */
  onSubmit: (reason: string) => Promise<string | null>;
  onClose: () => void;
}

/** Asks for the reason of an action that cannot be undone: required, kept while the call runs and when it fails. */
export function ReasonDialog({ title, children, missingReason, confirmLabel, cancelLabel, busyLabel, busy, onSubmit, onClose }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason.trim()) return setError(missingReason);
    setError(await onSubmit(reason.trim()));
  }

  return (
    <Modal title={title} onClose={onClose} locked={busy}>
      <form onSubmit={submit} noValidate>
        <div className="dialog-body">
          {children}
          <FieldShell label="Reason" error={fieldError(error ?? undefined)}>
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={500}
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  setError(null);
                }}
                autoFocus
              />
            )}
          </FieldShell>
        </div>
        <FormDialogActions submitLabel={confirmLabel} busyLabel={busyLabel} busy={busy} cancelLabel={cancelLabel} danger onCancel={onClose} />
      </form>
    </Modal>
  );
}
