import { ChevronLeft, ChevronRight } from 'lucide-react';
import { FIRST_PAGE, neighbourPages, type Page, type PagePosition } from '../../../lib/pagination';

interface PagerProps {
  /** The page shown. */
  position: PagePosition;
  page: Pick<Page<unknown>, 'next' | 'previous'>;
  busy: boolean;
  onGo: (position: PagePosition) => void;
}

export function Pager({ position, page, busy, onGo }: PagerProps) {
  const { previous, next } = neighbourPages(position, page);
  if (position.page === 1 && !next) return null;
  return (
    <nav className="admin-pager" aria-label="Pages">
      {/* A page read empty (its products since deleted) has no cursor back: its Previous starts over. */}
      <button type="button" className="button secondary small" onClick={() => onGo(previous ?? FIRST_PAGE)} disabled={busy || position.page === 1}>
        <ChevronLeft size={16} aria-hidden="true" /> Previous
      </button>
      <span aria-live="polite">Page {position.page}</span>
      <button type="button" className="button secondary small" onClick={() => next && onGo(next)} disabled={busy || !next}>
        Next <ChevronRight size={16} aria-hidden="true" />
      </button>
    </nav>
  );
}
