import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cartItemFor, priceCart, type Orderable } from '@harbor/domain';
import { renderWithStore } from '../../../test/renderWithStore';
import { testProduct } from '../../../test/products';
import { CartLine } from './CartLine';

vi.mock('../../../lib/firebase', () => ({ auth: {}, db: {}, functions: {} }));

/** The line of `quantity` as the cart page shows it, priced from `product` as it is today. */
function renderLine(product: Orderable, quantity: number) {
  const [line] = priceCart([cartItemFor(product, quantity)], new Map([[product.id, product]])).lines;
  return renderWithStore(
    <ul>
      <CartLine line={line!} product={product} pricesLoading={false} />
    </ul>,
  );
}

describe('CartLine', () => {
  it('says what of a backorderable line ships now and what waits, and takes quantities above the stock', () => {
    renderLine(testProduct({ stock: 24, backorderable: true, restockDate: '2026-12-09' }), 60);
    expect(screen.getByText('24 ship now, 36 on backorder, expected Dec 9')).toBeInTheDocument();
    expect(screen.getByLabelText('Quantity of Oat Milk, Barista Edition')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Increase quantity of Oat Milk, Barista Edition' })).toBeEnabled();
  });

  it('says nothing of backorders when the shelf covers the line', () => {
    renderLine(testProduct({ stock: 24, backorderable: true, restockDate: '2026-12-09' }), 24);
    expect(screen.queryByText(/on backorder/)).not.toBeInTheDocument();
  });

  it('holds a product that is not backorderable to the stock not owed to backorders', () => {
    renderLine(testProduct({ stock: 24, backordered: 24 }), 12);
    expect(screen.getByText('Out of stock.')).toBeInTheDocument();
    expect(screen.queryByText(/ship now/)).not.toBeInTheDocument();
  });
});
