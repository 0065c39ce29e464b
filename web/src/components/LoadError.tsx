interface LoadErrorProps {
  message: string;
  onRetry: () => void;
}

/** A failed read, said in words, with a way to try again. */
export function LoadError({ message, onRetry }: LoadErrorProps) {
  return (
    <div className="notice error" role="alert">
      {message}{' '}
      <button type="button" className="link-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
