import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../test/renderWithStore';
import { useState } from 'react';
import { fetchProductsBySku } from '../../../lib/cart/productQueries';
import { testProduct } from '../../../test/products';
import { QuickOrder, type QuickOrderResult } from './QuickOrder';
import { publicDb } from '../../../lib/publicDb';

vi.mock('../../../lib/firebase', () => ({ auth: {}, db: {}, functions: {} }));
vi.mock('../../../lib/cart/productQueries', () => ({ fetchProductsBySku: vi.fn() }));

/** The quick order pad as the cart page holds it: the page keeps its last result. */
function QuickOrderPad() {
  const [result, setResult] = useState<QuickOrderResult>({ text: '', report: null });
  return <QuickOrder result={result} onResult={setResult} />;
}

const water = testProduct({ id: 'bev-1005', sku: 'BEV-1005', name: 'Spring Water', price: 699, packSize: 1, minOrderQty: 4, tiers: [{ minQty: 20, price: 649 }] });
const oatMilk = testProduct();
const coconut = testProduct({ id: 'bev-1009', sku: 'BEV-1009', name: 'Coconut Water', packSize: 1, minOrderQty: 1, stock: 0, tiers: [] });

describe('QuickOrder', () => {
  it('looks up only the pasted SKUs, adds the valid lines and reports each bad one', async () => {
    vi.mocked(fetchProductsBySku).mockResolvedValue({ products: [water, oatMilk, coconut], documentsRead: 3 });
    const { store } = renderWithStore(<QuickOrderPad />);
    await userEvent.type(screen.getByLabelText('SKUs and quantities'), 'bev-1005 20{Enter}NOPE-1 5{Enter}BEV-1011,10{Enter}BEV-1009 1{Enter}BEV-1011 12');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));

    const problems = await screen.findByRole('list', { name: 'Lines not added' });
    expect(within(problems).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Line 2 NOPE-1 5: No product with SKU NOPE-1 is sold.',
      'Line 3 BEV-1011,10: Quantity must be a multiple of the pack size (6).',
      'Line 4 BEV-1009 1: Coconut Water is out of stock.',
    ]);
    expect(vi.mocked(fetchProductsBySku)).toHaveBeenCalledWith(publicDb, ['BEV-1005', 'BEV-1009', 'BEV-1011', 'NOPE-1']);
    expect(store.getState().cart.items.map(({ id, quantity, price }) => ({ id, quantity, price }))).toEqual([
      { id: 'bev-1005', quantity: 20, price: 649 },
      { id: 'bev-1011', quantity: 12, price: 349 },
    ]);
    expect(screen.getByLabelText('SKUs and quantities')).toHaveValue('NOPE-1 5\nBEV-1011,10\nBEV-1009 1');
  });

  it('asks for at least one line before looking anything up', async () => {
    vi.mocked(fetchProductsBySku).mockClear();
    renderWithStore(<QuickOrderPad />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent('Paste at least one line: a SKU and a quantity.');
    expect(fetchProductsBySku).not.toHaveBeenCalled();
    // The box says what is wrong with it and has the focus, to type into at once.
    const box = screen.getByLabelText('SKUs and quantities');
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    // Typing a line takes the message away.
    await userEvent.type(box, 'BEV-1005 8');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(box).not.toHaveAttribute('aria-invalid');
  });

  it('keeps what was typed when the lookup fails', async () => {
    vi.mocked(fetchProductsBySku).mockRejectedValue(new Error('offline'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store } = renderWithStore(<QuickOrderPad />);
    await userEvent.type(screen.getByLabelText('SKUs and quantities'), 'BEV-1005 8');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await vi.waitFor(() => expect(fetchProductsBySku).toHaveBeenCalled());
    expect(screen.getByLabelText('SKUs and quantities')).toHaveValue('BEV-1005 8');
    expect(store.getState().cart.items).toEqual([]);
  });
});
