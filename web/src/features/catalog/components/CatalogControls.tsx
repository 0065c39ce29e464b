import { Link, useNavigate } from 'react-router-dom';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { PRODUCT_CATEGORIES } from '@harbor/domain';
import { catalogHref, SORT_KEYS, SORT_OPTIONS, type CatalogParams, type SortKey } from '../catalogParams';

/** Category links; the search and sort stay, paging starts over. */
export function CategoryNav({ params }: { params: CatalogParams }) {
  const categories: (string | null)[] = [null, ...PRODUCT_CATEGORIES];
  return (
    <nav className="category-nav" aria-label="Categories">
      <h2 className="category-nav-title">Categories</h2>
      <ul>
        {categories.map((category) => (
          <li key={category ?? 'all'}>
            <Link to={catalogHref({ search: params.search, sort: params.sort, category })} aria-current={params.category === category ? 'page' : undefined}>
              {category ?? 'All products'}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SortSelect({ params }: { params: CatalogParams }) {
  const navigate = useNavigate();
  return (
    <div className="sort-select">
      <label htmlFor="catalog-sort">Sort by</label>
      <select
        id="catalog-sort"
        value={params.sort}
        onChange={(event) => navigate(catalogHref({ search: params.search, category: params.category, sort: event.target.value as SortKey }))}
      >
        {SORT_KEYS.map((key) => (
          <option key={key} value={key}>
            {SORT_OPTIONS[key].label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface PaginationProps {
  params: CatalogParams;
  nextCursor: string | null;
  previousCursor: string | null;
}

/** Previous / next by cursor; going back to page 1 uses the plain first-page URL. */
export function Pagination({ params, nextCursor, previousCursor }: PaginationProps) {
  if (!nextCursor && !previousCursor) return null;
  const view = { search: params.search, category: params.category, sort: params.sort };
  const previousHref =
    params.page <= 2 || !previousCursor ? catalogHref(view) : catalogHref({ ...view, cursor: { direction: 'before', token: previousCursor }, page: params.page - 1 });
  const toTop = () => window.scrollTo({ top: 0 });
  return (
    <nav className="pagination" aria-label="Pages">
      {previousCursor ? (
        <Link to={previousHref} rel="prev" className="button secondary small" onClick={toTop}>
          <ChevronLeft size={16} aria-hidden="true" /> Previous
        </Link>
      ) : (
        <span className="button secondary small" aria-disabled="true">
          <ChevronLeft size={16} aria-hidden="true" /> Previous
        </span>
      )}
      <span className="pagination-page">Page {params.page}</span>
      {nextCursor ? (
        <Link to={catalogHref({ ...view, cursor: { direction: 'after', token: nextCursor }, page: params.page + 1 })} rel="next" className="button secondary small" onClick={toTop}>
          Next <ChevronRight size={16} aria-hidden="true" />
        </Link>
      ) : (
        <span className="button secondary small" aria-disabled="true">
          Next <ChevronRight size={16} aria-hidden="true" />
        </span>
      )}
    </nav>
  );
}
