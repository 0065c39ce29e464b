import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countsOfView, createProductSearch, readCatalogQuery, searchRecordOf, selectIndexedPage, type SearchPageAnswer } from '@harbor/domain';
import { signedOutState as signedOut } from '../../lib/session';
import { loadSearchIndex, type ShopSearchIndex } from '../../lib/search/searchIndex';
import { renderWithStore } from '../../test/renderWithStore';
import { testProduct } from '../../test/products';
import { SearchForm } from './SearchForm';

vi.mock('../../lib/firebase', () => ({ auth: {}, db: {}, functions: {} }));
// The embedded index loads when a test lets it (the header starts loading it on the first focus).
vi.mock('../../lib/search/searchIndex', () => ({ loadSearchIndex: vi.fn() }));

const products = [
  testProduct({ id: 'snk-1009', name: 'Dark Chocolate Bar, 70% Cacao', sku: 'SNK-1009', price: 2399, tiers: [] }),
  testProduct({ id: 'bev-1005', name: 'Hot Cocoa Mix, Milk Chocolate', sku: 'BEV-1005' }),
  testProduct({ id: 'pap-1002', name: 'Multifold Paper Towels', sku: 'PAP-1002' }),
];
const records = products.flatMap((product) => searchRecordOf(product) ?? []);
const productSearch = createProductSearch(records);
const shopIndex: ShopSearchIndex = { records, search: () => productSearch, built: async () => productSearch };

/** The server's search page (functions/src/searchPage.ts) over the same records, with the same domain code; the searches it was asked. */
function serveSearchPage() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const params = new URL(url, 'https://shop.test').searchParams;
      asked.push(params.get('search') ?? '');
      const query = readCatalogQuery(params);
      const ids = selectIndexedPage(shopIndex, query).ids;
      const answer: SearchPageAnswer = { total: ids.length, pageCount: 1, products: products.filter((product) => ids.includes(product.id)), counts: countsOfView(shopIndex, query) };
      return new Response(JSON.stringify(answer), { status: 200 });
    }),
  );
  return asked;
}

/** The index's load, resolved when a test says so. */
function indexLoadedLater() {
  let loaded: (index: ShopSearchIndex) => void = () => undefined;
  vi.mocked(loadSearchIndex).mockReturnValue(new Promise((resolve) => (loaded = resolve)));
  return async () => {
    // The provider asks for the index once the box has been focused.
    await waitFor(() => expect(loadSearchIndex).toHaveBeenCalled());
    await act(async () => loaded(shopIndex));
  };
}

/**
 * What the boot script leaves in the header box when the page's code arrives: text typed in the
 * server's HTML, which React never saw as input. Set in a layout effect, so before SearchForm's
 * own effect reads the box, as hydration would have it.
 */
function TypedBeforeHydration({ text }: { text: string }) {
  useLayoutEffect(() => {
    const box = document.querySelector<HTMLInputElement>('input[name="search"]');
    if (box) box.value = text;
  }, [text]);
  return null;
}

const optionTexts = () => within(screen.getByRole('listbox', { name: 'Suggested products' })).getAllByRole('option').map((option) => option.textContent);

function renderSearch() {
  return renderWithStore(<SearchForm />, { path: '/cart', preloadedState: { auth: signedOut } });
}

let askedServer: string[] = [];

beforeEach(() => {
  vi.mocked(loadSearchIndex).mockResolvedValue(shopIndex);
  askedServer = serveSearchPage();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(loadSearchIndex).mockReset();
});

describe('SearchForm suggestions', () => {
  it('is a combobox whose listbox opens from the second character, typos forgiven', async () => {
    renderSearch();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await userEvent.type(box, 'c');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(box, 'hocolte');
    await screen.findByRole('listbox', { name: 'Suggested products' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(optionTexts()).toEqual([expect.stringContaining('Dark Chocolate Bar, 70% CacaoSNK-1009$23.99'), expect.stringContaining('Hot Cocoa Mix, Milk Chocolate')]);
  });

  it('suggests from the server search page until the index has loaded, then from the index', async () => {
    const loadIndex = indexLoadedLater();
    renderSearch();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await userEvent.type(box, 'chocolte');
    await screen.findByRole('listbox');
    // The server's products, priced as the index prices them (from the lowest tier).
    expect(optionTexts()).toEqual([expect.stringContaining('Dark Chocolate Bar, 70% Cacao'), expect.stringContaining('Hot Cocoa Mix, Milk ChocolateBEV-1005$3.49from $3.09')]);
    expect(askedServer.at(-1)).toBe('chocolte');

    await loadIndex();
    const askedBefore = askedServer.length;
    await userEvent.clear(box);
    await userEvent.type(box, 'papr');
    await waitFor(() => expect(optionTexts()).toEqual([expect.stringContaining('Multifold Paper Towels')]));
    expect(askedServer).toHaveLength(askedBefore);
  });

  it('waits for the index when the server cannot answer', async () => {
    const loadIndex = indexLoadedLater();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderSearch();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await userEvent.type(box, 'papr');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await loadIndex();
    await screen.findByRole('listbox');
    expect(optionTexts()).toEqual([expect.stringContaining('Multifold Paper Towels')]);
  });

  it('moves through suggestions with the arrow keys and opens the highlighted one with Enter', async () => {
    const { location } = renderSearch();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await userEvent.type(box, 'chocolate');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getAllByRole('option')[1]!;
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', second.id);
    await userEvent.keyboard('{Enter}');
    expect(location()).toBe('/product/bev-1005');
  });

  it('closes on Escape, and Enter without a highlighted suggestion searches the text', async () => {
    const { location } = renderSearch();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await userEvent.type(box, 'papr');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Enter}');
    expect(location()).toBe('/?search=papr');
  });

  it('asks at once for text typed before the page hydrated, where typing asks once it pauses', async () => {
    indexLoadedLater();
    // The pause before the server is asked never ends here: only text known to be typed in full
    // reaches the server. (Testing Library's async queries wait on timers, so the test lets the
    // requests and renders through itself.)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const settle = async () => {
      for (let round = 0; round < 5; round += 1) await act(() => new Promise((resolve) => setImmediate(resolve)));
    };
    try {
      const typedBeforeHydration = renderWithStore(
        <>
          <SearchForm />
          <TypedBeforeHydration text="chocolte" />
        </>,
        { path: '/cart', preloadedState: { auth: signedOut } },
      );
      await settle();
      expect(askedServer).toEqual(['chocolte']);
      expect(optionTexts()).toEqual([expect.stringContaining('Dark Chocolate Bar, 70% Cacao'), expect.stringContaining('Hot Cocoa Mix, Milk Chocolate')]);
      typedBeforeHydration.unmount();

      renderSearch();
      fireEvent.change(screen.getByRole('combobox', { name: 'Search products' }), { target: { value: 'papr' } });
      await settle();
      expect(askedServer).toEqual(['chocolte']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('searches the text in the box when it was typed before the page hydrated', () => {
    const { location } = renderSearch();
    const box = screen.getByRole<HTMLInputElement>('combobox', { name: 'Search products' });
    // What hydration leaves behind: the typed text in the box, none of it seen by onChange.
    box.value = 'unicorn saddle';
    fireEvent.submit(screen.getByRole('search'));
    expect(location()).toBe('/?search=unicorn+saddle');
  });
});

describe('SearchForm without JavaScript', () => {
  it('is a GET form to the catalog whose box is sent as "search"', () => {
    renderSearch();
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/');
    expect(form).toHaveAttribute('method', 'get');
    expect(within(form).getByRole('combobox', { name: 'Search products' })).toHaveAttribute('name', 'search');
  });
});
