import { useId, useState } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { PRICE_RANGES, type FacetCounts } from '@harbor/domain';
import { catalogHref, viewOf, type CatalogParams } from '../catalogParams';

/** Brands listed before "more" would be needed; the most frequent first. */
const MAX_BRANDS = 12;

function Count({ value }: { value: number }) {
  return <span className="facet-count">({value})</span>;
}

/** Brand, availability and price filters with their counts; every choice is in the URL. */
export function FacetPanel({ params, counts }: { params: CatalogParams; counts: FacetCounts }) {
  const navigate = useNavigate();
  const view = viewOf(params);
  const brands = Object.entries(counts.brand)
    .sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : 1))
    .slice(0, MAX_BRANDS);
  if (params.brand && !brands.some(([brand]) => brand === params.brand)) brands.unshift([params.brand, counts.brand[params.brand] ?? 0]);

  return (
    <section className="category-nav facets" aria-label="Filters">
      <h2 className="category-nav-title">Availability</h2>
      <label className="facet-check">
        <input
          type="checkbox"
          checked={params.inStock === true}
          onChange={(event) => navigate(catalogHref({ ...view, inStock: event.target.checked ? true : undefined }))}
        />
        In stock only <Count value={counts.inStock} />
      </label>
      <nav aria-label="Brands">
        <h2 className="category-nav-title">Brand</h2>
        <ul>
          <li>
            <Link to={catalogHref({ ...view, brand: undefined })} aria-current={params.brand ? undefined : 'page'}>
              Any brand
            </Link>
          </li>
          {brands.map(([brand, count]) => (
            <li key={brand}>
              <Link to={catalogHref({ ...view, brand })} aria-current={params.brand === brand ? 'page' : undefined}>
                {brand} <Count value={count} />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Price">
        <h2 className="category-nav-title">Price</h2>
        <ul>
          <li>
            <Link to={catalogHref({ ...view, price: undefined })} aria-current={params.price ? undefined : 'page'}>
              Any price
            </Link>
          </li>
          {PRICE_RANGES.map((range) => (
            <li key={range.key}>
              <Link to={catalogHref({ ...view, price: range.key })} aria-current={params.price === range.key ? 'page' : undefined}>
                {range.label} <Count value={counts.price[range.key] ?? 0} />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}

/** Previous / next of a filtered view, by page number. */
export function FacetedPagination({ params, pageCount }: { params: CatalogParams; pageCount: number }) {
  if (pageCount <= 1) return null;
  const view = viewOf(params);
  const toTop = () => window.scrollTo({ top: 0 });
  return (
    <nav className="pagination" aria-label="Pages">
      {params.page > 1 ? (
        <Link to={catalogHref({ ...view, page: params.page - 1 })} rel="prev" className="button secondary small" onClick={toTop}>
          Previous
        </Link>
      ) : (
        <span className="button secondary small" aria-disabled="true">
          Previous
        </span>
      )}
      <span className="pagination-page">
        Page {params.page} of {pageCount}
      </span>
      {params.page < pageCount ? (
        <Link to={catalogHref({ ...view, page: params.page + 1 })} rel="next" className="button secondary small" onClick={toTop}>
          Next
        </Link>
      ) : (
        <span className="button secondary small" aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}

/**
 * Where the filters go: beside the products on a wide screen; on a phone behind a "Filters" button,
 * present from the first paint, so the filters arriving with the index never push the products down.
 */
export function FacetArea({ params, counts }: { params: CatalogParams; counts: FacetCounts | null }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="facet-area">
      <button type="button" className="button secondary small facets-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <SlidersHorizontal size={16} aria-hidden="true" /> Filters
      </button>
      <div id={id} className="facets-body" hidden={!open}>
        {counts ? <FacetPanel params={params} counts={counts} /> : <p className="muted small">Loading filters…</p>}
      </div>
    </div>
  );
}
