import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { searchRecordOf } from '@harbor/domain';
import { signedOutState as signedOut } from '../../lib/session';
import { renderWithStore } from '../../test/renderWithStore';
import { testProduct } from '../../test/products';
import type * as SearchProviderModule from '../../lib/search/searchProvider';
import { SearchForm } from './SearchForm';

vi.mock('../../lib/firebase', () => ({ auth: {}, db: {}, functions: {} }));
vi.mock('../../lib/search/searchProvider', async (importOriginal) => {
  const original = await importOriginal<typeof SearchProviderModule>();
  const records = [
    testProduct({ id: 'snk-1009', name: 'Dark Chocolate Bar, 70% Cacao', sku: 'SNK-1009', price: 2399, tiers: [] }),
    testProduct({ id: 'bev-1005', name: 'Hot Cocoa Mix, Milk Chocolate', sku: 'BEV-1005' }),
    testProduct({ id: 'pap-1002', name: 'Multifold Paper Towels', sku: 'PAP-1002' }),
  ].flatMap((product) => searchRecordOf(product) ?? []);
  return { ...original, loadSearchProvider: vi.fn(async () => original.indexSearchProvider(records)) };
});

function renderSearch() {
  return renderWithStore(<SearchForm />, { path: '/cart', preloadedState: { auth: signedOut } });
}

describe('SearchForm suggestions', () => {
  it('is a combobox whose listbox opens from the second character, typos forgiven', async () => {
    renderSearch();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await userEvent.type(box, 'c');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(box, 'hocolte');
    const listbox = await screen.findByRole('listbox', { name: 'Suggested products' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Dark Chocolate Bar, 70% CacaoSNK-1009$23.99'),
      expect.stringContaining('Hot Cocoa Mix, Milk Chocolate'),
    ]);
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
});
