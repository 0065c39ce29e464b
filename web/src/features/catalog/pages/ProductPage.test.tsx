import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../test/renderWithStore';
import { testProduct } from '../../../test/products';
import ProductPage from './ProductPage';

vi.mock('../../../lib/firebase', () => ({ auth: {}, db: {}, functions: {} }));
vi.mock('../catalogQueries', () => ({
  fetchProduct: vi.fn(async (_db: unknown, id: string) =>
    id === 'bev-1011' ? testProduct() : id === 'bev-1012' ? testProduct({ id, stock: 12, backorderable: true, restockDate: '2026-12-09' }) : null,
  ),
}));

function renderProduct(id: string) {
  return renderWithStore(
    <Routes>
      <Route path="/product/:id" element={<ProductPage />} />
    </Routes>,
    { path: `/product/${id}` },
  );
}

describe('ProductPage', () => {
  it('shows the volume tiers and starts at the smallest valid quantity', async () => {
    renderProduct('bev-1011');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oat Milk, Barista Edition' })).toBeInTheDocument();
    expect(screen.getByLabelText('Quantity')).toHaveValue(6);
    const rows = screen.getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual(['6–35 (your quantity)$3.49–', '36–71$3.296%', '72+$3.0911%']);
  });

  it('refuses a quantity that is not a whole number of packs and explains why', async () => {
    const { store } = renderProduct('bev-1011');
    const quantity = await screen.findByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '10{Enter}');
    expect(screen.getByText('Quantity must be a multiple of the pack size (6).')).toBeInTheDocument();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    expect(store.getState().cart.items).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Use 12' }));
    expect(quantity).toHaveValue(12);
  });

  it('adds a valid quantity at the tier price it reaches', async () => {
    const { store } = renderProduct('bev-1011');
    const quantity = await screen.findByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '36');
    expect(screen.getByText(/36 × \$3\.29 =/)).toHaveTextContent('36 × $3.29 = $118.44');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(store.getState().cart.items).toEqual([
      expect.objectContaining({ id: 'bev-1011', quantity: 36, price: 329, basePrice: 349, tiers: testProduct().tiers }),
    ]);
  });

  it('steps through whole packs only, between the minimum and the stock', async () => {
    renderProduct('bev-1011');
    const quantity = await screen.findByLabelText('Quantity');
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(quantity).toHaveValue(12);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '719');
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(quantity).toHaveValue(720);
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  });

  it('says before adding what of a backorderable product ships now and what waits, counting the cart', async () => {
    const { store } = renderProduct('bev-1012');
    const quantity = await screen.findByLabelText('Quantity');
    expect(screen.getByText(/Low stock: 12 left/)).toHaveTextContent('Low stock: 12 left, more on backorder');
    expect(screen.getByText('12; more on backorder, expected Dec 9')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '42');
    expect(screen.getByRole('status')).toHaveTextContent('12 ship now, 30 on backorder, expected Dec 9');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(store.getState().cart.items).toEqual([expect.objectContaining({ id: 'bev-1012', quantity: 42 })]);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '6');
    expect(screen.getByRole('status')).toHaveTextContent('With the 42 in your cart: 12 ship now, 36 on backorder, expected Dec 9');
  });

  it('shows a not-found message for an unknown or inactive id', async () => {
    renderProduct('nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the catalog' })).toHaveAttribute('href', '/');
  });
});
