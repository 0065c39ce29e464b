import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatMoney, quoteTotals, type Orderable } from '@harbor/domain';
import { renderWithStore } from '../../../test/renderWithStore';
import { utcDay } from '../quoteEditor';
import { QuoteEditor } from './QuoteEditor';

const NOW = Date.UTC(2026, 10, 20, 12);
const DAY = 24 * 60 * 60 * 1000;

const paper: Orderable = { id: 'off-1001', name: 'Copy paper', sku: 'OFF-1001', unit: 'case', imageUrl: '', price: 5299, tiers: [], minOrderQty: 1, packSize: 1, stock: 100, active: true };
const gloves: Orderable = { ...paper, id: 'jan-2002', name: 'Nitrile gloves', sku: 'JAN-2002', price: 1899, tiers: [{ minQty: 10, price: 1699 }], minOrderQty: 2 };
/** The company pays a fixed $49.99 for paper. */
const contract = { discountBasisPoints: 0, fixedPrices: { 'off-1001': 4999 } };

vi.mock('../../../lib/cart/productQueries', () => ({
  fetchOrderables: async (_db: unknown, ids: string[]) => ({ products: Object.fromEntries([paper, gloves].filter((product) => ids.includes(product.id)).map((product) => [product.id, product])), documentsRead: ids.length }),
  fetchProductsBySku: async (_db: unknown, skus: string[]) => ({ products: [paper, gloves].filter((product) => skus.includes(product.sku)), documentsRead: 1 }),
}));

/** A requested quote: 15 cases of paper, not yet priced. */
const requested = { lines: [{ productId: 'off-1001', sku: 'OFF-1001', name: 'Copy paper', unit: 'case', imageUrl: '', quantity: 15, unitPrice: null, lineTotal: 0 }], validUntil: null };

function renderEditor(onSubmit = vi.fn()) {
  renderWithStore(<QuoteEditor quote={requested} taxRateBasisPoints={800} contract={contract} submitLabel="Send quote" busy={false} onSubmit={onSubmit} now={() => NOW} />);
  return onSubmit;
}

describe('QuoteEditor', () => {
  it('starts from the requested lines at the customer’s price now, shown beside list, valid for two weeks', async () => {
    renderEditor();
    expect(screen.getByLabelText('Quantity of Copy paper')).toHaveValue('15');
    expect(screen.getByLabelText('Valid until')).toHaveValue(utcDay(NOW + 14 * DAY));
    const row = screen.getByRole('row', { name: /Copy paper/ });
    expect(await within(row).findByText('$52.99')).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: /^\$49\.99\s*Contract$/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Unit price of Copy paper in dollars')).toHaveValue('49.99');
  });

  it('offers a line added at its volume tier price as its quantity reaches it, until a price is typed', async () => {
    renderEditor();
    await userEvent.type(screen.getByLabelText('Add a product by SKU'), 'jan-2002{Enter}');
    const price = await screen.findByLabelText('Unit price of Nitrile gloves in dollars');
    const row = screen.getByRole('row', { name: /Nitrile gloves/ });
    expect(await within(row).findByRole('cell', { name: /^\$18\.99\s*List$/ })).toBeInTheDocument();
    expect(price).toHaveValue('18.99');
    await userEvent.clear(screen.getByLabelText('Quantity of Nitrile gloves'));
    await userEvent.type(screen.getByLabelText('Quantity of Nitrile gloves'), '10');
    expect(within(row).getByRole('cell', { name: /^\$16\.99\s*Volume tier$/ })).toBeInTheDocument();
    expect(price).toHaveValue('16.99');
    await userEvent.clear(price);
    await userEvent.type(price, '15');
    await userEvent.type(screen.getByLabelText('Quantity of Nitrile gloves'), '0');
    expect(price).toHaveValue('15');
  });

  it('totals the lines as they are typed, with shipping and tax as an order has them', async () => {
    renderEditor();
    await userEvent.clear(await screen.findByDisplayValue('49.99'));
    await userEvent.type(screen.getByLabelText('Unit price of Copy paper in dollars'), '45.50');
    const totals = quoteTotals([{ quantity: 15, unitPrice: 4550 }], 800);
    const row = screen.getByRole('row', { name: /Copy paper/ });
    expect(within(row).getByText(formatMoney(15 * 4550))).toBeInTheDocument();
    expect(screen.getByText(formatMoney(totals.total))).toBeInTheDocument();
    expect(screen.getByText(formatMoney(totals.tax))).toBeInTheDocument();
  });

  it('refuses to send without a price, with a bad quantity or price, or a day already past', async () => {
    const onSubmit = renderEditor();
    await userEvent.clear(await screen.findByDisplayValue('49.99'));
    await userEvent.click(screen.getByRole('button', { name: 'Send quote' }));
    expect(screen.getByText('Enter a unit price.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Unit price of Copy paper in dollars'), '12.345');
    await userEvent.clear(screen.getByLabelText('Quantity of Copy paper'));
    await userEvent.type(screen.getByLabelText('Quantity of Copy paper'), '0');
    const validUntil = screen.getByLabelText('Valid until');
    await userEvent.clear(validUntil);
    await userEvent.type(validUntil, utcDay(NOW - DAY));
    await userEvent.click(screen.getByRole('button', { name: 'Send quote' }));
    expect(screen.getByText('Enter a price in dollars, such as 12.50.')).toBeInTheDocument();
    expect(screen.getByText('Quantity must be at least 1.')).toBeInTheDocument();
    expect(screen.getByText('The quote must be valid until a day in the future.')).toBeInTheDocument();
    expect(screen.getByLabelText('Unit price of Copy paper in dollars')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('removes a line, adds one by SKU, and sends prices in cents', async () => {
    const onSubmit = renderEditor();
    await userEvent.type(screen.getByLabelText('Add a product by SKU'), 'jan-2002{Enter}');
    expect(await screen.findByLabelText('Quantity of Nitrile gloves')).toHaveValue('2');
    await userEvent.type(screen.getByLabelText('Add a product by SKU'), 'NOPE-1');
    await userEvent.click(screen.getByRole('button', { name: 'Add line' }));
    expect(await screen.findByText('No product is sold with SKU NOPE-1.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Copy paper' }));
    await userEvent.clear(await screen.findByDisplayValue('18.99'));
    await userEvent.type(screen.getByLabelText('Unit price of Nitrile gloves in dollars'), '$1,250.00');
    await userEvent.type(screen.getByLabelText('Message to the buyer (optional)'), 'Our best price.');
    await userEvent.click(screen.getByRole('button', { name: 'Send quote' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ lines: [{ productId: 'jan-2002', quantity: 2, unitPrice: 125_000 }], validUntil: utcDay(NOW + 14 * DAY), message: 'Our best price.' });
  });

  it('needs at least one line', async () => {
    const onSubmit = renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Copy paper' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send quote' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A quote needs at least one line.');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
