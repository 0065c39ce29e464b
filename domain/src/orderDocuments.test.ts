import { describe, expect, it } from 'vitest';
import { formatInvoiceNumber } from './receivables';
import { invoiceContent, packingSlipContent, type DocumentBlock } from './orderDocuments';
import { orderFromData } from './orderData';

const order = orderFromData('HW-7K3M9QX2AB', {
  userId: 'u1',
  userEmail: 'buyer@example.com',
  company: 'Seaside Cafe Ltd',
  poNumber: 'PO-77',
  paymentMethod: 'bank-transfer',
  items: [{ productId: 'p1', name: 'Bread Flour', sku: 'BAK-3001', unit: 'sack', unitPrice: 3875, quantity: 4, lineTotal: 15500 }],
  subtotal: 15500,
  shipping: 2500,
  tax: 1240,
  total: 19240,
  currency: 'USD',
  shippingAddress: { line1: '12 Harbor Way', line2: '', city: 'Portland', region: 'ME', postalCode: '04101', country: 'United States' },
  createdAt: Date.UTC(2026, 10, 2),
});

/** Every piece of text a document shows, in order. */
function texts(blocks: DocumentBlock[]): string[] {
  return blocks.flatMap((block) => {
    switch (block.kind) {
      case 'columns':
        return [block.left.title, ...block.left.lines, block.right.title, ...block.right.lines];
      case 'facts':
      case 'totals':
        return block.kind === 'facts' ? block.facts.flat() : block.totals.flat();
      case 'table':
        return [...block.table.columns.map((column) => column.title), ...block.table.rows.flat()];
      case 'paragraph':
        return [block.title, ...block.lines];
    }
  });
}

describe('order documents', () => {
  it('numbers invoices with six digits at least', () => {
    expect(formatInvoiceNumber(42)).toBe('INV-000042');
    expect(formatInvoiceNumber(1_234_567)).toBe('INV-1234567');
  });

  it('puts seller, buyer, PO, lines, totals, terms and payment instructions on the invoice', () => {
    const invoice = invoiceContent(order, 42, Date.UTC(2026, 10, 3));
    expect(invoice.title).toBe('Invoice INV-000042');
    expect(invoice.fileName).toBe('INV-000042-HW-7K3M9QX2AB.pdf');
    const text = texts(invoice.blocks);
    for (const expected of ['Harbor Group Inc.', 'Seaside Cafe Ltd', 'buyer@example.com', 'PO-77', 'November 3, 2026', 'November 2, 2026', 'BAK-3001', '4 sack', '$38.75', '$155.00', '$25.00', '$12.40', '$192.40', 'Bank transfer in advance']) {
      expect(text).toContain(expected);
    }
    expect(text.some((line) => line.includes('Please transfer $192.40'))).toBe(true);
    expect(text).not.toContain('Due date');
  });

  it('shows the order\'s own terms and due date where it has them', () => {
    const text = texts(invoiceContent({ ...order, paymentMethod: 'invoice-net15', dueDate: Date.UTC(2026, 10, 18) }, 7, Date.UTC(2026, 10, 3)).blocks);
    expect(text).toEqual(expect.arrayContaining(['Terms', 'Invoice, net 15 days', 'Due date', 'November 18, 2026']));
  });

  it('lists lines and quantities on the packing slip, without any price', () => {
    const slip = packingSlipContent(order);
    const text = texts(slip.blocks);
    expect(text).toEqual(expect.arrayContaining(['Ship to', 'BAK-3001', 'Bread Flour', '4 sack', 'PO-77']));
    expect(text.join(' ')).not.toContain('$');
  });
});
