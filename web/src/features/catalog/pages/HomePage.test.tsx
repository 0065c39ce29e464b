import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../test/renderWithStore';
import type { Product } from '@harbor/domain';
import { encodeCursor, type Page } from '../../../lib/pagination';
import { fetchCatalogPage } from '../catalogQueries';
import { testProduct } from '../../../test/products';
import HomePage from './HomePage';
import { publicDb } from '../../../lib/publicDb';

vi.mock('../../../lib/firebase', () => ({ auth: {}, db: {}, functions: {} }));
// No search index here, neither on the server nor in the browser: Firestore answers every view
// and the catalog shows no filter counts, as when the index is unavailable.
vi.mock('../catalogQueries', () => ({ fetchCatalogPage: vi.fn(), firstPageFromIndex: async () => null }));
vi.mock('../../../lib/search/searchIndex', () => ({ loadSearchIndex: async () => null }));
vi.mock('../../../lib/search/searchPageReader', () => ({ searchPageUrl: (query: string) => `/search-page.json${query}`, fetchSearchPage: async () => null }));

const nextCursor = { value: 'Oat Milk, Barista Edition', id: 'bev-1011' };
const onePage: Page<Product> = { rows: [testProduct()], next: nextCursor, previous: null, documentsRead: 2 };

describe('HomePage', () => {
  it('shows skeletons while loading, then the products of the URL view', async () => {
    let resolve: (page: Page<Product>) => void = () => undefined;
    vi.mocked(fetchCatalogPage).mockReturnValue(new Promise((done) => (resolve = done)));
    const { container } = renderWithStore(<HomePage />, { path: '/?category=Beverages&sort=price-desc' });
    expect(container.querySelector('[aria-busy="true"] .skeleton')).not.toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Loading products…');
    resolve(onePage);
    expect(await screen.findByRole('heading', { level: 2, name: 'Oat Milk, Barista Edition' })).toBeInTheDocument();
    expect(vi.mocked(fetchCatalogPage)).toHaveBeenLastCalledWith(publicDb, { search: '', category: 'Beverages', sort: 'price-desc', cursor: null, direction: 'after', page: 1 });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Beverages');
    expect(screen.getByLabelText('Sort by')).toHaveValue('price-desc');
    expect(within(screen.getByRole('navigation', { name: 'Categories' })).getByRole('link', { name: 'Beverages' })).toHaveAttribute('aria-current', 'page');
  });

  it('links the next page by cursor, keeping the filters', async () => {
    vi.mocked(fetchCatalogPage).mockResolvedValue(onePage);
    renderWithStore(<HomePage />, { path: '/?category=Beverages' });
    const next = await screen.findByRole('link', { name: 'Next' });
    expect(next).toHaveAttribute('href', `/?category=Beverages&after=${encodeCursor(nextCursor)}&page=2`);
  });

  it('numbers the products of a page, and counts them for a search of several words', async () => {
    vi.mocked(fetchCatalogPage).mockResolvedValue(onePage);
    const { unmount } = renderWithStore(<HomePage />, { path: '/?search=oat' });
    expect(await screen.findByText('Products 1–1')).toBeInTheDocument();
    unmount();
    renderWithStore(<HomePage />, { path: '/?search=oat%20milk' });
    expect(await screen.findByText('1 matching product')).toBeInTheDocument();
  });

  it('echoes the query when nothing matches', async () => {
    vi.mocked(fetchCatalogPage).mockResolvedValue({ rows: [], next: null, previous: null, documentsRead: 0 });
    renderWithStore(<HomePage />, { path: '/?search=unicorn%20saddle&category=Safety' });
    expect(await screen.findByRole('heading', { name: 'No products match “unicorn saddle” in Safety' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Results for “unicorn saddle”');
    expect(screen.getByRole('link', { name: 'Search all categories' })).toHaveAttribute('href', '/?search=unicorn+saddle');
  });

  it('explains a failed load and retries on request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(fetchCatalogPage).mockRejectedValueOnce(new Error('offline')).mockResolvedValue(onePage);
    renderWithStore(<HomePage />, { path: '/' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The catalog could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Oat Milk, Barista Edition' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says filters are unavailable, with a way out, when a filtered view finds no search index', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithStore(<HomePage />, { path: '/?brand=Harborline&inStock=1' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Filters are unavailable right now.');
    expect(vi.mocked(fetchCatalogPage)).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ brand: 'Harborline' }));
  });
});
