import { describe, expect, it } from 'vitest';
import { adjustStockInputSchema, setStaffRoleInputSchema } from './callableSchemas';
import {
  auditEntryFromData,
  changedFields,
  permissionForStatusChange,
  staffMay,
  staffReadsAuditOf,
  STAFF_PERMISSIONS,
  type STAFF_ROLES,
} from './staff';

describe('staffMay', () => {
  it('gives admins everything and customers nothing', () => {
    for (const permission of STAFF_PERMISSIONS) {
      expect(staffMay('admin', permission)).toBe(true);
      expect(staffMay(null, permission)).toBe(false);
      expect(staffMay(undefined, permission)).toBe(false);
    }
  });

  it('keeps the warehouse to orders, packing slips, stock and receiving returns, finance to money and companies, sales to its companies and their returns', () => {
    const allowed = (role: (typeof STAFF_ROLES)[number]) => STAFF_PERMISSIONS.filter((permission) => staffMay(role, permission));
    expect(allowed('warehouse')).toEqual(['stock.adjust', 'orders.read', 'orders.fulfil', 'documents.packingSlip', 'returns.receive']);
    expect(allowed('finance')).toEqual(['orders.read', 'payments.record', 'documents.invoice', 'companies.read', 'companies.decide', 'companies.credit', 'companies.note', 'accounting.export']);
    expect(allowed('sales')).toEqual(['orders.readAssigned', 'documents.invoice', 'companies.readAssigned', 'companies.note', 'quotes.respond', 'returns.decide']);
  });

  it('asks cancelling of those who may cancel, and every other move of those who fulfil', () => {
    expect(permissionForStatusChange('cancelled')).toBe('orders.cancel');
    expect(permissionForStatusChange('shipped')).toBe('orders.fulfil');
  });

  it('lets admins read every audit entry and finance those about companies and orders', () => {
    expect(staffReadsAuditOf('admin', 'products')).toBe(true);
    expect(staffReadsAuditOf('finance', 'companies')).toBe(true);
    expect(staffReadsAuditOf('finance', 'orders')).toBe(true);
    expect(staffReadsAuditOf('finance', 'products')).toBe(false);
    expect(staffReadsAuditOf('sales', 'companies')).toBe(false);
    expect(staffReadsAuditOf(null, 'companies')).toBe(false);
  });
});

describe('input schemas', () => {
  it('takes a staff role or null, and nothing else', () => {
    expect(setStaffRoleInputSchema.parse({ uid: 'u1', role: null })).toEqual({ uid: 'u1', role: null });
    expect(setStaffRoleInputSchema.safeParse({ uid: 'u1', role: 'owner' }).success).toBe(false);
    expect(setStaffRoleInputSchema.safeParse({ uid: 'u1' }).success).toBe(false);
    expect(setStaffRoleInputSchema.safeParse({ uid: 'u1', role: 'admin', extra: 1 }).success).toBe(false);
  });

  it('takes a whole, non-zero stock adjustment with a reason', () => {
    expect(adjustStockInputSchema.parse({ productId: 'p1', delta: -2, reason: ' Broken ' })).toEqual({ productId: 'p1', delta: -2, reason: 'Broken' });
    const problem = (input: object) => adjustStockInputSchema.safeParse(input).error?.issues[0]?.message;
    expect(problem({ productId: 'p1', delta: 0, reason: 'Count' })).toBe('The adjustment must add or remove at least one unit.');
    expect(problem({ productId: 'p1', delta: 1.5, reason: 'Count' })).toBe('The adjustment must be a whole number of units.');
    expect(problem({ productId: 'p1', delta: 2, reason: 'x' })).toBe('Please give a reason of at least 3 characters.');
  });
});

describe('changedFields', () => {
  it('lists only the given fields whose value changed, from and to', () => {
    expect(changedFields({ price: 1000, name: 'A', tiers: [{ minQty: 2, price: 900 }] }, { price: 1200, name: 'A', tiers: [{ minQty: 2, price: 900 }], stock: 3 }, ['price', 'name', 'tiers', 'stock'])).toEqual([
      { field: 'price', from: 1000, to: 1200 },
      { field: 'stock', from: null, to: 3 },
    ]);
  });
});

describe('auditEntryFromData', () => {
  it('reads a stored entry, and anything missing or mistyped as blank', () => {
    expect(auditEntryFromData('a1', { at: 5, actor: { uid: 'u', name: 'N', role: 'finance' }, action: 'order.paid', target: 'orders/o', summary: 'S', changes: [{ field: 'paymentStatus', from: 'unpaid', to: 'paid' }, 'junk'], requestId: 'r' })).toEqual({
      id: 'a1',
      at: 5,
      actor: { uid: 'u', name: 'N', role: 'finance' },
      action: 'order.paid',
      target: 'orders/o',
      summary: 'S',
      changes: [{ field: 'paymentStatus', from: 'unpaid', to: 'paid' }],
      requestId: 'r',
    });
    expect(auditEntryFromData('a2', { actor: { role: 'owner' } })).toMatchObject({ at: 0, actor: { uid: '', name: '', role: null }, changes: [] });
  });
});
