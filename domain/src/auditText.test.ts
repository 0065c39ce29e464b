import { describe, expect, it } from 'vitest';
import { auditChangeSentences, auditChangesText, auditFieldLabel } from './auditText';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from './auditActions';
import type { AuditChange } from './staff';

const names: Record<string, string> = { 'uid-sam': 'Sam Sales' };
const nameOf = (uid: string) => names[uid];

/** An entry of each action the callables write (functions/src: appendAudit), with the changes each records, and what the log says of them. */
const ENTRIES: Record<AuditAction, { target: string; changes: AuditChange[]; says: string[] }> = {
  'product.create': {
    target: 'products/sw-6',
    changes: [
      { field: 'name', from: null, to: 'Sparkling Water' },
      { field: 'sku', from: null, to: 'SW-6' },
      { field: 'category', from: null, to: 'Beverages' },
      { field: 'price', from: null, to: 1450 },
      { field: 'unit', from: null, to: 'case of 6 × 1 L' },
      { field: 'packSize', from: null, to: 1 },
      { field: 'minOrderQty', from: null, to: 2 },
      { field: 'stock', from: null, to: 1200 },
      { field: 'active', from: null, to: true },
      { field: 'tiers', from: null, to: [{ minQty: 12, price: 1350 }, { minQty: 48, price: 1275 }] },
      { field: 'imageUrl', from: null, to: '' },
      { field: 'imagePath', from: null, to: 'products/sw-6.webp' },
    ],
    says: [
      'Name set to Sparkling Water.',
      'SKU set to SW-6.',
      'Category set to Beverages.',
      'Price set to $14.50.',
      'Unit set to case of 6 × 1 L.',
      'Pack size set to 1.',
      'Minimum order quantity set to 2.',
      'Stock set to 1,200.',
      'Shown in the catalog.',
      'Volume prices set to 12 or more at $13.50, 48 or more at $12.75.',
      'Image set to none.',
      'Image file set to sw-6.webp.',
    ],
  },
  'product.update': {
    target: 'products/sw-6',
    changes: [
      { field: 'price', from: 1450, to: 123_456 },
      { field: 'tiers', from: [{ minQty: 12, price: 1350 }], to: [] },
      { field: 'active', from: true, to: false },
      { field: 'description', from: 'Still', to: 'Sparkling' },
      { field: 'backorderable', from: false, to: true },
      { field: 'restockDate', from: '', to: '2026-12-09' },
    ],
    says: [
      'Price changed from $14.50 to $1,234.56.',
      'Volume prices cleared (was 12 or more at $13.50).',
      'Hidden from the catalog.',
      'Description changed from “Still” to “Sparkling”.',
      'Orders above the stock accepted on backorder.',
      'Restock date set to 2026-12-09.',
    ],
  },
  'product.delete': { target: 'products/sw-6', changes: [], says: [] },
  'product.import': { target: 'productImports/job-1', changes: [], says: [] },
  'stock.adjust': { target: 'products/sw-6', changes: [{ field: 'stock', from: 40, to: 38 }], says: ['Stock changed from 40 to 38.'] },
  'order.status': {
    target: 'orders/HW-7K3M9QX2AB',
    changes: [
      { field: 'status', from: 'processing', to: 'shipped' },
      { field: 'shipment', from: null, to: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } },
    ],
    says: ['Status changed from Processing to Shipped.', 'Shipment set to UPS, tracking number 1Z999AA10123456784.'],
  },
  'order.shipment': {
    target: 'orders/HW-7K3M9QX2AB',
    changes: [
      { field: 'status', from: 'processing', to: 'partially-shipped' },
      { field: 'shipment', from: null, to: { number: 'HW-7K3M9QX2AB-1', carrier: 'UPS', trackingNumber: '1Z999AA10123456784', invoiceNumber: 'INV-000042' } },
    ],
    says: ['Status changed from Processing to Partially shipped.', 'Shipment set to HW-7K3M9QX2AB-1 by UPS, tracking number 1Z999AA10123456784, invoice INV-000042.'],
  },
  'order.cancelRest': {
    target: 'orders/HW-7K3M9QX2AB',
    changes: [
      { field: 'status', from: 'partially-shipped', to: 'shipped' },
      { field: 'cancelled', from: null, to: [{ productId: 'bev-1001', units: 15 }] },
    ],
    says: ['Status changed from Partially shipped to Shipped.', 'Cancelled set to 15 of bev-1001.'],
  },
  'order.paid': { target: 'orders/HW-7K3M9QX2AB', changes: [{ field: 'paymentStatus', from: 'unpaid', to: 'paid' }], says: ['Payment changed from unpaid to paid.'] },
  'payment.record': {
    target: 'companies/seaside-cafe',
    changes: [
      { field: 'INV-000012', from: null, to: 10_000 },
      { field: 'INV-000013', from: null, to: 28_434 },
    ],
    says: ['$100.00 paid on INV-000012.', '$284.34 paid on INV-000013.'],
  },
  'payment.reverse': { target: 'companies/seaside-cafe', changes: [{ field: 'reversed', from: false, to: true }], says: ['Payment reversed: what it paid is open again.'] },
  'creditNote.issue': { target: 'orders/HW-7K3M9QX2AB', changes: [{ field: 'amountCredited', from: 0, to: 5_000 }], says: ['Amount credited on the invoice changed from $0.00 to $50.00.'] },
  'company.update': {
    target: 'companies/seaside-cafe',
    changes: [
      { field: 'status', from: 'pending', to: 'approved' },
      { field: 'paymentTerms', from: 'prepaid', to: 'net30' },
      { field: 'creditLimit', from: 0, to: 500_000 },
      { field: 'taxExempt', from: false, to: true },
      { field: 'taxCertificateId', from: '', to: 'TX-8812' },
      { field: 'shipComplete', from: false, to: true },
      { field: 'timeZone', from: 'UTC', to: 'America/Chicago' },
      { field: 'discountBasisPoints', from: 500, to: 750 },
      { field: 'fixedPrices', from: { 'bev-1001': 1750, 'bev-1002': 1200, 'bev-1004': null }, to: { 'bev-1001': 1600, 'bev-1002': null, 'bev-1004': 2500 } },
      { field: 'note', from: '', to: 'Slow payer, ask for a deposit' },
      { field: 'salesRepUid', from: '', to: 'uid-sam' },
    ],
    says: [
      'Status changed from Pending approval to Approved.',
      'Payment terms changed from Prepaid (bank transfer before shipping) to Net 30 (invoice).',
      'Credit limit changed from $0.00 to $5,000.00.',
      'Made tax exempt.',
      'Tax exemption certificate set to TX-8812.',
      'Set to ship complete: its orders never ship in part.',
      'Time zone changed from UTC to America/Chicago.',
      'Contract discount changed from 5% to 7.5%.',
      'Fixed prices: bev-1001 from $17.50 to $16.00; removed bev-1002 (was $12.00); added bev-1004 at $25.00.',
      'Internal note set to “Slow payer, ask for a deposit”.',
      'Sales rep set to Sam Sales.',
    ],
  },
  'staff.role': {
    target: 'users/uid-frankie',
    changes: [
      { field: 'role', from: null, to: 'finance' },
      { field: 'role', from: 'finance', to: 'admin' },
      { field: 'role', from: 'sales', to: null },
    ],
    says: ['Staff role set to Finance.', 'Staff role changed from Finance to Administrator.', 'Staff role cleared (was Sales).'],
  },
  'quote.create': { target: 'quotes/q1', changes: [], says: [] },
  'quote.respond': { target: 'quotes/q1', changes: [], says: [] },
  'quote.reject': { target: 'quotes/q1', changes: [], says: [] },
  'quote.message': { target: 'quotes/q1', changes: [], says: [] },
  'return.approve': {
    target: 'orders/HW-7K3M9QX2AB',
    changes: [
      { field: 'returnStatus', from: 'requested', to: 'approved' },
      { field: 'restockingFeeBasisPoints', from: 0, to: 1500 },
    ],
    says: ['Return changed from Requested to Approved.', 'Restocking fee changed from 0% to 15%.'],
  },
  'return.reject': { target: 'orders/HW-7K3M9QX2AB', changes: [{ field: 'returnStatus', from: 'requested', to: 'rejected' }], says: ['Return changed from Requested to Rejected.'] },
  'return.receive': {
    target: 'orders/HW-7K3M9QX2AB',
    changes: [
      { field: 'returnStatus', from: 'approved', to: 'received' },
      { field: 'creditNotes', from: null, to: ['CN-000004'] },
    ],
    says: ['Return changed from Approved to Partly received.', 'Credit notes set to CN-000004.'],
  },
  'return.close': { target: 'orders/HW-7K3M9QX2AB', changes: [{ field: 'returnStatus', from: 'received', to: 'closed' }], says: ['Return changed from Partly received to Closed.'] },
  'apiKey.create': { target: 'apiKeys/key-1', changes: [{ field: 'scopes', from: null, to: ['orders:read', 'inventory:write'] }], says: ['Scopes set to orders:read, inventory:write.'] },
  'apiKey.revoke': { target: 'apiKeys/key-1', changes: [{ field: 'revoked', from: false, to: true }], says: ['API key revoked: it no longer works.'] },
  'webhook.create': {
    target: 'webhookEndpoints/endpoint-1',
    changes: [
      { field: 'url', from: null, to: 'https://erp.example.com/hooks' },
      { field: 'events', from: null, to: ['order.created'] },
    ],
    says: ['URL set to https://erp.example.com/hooks.', 'Events set to order.created.'],
  },
  'webhook.update': { target: 'webhookEndpoints/endpoint-1', changes: [{ field: 'enabled', from: false, to: true }], says: ['Endpoint turned on.'] },
  'webhook.delete': { target: 'webhookEndpoints/endpoint-1', changes: [{ field: 'url', from: 'https://erp.example.com/hooks', to: null }], says: ['URL cleared (was https://erp.example.com/hooks).'] },
  'accounting.settings': { target: 'settings/accounting', changes: [{ field: 'incomeAccount', from: '4000', to: '4100' }], says: ['Income account changed from 4000 to 4100.'] },
};

describe('auditChangeSentences', () => {
  it.each(AUDIT_ACTIONS)('says what %s changed in sentences, amounts as money', (action) => {
    const { target, changes, says } = ENTRIES[action];
    expect(auditChangeSentences({ target, changes }, nameOf)).toEqual(says);
  });

  it('never writes JSON, a field by its stored name or an amount in cents', () => {
    for (const { target, changes } of Object.values(ENTRIES)) {
      for (const sentence of auditChangeSentences({ target, changes }, nameOf)) {
        expect(sentence).not.toMatch(/[{}[\]"]|Basis|Uid|\b(1450|123456|500000|28434)\b/);
        expect(sentence).toMatch(/\.$/);
      }
    }
  });

  it("writes a company's history as the log does: a member's terms, its billing address, an address and a time", () => {
    expect(
      auditChangeSentences({
        target: 'companies/seaside-cafe',
        changes: [
          { field: 'member Dana Reyes', from: 'Buyer, order limit $500.00', to: 'Approver' },
          { field: 'billingEmail', from: '', to: 'ap@seaside.example' },
          { field: 'shippingAddress', from: null, to: { name: 'Dock 3', line1: '12 Harbor Way', line2: '', city: 'Austin', region: 'TX', postalCode: '78701', country: 'United States' } },
          { field: 'limits', from: { orderLimit: 50_000, monthlyLimit: null }, to: { orderLimit: 75_000, monthlyLimit: 200_000 } },
          { field: 'approvedAt', from: null, to: { seconds: Date.UTC(2026, 2, 4) / 1000, nanoseconds: 0 } },
        ],
      }),
    ).toEqual([
      'Member Dana Reyes changed from Buyer, order limit $500.00 to Approver.',
      'Billing e-mail address set to ap@seaside.example.',
      'Shipping address set to Dock 3, 12 Harbor Way, Austin, TX 78701, United States.',
      'Limits changed from order limit $500.00, monthly limit none to order limit $750.00, monthly limit $2,000.00.',
      'Approved at set to 2026-03-04.',
    ]);
  });

  it('names a sales rep the reader does not know by its uid, and joins the sentences for the CSV', () => {
    const entry = { target: 'companies/c', changes: [{ field: 'salesRepUid', from: 'uid-sam', to: 'uid-new' }, { field: 'creditLimit', from: 100, to: 200 }] };
    expect(auditChangesText(entry, nameOf)).toBe('Sales rep changed from Sam Sales to uid-new. Credit limit changed from $1.00 to $2.00.');
    expect(auditChangesText(entry)).toBe('Sales rep changed from uid-sam to uid-new. Credit limit changed from $1.00 to $2.00.');
  });
});

describe('the audit log actions', () => {
  it('each has a name of its own, so the filter lists each once', () => {
    const labels = Object.values(AUDIT_ACTION_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('names fields as a person writes them', () => {
    expect(auditFieldLabel('creditLimit')).toBe('Credit limit');
    expect(auditFieldLabel('discountBasisPoints')).toBe('Contract discount');
    expect(auditFieldLabel('someNewField')).toBe('Some new field');
  });
});
