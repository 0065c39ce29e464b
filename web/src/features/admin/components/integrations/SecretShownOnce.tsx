import { useState } from 'react';
import { Copy } from 'lucide-react';
import { Modal } from '../../../../components/Modal';

interface SecretShownOnceProps {
  title: string;
  /** What the secret is for, said above it. */
  what: string;
  secret: string;
  onClose: () => void;
}

/** A secret the server answered once (an API key, a signing secret): copied now or never seen again. */
export function SecretShownOnce({ title, what, secret, onClose }: SecretShownOnceProps) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // Some browsers refuse the clipboard to a page not in focus; the field stays selectable.
      setCopied(false);
    }
  }
  return (
    <Modal title={title} onClose={onClose}>
      <div className="dialog-body secret-once">
        <p>{what}</p>
        <p className="secret-warning" role="note">
          Copy it now: it will not be shown again. If it is lost, make a new one.
        </p>
        <div className="secret-field">
          <input aria-label="Secret" readOnly value={secret} onFocus={(event) => event.target.select()} spellCheck={false} />
          <button type="button" className="button secondary small" onClick={() => void copy()}>
            <Copy size={16} aria-hidden="true" /> {copied ? 'Copied' : 'Copy'}
          </button>
        </div>
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          I have copied it
        </button>
      </div>
    </Modal>
  );
}
