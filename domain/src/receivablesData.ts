/** Readers of the stored receivables documents: every field checked, times as milliseconds. */
import { PAYMENT_METHODS, type PaymentMethod } from './orders';
import { storedAddress, storedOrderItem, storedRecords } from './orderData';
import { isRecord, millisOf, storedNumber, storedText, storedTexts, type StoredData } from './storedFields';
import {
  INVOICE_STATUSES,
  LEDGER_ENTRY_KINDS,
  PAYMENT_RECORD_METHODS,
  type CreditNote,
  type Invoice,
  type InvoiceLine,
  type InvoiceParty,
  type InvoiceStatus,
  type LedgerEntry,
  type LedgerEntryKind,
  type PaymentAllocation,
  type Payment,
  type PaymentRecordMethod,
} from './receivables';

function line(value: StoredData): InvoiceLine {
  const { productId, sku, name, unit, quantity, unitPrice, lineTotal } = storedOrderItem(value);
  return { productId, sku, name, unit, quantity, unitPrice, lineTotal };
}

function party(value: unknown): InvoiceParty {
  const data = isRecord(value) ? value : {};
  return { name: storedText(data.name), email: storedText(data.email), taxId: storedText(data.taxId), billingAddress: isRecord(data.billingAddress) ? storedAddress(data.billingAddress) : null };
}


export function invoiceFromData(number: string, data: StoredData): Invoice {
  return {
    number,
    sequence: storedNumber(data.sequence),
    orderId: storedText(data.orderId),
    shipmentNumber: storedText(data.shipmentNumber),
    companyId: storedText(data.companyId),
    userId: storedText(data.userId),
    buyer: party(data.buyer),
    shippingAddress: storedAddress(data.shippingAddress),
    poNumber: storedText(data.poNumber),
    paymentMethod: PAYMENT_METHODS.includes(data.paymentMethod as PaymentMethod) ? (data.paymentMethod as PaymentMethod) : 'invoice-net30',
    currency: storedText(data.currency) || 'USD',
    lines: storedRecords(data.lines).map(line),
    subtotal: storedNumber(data.subtotal),
    shipping: storedNumber(data.shipping),
    tax: storedNumber(data.tax),
    taxRateBasisPoints: storedNumber(data.taxRateBasisPoints),
    taxRegion: storedText(data.taxRegion),
    taxExempt: data.taxExempt === true,
    taxCertificateId: storedText(data.taxCertificateId),
    total: storedNumber(data.total),
    issuedAt: millisOf(data.issuedAt),
    dueAt: millisOf(data.dueAt),
    amountPaid: storedNumber(data.amountPaid),
    amountCredited: storedNumber(data.amountCredited),
    status: INVOICE_STATUSES.includes(data.status as InvoiceStatus) ? (data.status as InvoiceStatus) : 'open',
    creditNotes: storedTexts(data.creditNotes),
    paymentsProcessing: isRecord(data.paymentsProcessing)
      ? Object.fromEntries(Object.entries(data.paymentsProcessing).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0))
      : {},
  };
}

export function creditNoteFromData(number: string, data: StoredData): CreditNote {
  return {
    number,
    sequence: storedNumber(data.sequence),
    invoiceNumber: storedText(data.invoiceNumber),
    orderId: storedText(data.orderId),
    companyId: storedText(data.companyId),
    userId: storedText(data.userId),
    buyer: party(data.buyer),
    currency: storedText(data.currency) || 'USD',
    lines: storedRecords(data.lines).map(line),
    restocked: data.restocked === true,
    amount: storedNumber(data.amount),
    reason: storedText(data.reason),
    issuedAt: millisOf(data.issuedAt),
    issuedBy: storedText(data.issuedBy),
    appliedToInvoice: storedNumber(data.appliedToInvoice),
    restockingFee: storedNumber(data.restockingFee),
    returnNumber: storedText(data.returnNumber),
  };
}

const allocationsOf = (value: unknown): PaymentAllocation[] => storedRecords(value).map((allocation) => ({ invoiceNumber: storedText(allocation.invoiceNumber), amount: storedNumber(allocation.amount) }));

export function paymentFromData(id: string, data: StoredData): Payment {
  const reversal = isRecord(data.reversal) ? { reason: storedText(data.reversal.reason), by: storedText(data.reversal.by), at: millisOf(data.reversal.at) } : null;
  return {
    id,
    companyId: storedText(data.companyId),
    requestId: storedText(data.requestId),
    amount: storedNumber(data.amount),
    receivedOn: millisOf(data.receivedOn),
    method: PAYMENT_RECORD_METHODS.includes(data.method as PaymentRecordMethod) ? (data.method as PaymentRecordMethod) : 'other',
    reference: storedText(data.reference),
    allocations: allocationsOf(data.allocations),
    creditApplied: storedNumber(data.creditApplied),
    unallocated: storedNumber(data.unallocated),
    recordedBy: storedText(data.recordedBy),
    recordedAt: millisOf(data.recordedAt),
    reversed: data.reversed === true,
    reversal,
  };
}

export function ledgerEntryFromData(id: string, data: StoredData): LedgerEntry {
  const description = storedText(data.description);
  return {
    id,
    kind: LEDGER_ENTRY_KINDS.includes(data.kind as LedgerEntryKind) ? (data.kind as LedgerEntryKind) : 'invoice',
    reference: storedText(data.reference),
    description,
    amount: storedNumber(data.amount),
    balance: storedNumber(data.balance),
    at: millisOf(data.at),
    orderId: typeof data.orderId === 'string' && data.orderId ? data.orderId : null,
    // Credit notes written before the field named their invoice only in the description.
    invoiceNumber: storedText(data.invoiceNumber) || (data.kind === 'credit-note' ? (/on invoice (INV-\d+)/.exec(description)?.[1] ?? null) : null),
    allocations: Array.isArray(data.allocations) ? allocationsOf(data.allocations) : null,
  };
}
