/**
 * What the shop's documents say, as plain text blocks: the order confirmation (before shipment,
 * without an invoice number), the invoice and the credit note (from their stored records), the
 * packing slip and the statement of account. The server draws them into a PDF
 * (functions/src/pdf.ts), tests read them back. Money is integer cents; dates are shown in UTC.
 */
import { BANK_ACCOUNT, RETURNS_ADDRESS_LINES, SELLER } from './config';
import { RETURN_DAYS, RETURN_REASON_LABELS, restockingFeeText, type ProductReturn } from './returns';
import { formatMoney } from './money';
import { netDays, PAYMENT_METHOD_LABELS, type Order, type OrderItem, type PaymentMethod } from './orders';
import type { ShippingAddress } from './address';
import { balanceText, dayStart, type AccountActivity } from './accountActivity';
import { AGE_BUCKET_LABELS, AGE_BUCKETS, INVOICE_STATUS_LABELS, invoiceOpenAmount, LEDGER_ENTRY_LABELS, type CreditNote, type Invoice, type InvoiceParty, type Statement } from './receivables';
import { QUOTE_STATUS_LABELS, type Quote } from './quotes';
import type { OrderShipment } from './fulfilment';

export const ORDER_DOCUMENT_KINDS = ['confirmation', 'invoice', 'packingSlip', 'creditNote', 'returnAuthorization'] as const;
export type OrderDocumentKind = (typeof ORDER_DOCUMENT_KINDS)[number];

export const ORDER_DOCUMENT_LABELS: Record<OrderDocumentKind, string> = {
  confirmation: 'Order confirmation',
  invoice: 'Invoice',
  packingSlip: 'Packing slip',
  creditNote: 'Credit note',
  returnAuthorization: 'Return authorization',
};

export interface DocumentColumnSpec {
  title: string;
  align: 'left' | 'right';
  /** The share of the page's width. */
  width: number;
}

export interface DocumentTable {
  columns: DocumentColumnSpec[];
  rows: string[][];
}

/** A table column; text columns align left, numbers and amounts right. */
const column = (title: string, width: number, align: 'left' | 'right' = 'left'): DocumentColumnSpec => ({ title, align, width });

export interface DocumentColumn {
  title: string;
  lines: string[];
}

export type DocumentBlock =
  | { kind: 'columns'; columns: DocumentColumn[] }
  | { kind: 'facts'; facts: [string, string][] }
  | { kind: 'table'; table: DocumentTable }
  | { kind: 'totals'; totals: [string, string][] }
  | { kind: 'paragraph'; title: string; lines: string[] };

export interface OrderDocumentContent {
  title: string;
  fileName: string;
  blocks: DocumentBlock[];
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
/** A date as documents print it: "November 3, 2026". */
export const documentDate = (millis: number): string => dateFormat.format(new Date(millis));
const shortDateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
/** A date in a narrow column of a document: "Nov 3, 2026". */
const documentShortDate = (millis: number): string => shortDateFormat.format(new Date(millis));

function addressLines(address: ShippingAddress): string[] {
  const cityLine = [address.city, address.region, address.postalCode].filter(Boolean).join(', ');
  return [address.line1, address.line2, cityLine, address.country].filter(Boolean);
}

const seller: DocumentColumn = { title: 'From', lines: [SELLER.name, ...SELLER.addressLines, SELLER.email, SELLER.phone, SELLER.taxId] };

/** The buyer as an invoice or a credit note names it: name, e-mail, tax id if any, billing address. */
function partyLines(party: InvoiceParty): string[] {
  return [party.name, party.email, party.taxId ? `Tax id: ${party.taxId}` : '', ...(party.billingAddress ? addressLines(party.billingAddress) : [])].filter(Boolean);
}

/** Where the bank transfer goes, with the reference the payer quotes. */
export function bankTransferFacts(reference: string): [string, string][] {
  return [
    ['Bank', BANK_ACCOUNT.bank],
    ['Payee', BANK_ACCOUNT.payee],
    ['Routing number', BANK_ACCOUNT.routingNumber],
    ['Account number', BANK_ACCOUNT.accountNumber],
    ['Reference', reference],
  ];
}

/** "8.25%" from 825 basis points. */
export function formatTaxRate(basisPoints: number): string {
  return `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/**
 * The tax line's label: its rate and the ship-to state it was charged for. A rate of nothing
 * charged says so rather than claim an exemption the order does not record.
 */
export function taxLabel(tax: number, basisPoints: number, region: string): string {
  const where = region ? `, ${region}` : '';
  if (basisPoints > 0) return `Tax (${formatTaxRate(basisPoints)}${where})`;
  return tax === 0 ? `Tax (none charged${where})` : 'Tax';
}

/** A priced line; a quote's line not yet priced has no unit price. */
type Line = Pick<OrderItem, 'sku' | 'name' | 'unit' | 'quantity' | 'lineTotal'> & { unitPrice: number | null };

/** The priced lines of a confirmation, an invoice, a credit note or a quote, the unit's full text in its own column. */
function linesTable(lines: Line[], money: (cents: number) => string): DocumentBlock {
  return {
    kind: 'table',
    table: {
      columns: [column('SKU', 0.14), column('Item', 0.27), column('Unit', 0.21), column('Quantity', 0.1, 'right'), column('Unit price', 0.13, 'right'), column('Amount', 0.15, 'right')],
      rows: lines.map((line) => [line.sku, line.name, line.unit, String(line.quantity), line.unitPrice === null ? 'To be quoted' : money(line.unitPrice), money(line.lineTotal)]),
    },
  };
}

/** What the buyer is charged: the lines, then subtotal, shipping, tax and total, then `after` (paid, amount due). */
function chargedBlocks(
  charged: { lines: Line[]; subtotal: number; shipping: number; total: number },
  tax: [string, string],
  money: (cents: number) => string,
  after: [string, string][] = [],
): DocumentBlock[] {
  return [
    linesTable(charged.lines, money),
    {
      kind: 'totals',
      totals: [['Subtotal', money(charged.subtotal)], ['Shipping', charged.shipping ? money(charged.shipping) : 'Free'], tax, ['Total', money(charged.total)], ...after],
    },
  ];
}

const poAndTerms = (poNumber: string, method: PaymentMethod): [string, string][] => [
  ['PO number', poNumber || 'None given'],
  ['Terms', PAYMENT_METHOD_LABELS[method]],
];

/** The invoice, from its stored record: what was shipped and charged, what is still due, and where to pay it. */
export function invoiceContent(invoice: Invoice): OrderDocumentContent {
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const due = invoiceOpenAmount(invoice);
  const tax: [string, string] = invoice.taxExempt
    ? [`Tax: exempt${invoice.taxCertificateId ? ` (certificate ${invoice.taxCertificateId})` : ''}`, money(invoice.tax)]
    : [taxLabel(invoice.tax, invoice.taxRateBasisPoints, invoice.taxRegion), money(invoice.tax)];
  const settled: [string, string][] = [
    ...(invoice.amountPaid ? [['Paid', `-${money(invoice.amountPaid)}`] as [string, string]] : []),
    ...(invoice.amountCredited ? [['Credited', `-${money(invoice.amountCredited)}`] as [string, string]] : []),
  ];
  const days = netDays(invoice.paymentMethod);
  const payment: DocumentBlock[] = due
    ? [
        {
          kind: 'paragraph',
          title: 'How to pay',
          lines: [
            `Please pay ${money(due)} by ${documentDate(invoice.dueAt)}${days === null ? '' : ` (net ${days} days from the invoice date)`} by bank transfer to the account below.`,
            `Quote ${invoice.number} with your payment.`,
          ],
        },
        { kind: 'facts', facts: bankTransferFacts(invoice.number) },
      ]
    : [{ kind: 'paragraph', title: 'Payment', lines: ['This invoice is paid in full. Thank you.'] }];
  return {
    title: `Invoice ${invoice.number}`,
    fileName: `${invoice.number}-${invoice.orderId}.pdf`,
    blocks: [
      { kind: 'columns', columns: [seller, { title: 'Bill to', lines: partyLines(invoice.buyer) }, { title: 'Ship to', lines: addressLines(invoice.shippingAddress) }] },
      {
        kind: 'facts',
        facts: [
          ['Invoice number', invoice.number],
          ['Invoice date', documentDate(invoice.issuedAt)],
          ['Due date', documentDate(invoice.dueAt)],
          ['Order number', invoice.orderId],
          ...(invoice.shipmentNumber ? [['Shipment', invoice.shipmentNumber] as [string, string]] : []),
          ...poAndTerms(invoice.poNumber, invoice.paymentMethod),
        ],
      },
      ...chargedBlocks(invoice, tax, money, settled.length ? [...settled, ['Amount due', money(due)]] : []),
      ...payment,
    ],
  };
}

/** How an order not yet invoiced is paid: in advance (the pro-forma, until the money arrives), or on the invoice's terms. */
function confirmationPayment(order: Order, money: (cents: number) => string): DocumentBlock[] {
  const days = netDays(order.paymentMethod);
  if (days !== null) {
    return [
      {
        kind: 'paragraph',
        title: 'Payment',
        lines: [`This is not an invoice. You will be invoiced when your order ships: payment is due net ${days} days from the invoice date. Your invoice follows by e-mail.`],
      },
    ];
  }
  if (order.paymentStatus === 'paid') {
    return [{ kind: 'paragraph', title: 'Payment received', lines: [`We received your payment of ${money(order.total)}. Thank you. Your invoice follows when your order ships.`] }];
  }
  return [
    {
      kind: 'paragraph',
      title: 'Pro-forma: payment in advance',
      lines: [
        `This confirmation serves as a pro-forma for payment in advance. Please transfer ${money(order.total)} to the account below, quoting ${order.id} as the reference.`,
        'We ship as soon as the payment arrives. Your invoice follows when your order ships.',
      ],
    },
    { kind: 'facts', facts: bankTransferFacts(order.id) },
  ];
}

/**
 * The order confirmation, offered before the order ships: no invoice number, since the invoice is
 * issued at shipment. For payment in advance it serves as the pro-forma the buyer pays from.
 */
export function orderConfirmationContent(order: Order): OrderDocumentContent {
  const money = (cents: number) => formatMoney(cents, order.currency);
  return {
    title: 'Order confirmation',
    fileName: `order-confirmation-${order.id}.pdf`,
    blocks: [
      { kind: 'columns', columns: [seller, { title: 'Buyer', lines: [order.company, order.placedByName, order.userEmail].filter(Boolean) }, { title: 'Ship to', lines: addressLines(order.shippingAddress) }] },
      {
        kind: 'facts',
        facts: [
          ['Order number', order.id],
          ['Order date', documentDate(order.createdAt)],
          ...poAndTerms(order.poNumber, order.paymentMethod),
        ],
      },
      ...chargedBlocks({ ...order, lines: order.items }, [taxLabel(order.tax, order.taxRateBasisPoints, order.shippingAddress.region), money(order.tax)], money),
      ...confirmationPayment(order, money),
    ],
  };
}

/** Whether a credit note's returned goods went back into stock, as the buyer reads it. */
export function returnedGoodsText(restocked: boolean): string {
  return restocked ? 'The returned goods were taken back into stock.' : 'The returned goods were not taken back into stock.';
}

/** A credit note: the invoice it credits, why, the goods returned (or the allowance) and what was credited. */
export function creditNoteContent(note: CreditNote): OrderDocumentContent {
  const money = (cents: number) => formatMoney(cents, note.currency);
  const kept = note.amount - note.appliedToInvoice;
  const what: DocumentBlock[] = note.lines.length
    ? [
        linesTable(note.lines, money),
        { kind: 'paragraph', title: 'Returned goods', lines: [returnedGoodsText(note.restocked)] },
      ]
    : [{ kind: 'paragraph', title: 'Allowance', lines: [`An allowance of ${money(note.amount)} on invoice ${note.invoiceNumber}, without returned goods.`] }];
  return {
    title: `Credit note ${note.number}`,
    fileName: `${note.number}-${note.orderId}.pdf`,
    blocks: [
      { kind: 'columns', columns: [seller, { title: 'Credit to', lines: partyLines(note.buyer) }] },
      {
        kind: 'facts',
        facts: [
          ['Credit note number', note.number],
          ['Date', documentDate(note.issuedAt)],
          ['Credits invoice', note.invoiceNumber],
          ['Order number', note.orderId],
          ...(note.returnNumber ? [['Return', note.returnNumber] as [string, string]] : []),
          ['Reason', note.reason],
        ],
      },
      ...what,
      {
        kind: 'totals',
        totals: [
          ...(note.restockingFee ? [['Restocking fee, before tax', `-${money(note.restockingFee)}`] as [string, string]] : []),
          [`Applied to ${note.invoiceNumber}`, money(note.appliedToInvoice)],
          ...(kept > 0 ? [['Kept as credit on your account', money(kept)] as [string, string]] : []),
          ['Amount credited', money(note.amount)],
        ],
      },
    ],
  };
}

/** The period's account activity: opening balance, every entry with its date and reference, closing balance, and the period's totals. */
function activityBlocks(activity: AccountActivity): DocumentBlock[] {
  const money = (cents: number) => formatMoney(cents);
  const less = (cents: number) => (cents ? `-${money(cents)}` : money(0));
  const { period, lines, totals } = activity;
  const [first, last] = [documentDate(dayStart(period.from)), documentDate(dayStart(period.to))];
  const heading: DocumentBlock = {
    kind: 'paragraph',
    title: 'Account activity',
    lines: [lines.length ? `Everything invoiced, paid, credited and reversed from ${first} to ${last}, with the balance after each.` : `Nothing was invoiced, paid, credited or reversed from ${first} to ${last}.`],
  };
  const table: DocumentBlock[] = lines.length
    ? [
        {
          kind: 'table',
          table: {
            columns: [column('Date', 0.14), column('Details', 0.29), column('Reference', 0.19), column('Charges', 0.12, 'right'), column('Credits', 0.12, 'right'), column('Balance', 0.14, 'right')],
            rows: [
              [documentShortDate(dayStart(period.from)), 'Opening balance', '', '', '', balanceText(activity.openingBalance)],
              ...lines.map((line) => [
                documentShortDate(line.at),
                line.description || LEDGER_ENTRY_LABELS[line.kind],
                line.reference,
                line.amount > 0 ? money(line.amount) : '',
                line.amount < 0 ? money(-line.amount) : '',
                balanceText(line.balance),
              ]),
              [documentShortDate(dayStart(period.to)), 'Closing balance', '', '', '', balanceText(activity.closingBalance)],
            ],
          },
        },
      ]
    : [];
  return [
    heading,
    ...table,
    {
      kind: 'totals',
      totals: [
        ['Opening balance', balanceText(activity.openingBalance)],
        ['Invoiced', money(totals.invoiced)],
        ['Credit notes', less(totals.credited)],
        ['Payments', less(totals.paid)],
        ['Payments reversed', money(totals.reversed)],
        ['Closing balance', balanceText(activity.closingBalance)],
      ],
    },
  ];
}

/**
 * The statement of account: the period's activity from the opening to the closing balance, then
 * the company's open invoices today with their ages, what is due and where to pay it.
 */
export function statementContent(statement: Statement, activity: AccountActivity, buyer: { name: string; email: string; billingAddress: ShippingAddress | null }): OrderDocumentContent {
  const money = (cents: number) => formatMoney(cents);
  const invoices: DocumentBlock[] = statement.invoices.length
    ? [
        { kind: 'paragraph', title: `Open invoices on ${documentDate(statement.asOf)}`, lines: [] },
        {
          kind: 'table',
          table: {
            columns: [column('Invoice', 0.15), column('Invoice date', 0.16), column('Due date', 0.16), column('Days past due', 0.11, 'right'), column('Total', 0.13, 'right'), column('Open', 0.13, 'right'), column('Status', 0.16, 'right')],
            rows: statement.invoices.map((invoice) => [
              invoice.number,
              documentShortDate(invoice.issuedAt),
              documentShortDate(invoice.dueAt),
              invoice.daysPastDue ? String(invoice.daysPastDue) : 'Not yet due',
              money(invoice.total),
              money(invoice.open),
              INVOICE_STATUS_LABELS[invoice.status],
            ]),
          },
        },
      ]
    : [{ kind: 'paragraph', title: `Open invoices on ${documentDate(statement.asOf)}`, lines: ['You have no open invoices.'] }];
  const payment: DocumentBlock[] = statement.total
    ? [
        {
          kind: 'paragraph',
          title: 'How to pay',
          lines: [
            statement.overdue ? `${money(statement.overdue)} is overdue: please pay it now.` : 'Nothing is overdue.',
            'Pay by bank transfer to the account below, quoting the numbers of the invoices you pay.',
          ],
        },
        { kind: 'facts', facts: bankTransferFacts('The invoice numbers you pay') },
      ]
    : [];
  return {
    title: 'Statement of account',
    fileName: `statement-${activity.period.from}-to-${activity.period.to}.pdf`,
    blocks: [
      { kind: 'columns', columns: [seller, { title: 'Account', lines: [buyer.name || statement.name, buyer.email, ...(buyer.billingAddress ? addressLines(buyer.billingAddress) : [])].filter(Boolean) }] },
      {
        kind: 'facts',
        facts: [
          ['Statement date', documentDate(statement.asOf)],
          ['Period', `${documentDate(dayStart(activity.period.from))} to ${documentDate(dayStart(activity.period.to))}`],
        ],
      },
      ...activityBlocks(activity),
      ...invoices,
      {
        kind: 'totals',
        totals: [...AGE_BUCKETS.map((bucket): [string, string] => [AGE_BUCKET_LABELS[bucket], money(statement.buckets[bucket])]), ['Overdue', money(statement.overdue)], ['Total due', money(statement.total)]],
      },
      ...(statement.unallocatedCredit ? [{ kind: 'paragraph' as const, title: 'Credit', lines: [`You have ${money(statement.unallocatedCredit)} of credit not yet applied to an invoice; it is not taken off the total due above.`] }] : []),
      ...payment,
    ],
  };
}

/**
 * The packing slip: where it goes and what is in the box, without prices. A shipment's slip lists
 * its lines; without one, the slip lists what is ready to ship now (allocated units), or the
 * whole order when nothing is.
 */
export function packingSlipContent(order: Order, shipment?: OrderShipment): OrderDocumentContent {
  const ready = order.items.filter((item) => item.allocated > 0).map((item) => ({ ...item, quantity: item.allocated }));
  const lines = shipment ? shipment.lines : ready.length ? ready : order.items;
  const name = shipment ? shipment.number : order.id;
  return {
    title: `Packing slip ${name}`,
    fileName: `packing-slip-${name}.pdf`,
    blocks: [
      { kind: 'columns', columns: [{ title: 'From', lines: [SELLER.name, ...SELLER.addressLines] }, { title: 'Ship to', lines: [order.company, order.userEmail, ...addressLines(order.shippingAddress)].filter(Boolean) }] },
      {
        kind: 'facts',
        facts: [
          ['Order number', order.id],
          ...(shipment ? [['Shipment', shipment.number] as [string, string]] : []),
          ['Order date', documentDate(order.createdAt)],
          ['PO number', order.poNumber || 'None given'],
        ],
      },
      {
        kind: 'table',
        table: {
          columns: [column('SKU', 0.2), column('Item', 0.5), column('Quantity', 0.3, 'right')],
          rows: lines.map((item) => [item.sku, item.name, `${item.quantity} ${item.unit}`.trim()]),
        },
      },
      ...(order.notes ? [{ kind: 'paragraph' as const, title: 'Notes', lines: [order.notes] }] : []),
    ],
  };
}

/**
 * The return authorization the buyer gets when a return is approved: its RMA number, what may come
 * back, where to send it and how to mark the parcel. No prices: the credit note says what is credited.
 */
export function returnAuthorizationContent(approved: ProductReturn): OrderDocumentContent {
  const approval = [...approved.history].reverse().find((event) => event.status === 'approved');
  return {
    title: `Return authorization ${approved.number}`,
    fileName: `return-authorization-${approved.number}.pdf`,
    blocks: [
      { kind: 'columns', columns: [{ title: 'Send to', lines: [...RETURNS_ADDRESS_LINES] }, { title: 'From', lines: [approved.company, approved.requestedByName, approved.userEmail].filter(Boolean) }] },
      {
        kind: 'facts',
        facts: [
          ['RMA number', approved.number],
          ['Order number', approved.orderId],
          ['Approved', approval ? documentDate(approval.at) : 'Not yet approved'],
          ...(approved.restockingFeeBasisPoints ? [['Restocking fee', restockingFeeText(approved.restockingFeeBasisPoints)] as [string, string]] : []),
        ],
      },
      {
        kind: 'table',
        table: {
          columns: [column('SKU', 0.18), column('Item', 0.4), column('Reason', 0.22), column('Quantity', 0.2, 'right')],
          rows: approved.lines.map((line) => [line.sku, line.name, RETURN_REASON_LABELS[line.reason], `${line.quantity} ${line.unit}`.trim()]),
        },
      },
      {
        kind: 'paragraph',
        title: 'How to return the goods',
        lines: [
          `Write ${approved.number} clearly on the outside of every parcel: parcels without it may be refused.`,
          'Pack the items above, and only those, with a copy of this page inside.',
          `Send them to the address above within ${RETURN_DAYS} days. We credit your account for what arrives, at the prices you paid${approved.restockingFeeBasisPoints ? `, less the restocking fee of ${restockingFeeText(approved.restockingFeeBasisPoints)}` : ''}.`,
          ...(approval?.message ? [approval.message] : []),
        ],
      },
    ],
  };
}

/** One product to take off the shelf: its total and the orders (number × units) it goes to. */
interface PickLine {
  sku: string;
  name: string;
  unit: string;
  units: number;
  orders: string[];
}

/**
 * The warehouse's pick list for the orders selected: one row per product in SKU order, with the
 * units to take off the shelf and the orders they go to. Only allocated units are picked: what is
 * backordered is not on the shelf yet. An order with nothing allocated is named as such, so no one
 * looks for its goods.
 */
export function pickListContent(orders: readonly Order[], printedAt: number): OrderDocumentContent {
  const lines = new Map<string, PickLine>();
  for (const order of orders) {
    for (const item of order.items) {
      if (item.allocated === 0) continue;
      const line = lines.get(item.productId) ?? { sku: item.sku, name: item.name, unit: item.unit, units: 0, orders: [] };
      line.units += item.allocated;
      line.orders.push(`${order.id} × ${item.allocated}`);
      lines.set(item.productId, line);
    }
  }
  const picked = [...lines.values()].sort((a, b) => a.sku.localeCompare(b.sku));
  const nothingToPick = orders.filter((order) => order.items.every((item) => item.allocated === 0)).map((order) => order.id);
  return {
    title: 'Pick list',
    fileName: `pick-list-${new Date(printedAt).toISOString().slice(0, 10)}.pdf`,
    blocks: [
      { kind: 'facts', facts: [['Date', documentDate(printedAt)], ['Orders', orders.map((order) => order.id).join(', ')]] },
      ...(picked.length
        ? [
            {
              kind: 'table' as const,
              table: {
                columns: [column('SKU', 0.14), column('Item', 0.22), column('Unit', 0.18), column('Units', 0.08, 'right'), column('Orders', 0.38)],
                rows: picked.map((line) => [line.sku, line.name, line.unit, String(line.units), line.orders.join(', ')]),
              },
            },
          ]
        : []),
      ...(nothingToPick.length
        ? [{ kind: 'paragraph' as const, title: 'Nothing to pick', lines: nothingToPick.map((id) => `${id}: nothing to pick (its units are on backorder or shipped).`) }]
        : []),
    ],
  };
}

/**
 * The quote: seller and company, its number, version and validity, the quoted lines and totals
 * (shipping and the tax of the company's default address), and the terms of accepting it.
 */
export function quoteContent(quote: Quote): OrderDocumentContent {
  const money = (cents: number) => formatMoney(cents);
  return {
    title: `Quote ${quote.number}`,
    fileName: `${quote.number}-v${quote.version}.pdf`,
    blocks: [
      { kind: 'columns', columns: [seller, { title: 'For', lines: [quote.companyName, quote.requestedByName, quote.requestedByEmail].filter(Boolean) }] },
      {
        kind: 'facts',
        facts: [
          ['Quote number', quote.number],
          ['Version', String(quote.version)],
          ['Status', QUOTE_STATUS_LABELS[quote.status]],
          ['Date', documentDate(quote.quotedAt ?? quote.createdAt)],
          ['Valid until', quote.validUntil === null ? 'Not yet quoted' : documentDate(quote.validUntil)],
        ],
      },
      ...chargedBlocks(quote, [taxLabel(quote.tax, quote.taxRateBasisPoints, ''), money(quote.tax)], money),
      {
        kind: 'paragraph',
        title: 'Terms',
        lines: [
          quote.validUntil === null ? 'Prices follow once the quote is answered.' : `These prices hold for the quantities above until ${documentDate(quote.validUntil)} (end of day, UTC).`,
          "Shipping and tax are shown for the company's default address and follow the address chosen when the quote is accepted.",
          'Accepting the quote places the order at these prices, subject to stock and your payment terms.',
        ],
      },
    ],
  };
}
