import { useState } from 'react';
import type { PageCursor } from './api';

/**
 * Cursor pagination state for a list: the cursors of the pages visited, reset whenever the
 * filter (`filterKey`) changes, so a new search starts at page 1.
 */
export function useCursorPages(filterKey: string) {
  const [state, setState] = useState<{ key: string; cursors: Array<PageCursor | null> }>({ key: filterKey, cursors: [null] });
  const cursors = state.key === filterKey ? state.cursors : [null];
  return {
    page: cursors.length,
    after: cursors.at(-1) ?? null,
    next: (cursor: PageCursor) => setState({ key: filterKey, cursors: [...cursors, cursor] }),
    previous: () => setState({ key: filterKey, cursors: cursors.length > 1 ? cursors.slice(0, -1) : cursors }),
  };
}
