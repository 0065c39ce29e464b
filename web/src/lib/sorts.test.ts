import { describe, expect, it } from 'vitest';
import { CATALOG_SORTS, DEFAULT_CATALOG_SORT } from '@harbor/domain';
import { DEFAULT_PRODUCT_SORT, PRODUCT_SORT_KEYS, PRODUCT_SORTS, readProductSort, STOREFRONT_SORT_KEYS } from './sorts';

describe('product sorts', () => {
  it('offer the storefront every sort but the back office\'s stock sort, in the table\'s order', () => {
    expect(PRODUCT_SORT_KEYS).toEqual(['name', 'price-asc', 'price-desc', 'stock-asc', 'newest']);
    expect(STOREFRONT_SORT_KEYS).toEqual(['name', 'price-asc', 'price-desc', 'newest']);
    // The catalog's URL (and the server's search page) reads the same sorts, the default first.
    expect(STOREFRONT_SORT_KEYS).toEqual([...CATALOG_SORTS]);
    expect(DEFAULT_PRODUCT_SORT).toBe(DEFAULT_CATALOG_SORT);
    expect(STOREFRONT_SORT_KEYS.map((key) => PRODUCT_SORTS[key].label)).toEqual(['Name: A to Z', 'Price: low to high', 'Price: high to low', 'Newest first']);
  });

  it('name the kind of value each field holds, so cursors are checked against it', () => {
    expect(Object.fromEntries(PRODUCT_SORT_KEYS.map((key) => [PRODUCT_SORTS[key].field, PRODUCT_SORTS[key].kind]))).toEqual({
      name: 'text',
      price: 'number',
      stock: 'number',
      createdAt: 'timestamp',
    });
  });

  it('read a sort from a URL when it is offered there, else the default', () => {
    expect(readProductSort('stock-asc', PRODUCT_SORT_KEYS)).toBe('stock-asc');
    expect(readProductSort('stock-asc', STOREFRONT_SORT_KEYS)).toBe('name');
    expect(readProductSort('price-desc', STOREFRONT_SORT_KEYS)).toBe('price-desc');
    expect(readProductSort(null, PRODUCT_SORT_KEYS)).toBe('name');
    expect(readProductSort('constructor', PRODUCT_SORT_KEYS)).toBe('name');
  });
});
