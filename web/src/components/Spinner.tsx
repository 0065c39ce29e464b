interface SpinnerProps {
  label?: string;
  /** Fills the viewport and centres the spinner (sign-in state loading). */
  fullScreen?: boolean;
}

export function Spinner({ label = 'Loading…', fullScreen = false }: SpinnerProps) {
  return (
    <div className={fullScreen ? 'spinner-screen' : 'spinner-block'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
