import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchPageAnswer } from '@harbor/domain';
import { testProduct } from '../../test/products';
import { suggestFromSearchPage, suggestWhileIndexLoads, type SearchProvider, type SearchSuggestion } from './searchProvider';

afterEach(() => vi.unstubAllGlobals());

const suggestion = (id: string): SearchSuggestion => ({ id, name: id, sku: id, imageUrl: '', unit: 'case', price: 100, fromPrice: 100 });
const fromServer = [suggestion('from-server')];
const fromIndex = [suggestion('from-index')];
const indexProvider: SearchProvider = { kind: 'index', suggest: async () => fromIndex };

/** A load of the index that ends when the test says so. */
function laterLoad() {
  let finish: (provider: SearchProvider) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const loading = new Promise<SearchProvider>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { loading, finish, fail };
}

describe('suggestWhileIndexLoads', () => {
  it('asks the server once typing pauses, for the latest text only', async () => {
    const serverPage = vi.fn(async () => fromServer);
    const provider = suggestWhileIndexLoads(laterLoad().loading, serverPage, 20);
    const typed = ['ch', 'cho', 'choc'].map((text) => provider.suggest(text, 6));
    expect(await Promise.all(typed)).toEqual([[], [], fromServer]);
    expect(serverPage).toHaveBeenCalledTimes(1);
    expect(serverPage).toHaveBeenCalledWith('choc', 6);
  });

  it("asks the server at once for text known to be complete (typed before the page's code started)", async () => {
    const serverPage = vi.fn(async () => fromServer);
    const provider = suggestWhileIndexLoads(laterLoad().loading, serverPage, 60_000);
    expect(await provider.suggest('chocolte', 6, true)).toEqual(fromServer);
    expect(serverPage).toHaveBeenCalledWith('chocolte', 6);
  });

  it('answers from the server search page until the index has loaded, then from the index alone', async () => {
    const load = laterLoad();
    const serverPage = vi.fn(async () => fromServer);
    const provider = suggestWhileIndexLoads(load.loading, serverPage);
    expect(provider.kind).toBe('server');
    expect(await provider.suggest('chocolte', 6)).toEqual(fromServer);
    expect(serverPage).toHaveBeenCalledWith('chocolte', 6);

    load.finish(indexProvider);
    await load.loading;
    expect(provider.kind).toBe('index');
    expect(await provider.suggest('papr towl', 6)).toEqual(fromIndex);
    expect(serverPage).toHaveBeenCalledTimes(1);
  });

  it('asks the loaded provider for the latest text when the load ends while a keystroke waits out its pause', async () => {
    const load = laterLoad();
    const asked: string[] = [];
    const serverProvider: SearchProvider = { kind: 'server', suggest: async (query) => (asked.push(query), [suggestion(query)]) };
    const provider = suggestWhileIndexLoads(load.loading, async () => fromServer, 40);
    const waiting = provider.suggest('sparkln', 6);
    load.finish(serverProvider);
    await load.loading;
    const latest = provider.suggest('sparklng', 6);
    expect(await latest).toEqual([suggestion('sparklng')]);
    // The earlier keystroke, done with its pause after the later one was asked, asks nothing.
    expect(await waiting).toEqual([]);
    expect(asked).toEqual(['sparklng']);
  });

  it.each([
    ['cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['has no index of its own', () => Promise.resolve(null)],
  ])('waits for the index when the server %s', async (_, serverPage) => {
    const load = laterLoad();
    const suggested = suggestWhileIndexLoads(load.loading, serverPage).suggest('papr', 6);
    load.finish(indexProvider);
    expect(await suggested).toEqual(fromIndex);
  });

  it('fails a keystroke when neither the server nor the index answers', async () => {
    const load = laterLoad();
    const suggested = suggestWhileIndexLoads(load.loading, () => Promise.resolve(null)).suggest('papr', 6);
    load.fail(new Error('The search chunk could not be loaded.'));
    await expect(suggested).rejects.toThrow('could not be loaded');
  });
});

describe('suggestFromSearchPage', () => {
  const counts = { category: {}, brand: {}, inStock: 0, price: {} };

  it('asks for the catalog search of the trimmed text and suggests its first products, priced from their lowest tier', async () => {
    const products = ['a', 'b', 'c'].map((id) => testProduct({ id, price: 349, tiers: [{ minQty: 36, price: 309 }] }));
    const answer: SearchPageAnswer = { total: 3, pageCount: 1, products, counts };
    const fetch = vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const suggestions = await suggestFromSearchPage('  paper towels ', 2);
    expect(fetch).toHaveBeenCalledWith('/search-page.json?search=paper+towels');
    expect(suggestions?.map(({ id, price, fromPrice }) => ({ id, price, fromPrice }))).toEqual([
      { id: 'a', price: 349, fromPrice: 309 },
      { id: 'b', price: 349, fromPrice: 309 },
    ]);
  });

  it('is null when the server has no search index', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 404 })));
    expect(await suggestFromSearchPage('tea', 6)).toBeNull();
  });
});
