import { describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES } from '@harbor/domain';
import indexConfig from '../../../../firestore.indexes.json';
import { catalogHref, decodeCursor, describeCatalogQuery, encodeCursor, readCatalogParams, SORT_KEYS, type CatalogParams } from './catalogParams';

function read(url: string): CatalogParams {
  return readCatalogParams(new URL(url, 'http://shop.test').searchParams);
}

const nameCursor = encodeCursor({ value: 'Sparkling Water, Lime', id: 'bev-1001' });

describe('catalog URL', () => {
  it('reads defaults from a bare URL', () => {
    expect(read('/')).toEqual({ search: '', category: null, sort: 'name', cursor: null, page: 1 });
  });

  it('reads search, category, sort, cursor and page', () => {
    expect(read(`/?search=%20choc%20&category=Snacks&sort=price-desc&after=${encodeCursor({ value: 1899, id: 'x' })}&page=3`)).toEqual({
      search: 'choc',
      category: 'Snacks',
      sort: 'price-desc',
      cursor: { direction: 'after', token: encodeCursor({ value: 1899, id: 'x' }) },
      page: 3,
    });
  });

  it('ignores an unknown category or sort, and a page number without a cursor', () => {
    expect(read('/?category=Weapons&sort=random&page=7')).toEqual({ search: '', category: null, sort: 'name', cursor: null, page: 1 });
  });

  it('drops a cursor that was edited by hand or belongs to another sort', () => {
    expect(read('/?after=garbage!!&page=2').cursor).toBeNull();
    expect(read(`/?sort=price-asc&after=${nameCursor}&page=2`)).toMatchObject({ cursor: null, page: 1 });
  });

  it('writes URLs that read back to the same view, leaving defaults out', () => {
    const view: CatalogParams = { search: 'dark choc', category: 'Snacks', sort: 'newest', cursor: { direction: 'before', token: encodeCursor({ value: { seconds: 1, nanoseconds: 5000 }, id: 'a' }) }, page: 4 };
    expect(read(catalogHref(view))).toEqual(view);
    expect(catalogHref({})).toBe('/');
    expect(catalogHref({ sort: 'name', search: 'tea' })).toBe('/?search=tea');
  });
});

describe('cursors', () => {
  it('round-trip names with any characters, prices and timestamps', () => {
    expect(decodeCursor(encodeCursor({ value: 'Crème brûlée “deluxe” / 50% off', id: 'p-1' }), 'name')).toEqual({ value: 'Crème brûlée “deluxe” / 50% off', id: 'p-1' });
    expect(decodeCursor(encodeCursor({ value: 0, id: 'p-2' }), 'price-asc')).toEqual({ value: 0, id: 'p-2' });
    expect(decodeCursor(encodeCursor({ value: { seconds: 1767603600, nanoseconds: 123456000 }, id: 'p-3' }), 'newest')).toEqual({
      value: { seconds: 1767603600, nanoseconds: 123456000 },
      id: 'p-3',
    });
  });

  it('are URL-safe', () => {
    expect(encodeCursor({ value: '???>>>~~~', id: 'p' })).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('refuse malformed tokens', () => {
    for (const token of ['', '%%%', btoa('not json'), btoa('[1]'), btoa('["a", ""]'), btoa('["a", "x/y"]'), btoa('{"a":1}')]) {
      expect(decodeCursor(token, 'name'), token).toBeNull();
    }
    expect(decodeCursor(encodeCursor({ value: { seconds: 1, nanoseconds: 2e9 }, id: 'p' }), 'newest')).toBeNull();
  });
});

describe('catalog queries', () => {
  it('always filter active products, so shoppers never see inactive ones', () => {
    for (const sort of SORT_KEYS) {
      for (const search of ['', 'choc', 'dark choc']) {
        expect(describeCatalogQuery({ search, category: null, sort })?.filters[0]).toEqual({ field: 'active', op: '==', value: true });
      }
    }
  });

  it('read nothing for a search without words', () => {
    expect(describeCatalogQuery({ search: '!!!', category: null, sort: 'name' })).toBeNull();
  });

  it('each have a composite index in firestore.indexes.json', () => {
    const indexes = indexConfig.indexes.filter((index) => index.collectionGroup === 'products' && index.queryScope === 'COLLECTION');
    const key = (field: { fieldPath: string; order?: string; arrayConfig?: string }) => `${field.fieldPath}:${field.order ?? field.arrayConfig}`;
    for (const sort of SORT_KEYS) {
      for (const category of [null, PRODUCT_CATEGORIES[0]]) {
        for (const search of ['', 'choc', 'dark choc']) {
          const description = describeCatalogQuery({ search, category, sort })!;
          // Equality and array-contains fields may come in any order; the sort field comes last.
          const filterFields = description.filters.map((filter) => `${filter.field}:${filter.op === '==' ? 'ASCENDING' : 'CONTAINS'}`).sort();
          const sortField = `${description.order.field}:${description.order.direction === 'asc' ? 'ASCENDING' : 'DESCENDING'}`;
          const covered = indexes.some((index) => {
            const fields = index.fields.map(key);
            return fields[fields.length - 1] === sortField && JSON.stringify(fields.slice(0, -1).sort()) === JSON.stringify(filterFields);
          });
          expect(covered, `index for ${JSON.stringify({ search, category, sort })}`).toBe(true);
        }
      }
    }
  });
});
