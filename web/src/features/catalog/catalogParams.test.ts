import { describe, expect, it } from 'vitest';
import { encodeCursor } from '../../lib/pagination';
import { catalogHref, isIndexed, readCatalogParams, type CatalogParams } from './catalogParams';

function read(url: string): CatalogParams {
  return readCatalogParams(new URL(url, 'http://shop.test').searchParams);
}

const nameCursor = encodeCursor({ value: 'Sparkling Water, Lime', id: 'bev-1001' });

describe('catalog URL', () => {
  it('reads defaults from a bare URL', () => {
    expect(read('/')).toEqual({ search: '', category: null, sort: 'name', cursor: null, direction: 'after', page: 1 });
  });

  it('reads search, category, sort, cursor and page', () => {
    expect(read(`/?search=%20choc%20&category=Snacks&sort=price-desc&after=${encodeCursor({ value: 1899, id: 'x' })}&page=3`)).toEqual({
      search: 'choc',
      category: 'Snacks',
      sort: 'price-desc',
      cursor: { value: 1899, id: 'x' },
      direction: 'after',
      page: 3,
    });
  });

  it('pages a search by number (the search index answers it), and by cursor when the URL holds one (the token search)', () => {
    const indexed = read('/?search=chocolate&page=3');
    expect(indexed).toMatchObject({ search: 'chocolate', cursor: null, page: 3 });
    expect(isIndexed(indexed)).toBe(true);
    expect(catalogHref(indexed)).toBe('/?search=chocolate&page=3');
    const tokens = read(`/?search=chocolate&after=${nameCursor}&page=2`);
    expect(tokens).toMatchObject({ cursor: { value: 'Sparkling Water, Lime', id: 'bev-1001' }, page: 2 });
    expect(isIndexed(tokens)).toBe(false);
    expect(read(catalogHref(tokens))).toEqual(tokens);
    expect(isIndexed(read('/?category=Snacks'))).toBe(false);
  });

  it('ignores an unknown category or sort, and a page number without a cursor', () => {
    expect(read('/?category=Weapons&sort=random&page=7')).toEqual({ search: '', category: null, sort: 'name', cursor: null, direction: 'after', page: 1 });
  });

  it('drops a cursor that was edited by hand or belongs to another sort', () => {
    expect(read('/?after=garbage!!&page=2').cursor).toBeNull();
    expect(read(`/?sort=price-asc&after=${nameCursor}&page=2`)).toMatchObject({ cursor: null, page: 1 });
  });

  it('offers the storefront sorts only: the back office\'s stock sort falls back to the default', () => {
    expect(read('/?sort=stock-asc').sort).toBe('name');
    expect(read('/?sort=newest').sort).toBe('newest');
  });

  it('writes URLs that read back to the same view, leaving defaults out', () => {
    const view: CatalogParams = { search: 'dark choc', category: 'Snacks', sort: 'newest', cursor: { value: { seconds: 1, nanoseconds: 5000 }, id: 'a' }, direction: 'before', page: 4 };
    expect(read(catalogHref(view))).toEqual(view);
    expect(catalogHref({})).toBe('/');
    expect(catalogHref({ sort: 'name', search: 'tea' })).toBe('/?search=tea');
  });
});

describe('a search in the URL', () => {
  it('is cut to 100 characters, and says so', () => {
    const params = readCatalogParams(new URLSearchParams({ search: `coffee ${'x'.repeat(150)}` }));
    expect(params.search).toHaveLength(100);
    expect(params.searchShortened).toBe(true);
    expect(readCatalogParams(new URLSearchParams({ search: ' coffee ' }))).toMatchObject({ search: 'coffee' });
    expect(readCatalogParams(new URLSearchParams({ search: 'coffee' })).searchShortened).toBeUndefined();
  });
});
