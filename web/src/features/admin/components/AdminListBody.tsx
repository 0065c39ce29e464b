import type { ReactNode } from 'react';
import { LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';

interface AdminListBodyProps<Data extends { rows: readonly unknown[] }> {
  query: { data?: Data; error?: unknown; isLoading: boolean; refetch: () => unknown };
  /** What the list holds, e.g. "products": "Loading products…", "The products could not be loaded." */
  noun: string;
  /** Shown (in a card) when the page has no rows. */
  empty: (data: Data) => ReactNode;
  children: (data: Data) => ReactNode;
}

/** An admin list's body: a spinner while it loads, the error with "Try again", the empty note, or the rows. */
export function AdminListBody<Data extends { rows: readonly unknown[] }>({ query: { data, error, isLoading, refetch }, noun, empty, children }: AdminListBodyProps<Data>) {
  if (isLoading) return <Spinner label={`Loading ${noun}…`} />;
  if (!data) return <LoadError error={error} fallback={`The ${noun} could not be loaded.`} onRetry={refetch} />;
  if (data.rows.length === 0) return <div className="card admin-empty">{empty(data)}</div>;
  return children(data);
}
