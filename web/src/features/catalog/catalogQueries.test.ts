import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchPageAnswer } from '@harbor/domain';
import { fetchSearchPage } from '../../lib/search/searchPageReader';
import { testProduct } from '../../test/products';
import { readCatalogParams } from './catalogParams';
import { fetchProductEarly, fetchShownProduct, firstPageFromIndex } from './catalogQueries';

vi.mock('../../lib/search/searchPageReader', async (original) => ({ ...(await original<object>()), fetchSearchPage: vi.fn() }));

const counts = { category: {}, brand: {}, inStock: 0, price: {} };
const view = (query: string) => readCatalogParams(new URLSearchParams(query));
const answer = (fields: Partial<SearchPageAnswer>): SearchPageAnswer => ({ current: true, total: 2, pageCount: 1, products: [], counts, ...fields });

describe('the first page of a view from the index', () => {
  const last = testProduct({ id: 'snk-1002', name: 'Pretzel Twists' });

  it('continues with Firestore from its last product, by name and id, when more pages follow', async () => {
    vi.mocked(fetchSearchPage).mockResolvedValue(answer({ pageCount: 3, products: [testProduct(), last] }));
    expect(await firstPageFromIndex(view('category=Snacks'))).toEqual({ page: { rows: [testProduct(), last], next: { value: 'Pretzel Twists', id: 'snk-1002' }, previous: null, documentsRead: 0 }, counts });
    expect(vi.mocked(fetchSearchPage)).toHaveBeenLastCalledWith('/search-page.json?category=Snacks', undefined);
    vi.mocked(fetchSearchPage).mockResolvedValue(answer({ products: [last] }));
    expect((await firstPageFromIndex(view('')))?.page.next).toBeNull();
  });

  it("leaves Firestore the views the index does not order as it does, later pages, a rebuild and a failure", async () => {
    vi.mocked(fetchSearchPage).mockClear();
    expect(await firstPageFromIndex(view('sort=price-asc'))).toBeNull();
    expect(await firstPageFromIndex({ ...view(''), cursor: { value: 'Pretzel Twists', id: 'snk-1002' } })).toBeNull();
    expect(vi.mocked(fetchSearchPage)).not.toHaveBeenCalled();
    vi.mocked(fetchSearchPage).mockResolvedValue(answer({ current: false, products: [last] }));
    expect(await firstPageFromIndex(view(''))).toBeNull();
    vi.mocked(fetchSearchPage).mockRejectedValue(new TypeError('offline'));
    expect(await firstPageFromIndex(view(''))).toBeNull();
  });
});

describe('the product page read', () => {
  const db = { origin: 'https://firestore.test', projectId: 'demo' };
  const stored = { name: 'projects/demo/databases/(default)/documents/products/bev-1011', fields: { name: { stringValue: 'Oat Milk (Firestore)' }, active: { booleanValue: true } } };
  /** The server answers with `server`; Firestore with the stored product. Returns the addresses asked. */
  function answering(server: () => Response): string[] {
    const asked: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      asked.push(url.startsWith('/') ? 'server' : 'firestore');
      return url.startsWith('/product-page.json?id=') ? server() : new Response(JSON.stringify(stored), { status: 200 });
    }));
    return asked;
  }
  const serverProduct = () => new Response(JSON.stringify({ product: testProduct({ name: 'Oat Milk (server)' }) }), { status: 200 });
  afterEach(() => vi.unstubAllGlobals());

  it("takes the server's early answer for the product a visit opens on, once, without reading Firestore", async () => {
    const asked = answering(serverProduct);
    expect((await fetchProductEarly(db, 'bev-1011'))?.name).toBe('Oat Milk (server)');
    expect((await fetchShownProduct(db, 'bev-1011'))?.name).toBe('Oat Milk (server)');
    expect(asked).toEqual(['server']);
    // Opened again from within the app: Firestore, current (the CDN's copy may be a minute old).
    expect((await fetchShownProduct(db, 'bev-1011'))?.name).toBe('Oat Milk (Firestore)');
    expect(asked).toEqual(['server', 'firestore']);
  });

  it('reads Firestore when the server fails or gives no answer of its kind, and not twice the server', async () => {
    for (const failure of [() => new Response('', { status: 500 }), () => new Response('{"product":"oat"}', { status: 200 }), () => new Response('', { status: 404 })]) {
      const asked = answering(failure);
      expect((await fetchProductEarly(db, 'bev-1011'))?.name).toBe('Oat Milk (Firestore)');
      expect((await fetchShownProduct(db, 'bev-1011'))?.name).toBe('Oat Milk (Firestore)');
      expect(asked).toEqual(['server', 'firestore', 'firestore']);
    }
  });

  it('takes "no such product" from the server without asking Firestore', async () => {
    const asked = answering(() => new Response('{"product":null}', { status: 200 }));
    expect(await fetchProductEarly(db, 'gone-1')).toBeNull();
    expect(await fetchShownProduct(db, 'gone-1')).toBeNull();
    expect(asked).toEqual(['server']);
  });
});
