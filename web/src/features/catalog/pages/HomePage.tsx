import { useDeferredValue } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BadgePercent, FileText, SearchX, Truck } from 'lucide-react';
import { BRAND, formatMoney, searchPlan, SHOP_RULES } from '@harbor/domain';
import { LoadError } from '../../../components/LoadError';
import { catalogHref, CATALOG_PAGE_SIZE, readCatalogParams, type CatalogParams } from '../catalogParams';
import { useGetCatalogPageQuery } from '../catalogApi';
import { CategoryNav, Pagination, SortSelect } from '../components/CatalogControls';
import { ProductCard, ProductCardSkeleton } from '../components/ProductCard';
import '../catalog.css';

/** Cards a wide screen shows in its first row; their images load first (see ProductImage). */
const FIRST_SCREEN_CARDS = 4;

/**
 * "Products 25–48 · page 2". A search of several words checks its further words on each page read,
 * so its pages may hold fewer products and cannot be numbered: it counts them instead.
 */
function resultsSummary(params: CatalogParams, shown: number): string {
  const pageNote = params.page > 1 ? ` · page ${params.page}` : '';
  if ((searchPlan(params.search)?.wholeWords.length ?? 0) > 0) return `${shown} matching product${shown === 1 ? '' : 's'}${pageNote}`;
  const first = (params.page - 1) * CATALOG_PAGE_SIZE + 1;
  return `Products ${first}–${first + shown - 1}${pageNote}`;
}

function heading({ search, category }: CatalogParams): string {
  if (search) return `Results for “${search}”`;
  return category ?? 'Wholesale catalog';
}

/** Why a page holds no products, and the way out. */
function EmptyState({ params }: { params: CatalogParams }) {
  if (params.cursor) {
    return (
      <div className="empty-state" role="status">
        <h2>No more products here</h2>
        <p className="muted">The catalog may have changed since this page was linked.</p>
        <Link to={catalogHref({ search: params.search, category: params.category, sort: params.sort })} className="button secondary">
          Back to the first page
        </Link>
      </div>
    );
  }
  return (
    <div className="empty-state" role="status">
      <SearchX size={40} aria-hidden="true" />
      {params.search ? (
        <>
          <h2>
            No products match “{params.search}”{params.category && ` in ${params.category}`}
          </h2>
          <p className="muted">Check the spelling, use fewer words, or search by SKU (for example BEV-10).</p>
          <p className="empty-state-actions">
            {params.category && (
              <Link to={catalogHref({ search: params.search, sort: params.sort })} className="button secondary">
                Search all categories
              </Link>
            )}
            <Link to={catalogHref({ category: params.category, sort: params.sort })} className="button secondary">
              Clear search
            </Link>
          </p>
        </>
      ) : (
        <>
          <h2>No products in {params.category ?? 'the catalog'} yet</h2>
          <Link to="/" className="button secondary">
            Browse all products
          </Link>
        </>
      )}
    </div>
  );
}

/** Shown above the unfiltered first page: what buying here gets you. */
function ValueStrip() {
  return (
    <ul className="value-strip" aria-label="Why buy from us">
      <li>
        <BadgePercent size={20} aria-hidden="true" /> Volume pricing: order more, pay less per unit
      </li>
      <li>
        <Truck size={20} aria-hidden="true" /> Free shipping on orders from {formatMoney(SHOP_RULES.freeShippingFromCents)}
      </li>
      <li>
        <FileText size={20} aria-hidden="true" /> Invoice on net-30 terms for business accounts
      </li>
    </ul>
  );
}

export default function HomePage() {
  const [searchParams] = useSearchParams();
  const params = readCatalogParams(searchParams);
  const { currentData, isFetching, isError, error, refetch } = useGetCatalogPageQuery(params);
  // The grid of 24 cards renders in the background, in slices, so the page stays responsive while
  // it appears; the skeletons (or the previous page) stand meanwhile.
  const page = useDeferredValue(currentData);
  const loading = !page && (isFetching || currentData !== undefined);
  const browsingEverything = !params.search && !params.category && !params.cursor;

  return (
    <section className="page catalog">
      <title>{`${params.search ? `${params.search} – search` : (params.category ?? 'Wholesale catalog')} | ${BRAND.name}`}</title>
      <div className="catalog-heading">
        <div>
          <h1>{heading(params)}</h1>
          {params.search && (
            <p className="muted small catalog-subheading">
              {params.category ? `In ${params.category} · ` : ''}
              <Link to={catalogHref({ category: params.category, sort: params.sort })}>Clear search</Link>
            </p>
          )}
        </div>
        <SortSelect params={params} />
      </div>
      {browsingEverything && <ValueStrip />}
      <div className="catalog-layout">
        <CategoryNav params={params} />
        <div className="catalog-results">
          <p className="results-summary muted small" role="status">
            {loading && 'Loading products…'}
            {page && page.products.length > 0 && resultsSummary(params, page.products.length)}
          </p>
          {isError && !isFetching && <LoadError error={error} fallback="The catalog could not be loaded. Check your connection and try again." onRetry={refetch} />}
          {loading && (
            <div className="product-grid" aria-busy="true">
              {Array.from({ length: 8 }, (_, index) => (
                <ProductCardSkeleton key={index} />
              ))}
            </div>
          )}
          {page && page.products.length === 0 && (page.nextCursor ? <p className="muted">No product on this page holds every word you searched for; try the next page.</p> : <EmptyState params={params} />)}
          {page && page.products.length > 0 && (
            <div className="product-grid">
              {page.products.map((product, index) => (
                <ProductCard key={product.id} product={product} priority={index < FIRST_SCREEN_CARDS} />
              ))}
            </div>
          )}
          {page && <Pagination params={params} nextCursor={page.nextCursor} previousCursor={page.previousCursor} />}
        </div>
      </div>
    </section>
  );
}
