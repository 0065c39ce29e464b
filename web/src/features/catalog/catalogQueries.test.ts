import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchPageAnswer } from '@harbor/domain';
import { fetchSearchPage } from '../../lib/search/searchPageReader';
import { testProduct } from '../../test/products';
import { readCatalogParams } from './catalogParams';
import { fetchProduct, firstPageFromIndex } from './catalogQueries';

vi.mock('../../lib/search/searchPageReader', async (original) => ({ ...(await original<object>()), fetchSearchPage: vi.fn() }));

const counts = { category: {}, brand: {}, inStock: 0, price: {} };
const view = (query: string) => readCatalogParams(new URLSearchParams(query));
const answer = (fields: Partial<SearchPageAnswer>): SearchPageAnswer => ({ total: 2, pageCount: 1, products: [], counts, ...fields });

describe('the first page of a view from the index', () => {
  const last = testProduct({ id: 'snk-1002', name: 'Pretzel Twists' });

  it('continues with Firestore from its last product, by name and id, when more pages follow', async () => {
    vi.mocked(fetchSearchPage).mockResolvedValue(answer({ pageCount: 3, products: [testProduct(), last] }));
    expect(await firstPageFromIndex(view('category=Snacks'))).toEqual({ page: { rows: [testProduct(), last], next: { value: 'Pretzel Twists', id: 'snk-1002' }, previous: null, documentsRead: 0 }, counts });
    expect(vi.mocked(fetchSearchPage)).toHaveBeenLastCalledWith('/search-page.json?category=Snacks');
    vi.mocked(fetchSearchPage).mockResolvedValue(answer({ products: [last] }));
    expect((await firstPageFromIndex(view('')))?.page.next).toBeNull();
  });

  it('leaves Firestore the views the index does not order as it does, later pages and a failure', async () => {
    vi.mocked(fetchSearchPage).mockClear();
    expect(await firstPageFromIndex(view('sort=price-asc'))).toBeNull();
    expect(await firstPageFromIndex({ ...view(''), cursor: { value: 'Pretzel Twists', id: 'snk-1002' } })).toBeNull();
    expect(vi.mocked(fetchSearchPage)).not.toHaveBeenCalled();
    vi.mocked(fetchSearchPage).mockRejectedValue(new TypeError('offline'));
    expect(await firstPageFromIndex(view(''))).toBeNull();
  });
});

describe('the product page read', () => {
  const db = { origin: 'https://firestore.test', projectId: 'demo' };
  const stored = (active: boolean) => ({ name: 'projects/demo/databases/(default)/documents/products/bev-1011', fields: { name: { stringValue: 'Oat Milk' }, active: { booleanValue: active } } });
  afterEach(() => vi.unstubAllGlobals());

  it('reads an active product from Firestore, and an inactive or missing one as none', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(new Response(JSON.stringify(stored(true)))).mockResolvedValueOnce(new Response(JSON.stringify(stored(false)))).mockResolvedValueOnce(new Response('{"error":{"status":"NOT_FOUND"}}', { status: 404 })));
    expect((await fetchProduct(db, 'bev-1011'))?.name).toBe('Oat Milk');
    expect(await fetchProduct(db, 'bev-1011')).toBeNull();
    expect(await fetchProduct(db, 'bev-1011')).toBeNull();
  });
});
