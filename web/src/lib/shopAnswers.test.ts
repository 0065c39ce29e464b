import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSearchPage } from './search/searchPageReader';

const counts = { category: {}, brand: {}, inStock: 0, price: {} };
const answer = (total: number) => new Response(JSON.stringify({ total, pageCount: 1, products: [], counts }), { status: 200 });

afterEach(() => vi.unstubAllGlobals());

describe("the shop's answers, read through the search page reader", () => {
  it('reads an answer, a 404 as no index, and fails on an error status', async () => {
    const fetch = vi.fn().mockResolvedValueOnce(answer(2)).mockResolvedValueOnce(new Response('', { status: 404 })).mockResolvedValueOnce(new Response('', { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    expect((await fetchSearchPage('/search-page.json?search=tea'))?.total).toBe(2);
    expect(await fetchSearchPage('/search-page.json')).toBeNull();
    await expect(fetchSearchPage('/search-page.json')).rejects.toThrow('answered 500');
  });

  it('refuses an answer that is not one', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{"total":"many"}', { status: 200 })));
    await expect(fetchSearchPage('/search-page.json?brand=x')).rejects.toThrow('no answer of the expected kind');
  });
});
