import { describe, expect, it } from 'vitest';
import type { OrderShipment } from './fulfilment';
import { decideReturnInputSchema, receiveReturnInputSchema, requestReturnInputSchema } from './returnSchemas';
import { allocateReturn, allReceived, receiveUnits, RETURN_DAYS, returnableLines, returnCreditAmount, unreceivedParts, withUnitsOnReturns, type ReturnLine } from './returns';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 28);

function shipment(sequence: number, daysAgo: number, lines: [productId: string, quantity: number][]): OrderShipment {
  return {
    number: `HW-1-${sequence}`,
    sequence,
    orderId: 'HW-1',
    requestId: `r${sequence}`,
    lines: lines.map(([productId, quantity]) => ({ productId, sku: productId.toUpperCase(), name: `Product ${productId}`, unit: 'case', unitPrice: 1_000, quantity, lineTotal: 1_000 * quantity })),
    carrier: 'UPS',
    trackingNumber: '1Z',
    invoiceNumber: `INV-00000${sequence}`,
    subtotal: 0,
    shipping: 0,
    tax: 0,
    total: 0,
    shippedAt: NOW - daysAgo * DAY,
    shippedBy: 'w',
    shippedByName: 'W',
    stillToCome: [],
  };
}

const twoShipments = [shipment(1, 40, [['water', 10]]), shipment(2, 5, [['water', 6], ['cups', 4]])];

describe('returnableLines', () => {
  it('counts only units shipped within RETURN_DAYS and not on returns, and says until when', () => {
    const [water, cups] = returnableLines(twoShipments, { 2: { water: 2 } }, NOW);
    expect(water).toMatchObject({ productId: 'water', shipped: 16, onReturns: 2, tooLate: 10, returnable: 4, returnBy: NOW - 5 * DAY + RETURN_DAYS * DAY });
    expect(cups).toMatchObject({ shipped: 4, returnable: 4 });
  });

  it('closes on the day after the last of the window', () => {
    const [water] = returnableLines([shipment(1, 0, [['water', 3]])], {}, NOW + RETURN_DAYS * DAY);
    expect(water!.returnable).toBe(3);
    expect(returnableLines([shipment(1, 0, [['water', 3]])], {}, NOW + RETURN_DAYS * DAY + 1)[0]).toMatchObject({ returnable: 0, tooLate: 3, returnBy: null });
  });
});

describe('allocateReturn', () => {
  it('takes units from the oldest shipment still open first, each part on its invoice', () => {
    const shipments = [shipment(1, 20, [['water', 3]]), shipment(2, 5, [['water', 6]])];
    const result = allocateReturn(shipments, {}, NOW, [{ productId: 'water', quantity: 5, reason: 'damaged' }]);
    expect(result).toEqual({
      lines: [
        expect.objectContaining({
          productId: 'water',
          quantity: 5,
          lineTotal: 5_000,
          parts: [
            { shipment: 1, invoiceNumber: 'INV-000001', quantity: 3, received: 0 },
            { shipment: 2, invoiceNumber: 'INV-000002', quantity: 2, received: 0 },
          ],
        }),
      ],
    });
  });

  it('refuses more than may be returned, saying why, and a product not shipped', () => {
    expect(allocateReturn(twoShipments, { 2: { water: 2 } }, NOW, [{ productId: 'water', quantity: 5, reason: 'damaged' }])).toEqual({
      problem: `Only 4 of Product water (WATER) can be returned: 16 shipped, 2 already on returns, 10 shipped more than ${RETURN_DAYS} days ago. Nothing was requested.`,
    });
    expect(allocateReturn(twoShipments, {}, NOW, [{ productId: 'soap', quantity: 1, reason: 'other' }])).toEqual({ problem: 'Product soap was not shipped on this order, so it cannot be returned.' });
  });
});

describe('withUnitsOnReturns', () => {
  it('adds and gives back units per shipment and product, never below zero', () => {
    const held = withUnitsOnReturns({}, [{ productId: 'water', shipment: 1, quantity: 3 }, { productId: 'water', shipment: 2, quantity: 2 }], 1);
    expect(held).toEqual({ 1: { water: 3 }, 2: { water: 2 } });
    expect(withUnitsOnReturns(held, [{ productId: 'water', shipment: 2, quantity: 5 }], -1)).toEqual({ 1: { water: 3 }, 2: { water: 0 } });
    expect(held).toEqual({ 1: { water: 3 }, 2: { water: 2 } });
  });
});

describe('receiveUnits', () => {
  const lines = (allocateReturn([shipment(1, 20, [['water', 3]]), shipment(2, 5, [['water', 6], ['cups', 4]])], {}, NOW, [
    { productId: 'water', quantity: 5, reason: 'damaged' },
    { productId: 'cups', quantity: 2, reason: 'wrong-item' },
  ]) as { lines: ReturnLine[] }).lines;

  it('fills the oldest parts first and credits each invoice for its units, resellable and damaged alike', () => {
    const result = receiveUnits(lines, [
      { productId: 'water', quantity: 2, condition: 'resellable' },
      { productId: 'water', quantity: 2, condition: 'damaged' },
      { productId: 'cups', quantity: 1, condition: 'resellable' },
    ]);
    if ('problem' in result) throw new Error(result.problem);
    expect(result.credits).toEqual([
      { invoiceNumber: 'INV-000001', goods: 3_000, lines: [expect.objectContaining({ productId: 'water', quantity: 3, lineTotal: 3_000 })] },
      { invoiceNumber: 'INV-000002', goods: 2_000, lines: [expect.objectContaining({ productId: 'water', quantity: 1 }), expect.objectContaining({ productId: 'cups', quantity: 1 })] },
    ]);
    expect(result.lines[0]).toMatchObject({ resellable: 2, damaged: 2 });
    expect(allReceived(result.lines)).toBe(false);
    expect(unreceivedParts(result.lines)).toEqual([
      { shipment: 2, invoiceNumber: 'INV-000002', quantity: 1, received: 1, productId: 'water' },
      { shipment: 2, invoiceNumber: 'INV-000002', quantity: 1, received: 1, productId: 'cups' },
    ]);
    // The lines given are not changed.
    expect(lines[0]!.parts[0]!.received).toBe(0);
  });

  it('refuses more than is still to receive, and a product not on the return', () => {
    expect(receiveUnits(lines, [{ productId: 'cups', quantity: 3, condition: 'damaged' }])).toEqual({ problem: 'Only 2 of Product cups (CUPS) are still to receive on this return, not 3. Nothing was received.' });
    expect(receiveUnits(lines, [{ productId: 'soap', quantity: 1, condition: 'damaged' }])).toEqual({ problem: 'Product soap is not on this return.' });
  });

  it('says when everything has arrived', () => {
    const result = receiveUnits(lines, [
      { productId: 'water', quantity: 5, condition: 'resellable' },
      { productId: 'cups', quantity: 2, condition: 'resellable' },
    ]);
    expect('lines' in result && allReceived(result.lines)).toBe(true);
  });
});

describe('returnCreditAmount', () => {
  it('credits goods and their tax, less a restocking fee taken before tax', () => {
    expect(returnCreditAmount(3_000, 825, 0)).toEqual({ fee: 0, tax: 248, amount: 3_248 });
    expect(returnCreditAmount(4_000, 825, 1_500)).toEqual({ fee: 600, tax: 281, amount: 3_681 });
    expect(returnCreditAmount(999, 0, 1_000)).toEqual({ fee: 100, tax: 0, amount: 899 });
  });
});

describe('return schemas', () => {
  it('take the reasons the issue names, each product once, and a reason for a rejection', () => {
    const request = { orderId: 'HW-1', requestId: 'request-1', lines: [{ productId: 'water', quantity: 1, reason: 'damaged' }] };
    expect(requestReturnInputSchema.parse(request)).toMatchObject({ note: '' });
    expect(requestReturnInputSchema.safeParse({ ...request, lines: [{ productId: 'water', quantity: 1, reason: 'bored' }] }).success).toBe(false);
    expect(requestReturnInputSchema.safeParse({ ...request, lines: [...request.lines, ...request.lines] }).success).toBe(false);
    expect(requestReturnInputSchema.safeParse({ ...request, lines: [] }).success).toBe(false);
    expect(decideReturnInputSchema.safeParse({ returnId: 'r1', decision: 'reject', message: ' ' }).success).toBe(false);
    expect(decideReturnInputSchema.safeParse({ returnId: 'r1', decision: 'approve', restockingFeeBasisPoints: 5_001 }).success).toBe(false);
    expect(decideReturnInputSchema.parse({ returnId: 'r1', decision: 'approve', restockingFeeBasisPoints: 1_500 })).toMatchObject({ message: '' });
    expect(receiveReturnInputSchema.safeParse({ returnId: 'r1', requestId: 'request-1', lines: [{ productId: 'water', quantity: 1, condition: 'resellable' }, { productId: 'water', quantity: 2, condition: 'damaged' }] }).success).toBe(true);
    expect(receiveReturnInputSchema.safeParse({ returnId: 'r1', requestId: 'request-1', lines: [{ productId: 'water', quantity: 1, condition: 'lost' }] }).success).toBe(false);
  });
});
