import { describe, expect, it } from 'vitest';
import { orderFromData } from './orderData';
import { millisOf } from './storedFields';

const timestamp = (millis: number) => ({ toMillis: () => millis });

describe('orderFromData', () => {
  it('turns timestamps into milliseconds and keeps the order lines', () => {
    const order = orderFromData('o1', {
      userId: 'u1',
      status: 'shipped',
      total: 2599,
      createdAt: timestamp(1_700_000_000_000),
      items: [{ productId: 'p1', name: 'Water', quantity: 2, unitPrice: 1000, lineTotal: 2000 }],
      statusHistory: [{ status: 'pending', at: 1_700_000_000_000, by: 'u1' }],
    });
    expect(order).toMatchObject({ id: 'o1', status: 'shipped', total: 2599, createdAt: 1_700_000_000_000, updatedAt: 0 });
    expect(order.items[0]).toMatchObject({ productId: 'p1', quantity: 2, sku: '' });
    expect(order.statusHistory).toEqual([{ status: 'pending', at: 1_700_000_000_000, by: 'u1' }]);
  });

  it('gives safe defaults for a damaged document instead of crashing', () => {
    const order = orderFromData('o2', { status: 'teleported', items: 'none', shippingAddress: null, total: '12', paymentMethod: 'cash' });
    expect(order).toMatchObject({ status: 'pending', items: [], total: 0, paymentMethod: 'invoice-net30', currency: 'USD' });
    expect(order.shippingAddress.city).toBe('');
  });
});

describe('millisOf', () => {
  it('reads numbers and timestamp-like objects, 0 otherwise', () => {
    expect(millisOf(5)).toBe(5);
    expect(millisOf(timestamp(9))).toBe(9);
    expect(millisOf('2026-01-01')).toBe(0);
    expect(millisOf(null)).toBe(0);
  });
});
