import { useEffect, useState } from 'react';

interface SpinnerProps {
  label?: string;
  /** Fills the viewport and centres the spinner (sign-in state loading). */
  fullScreen?: boolean;
}

/** After this long a slow connection is named, so a shopper knows the page is not stuck. */
const SLOW_AFTER_MS = 8_000;

export function Spinner({ label = 'Loading…', fullScreen = false }: SpinnerProps) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className={fullScreen ? 'spinner-screen' : 'spinner-block'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {slow ? <span className="muted small">Still loading… your connection seems slow.</span> : <span className="visually-hidden">{label}</span>}
    </div>
  );
}
