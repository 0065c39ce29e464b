import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FacetCounts } from '@harbor/domain';
import { renderWithStore } from '../../../test/renderWithStore';
import { readCatalogParams } from '../catalogParams';
import { FacetedPagination, FacetPanel } from './Facets';

vi.mock('../../../lib/firebase', () => ({ auth: {}, db: {}, functions: {} }));

const counts: FacetCounts = {
  category: { Snacks: 3 },
  brand: { 'Lantern Bay': 2, Harborline: 5, 'Mooring Mills': 2 },
  inStock: 7,
  price: { 'under-10': 4, '25-50': 5 },
};

function renderPanel(path: string) {
  const params = readCatalogParams(new URL(path, 'http://shop').searchParams);
  return renderWithStore(<FacetPanel params={params} counts={counts} />, { path });
}

describe('FacetPanel', () => {
  it('lists brands by count with their counts, keeping the search, category and sort in each link', () => {
    renderPanel('/?search=bar&category=Snacks&sort=price-asc');
    const brands = within(screen.getByRole('navigation', { name: 'Brands' })).getAllByRole('link');
    expect(brands.map((link) => link.textContent)).toEqual(['Any brand', 'Harborline (5)', 'Lantern Bay (2)', 'Mooring Mills (2)']);
    expect(brands[1]).toHaveAttribute('href', '/?search=bar&category=Snacks&brand=Harborline&sort=price-asc');
    const prices = within(screen.getByRole('navigation', { name: 'Price' })).getAllByRole('link');
    expect(prices.map((link) => link.textContent)).toEqual(['Any price', 'Under $10 (4)', '$10 to $25 (0)', '$25 to $50 (5)', '$50 to $100 (0)', '$100 and up (0)']);
  });

  it('marks the chosen filters, and the stock checkbox puts inStock=1 into the URL', async () => {
    const { location } = renderPanel('/?brand=Harborline&price=25-50');
    expect(screen.getByRole('link', { name: 'Harborline (5)' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '$25 to $50 (5)' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('checkbox', { name: 'In stock only (7)' }));
    expect(location()).toBe('/?brand=Harborline&inStock=1&price=25-50');
  });
});

describe('FacetedPagination', () => {
  it('pages a filtered view by number', () => {
    const params = readCatalogParams(new URLSearchParams('brand=Harborline&page=2'));
    expect(params.page).toBe(2);
    renderWithStore(<FacetedPagination params={params} pageCount={3} />, { path: '/?brand=Harborline&page=2' });
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/?brand=Harborline');
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/?brand=Harborline&page=3');
  });
});
