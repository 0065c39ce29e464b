import type { ReactNode } from 'react';
import { Modal } from './Modal';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that leaves without acting says what it keeps ("Keep the list", "Don't reverse", "Go back"). */
  cancelLabel: string;
  /** Shown on the confirm button while the action runs. */
  busyLabel?: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that cannot be undone; the button that leaves without acting has the focus. */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel, busyLabel, busy = false, danger = false, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onClose} locked={busy}>
      <div className="dialog-body">{children}</div>
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onClose} disabled={busy} autoFocus>
          {cancelLabel}
        </button>
        <button type="button" className={`button ${danger ? 'danger' : ''}`} onClick={onConfirm} disabled={busy}>
          {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
