/**
 * Every e-mail the shop sends, by template name. A new message is one entry here: what its data
 * holds and how it reads. `queueMail` (outbox.ts) takes only these names and their data.
 */
import {
  APPROVAL_DAYS,
  APPROVAL_EXPIRED_REASON,
  bankTransferFacts,
  BRAND,
  companyFromData,
  daysPastDue,
  documentDate,
  forDeciders,
  formatMoney,
  invoiceContent,
  invitationDay,
  invitationFromData,
  invoiceOpenAmount,
  orderConfirmationContent,
  orderFromData,
  PAYMENT_RECORD_METHOD_LABELS,
  PAYMENT_TERMS_LABELS,
  paymentFromData,
  onlinePaymentFromData,
  ONLINE_PAYMENT_METHOD_LABELS,
  paymentInstructions,
  quoteContent,
  quoteFromData,
  returnedGoodsText,
  stillToComeText,
  shipmentFromData,
  linesToCome,
  type LineToCome,
  trackingUrl,
  CARRIERS,
  creditNoteContent,
  RETURN_REASON_LABELS,
  RETURNS_ADDRESS_LINES,
  restockingFeeText,
  returnAuthorizationContent,
  returnFromData,
  type ProductReturn,
  type Company,
  type Invoice,
  type Order,
  type OrderShipment,
  type OrderDocumentContent,
  type Quote,
  type QuoteMessageKind,
  webhookEndpointFromData,
  WEBHOOK_RETRY_HOURS,
} from '@harbor/domain';
import { db } from '../admin';
import { shopNow } from '../clock';
import { documentPdf, readCreditNote, readInvoice } from '../orderDocuments';
import { renderMail, type MailParts, type MailTable, type RenderedMail } from './layout';
import { shopLink } from './shopUrl';

interface MailTemplate<Data> {
  render(data: Data): Promise<RenderedMail>;
}

/** Thrown when a message can never be sent (its order is gone): the sender gives up at once. */
export class UndeliverableMail extends Error {}

async function readOrder(orderId: string): Promise<Order> {
  const snapshot = await db.doc(`orders/${orderId}`).get();
  if (!snapshot.exists) throw new UndeliverableMail(`Order ${orderId} no longer exists.`);
  return orderFromData(snapshot.id, snapshot.data()!);
}

/** Subtotal, shipping, tax and total: an order's or a priced quote's. */
function totalsRows(totals: { subtotal: number; shipping: number; tax: number; total: number }, money: (cents: number) => string): [string, string][] {
  return [
    ['Subtotal', money(totals.subtotal)],
    ['Shipping', totals.shipping ? money(totals.shipping) : 'Free'],
    ['Tax', money(totals.tax)],
    ['Total', money(totals.total)],
  ];
}

function orderTable(order: Order): MailTable {
  const money = (cents: number) => formatMoney(cents, order.currency);
  return {
    columns: ['Item', 'Quantity', 'Amount'],
    rows: order.items.map((item) => [`${item.name} (${item.sku})`, String(item.quantity), money(item.lineTotal)]),
    totals: totalsRows(order, money),
  };
}

const orderUrl = (orderId: string) => shopLink(`/order-confirmation/${encodeURIComponent(orderId)}`);
const orderLink = (orderId: string) => ({ label: 'View your order', url: orderUrl(orderId) });
/** The company owner's statement of account is on the profile page. */
const statementLink = () => ({ label: 'View your statement', url: shopLink('/profile') });
/** Who approved an order, and why if they said, for the buyer's confirmation. */
const approvedText = (order: Order) =>
  order.approval?.decision === 'approved'
    ? [`${order.approval.decidedByName || 'Your company'} approved it${order.approval.decisionReason ? `: ${order.approval.decisionReason}` : '.'}`]
    : [];
/** The buyer's purchase order number beside the order's, as its accounts payable files it. */
const poText = ({ poNumber }: { poNumber: string }) => (poNumber ? ` (purchase order ${poNumber})` : '');

/** A message with a document attached as a PDF. */
async function withDocument(parts: MailParts, content: OrderDocumentContent): Promise<RenderedMail> {
  const [mail, { fileName, pdf }] = await Promise.all([renderMail(parts), documentPdf(content)]);
  return { ...mail, attachments: [{ filename: fileName, content: Buffer.from(pdf), contentType: 'application/pdf' }] };
}

async function readShipment(orderId: string, sequence: number): Promise<OrderShipment> {
  const snapshot = await db.doc(`orders/${orderId}/shipments/${sequence}`).get();
  if (!snapshot.exists) throw new UndeliverableMail(`Shipment ${sequence} of order ${orderId} does not exist.`);
  return shipmentFromData(snapshot.data()!);
}

/** The restock dates of backordered products ('' when not known or gone). */
async function restockDates(lines: readonly LineToCome[]): Promise<Map<string, string>> {
  const waiting = lines.filter((item) => item.backordered > 0);
  const products = waiting.length ? await db.getAll(...waiting.map((item) => db.doc(`products/${item.productId}`))) : [];
  return new Map(products.map((product) => [product.id, typeof product.get('restockDate') === 'string' ? (product.get('restockDate') as string) : '']));
}

/** "Sparkling Water (BEV-1001): 12 ready to ship, 15 on backorder, expected Dec 9", a phrase per line not yet shipped. */
function stillToCome(lines: readonly LineToCome[], restock: Map<string, string>): string[] {
  return lines.flatMap((item) => {
    const parts = stillToComeText(item, restock.get(item.productId));
    return parts.length ? [`${item.name} (${item.sku}): ${parts.join(', ')}`] : [];
  });
}

/** "15 of Sparkling Water (BEV-1001), 4 of Paper Cups (PAP-2001)". */
function unitsText(order: Order, lines: { productId: string; units: number }[]): string {
  return lines
    .map((line) => {
      const item = order.items.find((each) => each.productId === line.productId);
      return `${line.units} of ${item ? `${item.name} (${item.sku})` : line.productId}`;
    })
    .join(', ');
}

async function readReturn(returnId: string): Promise<ProductReturn> {
  const snapshot = await db.doc(`returns/${returnId}`).get();
  if (!snapshot.exists) throw new UndeliverableMail(`Return ${returnId} no longer exists.`);
  return returnFromData(snapshot.id, snapshot.data()!);
}

/** A return's lines: what was asked back and why, and what arrived once anything did. */
function returnTable(returned: ProductReturn): MailTable {
  const arrived = returned.lines.some((line) => line.resellable + line.damaged > 0);
  return {
    columns: ['Item', 'Quantity', arrived ? 'Received' : 'Reason'],
    rows: returned.lines.map((line) => [`${line.name} (${line.sku})`, String(line.quantity), arrived ? String(line.resellable + line.damaged) : RETURN_REASON_LABELS[line.reason]]),
  };
}

const returnLink = (returned: ProductReturn) => ({ label: 'View the return', url: shopLink(`/returns/${encodeURIComponent(returned.id)}`) });
/** The latest message of a decision or a closing (its reason). */
const lastMessage = (returned: ProductReturn) => returned.history.at(-1)?.message ?? '';

/** A message about one return, rendered from the return as it is when the message is sent. */
function returnMail(parts: (returned: ProductReturn) => MailParts): MailTemplate<{ returnId: string }> {
  return { render: async ({ returnId }) => renderMail(parts(await readReturn(returnId))) };
}

/** A message about one order, rendered from the order as it is when the message is sent. */
function orderMail(parts: (order: Order) => MailParts): MailTemplate<{ orderId: string }> {
  return { render: async ({ orderId }) => renderMail(parts(await readOrder(orderId))) };
}

async function readCompany(companyId: string): Promise<Company> {
  const snapshot = await db.doc(`companies/${companyId}`).get();
  if (!snapshot.exists) throw new UndeliverableMail(`Company ${companyId} no longer exists.`);
  return companyFromData(snapshot.id, snapshot.data()!);
}

/** A message about a company account, rendered from the company as it is when the message is sent. */
function companyMail(parts: (company: Company) => MailParts): MailTemplate<{ companyId: string }> {
  return { render: async ({ companyId }) => renderMail(parts(await readCompany(companyId))) };
}

async function readQuote(quoteId: string): Promise<Quote> {
  const snapshot = await db.doc(`quotes/${quoteId}`).get();
  if (!snapshot.exists) throw new UndeliverableMail(`Quote ${quoteId} no longer exists.`);
  return quoteFromData(snapshot.id, snapshot.data()!);
}

/** A quote's lines and totals; lines not yet priced read "to be quoted". */
function quoteTable(quote: Quote): MailTable {
  const priced = quote.status !== 'requested' && quote.validUntil !== null;
  return {
    columns: ['Item', 'Quantity', 'Amount'],
    rows: quote.lines.map((line) => [`${line.name} (${line.sku})`, String(line.quantity), line.unitPrice === null ? 'To be quoted' : formatMoney(line.lineTotal)]),
    ...(priced ? { totals: totalsRows(quote, (cents) => formatMoney(cents)) } : {}),
  };
}

const quoteLink = (quote: Quote) => ({ label: 'View the quote', url: shopLink(`/quotes/${encodeURIComponent(quote.id)}`) });
const adminQuoteLink = (quote: Quote) => ({ label: 'Open in the back office', url: shopLink(`/admin/quotes/${encodeURIComponent(quote.id)}`) });

/** A message about one quote, rendered from the quote as it is when the message is sent. */
function quoteMail<Data extends { quoteId: string }>(parts: (quote: Quote, data: Data) => MailParts): MailTemplate<Data> {
  return { render: async (data) => renderMail(parts(await readQuote(data.quoteId), data)) };
}

/**
 * How the other side is told of a move (quoteAction, a message, an acceptance): the subject, then
 * what happened and what the reader can do now.
 */
const QUOTE_UPDATES: Record<Exclude<QuoteMessageKind, 'request' | 'quote'>, { subject: string; text: (quote: Quote) => string }> = {
  message: { subject: 'a new message', text: (quote) => `There is a new message on quote ${quote.number} for ${quote.companyName}. You can reply on the quote.` },
  'ask-changes': {
    subject: 'changes asked for',
    text: (quote) => `${quote.companyName} asked for changes to quote ${quote.number}. Price it again and send it, or reject it with a reason.`,
  },
  decline: { subject: 'declined', text: (quote) => `${quote.companyName} declined quote ${quote.number}, which is now closed. Nothing more needs doing.` },
  withdraw: { subject: 'request withdrawn', text: (quote) => `${quote.companyName} withdrew its request ${quote.number}, which is now closed. Nothing more needs doing.` },
  reject: { subject: 'we cannot offer it', text: (quote) => `We are unable to offer quote ${quote.number}. You can order at your usual prices, or ask us for a new quote at any time.` },
  accept: {
    subject: 'accepted',
    text: (quote) => `${quote.companyName} accepted quote ${quote.number}${quote.orderId ? `, which placed order ${quote.orderId} at the quoted prices` : ''}.`,
  },
};

export const MAIL_TEMPLATES = {
  /** To the buyer, with the order confirmation attached (the invoice follows at shipment). */
  orderReceived: {
    async render({ orderId }: { orderId: string }) {
      const order = await readOrder(orderId);
      return withDocument(
        {
          subject: `We received your order ${order.id}`,
          preview: `Order ${order.id}: ${formatMoney(order.total, order.currency)}`,
          heading: 'Thank you for your order',
          paragraphs: [
            `We received your order ${order.id}${poText(order)} for ${formatMoney(order.total, order.currency)}.`,
            ...approvedText(order),
            order.paymentMethod === 'bank-transfer'
              ? 'Your order confirmation is attached: it serves as the pro-forma for your payment in advance.'
              : 'Your order confirmation is attached.',
            ...paymentInstructions(order),
          ],
          table: orderTable(order),
          button: orderLink(order.id),
        },
        orderConfirmationContent(order),
      );
    },
  },
  /** To the shop's order inbox. */
  orderReceivedShop: orderMail((order) => ({
    subject: `New order ${order.id} from ${order.company || order.userEmail}`,
    preview: `${formatMoney(order.total, order.currency)}, ${order.items.length} lines`,
    heading: `New order ${order.id}`,
    paragraphs: [
      `${order.company || 'A buyer'} (${order.userEmail}) ordered ${order.items.length} lines for ${formatMoney(order.total, order.currency)}${poText(order)}.`,
      ...(order.notes ? [`Notes: ${order.notes}`] : []),
    ],
    table: orderTable(order),
    button: { label: 'Open in the back office', url: shopLink(`/admin/orders?${new URLSearchParams({ order: order.id }).toString()}`) },
  })),
  orderProcessing: orderMail((order) => ({
    subject: `Your order ${order.id} is being prepared`,
    preview: 'We are picking and packing your order.',
    heading: 'Your order is being prepared',
    paragraphs: [`We are picking and packing your order ${order.id}${poText(order)}. We will write again when it ships.`],
    button: orderLink(order.id),
  })),
  /** To the buyer, one per shipment: what is in the parcel, what is still to come, the tracking link and the shipment's own invoice attached. */
  orderShipment: {
    async render({ orderId, sequence }: { orderId: string; sequence: number }) {
      const [order, shipment] = await Promise.all([readOrder(orderId), readShipment(orderId, sequence)]);
      const invoice = await readInvoice(shipment.invoiceNumber);
      const money = (cents: number) => formatMoney(cents, order.currency);
      const tracking = shipment.carrier ? { carrier: shipment.carrier, trackingNumber: shipment.trackingNumber } : null;
      const toCome = stillToCome(shipment.stillToCome, await restockDates(shipment.stillToCome));
      const parts: MailParts = {
        subject: order.shipmentCount > 1 || toCome.length ? `Your order ${order.id}: shipment ${shipment.number} is on its way` : `Your order ${order.id} has shipped`,
        preview: tracking ? `${CARRIERS[tracking.carrier].label} tracking number ${tracking.trackingNumber}` : 'Your parcel is on its way.',
        heading: toCome.length ? 'Part of your order is on its way' : 'Your order is on its way',
        paragraphs: [
          `Shipment ${shipment.number} of your order ${order.id}${poText(order)} has shipped.`,
          ...(tracking ? [`Carrier: ${CARRIERS[tracking.carrier].label}. Tracking number: ${tracking.trackingNumber}.`] : []),
          ...(toCome.length ? [`Still to come: ${toCome.join('; ')}.`] : ['Nothing else is left to ship on this order.']),
          ...(invoice ? [invoiceSentence(invoice)] : []),
        ],
        table: {
          columns: ['Item', 'Quantity', 'Amount'],
          rows: shipment.lines.map((line) => [`${line.name} (${line.sku})`, String(line.quantity), money(line.lineTotal)]),
          totals: totalsRows(shipment, money),
        },
        button: tracking ? { label: 'Track your parcel', url: trackingUrl(tracking) } : orderLink(order.id),
      };
      return invoice ? withDocument(parts, invoiceContent(invoice)) : renderMail(parts);
    },
  },
  /** To the buyer: units cancelled before they shipped, why, and what still ships. */
  backorderCancelled: {
    async render({ orderId, cancelled, reason }: { orderId: string; cancelled: { productId: string; units: number }[]; reason: string }) {
      const order = await readOrder(orderId);
      const left = linesToCome(order.items);
      const toCome = stillToCome(left, await restockDates(left));
      return renderMail({
        subject: `Your order ${order.id}: items cancelled`,
        preview: `${cancelled.reduce((total, line) => total + line.units, 0)} units cancelled`,
        heading: 'Items of your order were cancelled',
        paragraphs: [
          `These items of your order ${order.id}${poText(order)} were cancelled before they shipped: ${unitsText(order, cancelled)}. Reason: ${reason}`,
          'You are not charged for cancelled items.',
          toCome.length ? `Still to come: ${toCome.join('; ')}.` : order.status === 'cancelled' ? 'Nothing is left on this order: it is cancelled.' : 'Nothing else is left to ship on this order.',
        ],
        button: orderLink(order.id),
      });
    },
  },
  /** To the buyer: backordered items arrived and are ready to ship. */
  backorderReady: {
    async render({ orderId, lines }: { orderId: string; lines: { productId: string; units: number }[] }) {
      const order = await readOrder(orderId);
      return renderMail({
        subject: `Your order ${order.id}: backordered items are in stock`,
        preview: unitsText(order, lines),
        heading: 'Your backordered items are in stock',
        paragraphs: [
          `These backordered items of your order ${order.id}${poText(order)} arrived and are ready to ship: ${unitsText(order, lines)}.`,
          order.shipComplete && order.items.some((item) => item.backordered > 0)
            ? 'Your order ships complete, so it leaves once everything has arrived.'
            : 'We will write again with the tracking number when they ship.',
        ],
        button: orderLink(order.id),
      });
    },
  },
  orderDelivered: orderMail((order) => ({
    subject: `Your order ${order.id} was delivered`,
    preview: 'Your order was delivered.',
    heading: 'Your order was delivered',
    paragraphs: [`Your order ${order.id}${poText(order)} was delivered. Thank you for buying from us.`],
    button: orderLink(order.id),
  })),
  orderCancelled: orderMail((order) => ({
    subject: `Your order ${order.id} was cancelled`,
    preview: `Order ${order.id} was cancelled.`,
    heading: 'Your order was cancelled',
    paragraphs: [`Your order ${order.id}${poText(order)} was cancelled and will not be charged. Please reply to this e-mail with any question.`],
    button: orderLink(order.id),
  })),
  /** To the buyer, when its order is over its limits and waits for its company's approval. */
  orderAwaitingApproval: orderMail((order) => ({
    subject: `Your order ${order.id} awaits your company's approval`,
    preview: `${formatMoney(order.total, order.currency)}: ${order.approval?.message ?? 'over your limits'}`,
    heading: 'Your order awaits approval',
    paragraphs: [
      `We received your order ${order.id}${poText(order)} for ${formatMoney(order.total, order.currency)}.`,
      `${order.approval?.message ?? 'This order needs approval'}.`,
      `An owner or approver of your company decides it; we process it once it is approved and write to you either way. Not decided by ${documentDate(order.approval?.dueAt ?? order.createdAt)}, it is rejected.`,
    ],
    table: orderTable(order),
    button: orderLink(order.id),
  })),
  /** To the company's owner and approvers, when a buyer's order is over its limits. */
  approvalRequested: orderMail((order) => ({
    subject: `Order ${order.id} by ${order.placedByName || order.userEmail} awaits your approval`,
    preview: `${formatMoney(order.total, order.currency)}: ${forDeciders(order.approval?.message ?? 'over your limit', order.placedByName)}`,
    heading: 'An order awaits your approval',
    paragraphs: [
      `${order.placedByName || 'A buyer'} (${order.userEmail}) ordered ${order.items.length} lines for ${formatMoney(order.total, order.currency)}${poText(order)}.`,
      `${forDeciders(order.approval?.message ?? 'This order needs approval', order.placedByName)}.`,
      `Please approve or reject it by ${documentDate(order.approval?.dueAt ?? order.createdAt)}: an order not decided within ${APPROVAL_DAYS} days is rejected.`,
    ],
    table: orderTable(order),
    button: { label: 'Review the order', url: orderUrl(order.id) },
  })),
  /** To the buyer, when its company rejects its order or does not decide it in time. */
  orderRejected: orderMail((order) => {
    const expired = order.approval?.decisionReason === APPROVAL_EXPIRED_REASON;
    return {
      subject: `Your order ${order.id} was not approved`,
      preview: expired ? `It was not approved within ${APPROVAL_DAYS} days.` : `Reason: ${order.approval?.decisionReason ?? ''}`,
      heading: 'Your order was not approved',
      paragraphs: [
        expired
          ? `Your order ${order.id}${poText(order)} was not approved within ${APPROVAL_DAYS} days, so it was rejected.`
          : `${order.approval?.decidedByName || 'Your company'} rejected your order ${order.id}${poText(order)}.`,
        ...(expired ? [] : [`Reason: ${order.approval?.decisionReason ?? ''}`]),
        'Nothing will be shipped or charged. You can order its products again from your order history.',
      ],
      button: orderLink(order.id),
    };
  }),
  /** To the buyer who placed the order and the company's payers, with the credit note attached. */
  creditNoteIssued: {
    async render({ creditNoteNumber }: { creditNoteNumber: string }) {
      const note = await readCreditNote(creditNoteNumber);
      if (!note) throw new UndeliverableMail(`Credit note ${creditNoteNumber} no longer exists.`);
      const money = (cents: number) => formatMoney(cents, note.currency);
      const kept = note.amount - note.appliedToInvoice;
      return withDocument(
        {
          subject: `Credit note ${note.number} for invoice ${note.invoiceNumber}`,
          preview: `${money(note.amount)} credited on invoice ${note.invoiceNumber}`,
          heading: `Credit note ${note.number}`,
          paragraphs: [
            `We credited ${money(note.amount)} on invoice ${note.invoiceNumber} (order ${note.orderId}). The credit note is attached.`,
            `Reason: ${note.reason}`,
            ...(note.lines.length ? [returnedGoodsText(note.restocked)] : []),
            ...(note.appliedToInvoice ? [`${money(note.appliedToInvoice)} was taken off what is open on invoice ${note.invoiceNumber}.`] : []),
            ...(kept > 0 ? [`${money(kept)} is kept as credit on your account, for your next invoices.`] : []),
          ],
          ...(note.lines.length
            ? { table: { columns: ['Item', 'Quantity', 'Amount'], rows: note.lines.map((line) => [`${line.name} (${line.sku}), ${line.unit}`, String(line.quantity), money(line.lineTotal)]), totals: [['Amount credited', money(note.amount)]] } }
            : {}),
          button: orderLink(note.orderId),
        },
        creditNoteContent(note),
      );
    },
  },
  /** To the shop's order inbox and the company's sales rep, when a buyer asks to return goods. */
  returnRequested: returnMail((returned) => ({
    subject: `Return request ${returned.number} for order ${returned.orderId}`,
    preview: `${returned.company || returned.userEmail} asks to return ${returned.lines.length} ${returned.lines.length === 1 ? 'line' : 'lines'}`,
    heading: `Return request ${returned.number}`,
    paragraphs: [
      `${returned.requestedByName || 'A buyer'} of ${returned.company || 'a customer'} asks to return goods of order ${returned.orderId}. Approve or reject it in the back office.`,
      ...(returned.note ? [`Note: ${returned.note}`] : []),
    ],
    table: returnTable(returned),
    button: { label: 'Open in the back office', url: shopLink(`/admin/returns/${encodeURIComponent(returned.id)}`) },
  })),
  /** To the buyer, with the return authorization attached: the RMA number to write on the parcel and where to send it. */
  returnApproved: {
    async render({ returnId }: { returnId: string }) {
      const returned = await readReturn(returnId);
      return withDocument(
        {
          subject: `Return ${returned.number} approved: how to send the goods back`,
          preview: `Write ${returned.number} on the parcel`,
          heading: `Return ${returned.number} approved`,
          paragraphs: [
            `We approved your return ${returned.number} for order ${returned.orderId}. The return authorization is attached: write ${returned.number} on every parcel, put a copy inside, and send it to ${RETURNS_ADDRESS_LINES.join(', ')}.`,
            `We credit your account for what arrives, at the prices you paid${returned.restockingFeeBasisPoints ? `, less a restocking fee of ${restockingFeeText(returned.restockingFeeBasisPoints)}` : ''}.`,
            ...(lastMessage(returned) ? [lastMessage(returned)] : []),
          ],
          table: returnTable(returned),
          button: returnLink(returned),
        },
        returnAuthorizationContent(returned),
      );
    },
  },
  /** To the buyer, when the shop rejects a return: why. */
  returnRejected: returnMail((returned) => ({
    subject: `Return ${returned.number} not approved`,
    preview: lastMessage(returned),
    heading: `Return ${returned.number} not approved`,
    paragraphs: [`We cannot accept your return ${returned.number} for order ${returned.orderId}: ${lastMessage(returned)}`, 'Please do not send the goods. Reply to this e-mail if you have questions.'],
    table: returnTable(returned),
    button: returnLink(returned),
  })),
  /** To the buyer, when the shop closes a return before everything arrived. */
  returnClosed: returnMail((returned) => ({
    subject: `Return ${returned.number} closed`,
    preview: lastMessage(returned),
    heading: `Return ${returned.number} closed`,
    paragraphs: [
      `We closed your return ${returned.number} for order ${returned.orderId}: ${lastMessage(returned)}`,
      returned.creditNotes.length ? `What arrived was credited (${returned.creditNotes.join(', ')}); nothing more will be.` : 'Nothing was received or credited on it.',
    ],
    table: returnTable(returned),
    button: returnLink(returned),
  })),
  /** To the company's owners and accounts-payable address, when shipping issues an invoice, with the invoice attached. */
  invoiceIssued: {
    async render({ invoiceNumber }: { invoiceNumber: string }) {
      const invoice = await readInvoice(invoiceNumber);
      if (!invoice) throw new UndeliverableMail(`Invoice ${invoiceNumber} no longer exists.`);
      return withDocument(
        {
          subject: `Invoice ${invoice.number} for order ${invoice.orderId}`,
          preview: `${formatMoney(invoice.total, invoice.currency)}, due ${documentDate(invoice.dueAt)}`,
          heading: `Invoice ${invoice.number}`,
          paragraphs: [`Order ${invoice.orderId}${poText(invoice)} has shipped to ${invoice.shippingAddress.city}. ${invoiceSentence(invoice)}`],
          button: statementLink(),
        },
        invoiceContent(invoice),
      );
    },
  },
  /** To the company's owners and accounts-payable address, when an invoice becomes overdue (`reminder` 1) and weekly while it stays so, with the invoice attached. */
  invoiceOverdue: {
    async render({ invoiceNumber, reminder }: { invoiceNumber: string; reminder: number }) {
      const invoice = await readInvoice(invoiceNumber);
      if (!invoice) throw new UndeliverableMail(`Invoice ${invoiceNumber} no longer exists.`);
      const open = invoiceOpenAmount(invoice);
      // Paid between the reminder's queueing and its sending: a reminder would now be wrong.
      if (open === 0) throw new UndeliverableMail(`Invoice ${invoiceNumber} is paid: no reminder.`);
      const money = (cents: number) => formatMoney(cents, invoice.currency);
      const days = daysPastDue(invoice.dueAt, await shopNow());
      const overdue = days > 0 ? `${days} ${days === 1 ? 'day' : 'days'} overdue` : 'overdue';
      return withDocument(
        {
          subject: reminder > 1 ? `Reminder: invoice ${invoice.number} is ${overdue}` : `Invoice ${invoice.number} is overdue`,
          preview: `${money(open)} open, due ${documentDate(invoice.dueAt)}`,
          heading: `Invoice ${invoice.number} is ${overdue}`,
          paragraphs: [
            `Invoice ${invoice.number} for order ${invoice.orderId}${poText(invoice)} was due on ${documentDate(invoice.dueAt)}. ${money(open)} of its ${money(invoice.total)} is still open.`,
            `Please pay it by bank transfer, quoting ${invoice.number}: ${bankTransferFacts(invoice.number).map(([label, value]) => `${label}: ${value}`).join('; ')}.`,
            'The invoice is attached. If you paid it in the last few days, thank you: please disregard this reminder.',
          ],
          button: statementLink(),
        },
        invoiceContent(invoice),
      );
    },
  },
  /** To the company's owners and accounts-payable address, when a payment is recorded: what arrived and which invoices it paid. */
  paymentReceived: {
    async render({ paymentId }: { paymentId: string }) {
      const snapshot = await db.doc(`payments/${paymentId}`).get();
      if (!snapshot.exists) throw new UndeliverableMail(`Payment ${paymentId} no longer exists.`);
      const payment = paymentFromData(snapshot.id, snapshot.data()!);
      // Reversed before its receipt went out: thanking for it would be wrong.
      if (payment.reversed) throw new UndeliverableMail(`Payment ${paymentId} was reversed: no receipt.`);
      return renderMail({
        subject: `We received your payment of ${formatMoney(payment.amount)}`,
        preview: payment.allocations.length ? `Paid: ${payment.allocations.map((allocation) => allocation.invoiceNumber).join(', ')}` : 'Kept as credit on your account',
        heading: 'Thank you for your payment',
        paragraphs: [
          `We received ${formatMoney(payment.amount)} by ${PAYMENT_RECORD_METHOD_LABELS[payment.method].toLowerCase()} on ${documentDate(payment.receivedOn)}${payment.reference ? ` (reference ${payment.reference})` : ''}.`,
          ...(payment.creditApplied ? [`With it we applied ${formatMoney(payment.creditApplied)} of your account's earlier credit.`] : []),
          ...(payment.unallocated ? [`${formatMoney(payment.unallocated)} is kept as credit on your account, for your next invoices.`] : []),
        ],
        ...(payment.allocations.length ? { table: { columns: ['Invoice', 'Amount paid'], rows: payment.allocations.map((allocation) => [allocation.invoiceNumber, formatMoney(allocation.amount)]) } } : {}),
        button: statementLink(),
      });
    },
  },
  /** To whoever started an online payment, when Stripe says it did not go through (a declined card, an ACH debit refused). */
  onlinePaymentFailed: {
    async render({ paymentIntentId }: { paymentIntentId: string }) {
      const snapshot = await db.doc(`onlinePayments/${paymentIntentId}`).get();
      if (!snapshot.exists) throw new UndeliverableMail(`Online payment ${paymentIntentId} no longer exists.`);
      const payment = onlinePaymentFromData(snapshot.id, snapshot.data()!);
      const what = payment.invoiceNumbers.length ? `invoice${payment.invoiceNumbers.length > 1 ? 's' : ''} ${payment.invoiceNumbers.join(', ')}` : `order ${payment.orderId}`;
      return renderMail({
        subject: `Your payment of ${formatMoney(payment.amount)} did not go through`,
        preview: payment.problem || 'Nothing was charged.',
        heading: 'Your payment did not go through',
        paragraphs: [
          `Your payment of ${formatMoney(payment.amount)} for ${what} by ${ONLINE_PAYMENT_METHOD_LABELS[payment.method].toLowerCase()} did not go through${payment.problem ? `: ${payment.problem}` : '.'}`,
          'Nothing was taken from your account. Please pay again with another card or account, or by bank transfer.',
        ],
        button: payment.orderId ? { label: 'View the order', url: orderUrl(payment.orderId) } : statementLink(),
      });
    },
  },
  /** To the shop's administrators, when a webhook endpoint failed for WEBHOOK_RETRY_HOURS and was turned off. */
  webhookEndpointDisabled: {
    async render({ endpointId }: { endpointId: string }) {
      const snapshot = await db.doc(`webhookEndpoints/${endpointId}`).get();
      if (!snapshot.exists) throw new UndeliverableMail(`Webhook endpoint ${endpointId} no longer exists.`);
      const endpoint = webhookEndpointFromData(snapshot.id, snapshot.data()!);
      return renderMail({
        subject: `Webhook endpoint turned off: ${endpoint.url}`,
        preview: `No delivery to it succeeded for ${WEBHOOK_RETRY_HOURS} hours.`,
        heading: 'A webhook endpoint was turned off',
        paragraphs: [
          `${endpoint.url} has not accepted a delivery for ${WEBHOOK_RETRY_HOURS} hours, so ${BRAND.name} turned it off and sends it nothing more.`,
          endpoint.disabledReason,
          'Once the system behind it works again, turn the endpoint on under Integrations and resend the deliveries it missed from its log.',
        ],
        button: { label: 'Open Integrations', url: shopLink('/admin/integrations') },
      });
    },
  },
  /** To the company's owner, when an administrator approves the application. */
  companyApproved: companyMail((company) => ({
    subject: `${company.name} is approved to order`,
    preview: `Your company account is approved, on ${PAYMENT_TERMS_LABELS[company.paymentTerms].toLowerCase()} terms.`,
    heading: 'Your company account is approved',
    paragraphs: [
      `${company.name} can now place orders with ${BRAND.name}.`,
      `Payment terms: ${PAYMENT_TERMS_LABELS[company.paymentTerms]}.${company.creditLimit ? ` Credit limit: ${formatMoney(company.creditLimit)}.` : ''}`,
      'You can invite colleagues to buy for your company from your profile.',
    ],
    button: { label: 'Start ordering', url: shopLink('/') },
  })),
  /** To the company's owner, when an administrator rejects the application. */
  companyRejected: companyMail((company) => ({
    subject: `Your application for ${company.name}`,
    preview: 'We cannot open a company account for you at this time.',
    heading: 'We cannot open your company account',
    paragraphs: [
      `Thank you for applying for a company account for ${company.name}. We are unable to approve it at this time.`,
      'Please reply to this e-mail if you believe this is a mistake or your details have changed.',
    ],
  })),
  /** To the shop's order inbox, when a buyer asks for a quote. */
  quoteRequested: quoteMail<{ quoteId: string }>((quote) => ({
    subject: `Quote request ${quote.number} from ${quote.companyName}`,
    preview: `${quote.lines.length} lines to price`,
    heading: `Quote request ${quote.number}`,
    paragraphs: [`${quote.requestedByName || 'A buyer'} of ${quote.companyName} (${quote.requestedByEmail}) asks for a price on ${quote.lines.length} lines.`, ...(quote.note ? [`Note: ${quote.note}`] : [])],
    table: quoteTable(quote),
    button: adminQuoteLink(quote),
  })),
  /** To the buyer, with the quote PDF attached. */
  quoteSent: {
    async render({ quoteId }: { quoteId: string }) {
      const quote = await readQuote(quoteId);
      return withDocument(
        {
          subject: `Your quote ${quote.number} from ${BRAND.name}`,
          preview: `${formatMoney(quote.total)}, valid until ${documentDate(quote.validUntil ?? 0)}`,
          heading: `Quote ${quote.number}`,
          paragraphs: [
            `Here is our quote ${quote.number} for ${quote.companyName}: ${formatMoney(quote.total)} including shipping and tax to your default address.`,
            `It is valid until ${documentDate(quote.validUntil ?? 0)}. Accept it from your quotes page to place the order at these prices.`,
            ...(quote.lastMessage ? [quote.lastMessage] : []),
          ],
          table: quoteTable(quote),
          button: quoteLink(quote),
        },
        quoteContent(quote),
      );
    },
  },
  /** To the buyer, two days before a quote runs out. */
  quoteExpiring: quoteMail<{ quoteId: string }>((quote) => ({
    subject: `Your quote ${quote.number} expires on ${documentDate(quote.validUntil ?? 0)}`,
    preview: `${formatMoney(quote.total)}, valid until ${documentDate(quote.validUntil ?? 0)}`,
    heading: `Quote ${quote.number} expires soon`,
    paragraphs: [`Our quote ${quote.number} for ${formatMoney(quote.total)} is valid until ${documentDate(quote.validUntil ?? 0)}. Accept it before then to order at its prices.`],
    table: quoteTable(quote),
    button: quoteLink(quote),
  })),
  /** To the other side of a move: the shop for the buyer's moves, the buyer for the shop's. */
  quoteUpdate: quoteMail<{ quoteId: string; kind: keyof typeof QUOTE_UPDATES; to: 'buyer' | 'shop' }>((quote, { kind, to }) => {
    // An acceptance's message only names its order, which the text already does.
    const message = kind === 'accept' ? '' : quote.lastMessage;
    return {
      subject: `Quote ${quote.number}: ${QUOTE_UPDATES[kind].subject}`,
      preview: message || QUOTE_UPDATES[kind].text(quote),
      heading: `Quote ${quote.number}`,
      paragraphs: [QUOTE_UPDATES[kind].text(quote), ...(message ? [`${to === 'buyer' ? 'Our' : 'Their'} message: ${message}`] : [])],
      button: to === 'buyer' ? quoteLink(quote) : adminQuoteLink(quote),
    };
  }),
  /** To the invited colleague: the link only that address can accept. */
  invitation: {
    async render({ code }: { code: string }) {
      const snapshot = await db.doc(`invitations/${code}`).get();
      if (!snapshot.exists) throw new UndeliverableMail(`Invitation ${code} no longer exists.`);
      const invitation = invitationFromData(code, snapshot.data()!);
      const companyName = invitation.companyName || 'a company';
      return renderMail({
        subject: `You are invited to buy for ${companyName}`,
        preview: `Join ${companyName} on ${BRAND.name}.`,
        heading: `Join ${companyName}`,
        paragraphs: [
          `You are invited to order for ${companyName} at ${BRAND.name}.`,
          `Sign in or register with this e-mail address, then open the link below (or enter the code ${code} on your profile). The invitation is valid until ${invitationDay(invitation.expiresAt)}.`,
        ],
        button: { label: 'Accept the invitation', url: shopLink(`/profile?${new URLSearchParams({ invitation: code }).toString()}`) },
      });
    },
  },
} satisfies Record<string, MailTemplate<never>>;

/** The invoice sentence of the shipped e-mail: what it is for, and when it is due unless it is paid already. */
function invoiceSentence(invoice: Invoice): string {
  const total = formatMoney(invoice.total, invoice.currency);
  return invoiceOpenAmount(invoice) === 0
    ? `Your invoice ${invoice.number} for ${total} is attached; it is paid in full. Thank you.`
    : `Your invoice ${invoice.number} for ${total} is attached, due ${documentDate(invoice.dueAt)}.`;
}

export type MailTemplateName = keyof typeof MAIL_TEMPLATES;
export type MailData<Name extends MailTemplateName> = Parameters<(typeof MAIL_TEMPLATES)[Name]['render']>[0];

/** The message an order status change sends to the buyer (none on reaching pending or awaiting approval: placing or approving the order sends its own). */
export const STATUS_MAIL: Record<Exclude<Order['status'], 'pending' | 'awaiting-approval' | 'partially-shipped' | 'shipped'>, MailTemplateName> = {
  processing: 'orderProcessing',
  delivered: 'orderDelivered',
  cancelled: 'orderCancelled',
  rejected: 'orderRejected',
};

