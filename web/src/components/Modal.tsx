import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Toaster } from '../lib/toast';
import './dialog.css';

/**
 * A modal sits in the browser's top layer, above the page's toaster; toasts raised while one is
 * open go to its own toaster (`toast.error(message, { toasterId: MODAL_TOASTER })`).
 */
export const MODAL_TOASTER = 'modal';

interface ModalProps {
  title: ReactNode;
  className?: string;
  /** Escape or the close button; ignored while `locked` (an action is running). */
  onClose: () => void;
  locked?: boolean;
  children: ReactNode;
}

/**
 * A modal on the native <dialog>: focus moves in and stays there, Escape closes, the page
 * behind is inert. Mounted only while open.
 */
export function Modal({ title, className = '', onClose, locked = false, children }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      className={`dialog ${className}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // A dialog opened from this one (a confirmation) closes alone: React passes its cancel up here too.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        if (!locked) onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      <Toaster id={MODAL_TOASTER} position="top-center" richColors closeButton />
    </dialog>
  );
}
