/**
 * A company's account as its ledger implies it: the one source of every receivables figure.
 *
 * Each money callable reads the company's ledger, folds it with `accountFromLedger`, applies its
 * own event with `applyLedgerEvent` and writes what results (each invoice's paid and credited
 * amounts and status, the company's open balance, credit on account and running balance), so no
 * stored figure can drift from the entries.
 *
 * Money is followed from where it came:
 * - each payment is a lot, spent on invoices (the ones named, or the oldest first) and otherwise
 *   held as credit on account; credit on account is spent oldest lot first;
 * - a credit note settles its invoice before any payment does: where the invoice was already
 *   paid, the payments it displaces (the latest first) get that money back as credit;
 * - a reversal takes its payment out whole: every invoice it paid, directly or as credit spent
 *   later, opens again by exactly what it paid, and what it still held as credit is gone.
 * So a payment that bounces after its invoice was credited leaves no credit the company never paid.
 */
import { allocatePayment, invoiceOpenAmount, type LedgerEntryKind, type PaymentAllocation } from './receivables';

/** What a ledger entry says, as the fold reads it. `amount` is what it adds to what the company owes. */
export interface LedgerFacts {
  kind: LedgerEntryKind;
  /** INV-…, CN-… or the payment id. */
  reference: string;
  amount: number;
  /** A credit note's invoice. */
  invoiceNumber?: string | null | undefined;
  /** A payment's invoices as the payer named them, or where credit on account was applied. */
  allocations?: PaymentAllocation[] | null | undefined;
}

/** One invoice's money: its total, what credit notes took off, and what each payment lot paid of it. */
export interface InvoiceMoney {
  total: number;
  credited: number;
  /** Payment id -> amount paid, in the order paid. */
  paidBy: Map<string, number>;
}

/** A payment's money: received, still held as credit on account, or given back by a reversal. */
export interface PaymentLot {
  amount: number;
  held: number;
  reversed: boolean;
}

export interface Account {
  /** In the order issued. */
  invoices: Map<string, InvoiceMoney>;
  /** In the order received. */
  lots: Map<string, PaymentLot>;
  /** What the company owes (negative: it is in credit): the sum of the entries. */
  balance: number;
}

export type LedgerResult = { ok: true; account: Account } | { ok: false; problem: string };

export const emptyAccount = (): Account => ({ invoices: new Map(), lots: new Map(), balance: 0 });

function copyAccount(account: Account): Account {
  return {
    invoices: new Map([...account.invoices].map(([number, invoice]) => [number, { ...invoice, paidBy: new Map(invoice.paidBy) }])),
    lots: new Map([...account.lots].map(([id, lot]) => [id, { ...lot }])),
    balance: account.balance,
  };
}

const sum = (values: Iterable<number>): number => [...values].reduce((total, value) => total + value, 0);

/** What has been paid of an invoice. */
export const invoicePaid = (invoice: InvoiceMoney): number => sum(invoice.paidBy.values());

/** An invoice's figures as stored on `invoices/{number}`. */
export function invoiceFigures(invoice: InvoiceMoney): { total: number; amountPaid: number; amountCredited: number } {
  return { total: invoice.total, amountPaid: invoicePaid(invoice), amountCredited: invoice.credited };
}

const openOf = (invoice: InvoiceMoney): number => invoiceOpenAmount(invoiceFigures(invoice));

/** Credit on account: what payments hold that no invoice took. */
export const accountCredit = (account: Account): number => sum([...account.lots.values()].map((lot) => lot.held));

/** The company's stored figures as the ledger implies them. */
export function accountFigures(account: Account): { openInvoices: number; unallocatedCredit: number; ledgerBalance: number } {
  return { openInvoices: sum([...account.invoices.values()].map(openOf)), unallocatedCredit: accountCredit(account), ledgerBalance: account.balance };
}

function pay(invoice: InvoiceMoney, lotId: string, lot: PaymentLot, amount: number): void {
  lot.held -= amount;
  invoice.paidBy.set(lotId, (invoice.paidBy.get(lotId) ?? 0) + amount);
}

/** Pays `amount` of `invoice` from credit on account, the oldest lot first. */
function spendCredit(account: Account, invoice: InvoiceMoney, amount: number): void {
  let left = amount;
  for (const [id, lot] of account.lots) {
    if (left === 0) break;
    const spent = Math.min(left, lot.held);
    if (spent > 0) pay(invoice, id, lot, spent);
    left -= spent;
  }
}

/** Open invoices as allocatePayment takes them, oldest first. */
function openInvoices(account: Account): { number: string; total: number; amountPaid: number; amountCredited: number }[] {
  return [...account.invoices].map(([number, invoice]) => ({ number, ...invoiceFigures(invoice) })).filter((invoice) => invoiceOpenAmount(invoice) > 0);
}

/**
 * Applies one entry to `next` in place and returns null, or why it cannot apply (then `next` is
 * half changed: callers apply to a copy, or give up on the account).
 */
function applyInPlace(next: Account, event: LedgerFacts, money: (cents: number) => string, options: { keepCredit?: boolean }): string | null {
  next.balance += event.amount;
  switch (event.kind) {
    case 'invoice': {
      if (next.invoices.has(event.reference)) return `Invoice ${event.reference} is already on this account.`;
      if (!Number.isSafeInteger(event.amount) || event.amount < 0) return `Invoice ${event.reference} has no valid total.`;
      const invoice: InvoiceMoney = { total: event.amount, credited: 0, paidBy: new Map() };
      next.invoices.set(event.reference, invoice);
      spendCredit(next, invoice, Math.min(invoice.total, accountCredit(next)));
      return null;
    }
    case 'payment': {
      const amount = -event.amount;
      if (next.lots.has(event.reference)) return `Payment ${event.reference} is already on this account.`;
      if (!Number.isSafeInteger(amount) || amount <= 0) return 'A payment must be more than $0.00.';
      const credit = accountCredit(next);
      // Written before payments named their invoices: one made when an order paid before its invoice was issued names that invoice by its reference.
      const prepaid = event.allocations ? undefined : next.invoices.get(event.reference);
      const requested = event.allocations ?? (prepaid && openOf(prepaid) > 0 ? [{ invoiceNumber: event.reference, amount: Math.min(amount, openOf(prepaid)) }] : undefined);
      const allocation = allocatePayment(openInvoices(next), { amount, credit, requested, keepCredit: options.keepCredit ?? true }, money);
      if (!allocation.ok) return allocation.problem;
      const lot: PaymentLot = { amount, held: amount, reversed: false };
      // Earlier credit goes first, then this payment's own money.
      let fromCredit = allocation.creditApplied;
      for (const { invoiceNumber, amount: paid } of allocation.allocations) {
        const invoice = next.invoices.get(invoiceNumber)!;
        const spent = Math.min(fromCredit, paid);
        spendCredit(next, invoice, spent);
        fromCredit -= spent;
        if (paid > spent) pay(invoice, event.reference, lot, paid - spent);
      }
      next.lots.set(event.reference, lot);
      return null;
    }
    case 'credit-applied': {
      const requested = event.allocations ?? [];
      const available = accountCredit(next);
      let left = available;
      for (const { invoiceNumber, amount } of requested) {
        const invoice = next.invoices.get(invoiceNumber);
        if (!invoice || amount <= 0 || amount > openOf(invoice)) return `Invoice ${invoiceNumber} does not have ${money(amount)} open.`;
        if (amount > left) return `The company holds ${money(available)} of credit, less than the ${money(sum(requested.map((entry) => entry.amount)))} to apply.`;
        spendCredit(next, invoice, amount);
        left -= amount;
      }
      return null;
    }
    case 'credit-note': {
      const amount = -event.amount;
      const invoice = event.invoiceNumber ? next.invoices.get(event.invoiceNumber) : undefined;
      if (!invoice) return `Invoice ${event.invoiceNumber ?? ''} is not on this account.`;
      const uncredited = invoice.total - invoice.credited;
      if (!Number.isSafeInteger(amount) || amount <= 0) return 'A credit must be more than $0.00.';
      if (amount > uncredited) return `A credit of ${money(amount)} is more than the ${money(uncredited)} of invoice ${event.invoiceNumber} not yet credited.`;
      invoice.credited += amount;
      // The credit settles the invoice first: payments it displaces, the latest first, hold their money again.
      let excess = invoicePaid(invoice) + invoice.credited - invoice.total;
      for (const id of [...invoice.paidBy.keys()].reverse()) {
        if (excess <= 0) break;
        const paid = invoice.paidBy.get(id)!;
        const back = Math.min(paid, excess);
        if (back === paid) invoice.paidBy.delete(id);
        else invoice.paidBy.set(id, paid - back);
        next.lots.get(id)!.held += back;
        excess -= back;
      }
      return null;
    }
    case 'payment-reversal': {
      const lot = next.lots.get(event.reference);
      if (!lot) return `Payment ${event.reference} is not on this company's account, so it cannot be reversed here.`;
      if (lot.reversed) return `Payment ${event.reference} has already been reversed.`;
      if (event.amount !== lot.amount) return `Payment ${event.reference} was ${money(lot.amount)}; a reversal must take back exactly that, not ${money(event.amount)}.`;
      for (const invoice of next.invoices.values()) invoice.paidBy.delete(event.reference);
      lot.held = 0;
      lot.reversed = true;
      return null;
    }
  }
}

/**
 * Applies one entry to `account` (left unchanged) and returns the account after it, or why it
 * cannot apply. `keepCredit` (payments): what is left over after the invoices is kept as credit
 * on account rather than refused. `money` writes amounts in the sentences.
 */
export function applyLedgerEvent(account: Account, event: LedgerFacts, money: (cents: number) => string, options: { keepCredit?: boolean } = {}): LedgerResult {
  const next = copyAccount(account);
  const problem = applyInPlace(next, event, money, options);
  return problem === null ? { ok: true, account: next } : { ok: false, problem };
}

/** The account after `entries`, in the order written. Throws on an entry that cannot apply: the stored ledger is broken. */
export function accountFromLedger(entries: readonly LedgerFacts[], money: (cents: number) => string): Account {
  // One account changed in place: a copy per entry would make a fold grow with the square of the history.
  const account = emptyAccount();
  for (const entry of entries) {
    const problem = applyInPlace(account, entry, money, {});
    if (problem !== null) throw new Error(`Ledger entry ${entry.kind} ${entry.reference} cannot apply: ${problem}`);
  }
  return account;
}

/** An order's payment status as its invoice's figures make it. */
export const orderPaymentStatus = (invoice: { total: number; amountPaid: number; amountCredited: number }): 'paid' | 'unpaid' => (invoiceOpenAmount(invoice) === 0 ? 'paid' : 'unpaid');

/** What an order keeps of its invoice as the ledger has it: paid or not, what was paid of it and what is open, so lists of orders say "Partly paid, $284.34 open" without reading invoices. */
export function orderPaymentFields(invoice: { total: number; amountPaid: number; amountCredited: number }): { paymentStatus: 'paid' | 'unpaid'; amountPaid: number; amountOpen: number } {
  return { paymentStatus: orderPaymentStatus(invoice), amountPaid: invoice.amountPaid, amountOpen: invoiceOpenAmount(invoice) };
}

/** Several invoices' figures as one (an order invoiced per shipment). */
export function sumInvoiceFigures(figures: readonly { total: number; amountPaid: number; amountCredited: number }[]): { total: number; amountPaid: number; amountCredited: number } {
  return {
    total: sum(figures.map((each) => each.total)),
    amountPaid: sum(figures.map((each) => each.amountPaid)),
    amountCredited: sum(figures.map((each) => each.amountCredited)),
  };
}

/** Invoices whose paid or credited amount differs between two accounts (new invoices included). */
export function changedInvoices(before: Account, after: Account): string[] {
  return [...after.invoices].filter(([number, invoice]) => {
    const old = before.invoices.get(number);
    return !old || old.credited !== invoice.credited || invoicePaid(old) !== invoicePaid(invoice);
  }).map(([number]) => number);
}

/** Where a payment's money is now: what it pays of each invoice and what it still holds as credit. */
export function paymentApplication(account: Account, paymentId: string): { allocations: PaymentAllocation[]; held: number } {
  const allocations = [...account.invoices].flatMap(([invoiceNumber, invoice]) => {
    const amount = invoice.paidBy.get(paymentId) ?? 0;
    return amount > 0 ? [{ invoiceNumber, amount }] : [];
  });
  return { allocations, held: account.lots.get(paymentId)?.held ?? 0 };
}
