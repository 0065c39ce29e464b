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
});
