interface FormDialogActionsProps {
  submitLabel: string;
  /** Shown on the submit button while the action runs. */
  busyLabel: string;
  busy: boolean;
  /** "Cancel", or what leaving keeps before an action that cannot be undone ("Don't reject"). */
  cancelLabel?: string;
  danger?: boolean;
  className?: string;
  onCancel: () => void;
}

/** A dialog form's buttons: leave without doing anything, or submit the form. */
export function FormDialogActions({ submitLabel, busyLabel, busy, cancelLabel = 'Cancel', danger = false, className = '', onCancel }: FormDialogActionsProps) {
  return (
    <div className={`dialog-actions ${className}`}>
      <button type="button" className="button secondary" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </button>
      <button type="submit" className={`button ${danger ? 'danger' : ''}`} disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  );
}
