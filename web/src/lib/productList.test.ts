import { describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES } from '@harbor/domain';
import indexConfig from '../../../firestore.indexes.json';
import { describeProductQuery, type ProductListParams } from './productList';
import { PRODUCT_SORT_KEYS, STOREFRONT_SORT_KEYS } from './sorts';

const SEARCHES = ['', 'choc', 'dark choc'];

/** Every list the shop and the back office can ask for. */
function everyList(): ProductListParams[] {
  const lists: ProductListParams[] = [];
  for (const activeOnly of [true, false]) {
    for (const sort of activeOnly ? STOREFRONT_SORT_KEYS : PRODUCT_SORT_KEYS) {
      for (const category of [null, PRODUCT_CATEGORIES[0]]) {
        for (const search of SEARCHES) lists.push({ search, category, sort, activeOnly });
      }
    }
  }
  return lists;
}

describe('product list queries', () => {
  it('of the catalog always filter active products, so shoppers never see inactive ones', () => {
    for (const sort of STOREFRONT_SORT_KEYS) {
      for (const search of SEARCHES) {
        expect(describeProductQuery({ search, category: null, sort, activeOnly: true })?.filters[0]).toEqual({ field: 'active', op: '==', value: true });
      }
    }
  });

  it('of the back office list inactive products too', () => {
    expect(describeProductQuery({ search: 'choc', category: 'Snacks', sort: 'stock-asc', activeOnly: false })?.filters.map((filter) => filter.field)).toEqual(['category', 'searchTokens']);
  });

  it('read nothing for a search without words', () => {
    expect(describeProductQuery({ search: '!!!', category: null, sort: 'name', activeOnly: true })).toBeNull();
    expect(describeProductQuery({ search: '!!!', category: null, sort: 'name', activeOnly: false })).toBeNull();
  });

  it('each have a composite index in firestore.indexes.json', () => {
    const indexes = indexConfig.indexes.filter((index) => index.collectionGroup === 'products' && index.queryScope === 'COLLECTION');
    const key = (field: { fieldPath: string; order?: string; arrayConfig?: string }) => `${field.fieldPath}:${field.order ?? field.arrayConfig}`;
    for (const list of everyList()) {
      const description = describeProductQuery(list)!;
      // A single-field index serves a sort without filters.
      if (description.filters.length === 0) continue;
      // Equality and array-contains fields may come in any order; the sort field comes last.
      const filterFields = description.filters.map((filter) => `${filter.field}:${filter.op === '==' ? 'ASCENDING' : 'CONTAINS'}`).sort();
      const sortField = `${description.order.field}:${description.order.direction === 'asc' ? 'ASCENDING' : 'DESCENDING'}`;
      const covered = indexes.some((index) => {
        const fields = index.fields.map(key);
        return fields[fields.length - 1] === sortField && JSON.stringify(fields.slice(0, -1).sort()) === JSON.stringify(filterFields);
      });
      expect(covered, `index for ${JSON.stringify(list)}`).toBe(true);
    }
  });
});
