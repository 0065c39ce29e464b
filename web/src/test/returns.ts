import { returnFromData, type ProductReturn, type ReturnLine } from '@harbor/domain';

/** A line of a test return: hot cups, asked back as damaged, from shipment 1. */
export function testReturnLine(extra: Partial<ReturnLine> = {}): ReturnLine {
  const quantity = extra.quantity ?? 2;
  return {
    productId: 'pap-1009',
    sku: 'PAP-1009',
    name: 'Hot Cups, 12 oz',
    unit: 'case',
    unitPrice: 6999,
    quantity,
    lineTotal: 6999 * quantity,
    reason: 'damaged',
    parts: [{ shipment: 1, invoiceNumber: 'INV-000041', quantity, received: 0 }],
    resellable: 0,
    damaged: 0,
    ...extra,
  };
}

/** A test return of order HW-RETURN0001, requested by Bo Buyer on Nov 20, 2026, as the converter reads it. */
export function testReturn(extra: Partial<ProductReturn> = {}): ProductReturn {
  const requestedAt = Date.UTC(2026, 10, 20, 15);
  return {
    ...returnFromData('rma-1', {}),
    number: 'RMA-000001',
    sequence: 1,
    orderId: 'HW-RETURN0001',
    companyId: 'co-1',
    userId: 'u1',
    userEmail: 'bo@example.com',
    company: 'Odette Owner Trading',
    requestedBy: 'u1',
    requestedByName: 'Bo Buyer',
    status: 'requested',
    lines: [testReturnLine()],
    note: '',
    history: [{ status: 'requested', at: requestedAt, by: 'u1', byName: 'Bo Buyer', message: '' }],
    createdAt: requestedAt,
    updatedAt: requestedAt,
    ...extra,
  };
}
