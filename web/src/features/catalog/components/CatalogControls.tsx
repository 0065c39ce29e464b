import { Link, useNavigate } from 'react-router-dom';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { PRODUCT_CATEGORIES } from '@harbor/domain';
import { neighbourPages, type Page } from '../../../lib/pagination';
import { PRODUCT_SORTS, STOREFRONT_SORT_KEYS, type StorefrontSort } from '../../../lib/sorts';
import { catalogHref, viewOf, type CatalogParams } from '../catalogParams';

/** Category links, with the count of each when the search index has loaded; the search, sort and filters stay, paging starts over. */
export function CategoryNav({ params, counts }: { params: CatalogParams; counts?: Record<string, number> }) {
  const categories: (string | null)[] = [null, ...PRODUCT_CATEGORIES];
  return (
    <nav className="category-nav" aria-label="Categories">
      <h2 className="category-nav-title">Categories</h2>
      <ul>
        {categories.map((category) => (
          <li key={category ?? 'all'}>
            <Link to={catalogHref({ ...viewOf(params), category })} aria-current={params.category === category ? 'page' : undefined}>
              {category ?? 'All products'}
            </Link>
            {/* Beside the link, so the category's name stays the link's whole name. */}
            {counts && category && <span className="facet-count category-count">({counts[category] ?? 0})</span>}
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
        onChange={(event) => navigate(catalogHref({ ...viewOf(params), sort: event.target.value as StorefrontSort }))}
      >
        {STOREFRONT_SORT_KEYS.map((key) => (
          <option key={key} value={key}>
            {PRODUCT_SORTS[key].label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface PaginationProps {
  params: CatalogParams;
  page: Pick<Page<unknown>, 'next' | 'previous'>;
}

/** Previous / next by cursor; going back to page 1 uses the plain first-page URL. */
export function Pagination({ params, page }: PaginationProps) {
  const { previous, next } = neighbourPages(params, page);
  if (!previous && !next) return null;
  const view = { search: params.search, category: params.category, sort: params.sort };
  const toTop = () => window.scrollTo({ top: 0 });
  return (
    <nav className="pagination" aria-label="Pages">
      {previous ? (
        <Link to={catalogHref({ ...view, ...previous })} rel="prev" className="button secondary small" onClick={toTop}>
          <ChevronLeft size={16} aria-hidden="true" /> Previous
        </Link>
      ) : (
        <span className="button secondary small" aria-disabled="true">
          <ChevronLeft size={16} aria-hidden="true" /> Previous
        </span>
      )}
      <span className="pagination-page">Page {params.page}</span>
      {next ? (
        <Link to={catalogHref({ ...view, ...next })} rel="next" className="button secondary small" onClick={toTop}>
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
