import { ChevronLeft, ChevronRight } from 'lucide-react';

interface PagerProps {
  page: number;
  hasNext: boolean;
  busy: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

export function Pager({ page, hasNext, busy, onPrevious, onNext }: PagerProps) {
  if (page === 1 && !hasNext) return null;
  return (
    <nav className="admin-pager" aria-label="Pages">
      <button type="button" className="button secondary small" onClick={onPrevious} disabled={busy || page === 1}>
        <ChevronLeft size={16} aria-hidden="true" /> Previous
      </button>
      <span aria-live="polite">Page {page}</span>
      <button type="button" className="button secondary small" onClick={onNext} disabled={busy || !hasNext}>
        Next <ChevronRight size={16} aria-hidden="true" />
      </button>
    </nav>
  );
}
