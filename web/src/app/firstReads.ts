/**
 * Starts the reads of the page a visit opens on (a catalog page, a product) as soon as
 * the HTML is parsed, while the app's code still downloads: index.html loads this small module
 * as an entry of its own, before the app. The app's own read of the same then takes the answer
 * (lib/earlyAnswers: the server's search and product pages, and Firestore's through
 * lib/firestoreRest's `keepAnswers`) instead of asking again, so nothing is read twice and the
 * products are there about when the code is. The images the first screen shows first (the
 * largest contentful paint) are preloaded with high priority as soon as the answer names them,
 * rather than when the page renders.
 */
import { patterns } from '../config/paths';
import { isIndexed, readCatalogParams, searchPageOf } from '../features/catalog/catalogParams';
import { fetchCatalogPage, fetchProductEarly, firstPageFromIndex } from '../features/catalog/catalogQueries';
import { fetchSearchPage } from '../lib/search/searchPageReader';
import { publicDb } from '../lib/publicDb';

const early = { ...publicDb, keepAnswers: true };
const productPrefix = patterns.product.replace(':id', '');
/** The catalog cards of a phone's first row. */
const FIRST_ROW = 2;

function preload(attributes: Partial<HTMLLinkElement>): void {
  document.head.append(Object.assign(document.createElement('link'), { rel: 'preload', fetchPriority: 'high', ...attributes }));
}

function preloadImage(url: string): void {
  if (url) preload({ as: 'image', href: url });
}

function startFirstReads({ pathname, search }: Pick<Location, 'pathname' | 'search'>): Promise<unknown> | null {
  if (pathname === patterns.home) {
    const params = readCatalogParams(new URLSearchParams(search));
    // A search or filtered view, and the first page of the landing page or a category, are
    // answered by the server's search page (features/catalog/api), whose own request for the same
    // address takes this answer (lib/earlyAnswers keeps it). Other views, or all while
    // the index is being rebuilt, are read from Firestore.
    const page = isIndexed(params)
      ? fetchSearchPage(searchPageOf(params), { keep: true }).then((answer) => answer?.products ?? [])
      : firstPageFromIndex(params, '', { keep: true }).then((first) => first?.page ?? fetchCatalogPage(early, params)).then((first) => first.rows);
    return page.then((products) => products.slice(0, FIRST_ROW).forEach((product) => preloadImage(product.imageUrl)));
  }
  const segment = pathname.startsWith(productPrefix) ? pathname.slice(productPrefix.length) : '';
  if (!segment || segment.includes('/')) return null;
  try {
    return fetchProductEarly(early, decodeURIComponent(segment)).then((product) => preloadImage(product?.imageUrl ?? ''));
  } catch {
    return null; // not a valid path segment: the app shows it as not found
  }
}

// A failure is the app's to report, when its own read asks again.
startFirstReads(window.location)?.catch(() => {});
