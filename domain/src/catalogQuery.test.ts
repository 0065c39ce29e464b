import { describe, expect, it } from 'vitest';
import { CATALOG_PAGE_SIZE, countsOfView, readCatalogQuery, readSearchPageAnswer, selectIndexedPage } from './catalogQuery';
import { createProductSearch, searchRecordOf } from './searchIndex';
import { storedProduct } from './testCatalog';

const query = (text: string) => readCatalogQuery(new URLSearchParams(text));

// 30 snacks named "Wafer 00" to "Wafer 29", dearer as they go, every third out of stock; one tea.
const products = [
  ...Array.from({ length: 30 }, (_, index) =>
    storedProduct(`w${String(index).padStart(2, '0')}`, { name: `Wafer ${String(index).padStart(2, '0')}`, price: 100 + index, stock: index % 3 === 0 ? 0 : 10, brand: index < 10 ? 'Lantern Bay' : 'Harborline' }),
  ),
  storedProduct('tea', { name: 'Green Tea', category: 'Beverages', price: 2600, sku: 'BEV-1001' }),
];
const records = products.flatMap((product, index) => searchRecordOf(product, index) ?? []);
const index = { records, search: () => createProductSearch(records) };

describe('a catalog URL read as a query', () => {
  it('takes search, category, sort, filters and page', () => {
    expect(query('search=%20wafer%20&category=Snacks&sort=price-desc&brand=Harborline&inStock=1&price=under-10&page=2')).toEqual({
      search: 'wafer',
      category: 'Snacks',
      sort: 'price-desc',
      brand: 'Harborline',
      inStock: true,
      price: 'under-10',
      page: 2,
    });
  });

  it('falls back to the default for anything unknown or malformed', () => {
    expect(query('category=Weapons&sort=stock-asc&price=free&inStock=yes&brand=%20%20&page=-3')).toEqual({ search: '', category: null, sort: 'name', page: 1 });
    expect(query('page=2.5').page).toBe(1);
    expect(query('page=10001').page).toBe(1);
    expect(query(`search=${'x'.repeat(150)}`)).toMatchObject({ searchShortened: true });
  });
});

describe('a page of a view from the index', () => {
  it('sorts, filters and pages by number', () => {
    const first = selectIndexedPage(index, query('category=Snacks&sort=price-desc'));
    expect(first).toMatchObject({ total: 30, pageCount: 2 });
    expect(first.ids).toHaveLength(CATALOG_PAGE_SIZE);
    expect(first.ids[0]).toBe('w29');
    expect(selectIndexedPage(index, query('category=Snacks&sort=price-desc&page=2')).ids).toEqual(['w05', 'w04', 'w03', 'w02', 'w01', 'w00']);
    expect(selectIndexedPage(index, query('brand=Lantern%20Bay&inStock=1')).ids).toEqual(['w01', 'w02', 'w04', 'w05', 'w07', 'w08']);
    expect(selectIndexedPage(index, query('sort=newest&category=Beverages')).ids).toEqual(['tea']);
  });

  it('keeps a search best match first unless a sort is chosen, and counts one empty page for no match', () => {
    expect(selectIndexedPage(index, query('search=BEV-1001')).ids).toEqual(['tea']);
    expect(selectIndexedPage(index, query('search=wafer&sort=price-asc')).ids.slice(0, 2)).toEqual(['w00', 'w01']);
    expect(selectIndexedPage(index, query('search=anchovies'))).toEqual({ ids: [], total: 0, pageCount: 1 });
    expect(selectIndexedPage(index, query('search=wafer&page=9')).ids).toEqual([]);
  });
});

describe('the counts of a view', () => {
  it('count each filter value with the search and the other filters applied', () => {
    const wafers = countsOfView(index, query('search=wafer&inStock=1&brand=Harborline'));
    expect(wafers.brand).toEqual({ 'Lantern Bay': 6, Harborline: 14 });
    expect(wafers.inStock).toBe(14);
    expect(wafers.category).toEqual({ Snacks: 14 });
    expect(countsOfView(index, query('')).category).toEqual({ Snacks: 30, Beverages: 1 });
  });
});

const counts = countsOfView(index, query(''));

describe('the search page answer as received', () => {
  it('reads its products as stored ones, with safe defaults', () => {
    const answer = readSearchPageAnswer({ total: 2, pageCount: 1, products: [{ id: 'tea', name: 'Green Tea', price: 'free' }, { name: 'no id' }, null], counts });
    expect(answer).toMatchObject({ total: 2, pageCount: 1 });
    expect(answer?.products).toHaveLength(1);
    expect(answer?.products[0]).toMatchObject({ id: 'tea', name: 'Green Tea', price: 0, tiers: [] });
  });

  it('is null for anything else', () => {
    expect(readSearchPageAnswer(null)).toBeNull();
    expect(readSearchPageAnswer('page')).toBeNull();
    expect(readSearchPageAnswer({ total: -1, pageCount: 1, products: [], counts })).toBeNull();
    expect(readSearchPageAnswer({ total: 1, pageCount: 1, products: {}, counts })).toBeNull();
    expect(readSearchPageAnswer({ total: 0, pageCount: 1, products: [] })).toBeNull();
    expect(readSearchPageAnswer({ total: 0, pageCount: 1, products: [], counts: { ...counts, brand: { Harborline: -2 } } })).toBeNull();
    expect(readSearchPageAnswer({ total: 0, pageCount: 1, products: [], counts })).toEqual({ total: 0, pageCount: 1, products: [], counts });
  });
});
