import { describe, expect, it } from 'vitest';
import { emptyAddress, type Order } from '@harbor/domain';
import { csvCell, orderLinesCsv, ordersCsv } from './ordersCsv';

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 'A1B2',
    userId: 'u1',
    userEmail: 'buyer@harbor.test',
    items: [
      { productId: 'p1', name: 'Water', sku: 'BEV-1', unit: 'case', imageUrl: '', unitPrice: 1000, quantity: 3, lineTotal: 3000, allocated: 3, shipped: 0, backordered: 0, cancelled: 0 },
      { productId: 'p2', name: 'Cups', sku: 'PAP-1', unit: 'box', imageUrl: '', unitPrice: 500, quantity: 2, lineTotal: 1000, allocated: 2, shipped: 0, backordered: 0, cancelled: 0 },
    ],
    subtotal: 4000,
    shipping: 2500,
    tax: 320,
    total: 6820,
    currency: 'USD',
    status: 'shipped',
    shippingAddress: { ...emptyAddress, city: 'Portland', country: 'United States' },
    company: 'Seaside Café Ltd',
    poNumber: 'PO-77',
    notes: '',
    paymentMethod: 'invoice-net30',
    companyId: 'co-1',
    placedByName: 'Blake Buyer',
    paymentStatus: 'unpaid',
    prepayment: null,
    dueDate: null,
    taxRateBasisPoints: 800,
    requestId: 'r1',
    createdAt: Date.UTC(2026, 0, 15, 9, 30),
    updatedAt: 0,
    statusHistory: [],
    invoiceNumbers: [],
    shipmentCount: 0,
    shipComplete: false,
    unitsOnReturns: {},
    ...overrides,
  };
}

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Acme, Inc.')).toBe('"Acme, Inc."');
    expect(csvCell('The "best" shop')).toBe('"The ""best"" shop"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-5)).toBe('-5');
  });
});

describe('ordersCsv', () => {
  it('writes a header and one row per order with amounts in currency units', () => {
    const lines = ordersCsv([order(), order({ id: 'C3', company: 'Dock, Co', status: 'cancelled' })]).split('\r\n');
    expect(lines[0]).toBe('Order number,Placed at (UTC),Status,Company,Customer e-mail,PO number,Payment,Lines,Units,Subtotal,Shipping,Tax,Total,Currency,Ship to city,Ship to country');
    expect(lines[1]).toBe('A1B2,2026-01-15T09:30:00.000Z,shipped,Seaside Café Ltd,buyer@harbor.test,PO-77,"Invoice, net 30 days",2,5,40.00,25.00,3.20,68.20,USD,Portland,United States');
    expect(lines[2]).toContain('C3,2026-01-15T09:30:00.000Z,cancelled,"Dock, Co"');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });

  it('writes only the header for no orders', () => {
    expect(ordersCsv([]).split('\r\n')).toHaveLength(2);
  });
});

describe('orderLinesCsv', () => {
  it('writes one row per order line with order number, date, company, PO, SKU, name, quantity, unit price and line total', () => {
    expect(orderLinesCsv([order(), order({ id: 'C3D4', poNumber: '', company: '=cmd()', items: [order().items[0]!] })]).split('\r\n')).toEqual([
      'Order number,Placed at (UTC),Company,PO number,SKU,Name,Quantity,Unit price,Line total,Currency',
      'A1B2,2026-01-15T09:30:00.000Z,Seaside Café Ltd,PO-77,BEV-1,Water,3,10.00,30.00,USD',
      'A1B2,2026-01-15T09:30:00.000Z,Seaside Café Ltd,PO-77,PAP-1,Cups,2,5.00,10.00,USD',
      "C3D4,2026-01-15T09:30:00.000Z,'=cmd(),,BEV-1,Water,3,10.00,30.00,USD",
      '',
    ]);
  });
});
