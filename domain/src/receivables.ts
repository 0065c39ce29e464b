/**
 * Accounts receivable: invoices issued when goods ship, credit notes against them, payments
 * allocated to them, the company's ledger, and ageing. Money is integer cents; times are
 * milliseconds since the epoch. The stored documents are written only by Cloud Functions.
 */
import type { ShippingAddress } from './address';
import type { PaymentMethod } from './orders';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Invoice numbers read "INV-000042": six digits at least, from a gapless sequence, never reused. */
export function formatInvoiceNumber(sequence: number): string {
  return `INV-${String(sequence).padStart(6, '0')}`;
}

/** Credit note numbers read "CN-000007", from their own gapless sequence. */
export function formatCreditNoteNumber(sequence: number): string {
  return `CN-${String(sequence).padStart(6, '0')}`;
}

/** The sequence number of "INV-000042" or of 42; null for anything else. */
export function invoiceSequence(number: string | number): number | null {
  const digits = typeof number === 'number' ? String(number) : /^INV-(\d{1,12})$/.exec(number.trim().toUpperCase())?.[1];
  const sequence = digits === undefined ? NaN : Number(digits);
  return Number.isSafeInteger(sequence) && sequence > 0 ? sequence : null;
}

/** An invoice line: what was shipped and charged, frozen when the invoice was issued. */
export interface InvoiceLine {
  productId: string;
  sku: string;
  name: string;
  /** The full unit text ("case of 6 × 1 L"). */
  unit: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

/** The buyer as the invoice names it. */
export interface InvoiceParty {
  name: string;
  email: string;
  taxId: string;
  billingAddress: ShippingAddress | null;
}

/** Stored status; "overdue" is also written by the daily reminder run once the due date passed. */
export const INVOICE_STATUSES = ['open', 'partially-paid', 'paid', 'overdue'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: 'Open',
  'partially-paid': 'Partly paid',
  paid: 'Paid',
  overdue: 'Overdue',
};

/** `invoices/{number}` (the id is the number, "INV-000042"). Issued once, never edited but for the amounts paid and credited. */
export interface Invoice {
  number: string;
  sequence: number;
  orderId: string;
  /** The shipment it invoices ("HW-…-1"); blank for invoices of whole orders, from before shipments. */
  shipmentNumber: string;
  /** Blank for orders from before company accounts. */
  companyId: string;
  userId: string;
  buyer: InvoiceParty;
  shippingAddress: ShippingAddress;
  poNumber: string;
  paymentMethod: PaymentMethod;
  currency: string;
  lines: InvoiceLine[];
  subtotal: number;
  shipping: number;
  tax: number;
  taxRateBasisPoints: number;
  /** The ship-to state the tax was charged for. */
  taxRegion: string;
  taxExempt: boolean;
  taxCertificateId: string;
  total: number;
  issuedAt: number;
  dueAt: number;
  amountPaid: number;
  amountCredited: number;
  status: InvoiceStatus;
  /** Numbers of the credit notes issued against it. */
  creditNotes: string[];
  /**
   * Online payments under way (an ACH debit takes days), by PaymentIntent id: what each will pay
   * of this invoice. Not counted paid, and no reminder goes out, until the money arrives.
   */
  paymentsProcessing: Record<string, number>;
}

/** What is still to be paid on an invoice. */
export function invoiceOpenAmount(invoice: Pick<Invoice, 'total' | 'amountPaid' | 'amountCredited'>): number {
  return Math.max(0, invoice.total - invoice.amountPaid - invoice.amountCredited);
}

/** What a credit note may still credit on an invoice: its amount not yet credited. */
export function invoiceUncredited(invoice: Pick<Invoice, 'total' | 'amountCredited'>): number {
  return Math.max(0, invoice.total - invoice.amountCredited);
}

/** The invoice's status at `now`: paid when nothing is open; overdue when something is open past the due date. */
export function invoiceStatus(invoice: Pick<Invoice, 'total' | 'amountPaid' | 'amountCredited' | 'dueAt'>, now: number): InvoiceStatus {
  if (invoiceOpenAmount(invoice) === 0) return 'paid';
  if (invoice.dueAt < now) return 'overdue';
  return invoice.amountPaid > 0 || invoice.amountCredited > 0 ? 'partially-paid' : 'open';
}

/** Net terms run from the invoice date; bank transfer is due on receipt. */
export function invoiceDueAt(method: PaymentMethod, issuedAt: number): number {
  const days = method === 'bank-transfer' ? 0 : Number(method.slice('invoice-net'.length));
  return issuedAt + days * DAY_MS;
}

export const PAYMENT_RECORD_METHODS = ['bank-transfer', 'check', 'card', 'ach', 'other'] as const;
export type PaymentRecordMethod = (typeof PAYMENT_RECORD_METHODS)[number];
export const PAYMENT_RECORD_METHOD_LABELS: Record<PaymentRecordMethod, string> = { 'bank-transfer': 'Bank transfer', check: 'Check', card: 'Card', ach: 'ACH debit', other: 'Other' };

export interface PaymentAllocation {
  invoiceNumber: string;
  amount: number;
}

/** `payments/{paymentId}`: money received from a company. Never edited: a mistake is reversed by a new ledger entry. */
export interface Payment {
  id: string;
  companyId: string;
  requestId: string;
  amount: number;
  /** The day the money arrived (ms, midnight UTC). */
  receivedOn: number;
  method: PaymentRecordMethod;
  reference: string;
  /** Where the money went, this payment's own and the company's earlier credit applied with it. */
  allocations: PaymentAllocation[];
  /** The company's unallocated credit this payment used first. */
  creditApplied: number;
  /** What was kept as the company's unallocated credit. */
  unallocated: number;
  recordedBy: string;
  recordedAt: number;
  reversed: boolean;
  reversal: { reason: string; by: string; at: number } | null;
}

/** `creditNotes/{number}` ("CN-000007"): a credit against an issued invoice. */
export interface CreditNote {
  number: string;
  sequence: number;
  invoiceNumber: string;
  orderId: string;
  companyId: string;
  userId: string;
  buyer: InvoiceParty;
  currency: string;
  /** Returned goods (empty for an allowance). */
  lines: InvoiceLine[];
  restocked: boolean;
  /** Goods and their tax, or the allowance. */
  amount: number;
  reason: string;
  issuedAt: number;
  issuedBy: string;
  /** What the credit took off the invoice's open amount; the rest became the company's unallocated credit. */
  appliedToInvoice: number;
  /** Taken off the returned goods before tax (a return approved with a restocking fee). */
  restockingFee: number;
  /** The return (RMA) whose receipt issued it, if one did. */
  returnNumber: string;
}

export const LEDGER_ENTRY_KINDS = ['invoice', 'credit-note', 'payment', 'payment-reversal', 'credit-applied'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];
export const LEDGER_ENTRY_LABELS: Record<LedgerEntryKind, string> = {
  invoice: 'Invoice',
  'credit-note': 'Credit note',
  payment: 'Payment',
  'payment-reversal': 'Payment reversed',
  'credit-applied': 'Credit applied',
};

/**
 * `companies/{id}/ledger/{entryId}`: the company's account, entry by entry. `amount` is what the
 * entry adds to what the company owes (invoices and reversals positive, payments and credit notes
 * negative; credit applied adds nothing); `balance` is the running balance after it (negative:
 * the company is in credit).
 */
export interface LedgerEntry {
  id: string;
  kind: LedgerEntryKind;
  /** INV-…, CN-… or the payment id. */
  reference: string;
  description: string;
  amount: number;
  balance: number;
  at: number;
  /** Orders the entry is about, for links. */
  orderId: string | null;
  /** A credit note's invoice. */
  invoiceNumber: string | null;
  /** A payment's invoices as named when it was recorded, or where credit on account was applied (`domain/src/ledger.ts`). */
  allocations: PaymentAllocation[] | null;
}

/** How a payment is spread: to invoices, from the company's earlier credit first, and what it leaves as credit. */
export type AllocationResult = { ok: true; allocations: PaymentAllocation[]; creditApplied: number; unallocated: number } | { ok: false; problem: string };

/**
 * Spreads the company's unallocated `credit` and then a payment of `amount` over `openInvoices`
 * (oldest first, as given): to the invoices named in `requested`, each at most its open amount,
 * or otherwise oldest first. What the payment leaves over is refused unless `keepCredit`, when it
 * becomes the company's unallocated credit.
 */
export function allocatePayment(
  openInvoices: Pick<Invoice, 'number' | 'total' | 'amountPaid' | 'amountCredited'>[],
  payment: { amount: number; credit: number; requested?: PaymentAllocation[] | undefined; keepCredit: boolean },
  money: (cents: number) => string,
): AllocationResult {
  const { amount, credit, requested, keepCredit } = payment;
  const open = new Map(openInvoices.map((invoice) => [invoice.number, invoiceOpenAmount(invoice)]));
  const pool = amount + credit;
  let allocations: PaymentAllocation[];
  if (requested) {
    const seen = new Set<string>();
    for (const allocation of requested) {
      if (seen.has(allocation.invoiceNumber)) return { ok: false, problem: `Invoice ${allocation.invoiceNumber} is named twice.` };
      seen.add(allocation.invoiceNumber);
      const openAmount = open.get(allocation.invoiceNumber);
      if (!openAmount) return { ok: false, problem: `Invoice ${allocation.invoiceNumber} is not an open invoice of this company.` };
      if (allocation.amount > openAmount) return { ok: false, problem: `Invoice ${allocation.invoiceNumber} has ${money(openAmount)} open; ${money(allocation.amount)} is more than that.` };
    }
    const allocated = requested.reduce((sum, allocation) => sum + allocation.amount, 0);
    if (allocated > pool) return { ok: false, problem: `The allocations add up to ${money(allocated)}, more than the ${money(pool)} to allocate.` };
    allocations = requested.filter((allocation) => allocation.amount > 0);
  } else {
    allocations = [];
    let left = pool;
    for (const [invoiceNumber, openAmount] of open) {
      const paid = Math.min(left, openAmount);
      if (paid > 0) allocations.push({ invoiceNumber, amount: paid });
      left -= paid;
    }
  }
  const allocated = allocations.reduce((sum, allocation) => sum + allocation.amount, 0);
  const creditApplied = Math.min(credit, allocated);
  const unallocated = amount - (allocated - creditApplied);
  if (unallocated > 0 && !keepCredit) {
    return { ok: false, problem: `This payment of ${money(amount)} is ${money(unallocated)} more than it can pay of open invoices. Keep the rest as the company's credit, or enter a smaller amount.` };
  }
  return { ok: true, allocations, creditApplied, unallocated };
}

export const AGE_BUCKETS = ['current', '1-30', '31-60', '61-90', 'over-90'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
export const AGE_BUCKET_LABELS: Record<AgeBucket, string> = {
  current: 'Current',
  '1-30': '1–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  'over-90': 'Over 90 days',
};

/** Whole days past the due date at `now` (0 when not yet due). */
export function daysPastDue(dueAt: number, now: number): number {
  return Math.max(0, Math.floor((now - dueAt) / DAY_MS));
}

/** The age bucket of an amount due at `dueAt`: current until a whole day has passed after the due date. */
export function ageBucket(dueAt: number, now: number): AgeBucket {
  const days = daysPastDue(dueAt, now);
  if (days === 0) return 'current';
  if (days <= 30) return '1-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return 'over-90';
}

export type AgeTotals = Record<AgeBucket, number>;

/** Every age bucket at nothing. */
export const emptyAgeTotals = (): AgeTotals => Object.fromEntries(AGE_BUCKETS.map((bucket) => [bucket, 0])) as AgeTotals;

/** Open amounts by age at `now`, with the total due and the part overdue. */
export function ageing(invoices: Pick<Invoice, 'total' | 'amountPaid' | 'amountCredited' | 'dueAt'>[], now: number): { buckets: AgeTotals; total: number; overdue: number } {
  const buckets = emptyAgeTotals();
  for (const invoice of invoices) buckets[ageBucket(invoice.dueAt, now)] += invoiceOpenAmount(invoice);
  const total = AGE_BUCKETS.reduce((sum, bucket) => sum + buckets[bucket], 0);
  return { buckets, total, overdue: total - buckets.current };
}

/** One company's line of the receivables report. */
export interface ReceivablesRow {
  companyId: string;
  name: string;
  buckets: AgeTotals;
  total: number;
  overdue: number;
  unallocatedCredit: number;
  oldestDueAt: number | null;
}

/** The receivables report: companies with something open, most overdue first. */
export interface ReceivablesReport {
  asOf: number;
  rows: ReceivablesRow[];
  totals: AgeTotals & { total: number; overdue: number };
}

/** The statement of account: the company's open invoices with their ages at `asOf`. */
export interface Statement {
  companyId: string;
  name: string;
  asOf: number;
  invoices: { number: string; orderId: string; issuedAt: number; dueAt: number; total: number; open: number; status: InvoiceStatus; bucket: AgeBucket; daysPastDue: number }[];
  buckets: AgeTotals;
  total: number;
  overdue: number;
  unallocatedCredit: number;
}

/** The statement of a company from its invoices (any order; the open ones are kept, oldest due first). */
export function statementOf(company: { id: string; name: string; unallocatedCredit: number }, invoices: Invoice[], asOf: number): Statement {
  const open = invoices.filter((invoice) => invoiceOpenAmount(invoice) > 0).sort((a, b) => a.dueAt - b.dueAt || a.sequence - b.sequence);
  const { buckets, total, overdue } = ageing(open, asOf);
  return {
    companyId: company.id,
    name: company.name,
    asOf,
    invoices: open.map((invoice) => ({
      number: invoice.number,
      orderId: invoice.orderId,
      issuedAt: invoice.issuedAt,
      dueAt: invoice.dueAt,
      total: invoice.total,
      open: invoiceOpenAmount(invoice),
      status: invoiceStatus(invoice, asOf),
      bucket: ageBucket(invoice.dueAt, asOf),
      daysPastDue: daysPastDue(invoice.dueAt, asOf),
    })),
    buckets,
    total,
    overdue,
    unallocatedCredit: company.unallocatedCredit,
  };
}

/** The parts of a company its financial e-mail is addressed from. */
export interface FinancialContacts {
  members: Record<string, string>;
  memberDetails: Record<string, { email: string }>;
  /** The accounts-payable address the owner set ('' when none). */
  billingEmail: string;
}

/** Each address once, whatever its case, trimmed; anything that is not an address left out. */
function uniqueAddresses(emails: string[]): string[] {
  const seen = new Set<string>();
  return emails.map((email) => email.trim()).filter((email) => {
    const key = email.toLowerCase();
    if (!key.includes('@') || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Who pays a company's bills: its accounts-payable address and its owners as its members are now,
 * each address once, the accounts-payable address first.
 */
export function financialRecipients(company: FinancialContacts): string[] {
  const owners = Object.entries(company.members).filter(([, role]) => role === 'owner').map(([uid]) => company.memberDetails[uid]?.email ?? '');
  return uniqueAddresses([company.billingEmail, ...owners]);
}

/**
 * The company's billing contact, to whom its invoices and statements are addressed ("Bill to"):
 * its accounts-payable address, else its first owner; '' when it has neither.
 */
export function billingContact(company: FinancialContacts): string {
  return financialRecipients(company)[0] ?? '';
}

/** What an e-mail to a company's people is about, for who receives it (`companyMailRecipients`). */
export type CompanyMailKind = 'order' | 'invoice' | 'credit-note' | 'receipt' | 'reminder' | 'statement';

/**
 * The one rule of who receives what: the buyer who placed the order the e-mail is about, and the
 * company's payers (`financialRecipients`: its accounts-payable address and its owners). An
 * order's news is the buyer's; money owed or paid is the payers'; an invoice and a credit note,
 * which change what the buyer's order costs, go to both.
 */
export const COMPANY_MAIL_RECIPIENTS: Record<CompanyMailKind, { buyer: boolean; payers: boolean }> = {
  /** Received, being prepared, shipped, delivered, cancelled, not approved. */
  order: { buyer: true, payers: false },
  /** Issued at shipment: the buyer's copy comes with its shipped e-mail. */
  invoice: { buyer: true, payers: true },
  'credit-note': { buyer: true, payers: true },
  /** A payment recorded. */
  receipt: { buyer: false, payers: true },
  /** An overdue invoice, when it falls due and weekly while it stays so. */
  reminder: { buyer: false, payers: true },
  statement: { buyer: false, payers: true },
};

/**
 * The addresses an e-mail of `kind` goes to (`COMPANY_MAIL_RECIPIENTS`), the buyer first, each
 * address once; a buyer without a company (or a company gone) has no payers.
 */
export function companyMailRecipients(kind: CompanyMailKind, { company, buyerEmail = '' }: { company: FinancialContacts | null; buyerEmail?: string }): string[] {
  const rule = COMPANY_MAIL_RECIPIENTS[kind];
  return uniqueAddresses([...(rule.buyer ? [buyerEmail] : []), ...(rule.payers && company ? financialRecipients(company) : [])]);
}
