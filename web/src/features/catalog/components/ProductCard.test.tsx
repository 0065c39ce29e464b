import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../test/renderWithStore';
import { testProduct } from '../../../test/products';
import { ProductCard } from './ProductCard';

vi.mock('../../../lib/firebase', () => ({ auth: {}, db: {}, functions: {} }));

describe('ProductCard', () => {
  it('shows SKU, unit, price, "from" price and stock', () => {
    const { container } = renderWithStore(<ProductCard product={testProduct({ stock: 12 })} />);
    expect(screen.getByRole('heading', { name: 'Oat Milk, Barista Edition' })).toBeInTheDocument();
    expect(screen.getByText('BEV-1011')).toBeInTheDocument();
    expect(screen.getByText('$3.49')).toBeInTheDocument();
    expect(screen.getByText('from $3.09')).toBeInTheDocument();
    expect(screen.getByText(/Low stock: 12 left/)).toBeInTheDocument();
    expect(container.querySelector('img')).toHaveAttribute('loading', 'lazy');
    expect(container.querySelector('img')).toHaveAttribute('width', '240');
  });

  it('adds the smallest valid quantity, carrying base price and tiers', async () => {
    const { store } = renderWithStore(<ProductCard product={testProduct({ minOrderQty: 10 })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Oat Milk, Barista Edition to cart' }));
    expect(store.getState().cart.items).toEqual([expect.objectContaining({ id: 'bev-1011', quantity: 12, price: 349, basePrice: 349 })]);
  });

  it('cannot add an out-of-stock product', () => {
    renderWithStore(<ProductCard product={testProduct({ stock: 0 })} />);
    expect(screen.getByText(/Out of stock/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Oat Milk, Barista Edition to cart' })).toBeDisabled();
  });

  it('offers a backorderable product with no stock on backorder, with its expected date, and adds it', async () => {
    const { store } = renderWithStore(<ProductCard product={testProduct({ stock: 0, backorderable: true, restockDate: '2026-12-09' })} />);
    expect(screen.getByText('Available on backorder, expected Dec 9')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Oat Milk, Barista Edition to cart' }));
    expect(store.getState().cart.items).toEqual([expect.objectContaining({ id: 'bev-1011', quantity: 6 })]);
  });

  it('counts the units owed to backorders as gone, and says when more is expected', () => {
    renderWithStore(<ProductCard product={testProduct({ stock: 30, backordered: 30, restockDate: '2027-01-05' })} />);
    expect(screen.getByText('Out of stock, expected back Jan 5')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Oat Milk, Barista Edition to cart' })).toBeDisabled();
  });
});
