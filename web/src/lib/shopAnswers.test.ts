import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSearchPage } from './search/searchPageReader';

const counts = { category: {}, brand: {}, inStock: 0, price: {} };
const answer = (total: number) => new Response(JSON.stringify({ current: true, total, pageCount: 1, products: [], counts }), { status: 200 });

afterEach(() => vi.unstubAllGlobals());

describe("the shop's answers, read through the search page reader", () => {
  it("gives an early request's answer to the next request of the same address, once", async () => {
    const fetch = vi.fn().mockResolvedValueOnce(answer(1)).mockResolvedValueOnce(answer(2));
    vi.stubGlobal('fetch', fetch);
    await fetchSearchPage('/search-page.json?search=tea', { keep: true });
    expect((await fetchSearchPage('/search-page.json?search=tea'))?.total).toBe(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((await fetchSearchPage('/search-page.json?search=tea'))?.total).toBe(2);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('asks again when the early request failed, and reads a 404 as no index', async () => {
    const fetch = vi.fn().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce(new Response('', { status: 404 }));
    vi.stubGlobal('fetch', fetch);
    await expect(fetchSearchPage('/search-page.json', { keep: true })).rejects.toThrow('offline');
    expect(await fetchSearchPage('/search-page.json')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('refuses an answer that is not one', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{"total":"many"}', { status: 200 })));
    await expect(fetchSearchPage('/search-page.json?brand=x')).rejects.toThrow('no answer of the expected kind');
  });
});
