/**
 * Every e-mail the shop sends, by template name. A new message is one entry here: what its data
 * holds and how it reads. `queueMail` (outbox.ts) takes only these names and their data.
 */
import {
  APPROVAL_DAYS,
  APPROVAL_EXPIRED_REASON,
  BRAND,
  companyFromData,
  formatInvoiceNumber,
  forDeciders,
  formatMoney,
  MAIL,
  orderFromData,
  PAYMENT_TERMS_LABELS,
  paymentInstructions,
  quoteFromData,
  QUOTE_STATUS_LABELS,
  trackingUrl,
  CARRIERS,
  type Company,
  type Order,
  type Quote,
  type QuoteMessageKind,
} from '@harbor/domain';
import { db } from '../admin';
import { quotePdf } from '../orderDocuments';
import { renderMail, type MailParts, type MailTable, type RenderedMail } from './layout';

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

function orderTable(order: Order): MailTable {
  const money = (cents: number) => formatMoney(cents, order.currency);
  return {
    columns: ['Item', 'Quantity', 'Amount'],
    rows: order.items.map((item) => [`${item.name} (${item.sku})`, String(item.quantity), money(item.lineTotal)]),
    totals: [
      ['Subtotal', money(order.subtotal)],
      ['Shipping', order.shipping ? money(order.shipping) : 'Free'],
      ['Tax', money(order.tax)],
      ['Total', money(order.total)],
    ],
  };
}

const orderUrl = (order: Order) => `${MAIL.shopUrl}/order-confirmation/${encodeURIComponent(order.id)}`;
const orderLink = (order: Order) => ({ label: 'View your order', url: orderUrl(order) });
const dateText = (ms: number) => new Date(ms).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
/** Who approved an order, and why if they said, for the buyer's confirmation. */
const approvedText = (order: Order) =>
  order.approval?.decision === 'approved'
    ? [`${order.approval.decidedByName || 'Your company'} approved it${order.approval.decisionReason ? `: ${order.approval.decisionReason}` : '.'}`]
    : [];
const poText = (order: Order) => (order.poNumber ? ` (your PO ${order.poNumber})` : '');

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
    ...(priced
      ? {
          totals: [
            ['Subtotal', formatMoney(quote.subtotal)],
            ['Shipping', quote.shipping ? formatMoney(quote.shipping) : 'Free'],
            ['Tax', formatMoney(quote.tax)],
            ['Total', formatMoney(quote.total)],
          ] satisfies [string, string][],
        }
      : {}),
  };
}

const quoteLink = (quote: Quote) => ({ label: 'View the quote', url: `${MAIL.shopUrl}/quotes/${encodeURIComponent(quote.id)}` });
const adminQuoteLink = (quote: Quote) => ({ label: 'Open in the back office', url: `${MAIL.shopUrl}/admin/quotes/${encodeURIComponent(quote.id)}` });

/** A message about one quote, rendered from the quote as it is when the message is sent. */
function quoteMail<Data extends { quoteId: string }>(parts: (quote: Quote, data: Data) => MailParts): MailTemplate<Data> {
  return { render: async (data) => renderMail(parts(await readQuote(data.quoteId), data)) };
}

/** How the other side is told of a move (quoteAction, a message, an acceptance). */
const QUOTE_UPDATE_TEXT: Record<Exclude<QuoteMessageKind, 'request' | 'quote'>, string> = {
  message: 'There is a new message on the quote',
  'ask-changes': 'The buyer asked for changes to the quote',
  decline: 'The buyer declined the quote',
  withdraw: 'The buyer withdrew the request',
  reject: 'We are unable to offer this quote',
  accept: 'The buyer accepted the quote',
};

export const MAIL_TEMPLATES = {
  creditNoteIssued: { render: async ({ creditNoteNumber }: { creditNoteNumber: string }) => renderMail({ subject: `Credit note ${creditNoteNumber}`, preview: creditNoteNumber, heading: `Credit note ${creditNoteNumber}`, paragraphs: [creditNoteNumber] }) },
  invoiceOverdue: { render: async ({ invoiceNumber }: { invoiceNumber: string; reminder: number }) => renderMail({ subject: `Invoice ${invoiceNumber} is overdue`, preview: invoiceNumber, heading: `Invoice ${invoiceNumber} is overdue`, paragraphs: [invoiceNumber] }) },
  /** To the buyer, with the invoice PDF attached. */
  orderReceived: {
    async render({ orderId }: { orderId: string }) {
      const order = await readOrder(orderId);
      const mail = await renderMail({
        subject: `We received your order ${order.id}`,
        preview: `Order ${order.id}: ${formatMoney(order.total, order.currency)}`,
        heading: 'Thank you for your order',
        paragraphs: [
          `We received your order ${order.id}${poText(order)} for ${formatMoney(order.total, order.currency)}.`,
          ...approvedText(order),
          ...(order.invoiceNumber ? [`Your invoice ${formatInvoiceNumber(order.invoiceNumber)} is attached.`] : []),
          ...paymentInstructions(order),
        ],
        table: orderTable(order),
        button: orderLink(order),
      });
      return mail;
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
    button: { label: 'Open in the back office', url: `${MAIL.shopUrl}/admin/orders?${new URLSearchParams({ order: order.id }).toString()}` },
  })),
  orderProcessing: orderMail((order) => ({
    subject: `Your order ${order.id} is being prepared`,
    preview: 'We are picking and packing your order.',
    heading: 'Your order is being prepared',
    paragraphs: [`We are picking and packing your order ${order.id}${poText(order)}. We will write again when it ships.`],
    button: orderLink(order),
  })),
  orderShipped: orderMail((order) => {
    const shipment = order.shipment;
    return {
      subject: `Your order ${order.id} has shipped`,
      preview: shipment ? `${CARRIERS[shipment.carrier].label} tracking number ${shipment.trackingNumber}` : 'Your order is on its way.',
      heading: 'Your order is on its way',
      paragraphs: [
        `Your order ${order.id}${poText(order)} has shipped.`,
        ...(shipment ? [`Carrier: ${CARRIERS[shipment.carrier].label}. Tracking number: ${shipment.trackingNumber}.`] : []),
      ],
      button: shipment ? { label: 'Track your parcel', url: trackingUrl(shipment) } : orderLink(order),
    };
  }),
  orderDelivered: orderMail((order) => ({
    subject: `Your order ${order.id} was delivered`,
    preview: 'Your order was delivered.',
    heading: 'Your order was delivered',
    paragraphs: [`Your order ${order.id}${poText(order)} was delivered. Thank you for buying from us.`],
    button: orderLink(order),
  })),
  orderCancelled: orderMail((order) => ({
    subject: `Your order ${order.id} was cancelled`,
    preview: `Order ${order.id} was cancelled.`,
    heading: 'Your order was cancelled',
    paragraphs: [`Your order ${order.id}${poText(order)} was cancelled and will not be charged. Please reply to this e-mail with any question.`],
    button: orderLink(order),
  })),
  /** To the company's owner and approvers, when a buyer's order is over its limits. */
  approvalRequested: orderMail((order) => ({
    subject: `Order ${order.id} by ${order.placedByName || order.userEmail} awaits your approval`,
    preview: `${formatMoney(order.total, order.currency)}: ${order.approval?.message ?? 'over the buyer\'s limit'}`,
    heading: 'An order awaits your approval',
    paragraphs: [
      `${order.placedByName || 'A buyer'} (${order.userEmail}) ordered ${order.items.length} lines for ${formatMoney(order.total, order.currency)}${poText(order)}.`,
      `${forDeciders(order.approval?.message ?? 'This order needs approval')}.`,
      `Please approve or reject it by ${dateText(order.approval?.dueAt ?? order.createdAt)}: an order not decided within ${APPROVAL_DAYS} days is rejected.`,
    ],
    table: orderTable(order),
    button: { label: 'Review the order', url: orderUrl(order) },
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
      button: orderLink(order),
    };
  }),
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
    button: { label: 'Start ordering', url: MAIL.shopUrl },
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
      const mail = await renderMail({
        subject: `Your quote ${quote.number} from ${BRAND.name}`,
        preview: `${formatMoney(quote.total)}, valid until ${dateText(quote.validUntil ?? 0)}`,
        heading: `Quote ${quote.number}`,
        paragraphs: [
          `Here is our quote ${quote.number} for ${quote.companyName}: ${formatMoney(quote.total)} including shipping and tax to your default address.`,
          `It is valid until ${dateText(quote.validUntil ?? 0)}. Accept it from your quotes page to place the order at these prices.`,
          ...(quote.lastMessage ? [quote.lastMessage] : []),
        ],
        table: quoteTable(quote),
        button: quoteLink(quote),
      });
      const pdf = await quotePdf(quote);
      return { ...mail, attachments: [{ filename: pdf.fileName, content: Buffer.from(pdf.pdf), contentType: 'application/pdf' }] };
    },
  },
  /** To the buyer, two days before a quote runs out. */
  quoteExpiring: quoteMail<{ quoteId: string }>((quote) => ({
    subject: `Your quote ${quote.number} expires on ${dateText(quote.validUntil ?? 0)}`,
    preview: `${formatMoney(quote.total)}, valid until ${dateText(quote.validUntil ?? 0)}`,
    heading: `Quote ${quote.number} expires soon`,
    paragraphs: [`Our quote ${quote.number} for ${formatMoney(quote.total)} is valid until ${dateText(quote.validUntil ?? 0)}. Accept it before then to order at its prices.`],
    table: quoteTable(quote),
    button: quoteLink(quote),
  })),
  /** To the other side of a move: the shop for the buyer's moves, the buyer for the shop's. */
  quoteUpdate: quoteMail<{ quoteId: string; kind: keyof typeof QUOTE_UPDATE_TEXT; to: 'buyer' | 'shop' }>((quote, { kind, to }) => ({
    subject: `Quote ${quote.number}: ${QUOTE_UPDATE_TEXT[kind].toLowerCase()}`,
    preview: quote.lastMessage || QUOTE_STATUS_LABELS[quote.status],
    heading: `Quote ${quote.number}`,
    paragraphs: [`${QUOTE_UPDATE_TEXT[kind]} (${quote.companyName}). It is now ${QUOTE_STATUS_LABELS[quote.status].toLowerCase()}.`, ...(quote.lastMessage ? [quote.lastMessage] : [])],
    button: to === 'buyer' ? quoteLink(quote) : adminQuoteLink(quote),
  })),
  /** To the invited colleague: the link only that address can accept. */
  invitation: {
    async render({ code }: { code: string }) {
      const snapshot = await db.doc(`invitations/${code}`).get();
      if (!snapshot.exists) throw new UndeliverableMail(`Invitation ${code} no longer exists.`);
      const companyName = String(snapshot.get('companyName') ?? 'a company');
      return renderMail({
        subject: `You are invited to buy for ${companyName}`,
        preview: `Join ${companyName} on ${BRAND.name}.`,
        heading: `Join ${companyName}`,
        paragraphs: [
          `You are invited to order for ${companyName} at ${BRAND.name}.`,
          `Sign in or register with this e-mail address, then open the link below (or enter the code ${code} on your profile).`,
        ],
        button: { label: 'Accept the invitation', url: `${MAIL.shopUrl}/profile?${new URLSearchParams({ invitation: code }).toString()}` },
      });
    },
  },
} satisfies Record<string, MailTemplate<never>>;

export type MailTemplateName = keyof typeof MAIL_TEMPLATES;
export type MailData<Name extends MailTemplateName> = Parameters<(typeof MAIL_TEMPLATES)[Name]['render']>[0];

/** The message an order status change sends to the buyer (none on reaching pending or awaiting approval: placing or approving the order sends its own). */
export const STATUS_MAIL: Record<Exclude<Order['status'], 'pending' | 'awaiting-approval'>, MailTemplateName> = {
  processing: 'orderProcessing',
  shipped: 'orderShipped',
  delivered: 'orderDelivered',
  cancelled: 'orderCancelled',
  rejected: 'orderRejected',
};

