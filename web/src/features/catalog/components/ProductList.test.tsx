import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../test/renderWithStore';
import { testProduct } from '../../../test/products';
import { ProductList } from './ProductList';

vi.mock('../../../lib/firebase', () => ({ auth: {}, db: {}, functions: {} }));

const products = [
  testProduct(),
  testProduct({ id: 'snk-1009', name: 'Dark Chocolate Bar', sku: 'SNK-1009', packSize: 1, minOrderQty: 1, tiers: [] }),
  testProduct({ id: 'pap-1002', name: 'Paper Towels', sku: 'PAP-1002', packSize: 1, minOrderQty: 2, tiers: [] }),
];

describe('ProductList', () => {
  it('adds a row with Enter, says so politely and moves on to the next row', async () => {
    const { store } = renderWithStore(<ProductList products={products} />);
    const first = screen.getByLabelText('Quantity of Oat Milk, Barista Edition');
    expect(first).toHaveValue(6);
    await userEvent.click(first);
    await userEvent.keyboard('{Enter}');
    const second = screen.getByLabelText('Quantity of Dark Chocolate Bar');
    expect(second).toHaveFocus();
    await userEvent.keyboard('{Control>}a{/Control}3{Enter}');
    expect(screen.getByLabelText('Quantity of Paper Towels')).toHaveFocus();
    expect(store.getState().cart.items.map((item) => [item.id, item.quantity])).toEqual([
      ['bev-1011', 6],
      ['snk-1009', 3],
    ]);
    expect(screen.getByText('Added 3 × Dark Chocolate Bar to your cart.')).toHaveAttribute('aria-live', 'polite');
  });

  it('keeps the focus on a row whose quantity breaks a rule, and adds nothing', async () => {
    const { store } = renderWithStore(<ProductList products={products} />);
    const towels = screen.getByLabelText('Quantity of Paper Towels');
    expect(towels).toHaveValue(2);
    await userEvent.clear(towels);
    await userEvent.type(towels, '1{Enter}');
    expect(towels).toHaveFocus();
    expect(store.getState().cart.items).toEqual([]);
  });

  it('shows SKU, pack and the tier price of each row', () => {
    renderWithStore(<ProductList products={products} />);
    const row = screen.getByRole('link', { name: 'Oat Milk, Barista Edition' }).closest('li')!;
    expect(row).toHaveTextContent('BEV-1011');
    expect(row).toHaveTextContent('Packs of 6');
    expect(row).toHaveTextContent('$3.49from $3.09');
  });

  it('opens "Save to list" under a row, and offers a guest to sign in', async () => {
    renderWithStore(<ProductList products={products} />);
    const save = screen.getByRole('button', { name: 'Save Dark Chocolate Bar' });
    expect(save).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(save);
    expect(save).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });
});
