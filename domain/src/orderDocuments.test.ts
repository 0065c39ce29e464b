import { describe, expect, it } from 'vitest';
import { accountActivity } from './accountActivity';
import { formatInvoiceNumber, statementOf, type CreditNote, type Invoice, type LedgerEntryKind } from './receivables';
import { creditNoteContent, formatTaxRate, invoiceContent, orderConfirmationContent, packingSlipContent, pickListContent, statementContent, taxLabel, type DocumentBlock, type OrderDocumentContent } from './orderDocuments';
import { orderFromData } from './orderData';
import { getOrderDocumentInputSchema } from './callableSchemas';

const address = { line1: '12 Harbor Way', line2: 'Dock 3', city: 'Austin', region: 'TX', postalCode: '78701', country: 'United States' };
const oil = { productId: 'p2', name: 'Extra Virgin Olive Oil', sku: 'OIL-1001', unit: 'case of 6 × 1 L bottles', unitPrice: 8400, quantity: 2, lineTotal: 16800 };

const order = orderFromData('HW-7K3M9QX2AB', {
  userId: 'u1',
  userEmail: 'buyer@example.com',
  company: 'Seaside Cafe Ltd',
  placedByName: 'Dana Reyes',
  poNumber: 'PO-77',
  paymentMethod: 'bank-transfer',
  items: [{ productId: 'p1', name: 'Bread Flour', sku: 'BAK-3001', unit: 'sack of 50 lb', unitPrice: 3875, quantity: 4, lineTotal: 15500 }, oil],
  subtotal: 32300,
  shipping: 2500,
  tax: 2665,
  taxRateBasisPoints: 825,
  total: 37465,
  currency: 'USD',
  shippingAddress: address,
  createdAt: Date.UTC(2026, 10, 2),
});

const invoice: Invoice = {
  number: 'INV-000042',
  sequence: 42,
  orderId: order.id,
  shipmentNumber: `${order.id}-1`,
  companyId: 'co-1',
  userId: 'u1',
  buyer: { name: 'Seaside Cafe Ltd', email: 'owner@seaside.example', taxId: 'EIN 12-3456789', billingAddress: { ...address, line1: '1 Billing Road' } },
  shippingAddress: address,
  poNumber: 'PO-77',
  paymentMethod: 'invoice-net30',
  currency: 'USD',
  lines: order.items.map(({ productId, sku, name, unit, quantity, unitPrice, lineTotal }) => ({ productId, sku, name, unit, quantity, unitPrice, lineTotal })),
  subtotal: 32300,
  shipping: 2500,
  tax: 2665,
  taxRateBasisPoints: 825,
  taxRegion: 'TX',
  taxExempt: false,
  taxCertificateId: '',
  total: 37465,
  issuedAt: Date.UTC(2026, 10, 3),
  dueAt: Date.UTC(2026, 11, 3),
  amountPaid: 0,
  amountCredited: 0,
  status: 'open',
  creditNotes: [],
  paymentsProcessing: {},
};

const note: CreditNote = {
  number: 'CN-000007',
  sequence: 7,
  invoiceNumber: 'INV-000042',
  orderId: order.id,
  companyId: 'co-1',
  userId: 'u1',
  buyer: invoice.buyer,
  currency: 'USD',
  lines: [{ ...oil, quantity: 1, lineTotal: 8400 }],
  restocked: true,
  amount: 9093,
  reason: 'One case arrived broken',
  issuedAt: Date.UTC(2026, 10, 10),
  issuedBy: 'staff-1',
  restockingFee: 0,
  returnNumber: '',
  appliedToInvoice: 9093,
};

/** Every piece of text a document shows, in order. */
function texts(content: OrderDocumentContent): string[] {
  return [
    content.title,
    ...content.blocks.flatMap((block: DocumentBlock) => {
      switch (block.kind) {
        case 'columns':
          return block.columns.flatMap((column) => [column.title, ...column.lines]);
        case 'facts':
          return block.facts.flat();
        case 'totals':
          return block.totals.flat();
        case 'table':
          return [...block.table.columns.map((column) => column.title), ...block.table.rows.flat()];
        case 'paragraph':
          return [block.title, ...block.lines];
      }
    }),
  ];
}
const joined = (content: OrderDocumentContent) => texts(content).join('\n');

/** The value printed beside `label` in a facts or totals block. */
function valueOf(content: OrderDocumentContent, label: string): string | undefined {
  for (const block of content.blocks) {
    const pairs = block.kind === 'facts' ? block.facts : block.kind === 'totals' ? block.totals : [];
    const found = pairs.find(([name]) => name === label);
    if (found) return found[1];
  }
  return undefined;
}

/** Each label's printed value. */
function expectValues(content: OrderDocumentContent, values: Record<string, string>): void {
  for (const [label, value] of Object.entries(values)) expect([label, valueOf(content, label)]).toEqual([label, value]);
}

const bankDetails = ['First Harbor Bank', 'Harbor Group Inc.', '011 000 138', '4471 2209 5318'];

describe('the invoice', () => {
  const content = invoiceContent(invoice);

  it('names the seller and the buyer with its tax id and billing address, and ships to the order address', () => {
    expect(content.title).toBe('Invoice INV-000042');
    expect(content.fileName).toBe('INV-000042-HW-7K3M9QX2AB.pdf');
    expect(texts(content)).toEqual(expect.arrayContaining(['Harbor Group Inc.', 'EIN 93-1234567', 'Bill to', 'Seaside Cafe Ltd', 'owner@seaside.example', 'Tax id: EIN 12-3456789', '1 Billing Road', 'Ship to', '12 Harbor Way', 'Austin, TX, 78701']));
  });

  it('states the invoice, due and order facts and the terms', () => {
    expectValues(content, {
      'Invoice number': 'INV-000042',
      'Invoice date': 'November 3, 2026',
      'Due date': 'December 3, 2026',
      'Order number': 'HW-7K3M9QX2AB',
      'PO number': 'PO-77',
      Terms: 'Invoice, net 30 days',
    });
  });

  it('keeps the unit text whole in its own column, beside quantity, unit price and amount', () => {
    const table = content.blocks.find((block) => block.kind === 'table');
    expect(table?.kind === 'table' && table.table.rows).toEqual([
      ['BAK-3001', 'Bread Flour', 'sack of 50 lb', '4', '$38.75', '$155.00'],
      ['OIL-1001', 'Extra Virgin Olive Oil', 'case of 6 × 1 L bottles', '2', '$84.00', '$168.00'],
    ]);
  });

  it('states subtotal, shipping, tax with its rate and state, and the total; nothing paid, no amount due line', () => {
    const totals = content.blocks.find((block) => block.kind === 'totals');
    expect(totals?.kind === 'totals' && totals.totals).toEqual([
      ['Subtotal', '$323.00'],
      ['Shipping', '$25.00'],
      ['Tax (8.25%, TX)', '$26.65'],
      ['Total', '$374.65'],
    ]);
  });

  it('says the buyer is exempt, with its certificate, when it is', () => {
    const exempt = invoiceContent({ ...invoice, taxExempt: true, taxCertificateId: 'TX-EX-991', tax: 0, taxRateBasisPoints: 0, total: 34800 });
    expect(valueOf(exempt, 'Tax: exempt (certificate TX-EX-991)')).toBe('$0.00');
    expect(joined(exempt)).not.toContain('Tax (');
    expect(valueOf(invoiceContent({ ...invoice, taxExempt: true, taxCertificateId: '', tax: 0 }), 'Tax: exempt')).toBe('$0.00');
  });

  it('shows what was paid and credited and the amount still due', () => {
    const partly = invoiceContent({ ...invoice, amountPaid: 10000, amountCredited: 9093, status: 'partially-paid' });
    expectValues(partly, { Paid: '-$100.00', Credited: '-$90.93', 'Amount due': '$183.72' });
    expect(joined(partly)).toContain('Please pay $183.72 by December 3, 2026 (net 30 days from the invoice date)');
  });

  it('carries the bank details and the invoice number to quote', () => {
    for (const detail of bankDetails) expect(texts(content)).toContain(detail);
    expect(valueOf(content, 'Reference')).toBe('INV-000042');
    expect(texts(content)).toContain('Quote INV-000042 with your payment.');
  });

  it('asks nothing more of a paid invoice', () => {
    const paid = invoiceContent({ ...invoice, amountPaid: invoice.total, status: 'paid' });
    expect(valueOf(paid, 'Amount due')).toBe('$0.00');
    expect(texts(paid)).toContain('This invoice is paid in full. Thank you.');
    expect(joined(paid)).not.toContain('Please pay');
    expect(joined(paid)).not.toContain('Routing number');
  });

  it('leaves out the tax id the buyer does not have, and a missing billing address', () => {
    const text = joined(invoiceContent({ ...invoice, buyer: { ...invoice.buyer, taxId: '', billingAddress: null } }));
    expect(text).not.toContain('Tax id');
    expect(text).not.toContain('1 Billing Road');
  });
});

describe('the order confirmation', () => {
  const advance = orderConfirmationContent(order);
  const onTerms = orderConfirmationContent({ ...order, paymentMethod: 'invoice-net15' });

  it('has no invoice number and says the invoice follows at shipment', () => {
    for (const content of [advance, onTerms]) {
      expect(content.title).toBe('Order confirmation');
      expect(content.fileName).toBe('order-confirmation-HW-7K3M9QX2AB.pdf');
      expect(joined(content)).not.toMatch(/INV-|Invoice number/);
      expect(joined(content)).toMatch(/[Ii]nvoice follows/);
    }
  });

  it('states the order, the buyer, the lines with their whole unit and the totals with the tax rate and state', () => {
    expectValues(advance, { 'Order number': 'HW-7K3M9QX2AB', 'Order date': 'November 2, 2026', 'PO number': 'PO-77', Terms: 'Bank transfer in advance' });
    expect(texts(advance)).toEqual(expect.arrayContaining(['Seaside Cafe Ltd', 'Dana Reyes', 'buyer@example.com', '12 Harbor Way', 'case of 6 × 1 L bottles', '$168.00']));
    expectValues(advance, { Subtotal: '$323.00', Shipping: '$25.00', 'Tax (8.25%, TX)': '$26.65', Total: '$374.65' });
  });

  it('is a pro-forma with the bank details and the order number to quote, for payment in advance only', () => {
    expect(joined(advance)).toContain('pro-forma');
    expect(joined(advance)).toContain('Please transfer $374.65');
    for (const detail of bankDetails) expect(texts(advance)).toContain(detail);
    expect(valueOf(advance, 'Reference')).toBe('HW-7K3M9QX2AB');

    expect(joined(onTerms).toLowerCase()).not.toContain('pro-forma');
    expect(joined(onTerms)).not.toContain('Routing number');
    expect(joined(onTerms)).toContain('You will be invoiced when your order ships: payment is due net 15 days from the invoice date.');
  });

  it('asks no more payment in advance once it is paid', () => {
    const paid = orderConfirmationContent({ ...order, paymentStatus: 'paid' });
    expect(texts(paid)).toContain('We received your payment of $374.65. Thank you. Your invoice follows when your order ships.');
    expect(joined(paid)).not.toMatch(/Please transfer|Routing number|pro-forma/);
  });

  it('says no tax was charged rather than claim an exemption when the rate is nought', () => {
    const untaxed = orderConfirmationContent({ ...order, tax: 0, taxRateBasisPoints: 0, shippingAddress: { ...address, region: 'OR' } });
    expect(valueOf(untaxed, 'Tax (none charged, OR)')).toBe('$0.00');
    expect(joined(untaxed)).not.toContain('exempt');
  });
});

describe('the credit note', () => {
  it('references the invoice, states the reason, the returned lines, the restocking and the amount credited', () => {
    const content = creditNoteContent(note);
    expect(content.title).toBe('Credit note CN-000007');
    expect(content.fileName).toBe('CN-000007-HW-7K3M9QX2AB.pdf');
    expectValues(content, { 'Credits invoice': 'INV-000042', 'Order number': 'HW-7K3M9QX2AB', Reason: 'One case arrived broken', Date: 'November 10, 2026' });
    expect(texts(content)).toEqual(expect.arrayContaining(['OIL-1001', 'case of 6 × 1 L bottles', 'The returned goods were taken back into stock.']));
    expectValues(content, { 'Amount credited': '$90.93', 'Applied to INV-000042': '$90.93' });
    expect(joined(content)).not.toContain('Kept as credit');
  });

  it('states an allowance without lines, and the part kept as credit on the account', () => {
    const content = creditNoteContent({ ...note, lines: [], restocked: false, amount: 5000, appliedToInvoice: 2000, reason: 'Late delivery' });
    expect(texts(content)).toContain('An allowance of $50.00 on invoice INV-000042, without returned goods.');
    expect(joined(content)).not.toContain('stock');
    expectValues(content, { 'Applied to INV-000042': '$20.00', 'Kept as credit on your account': '$30.00', 'Amount credited': '$50.00' });
  });

  it('says when returned goods were not restocked', () => {
    expect(texts(creditNoteContent({ ...note, restocked: false }))).toContain('The returned goods were not taken back into stock.');
  });
});

describe('the statement of account', () => {
  const asOf = Date.UTC(2026, 11, 20);
  const older = { ...invoice, number: formatInvoiceNumber(40), sequence: 40, issuedAt: Date.UTC(2026, 8, 1), dueAt: Date.UTC(2026, 9, 1), total: 20000, amountPaid: 5000 };
  const paid = { ...invoice, number: formatInvoiceNumber(41), sequence: 41, amountPaid: invoice.total };
  const buyer = { name: 'Seaside Cafe Ltd', email: 'owner@seaside.example', billingAddress: address };
  const period = { from: '2026-09-22', to: '2026-12-20' };
  const entry = (kind: LedgerEntryKind, reference: string, description: string, amount: number, balance: number, at: number) => ({ kind, reference, description, amount, balance, at, orderId: null });
  const activity = accountActivity(
    [
      entry('invoice', 'INV-000040', 'Invoice INV-000040 for order HW-1', 20000, 20000, Date.UTC(2026, 8, 1)),
      entry('payment', 'PAY-7K3M9QX2AB', 'Payment by check (Check 2001)', -5000, 15000, Date.UTC(2026, 9, 5, 15)),
      entry('invoice', 'INV-000042', 'Invoice INV-000042 for order HW-7K3M9QX2AB', 37465, 52465, Date.UTC(2026, 10, 3)),
      entry('payment-reversal', 'PAY-7K3M9QX2AB', 'Payment PAY-7K3M9QX2AB of $50.00 reversed: check bounced', 5000, 57465, Date.UTC(2026, 10, 10)),
      entry('credit-note', 'CN-000003', 'Credit note CN-000003 on invoice INV-000040: damaged', -5000, 52465, Date.UTC(2026, 11, 1)),
    ],
    period,
  );
  const tables = (content: OrderDocumentContent) => content.blocks.flatMap((block) => (block.kind === 'table' ? [block.table] : []));

  it('takes the period from its opening to its closing balance, every entry with its date and reference', () => {
    const content = statementContent(statementOf({ id: 'co-1', name: 'Seaside Cafe Ltd', unallocatedCredit: 0 }, [invoice, older], asOf), activity, buyer);
    expect(content.fileName).toBe('statement-2026-09-22-to-2026-12-20.pdf');
    expectValues(content, { 'Statement date': 'December 20, 2026', Period: 'September 22, 2026 to December 20, 2026' });
    const [activityTable] = tables(content);
    expect(activityTable!.columns.map((column) => column.title)).toEqual(['Date', 'Details', 'Reference', 'Charges', 'Credits', 'Balance']);
    expect(activityTable!.rows).toEqual([
      ['Sep 22, 2026', 'Opening balance', '', '', '', '$200.00'],
      ['Oct 5, 2026', 'Payment by check (Check 2001)', 'PAY-7K3M9QX2AB', '', '$50.00', '$150.00'],
      ['Nov 3, 2026', 'Invoice INV-000042 for order HW-7K3M9QX2AB', 'INV-000042', '$374.65', '', '$524.65'],
      ['Nov 10, 2026', 'Payment PAY-7K3M9QX2AB of $50.00 reversed: check bounced', 'PAY-7K3M9QX2AB', '$50.00', '', '$574.65'],
      ['Dec 1, 2026', 'Credit note CN-000003 on invoice INV-000040: damaged', 'CN-000003', '', '$50.00', '$524.65'],
      ['Dec 20, 2026', 'Closing balance', '', '', '', '$524.65'],
    ]);
    expectValues(content, {
      'Opening balance': '$200.00',
      Invoiced: '$374.65',
      'Credit notes': '-$50.00',
      Payments: '-$50.00',
      'Payments reversed': '$50.00',
      'Closing balance': '$524.65',
    });
  });

  it('says when nothing happened in the period, and prints a balance in the company’s favour as credit', () => {
    const quiet = accountActivity([entry('payment', 'PAY-A', 'Payment by bank transfer', -2500, -2500, Date.UTC(2026, 5, 1))], period);
    const content = statementContent(statementOf({ id: 'co-1', name: 'Seaside Cafe Ltd', unallocatedCredit: 2500 }, [], asOf), quiet, buyer);
    expect(texts(content)).toContain('Nothing was invoiced, paid, credited or reversed from September 22, 2026 to December 20, 2026.');
    expect(tables(content)).toEqual([]);
    expectValues(content, { 'Opening balance': '$25.00 in credit', Payments: '$0.00', 'Closing balance': '$25.00 in credit' });
  });

  it('then lists the open invoices today with their dates, days past due, amounts and status, and the age buckets', () => {
    const content = statementContent(statementOf({ id: 'co-1', name: 'Seaside Cafe Ltd', unallocatedCredit: 0 }, [invoice, paid, older], asOf), activity, buyer);
    expect(content.title).toBe('Statement of account');
    expect(texts(content)).toContain('Open invoices on December 20, 2026');
    expect(tables(content)[1]!.rows).toEqual([
      ['INV-000040', 'Sep 1, 2026', 'Oct 1, 2026', '80', '$200.00', '$150.00', 'Overdue'],
      ['INV-000042', 'Nov 3, 2026', 'Dec 3, 2026', '17', '$374.65', '$374.65', 'Overdue'],
    ]);
    expectValues(content, { Current: '$0.00', '1–30 days': '$374.65', '31–60 days': '$0.00', '61–90 days': '$150.00', 'Over 90 days': '$0.00', Overdue: '$524.65', 'Total due': '$524.65' });
    expect(texts(content)).toEqual(expect.arrayContaining(['Seaside Cafe Ltd', 'owner@seaside.example', '12 Harbor Way', ...bankDetails]));
    expect(joined(content)).not.toContain('credit not yet applied');
  });

  it('shows invoices not yet due, unallocated credit, and asks no payment when nothing is open', () => {
    const current = statementContent(statementOf({ id: 'co-1', name: 'Seaside Cafe Ltd', unallocatedCredit: 1250 }, [invoice], Date.UTC(2026, 10, 20)), activity, buyer);
    expect(tables(current)[1]!.rows[0]).toEqual(['INV-000042', 'Nov 3, 2026', 'Dec 3, 2026', 'Not yet due', '$374.65', '$374.65', 'Open']);
    expect(joined(current)).toContain('You have $12.50 of credit not yet applied to an invoice');
    expect(texts(current)).toContain('Nothing is overdue.');

    const settled = statementContent(statementOf({ id: 'co-1', name: 'Seaside Cafe Ltd', unallocatedCredit: 0 }, [paid], asOf), activity, { ...buyer, billingAddress: null });
    expect(texts(settled)).toContain('You have no open invoices.');
    expect(valueOf(settled, 'Total due')).toBe('$0.00');
    expect(joined(settled)).not.toContain('Routing number');
  });
});

describe('the packing slip', () => {
  it('lists lines and quantities with the whole unit, without any price', () => {
    const slip = packingSlipContent(order);
    expect(texts(slip)).toEqual(expect.arrayContaining(['Ship to', 'BAK-3001', 'Bread Flour', '4 sack of 50 lb', '2 case of 6 × 1 L bottles', 'PO-77']));
    expect(joined(slip)).not.toContain('$');
  });
});

describe('the pick list', () => {
  const partShipped = orderFromData('HW-2B', {
    ...order,
    items: [{ ...oil, quantity: 5, allocated: 3, shipped: 0, backordered: 2, cancelled: 0 }],
    createdAt: Date.UTC(2026, 10, 3),
  });
  const waiting = orderFromData('HW-3C', { ...order, items: [{ ...oil, quantity: 4, allocated: 0, shipped: 0, backordered: 4, cancelled: 0 }] });
  const list = pickListContent([order, partShipped, waiting], Date.UTC(2026, 10, 4, 15));
  const table = list.blocks.find((block) => block.kind === 'table');

  it('is dated and names the orders it was drawn for', () => {
    expect(list).toMatchObject({ title: 'Pick list', fileName: 'pick-list-2026-11-04.pdf' });
    expectValues(list, { Date: 'November 4, 2026', Orders: 'HW-7K3M9QX2AB, HW-2B, HW-3C' });
  });

  it('groups the allocated units by product in SKU order, with the orders each goes to', () => {
    expect(table?.kind === 'table' && table.table.rows).toEqual([
      ['BAK-3001', 'Bread Flour', 'sack of 50 lb', '4', 'HW-7K3M9QX2AB × 4'],
      ['OIL-1001', 'Extra Virgin Olive Oil', 'case of 6 × 1 L bottles', '5', 'HW-7K3M9QX2AB × 2, HW-2B × 3'],
    ]);
    expect(joined(list)).not.toContain('$');
  });

  it('lists an order with nothing allocated as nothing to pick', () => {
    expect(texts(list)).toEqual(expect.arrayContaining(['Nothing to pick', 'HW-3C: nothing to pick (its units are on backorder or shipped).']));
    expect(texts(pickListContent([waiting], Date.UTC(2026, 10, 4))).filter((text) => text.startsWith('SKU'))).toEqual([]);
  });
});

describe('every document', () => {
  it('never promises to e-mail an invoice', () => {
    const all = [invoiceContent(invoice), orderConfirmationContent(order), orderConfirmationContent({ ...order, paymentMethod: 'invoice-net60' }), creditNoteContent(note), packingSlipContent(order)];
    for (const content of all) expect(joined(content)).not.toMatch(/will e-mail an invoice/i);
  });
});

describe('tax labels', () => {
  it('prints the rate without trailing zeros and the state', () => {
    expect(formatTaxRate(825)).toBe('8.25%');
    expect(formatTaxRate(800)).toBe('8%');
    expect(formatTaxRate(688)).toBe('6.88%');
    expect(formatTaxRate(650)).toBe('6.5%');
    expect(taxLabel(100, 625, 'TX')).toBe('Tax (6.25%, TX)');
    expect(taxLabel(100, 625, '')).toBe('Tax (6.25%)');
    expect(taxLabel(0, 0, 'OR')).toBe('Tax (none charged, OR)');
    // A stored order without its rate still shows the tax it charged.
    expect(taxLabel(100, 0, 'OR')).toBe('Tax');
  });
});

describe('getOrderDocument input', () => {
  it('takes a credit note number for a credit note, and only then', () => {
    expect(getOrderDocumentInputSchema.safeParse({ orderId: 'HW-7K3M9QX2AB', kind: 'creditNote', creditNoteNumber: 'CN-000001' }).success).toBe(true);
    expect(getOrderDocumentInputSchema.safeParse({ orderId: 'HW-7K3M9QX2AB', kind: 'confirmation' }).success).toBe(true);
    expect(getOrderDocumentInputSchema.safeParse({ orderId: 'HW-7K3M9QX2AB', kind: 'creditNote' }).success).toBe(false);
    expect(getOrderDocumentInputSchema.safeParse({ orderId: 'HW-7K3M9QX2AB', kind: 'creditNote', creditNoteNumber: 'INV-000001' }).success).toBe(false);
    expect(getOrderDocumentInputSchema.safeParse({ orderId: 'HW-7K3M9QX2AB', kind: 'invoice', creditNoteNumber: 'CN-000001' }).success).toBe(false);
    expect(getOrderDocumentInputSchema.safeParse({ orderId: 'HW-7K3M9QX2AB', kind: 'receipt' }).success).toBe(false);
  });
});
