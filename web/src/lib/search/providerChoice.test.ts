import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_INDEX_FORMAT, type SearchSuggestion } from '@harbor/domain';
import { SEARCH_INDEX_PATH } from '../../config/paths';
import { chooseSearchProvider, SEARCH_SUGGESTIONS_PATH } from './providerChoice';

vi.mock('../publicDb', () => ({ publicDb: {} }));
// Above the limit the index and MiniSearch are never loaded.
const loadSearchIndex = vi.fn();
vi.mock('./searchIndex', () => ({ loadSearchIndex }));

afterEach(() => vi.unstubAllGlobals());

const chocolate: SearchSuggestion = { id: 'snk-1009', name: 'Dark Chocolate Bar', sku: 'SNK-1009', imageUrl: '', unit: 'case', price: 2399, fromPrice: 2199 };

describe('chooseSearchProvider, for a catalog above the browser limit', () => {
  it('suggests from the search functions and never downloads the index', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        if (url === SEARCH_INDEX_PATH) return new Response(JSON.stringify({ format: SEARCH_INDEX_FORMAT, products: 120_000, browser: false, text: '' }));
        return new Response(JSON.stringify({ suggestions: [chocolate] }));
      }),
    );
    const provider = await chooseSearchProvider();
    expect(provider.kind).toBe('server');
    expect(await provider.suggest(' chocolte ', 6, true)).toEqual([chocolate]);
    expect(asked).toEqual([SEARCH_INDEX_PATH, `${SEARCH_SUGGESTIONS_PATH}?q=chocolte&limit=6`]);
    expect(loadSearchIndex).not.toHaveBeenCalled();
  });
});
