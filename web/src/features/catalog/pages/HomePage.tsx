import { memo, useDeferredValue, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BadgePercent, FileText, SearchX, Truck } from 'lucide-react';
import { CATALOG_PAGE_SIZE, isFaceted, formatMoney, MAX_SEARCH_LENGTH, SEARCH_TOO_LONG_MESSAGE, searchPlan, SHOP_RULES, type Product } from '@harbor/domain';
import { LoadError } from '../../../components/LoadError';
import { PageTitle } from '../../../components/PageTitle';
import { paths } from '../../../config';
import type { Page } from '../../../lib/pagination';
import { catalogHref, isIndexed, readCatalogParams, viewOf, type CatalogParams } from '../catalogParams';
import { CATALOG_FAILURE, FILTERS_UNAVAILABLE, useGetCatalogPageQuery, useGetFacetCountsQuery, useGetIndexedPageQuery } from '../api';
import { FacetArea, FacetedPagination } from '../components/Facets';
import { CategoryNav, Pagination, SortSelect } from '../components/CatalogControls';
import { ProductCard, ProductCardSkeleton } from '../components/ProductCard';
import { ProductList, ViewToggle } from '../components/ProductList';
import { useCatalogView } from '../catalogView';
import { catalogTitle } from '../pageHeads';
import '../catalog.css';

/** Cards a wide screen shows in its first row; their images load first (see ProductImage). */
const FIRST_SCREEN_CARDS = 4;

/**
 * "Products 25–48 · page 2". A search of several words checks its further words on each page read,
 * so its pages may hold fewer products and cannot be numbered: it counts them instead.
 */
function resultsSummary(params: CatalogParams, shown: number, total: number | undefined): string {
  if (total !== undefined) return `${total} product${total === 1 ? '' : 's'}${params.page > 1 ? ` · page ${params.page}` : ''}`;
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
  if (isFaceted(params)) {
    return (
      <div className="empty-state" role="status">
        <SearchX size={40} aria-hidden="true" />
        <h2>No products match these filters</h2>
        <Link to={catalogHref({ search: params.search, category: params.category, sort: params.sort })} className="button secondary">
          Clear filters
        </Link>
      </div>
    );
  }
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
          <Link to={paths.home} className="button secondary">
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

/** The product cards of a page; memoised, so a render for anything else leaves them alone. */
const ProductGrid = memo(function ProductGrid({ products }: { products: Product[] }) {
  return (
    <div className="product-grid">
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} priority={index < FIRST_SCREEN_CARDS} />
      ))}
    </div>
  );
});

export default function HomePage() {
  const [searchParams] = useSearchParams();
  const requested = useMemo(() => readCatalogParams(searchParams), [searchParams]);
  // A search, or a view narrowed by brand, stock or price, is answered from the search index; others by Firestore's queries.
  const indexed = isIndexed(requested);
  const cursorView = useGetCatalogPageQuery(requested, { skip: indexed });
  const indexedView = useGetIndexedPageQuery(requested, { skip: !indexed });
  const { isFetching, isError, error, refetch } = indexed ? indexedView : cursorView;
  const indexedData = indexedView.currentData;
  // Numbered pages out of a known total when the index answered; the token search's cursors otherwise.
  const fromIndex = indexed && indexedData?.source === 'index' ? indexedData : undefined;
  const currentData = useMemo<Page<Product> | undefined>(() => {
    if (!indexed) return cursorView.currentData;
    if (indexedData?.source === 'tokens') return indexedData.page;
    return indexedData && { rows: indexedData.rows, next: null, previous: null, documentsRead: indexedData.documentsRead };
  }, [indexed, indexedData, cursorView.currentData]);
  const [catalogView, setCatalogView] = useCatalogView();
  // Parameters and products move together, so headings and pager links always belong to the
  // products shown; a new page renders in the background while the previous one stands.
  const view = useMemo(
    () => ({ params: requested, page: currentData, total: fromIndex?.total, pageCount: fromIndex?.pageCount ?? 1, numbered: fromIndex !== undefined, indexCounts: fromIndex?.counts }),
    [requested, currentData, fromIndex],
  );
  const { params, page, total, pageCount, numbered, indexCounts } = useDeferredValue(view);
  // A view the index answers has its counts with its page. Another finds them cached when the
  // server answered its first page (api.ts), and otherwise asks for them once the page shows its
  // products, so the request does not compete with theirs.
  const countsOfCursorView = useGetFacetCountsQuery(viewOf(params), { skip: isIndexed(params) || (currentData === undefined && !isError) }).currentData;
  const counts = (isIndexed(params) ? indexCounts : countsOfCursorView) ?? null;
  const loading = !page && (isFetching || currentData !== undefined);
  const browsingEverything = !params.search && !params.category && !params.cursor;
  // Products were read but none holds every word of a several-word search.
  const noFullMatchHere = page !== undefined && page.rows.length === 0 && page.documentsRead > 0;

  return (
    <section className="page catalog">
      <PageTitle>{catalogTitle(params)}</PageTitle>
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
        <div className="catalog-tools">
          <ViewToggle view={catalogView} onChange={setCatalogView} />
          <SortSelect params={params} />
        </div>
      </div>
      {params.searchShortened && (
        <p className="notice" role="status">
          {SEARCH_TOO_LONG_MESSAGE} These are the results for its first {MAX_SEARCH_LENGTH}.
        </p>
      )}
      {browsingEverything && <ValueStrip />}
      <div className="catalog-layout">
        <div className="catalog-side">
          <CategoryNav params={params} counts={counts?.category} />
          <FacetArea params={params} counts={counts} />
        </div>
        <div className="catalog-results">
          <p className="results-summary muted small" role="status">
            {loading && 'Loading products…'}
            {page && page.rows.length > 0 && resultsSummary(params, page.rows.length, total)}
          </p>
          {isError && !isFetching && <LoadError error={error} fallback={isFaceted(requested) ? FILTERS_UNAVAILABLE : CATALOG_FAILURE} onRetry={refetch} />}
          {loading && (
            <div className="product-grid" aria-busy="true">
              {Array.from({ length: 8 }, (_, index) => (
                <ProductCardSkeleton key={index} />
              ))}
            </div>
          )}
          {noFullMatchHere && <p className="muted">No product on this page holds every word you searched for{page.next ? '; try the next page.' : '.'}</p>}
          {page && page.rows.length === 0 && !noFullMatchHere && <EmptyState params={params} />}
          {page && page.rows.length > 0 && (catalogView === 'list' ? <ProductList products={page.rows} /> : <ProductGrid products={page.rows} />)}
          {page && (numbered ? <FacetedPagination params={params} pageCount={pageCount} /> : <Pagination params={params} page={page} />)}
        </div>
      </div>
    </section>
  );
}
