/**
 * Every public page rendered as the server renders it (renderPage), then hydrated in this DOM as
 * the browser does (startShop): React must find nothing to mend, for a visitor signed out, with a
 * stored session, with a guest cart and with the list view chosen.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product, SearchPageAnswer } from '@harbor/domain';
import { CATALOG_VIEW_KEY } from '../features/catalog/catalogView';
import { GUEST_CART_KEY } from '../features/cart/guestCartStorage';
import { STORED_SESSION_PREFIX } from '../lib/authLoader';
import { testProduct } from '../test/products';
import { prerender } from 'react-dom/static';
import template from '../../index.html?raw';
import { renderPage } from './renderPage';
import { startShop } from './startShop';

// Restoring a stored session downloads Firebase Auth, which has no server here: it never answers.
vi.mock('../lib/authLoader', async (original) => ({ ...(await original<object>()), loadAuth: () => new Promise(() => {}) }));

const origin = 'https://shop.test';
const products: Product[] = [testProduct(), testProduct({ id: 'snk-1001', name: 'Pretzel Twists', sku: 'SNK-1001', category: 'Snacks', tiers: [] })];
const counts = { category: { Beverages: 1, Snacks: 1 }, brand: { 'Driftwood Farms': 2 }, inStock: 2, price: {} };

/** Firestore's REST form of a product, as the emulator or Firestore would send it. */
function restDocument(product: Product): object {
  const value = (field: unknown): object =>
    typeof field === 'string'
      ? { stringValue: field }
      : typeof field === 'number'
        ? { integerValue: String(field) }
        : typeof field === 'boolean'
          ? { booleanValue: field }
          : Array.isArray(field)
            ? { arrayValue: { values: field.map(value) } }
            : { mapValue: { fields: Object.fromEntries(Object.entries(field as object).map(([key, item]) => [key, value(item)])) } };
  const { id, ...fields } = product;
  return { name: `projects/demo/databases/(default)/documents/products/${id}`, fields: (value(fields) as { mapValue: { fields: object } }).mapValue.fields };
}

const catalog = {
  db: { origin: 'https://firestore.test', projectId: 'demo' },
  searchPage: async (url: string): Promise<SearchPageAnswer> => {
    const search = new URLSearchParams(url.split('?')[1]).get('search') ?? '';
    const found = products.filter((product) => product.name.toLowerCase().includes(search.toLowerCase()));
    return { total: found.length, pageCount: 1, products: found, counts };
  },
  searchIndex: async () => null,
};

/** Firestore answers product reads; any other request fails the test. */
function answerFirestore(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const id = /\/documents\/products\/([^/?]+)$/.exec(url)?.[1];
      const product = products.find((candidate) => candidate.id === id);
      if (id) return product ? new Response(JSON.stringify(restDocument(product))) : new Response('{"error":{"status":"NOT_FOUND"}}', { status: 404 });
      throw new Error(`Nothing else is asked in a hydration: ${url}`);
    }),
  );
}

/** Renders `path` as the server does, loads the HTML into this document and hydrates it; returns what React had to mend. */
async function renderAndHydrate(path: string): Promise<{ status: number; recovered: unknown[] }> {
  answerFirestore();
  const page = await renderPage(path, { origin, catalog, template, bootScript: 'assets/boot.js' });
  // React's server renderer can leave the context values of its last task set (harmless on a
  // server, where no browser renderer runs beside it): a render of nothing restores them.
  await new Response((await prerender(<></>)).prelude).text();
  const parsed = new DOMParser().parseFromString(page.html, 'text/html');
  document.head.innerHTML = parsed.head.innerHTML;
  document.body.innerHTML = parsed.body.innerHTML;
  window.history.replaceState(null, '', path);
  const recovered: unknown[] = [];
  await act(async () => {
    await startShop(document.getElementById('root')!, { onRecoverableError: (error) => recovered.push(error) });
  });
  return { status: page.status, recovered };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const PUBLIC_PAGES = [
  { path: '/', status: 200, heading: 'Wholesale catalog' },
  { path: '/?category=Snacks', status: 200, heading: 'Snacks' },
  { path: '/?search=oat', status: 200, heading: 'Results for “oat”' },
  // Text a string replacement would expand ("$&", "$'", "$$") stays as typed.
  { path: `/?search=${encodeURIComponent("$$ $& $' $`")}`, status: 200, heading: "Results for “$$ $& $' $`”" },
  { path: '/product/bev-1011', status: 200, heading: 'Oat Milk, Barista Edition' },
  { path: '/product/gone', status: 404, heading: 'Product not found' },
  { path: '/no/such/page', status: 404, heading: 'Page not found' },
];

describe('a server-rendered page, hydrated', () => {
  it.each(PUBLIC_PAGES)('$path: shows the server’s HTML and hydrates it with nothing to mend, signed out', async ({ path, status, heading }) => {
    const hydrated = await renderAndHydrate(path);
    expect(hydrated.status).toBe(status);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(hydrated.recovered).toEqual([]);
  });

  it('hydrates with nothing to mend for a stored session, which then hides the sign-in links while it is restored', async () => {
    localStorage.setItem(`${STORED_SESSION_PREFIX}key:[DEFAULT]`, '{"uid":"u1"}');
    const hydrated = await renderAndHydrate('/');
    expect(hydrated.recovered).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Wholesale catalog' })).toBeInTheDocument();
  });

  it("hydrates with nothing to mend for a guest cart, whose badge then counts the cart's lines", async () => {
    localStorage.setItem(GUEST_CART_KEY, JSON.stringify([{ id: 'bev-1011', name: 'Oat Milk, Barista Edition', sku: 'BEV-1011', price: 349, unit: 'carton, 32 oz', quantity: 12, packSize: 6, minOrderQty: 6, imageUrl: '' }]));
    const hydrated = await renderAndHydrate('/product/bev-1011');
    expect(hydrated.recovered).toEqual([]);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Cart, 12 items' })).toBeInTheDocument());
  });

  it('hydrates the grid with nothing to mend when the list view was chosen, then shows the list', async () => {
    localStorage.setItem(CATALOG_VIEW_KEY, 'list');
    const hydrated = await renderAndHydrate('/');
    expect(hydrated.recovered).toEqual([]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('list', { name: 'Products' })).toBeInTheDocument();
  });
});
