import { describe, expect, it } from 'vitest';
import { apiInvoiceOf, apiInvoiceSchema, apiOrderOf, apiOrderSchema, apiOrdersQuerySchema, apiStockBodySchema } from './apiSchemas';
import { orderFromData } from './orderData';
import { invoiceFromData } from './receivablesData';

const at = Date.UTC(2026, 10, 28, 9, 30);
const order = orderFromData('HW-7K3M9QX2AB', {
  status: 'partially-shipped',
  companyId: 'co-1',
  items: [{ productId: 'water', sku: 'BEV-1', name: 'Water', unit: 'case', unitPrice: 1_000, quantity: 5, lineTotal: 5_000, allocated: 2, shipped: 3, backordered: 0, cancelled: 0 }],
  subtotal: 5_000,
  shipping: 0,
  tax: 313,
  total: 5_313,
  currency: 'USD',
  shipmentCount: 1,
  invoiceNumbers: [42],
  createdAt: at,
  updatedAt: at + 1_000,
});

describe('the API’s public shapes', () => {
  it('shows an order in the documented shape: totals in cents, shipments and invoices by number, times in ISO', () => {
    const shown = apiOrderOf(order);
    expect(apiOrderSchema.parse(shown)).toEqual(shown);
    expect(shown).toMatchObject({
      id: 'HW-7K3M9QX2AB',
      totals: { subtotal: 5_000, shipping: 0, tax: 313, total: 5_313 },
      shipments: { count: 1, numbers: ['HW-7K3M9QX2AB-1'] },
      invoiceNumbers: ['INV-000042'],
      lines: [{ sku: 'BEV-1', quantity: 5, shipped: 3, allocated: 2 }],
      createdAt: '2026-11-28T09:30:00.000Z',
      updatedAt: '2026-11-28T09:30:01.000Z',
    });
  });

  it('shows an invoice in the documented shape, with what is still open', () => {
    const shown = apiInvoiceOf(invoiceFromData('INV-000042', { orderId: 'HW-1', companyId: 'co-1', total: 5_313, amountPaid: 1_000, amountCredited: 313, status: 'partially-paid', issuedAt: at, dueAt: at }));
    expect(apiInvoiceSchema.parse(shown)).toEqual(shown);
    expect(shown).toMatchObject({ number: 'INV-000042', status: 'partially-paid', amountOpen: 4_000, dueAt: '2026-11-28T09:30:00.000Z' });
  });

  it('reads query strings and bodies strictly', () => {
    expect(apiOrdersQuerySchema.parse({ limit: '20' })).toEqual({ limit: 20 });
    expect(apiOrdersQuerySchema.parse({})).toEqual({ limit: 50 });
    for (const query of [{ limit: '0' }, { limit: '201' }, { limit: '2.5' }, { updatedSince: 'yesterday' }, { since: '2026-01-01T00:00:00Z' }]) expect(apiOrdersQuerySchema.safeParse(query).success).toBe(false);
    expect(apiStockBodySchema.safeParse({ stock: 12 }).success).toBe(true);
    for (const body of [{ stock: -1 }, { stock: 1.5 }, { stock: '12' }, { delta: 3 }]) expect(apiStockBodySchema.safeParse(body).success).toBe(false);
  });
});
