/**
 * The money callables' one way to move a company's account: read the ledger, fold it
 * (`accountFromLedger`, domain/src/ledger.ts), apply the new entries, and write every figure the
 * ledger then implies (the entries, the company's balances, each invoice changed and its order's
 * payment status) in the caller's transaction.
 */
import { FieldValue, Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  accountFigures,
  accountFromLedger,
  applyLedgerEvent,
  changedInvoices,
  formatMoney,
  invoiceFigures,
  invoiceStatus,
  ledgerEntryFromData,
  millisOf,
  orderPaymentFields,
  storedText,
  sumInvoiceFigures,
  type Account,
  type LedgerEntry,
  type LedgerFacts,
} from '@harbor/domain';
import { db } from './admin';
import { queueWebhookEvent } from './integrations/webhooks';
import { ABORTED, updateIfUnchanged } from './transactions';

/** A company, its ledger as stored and the account the ledger implies. */
export interface CompanyAccount {
  company: DocumentSnapshot;
  entries: LedgerEntry[];
  account: Account;
}

/**
 * Reads the company's ledger, oldest first, and folds it. Read it after the company document and
 * write the company with updateIfUnchanged (as `prepareLedger` does): every append also writes
 * the company, so an entry added since makes the transaction run again on fresh entries.
 */
export async function readCompanyAccount(company: DocumentSnapshot): Promise<CompanyAccount> {
  const stored = await company.ref.collection('ledger').orderBy('at').get();
  const entries = stored.docs.map((entry) => ledgerEntryFromData(entry.id, entry.data()));
  try {
    return { company, entries, account: accountFromLedger(entries, formatMoney) };
  } catch (error) {
    throw new HttpsError('internal', `The account of company ${company.id} does not add up and was left as it is: ${(error as Error).message}`);
  }
}

/** One entry to append: what the fold reads, and the words shown with it. */
export interface LedgerWrite extends LedgerFacts {
  description: string;
  orderId?: string | null;
}

export interface PreparedLedger {
  /** The account after the entries. */
  account: Account;
  /** Does every write; call it after the transaction's last read. */
  write: () => void;
}

/**
 * Applies `entries` to the company's account, refusing the whole call with the ledger's sentence
 * when one cannot apply, and reads the invoices they change. Every read happens here, so call it
 * before the transaction's first write. `write` then appends the entries, sets each changed
 * invoice's amounts and status and its order's payment status, and the company's credit on
 * account, running balance and open balance (moved by what its invoices' open amounts moved, plus
 * `openBalanceChange` for orders on credit not yet invoiced). A new invoice among the entries is
 * created by the caller, from `account`; `invoiceFields` are written with a changed invoice's amounts.
 * `invoicesRead` are invoices the transaction has read already, not read again.
 */
export interface LedgerOptions {
  keepCredit?: boolean;
  openBalanceChange?: number;
  invoiceFields?: Record<string, Record<string, unknown>>;
  invoicesRead?: DocumentSnapshot[];
}

export async function prepareLedger(
  transaction: Transaction,
  { company, entries: stored, account: before }: CompanyAccount,
  entries: LedgerWrite[],
  now: number,
  options: LedgerOptions = {},
): Promise<PreparedLedger> {
  let account = before;
  for (const entry of entries) {
    const result = applyLedgerEvent(account, entry, formatMoney, { keepCredit: options.keepCredit });
    if (!result.ok) {
      // Read before an entry a concurrent call has since written (the same new invoice number): run again.
      const latest = await company.ref.get();
      if (!company.updateTime || !latest.updateTime?.isEqual(company.updateTime)) throw Object.assign(new Error(`The account of company ${company.id} changed while it was read.`), { code: ABORTED });
      throw new HttpsError('failed-precondition', result.problem);
    }
    account = result.account;
  }
  const issued = new Set(entries.filter((entry) => entry.kind === 'invoice').map((entry) => entry.reference));
  const changed = changedInvoices(before, account).filter((number) => !issued.has(number));
  const invoicesRead = new Map((options.invoicesRead ?? []).map((invoice) => [invoice.id, invoice]));
  const invoices = await Promise.all(changed.map((number) => invoicesRead.get(number) ?? transaction.get(db.doc(`invoices/${number}`))));
  // Which order each invoice is of, from the ledger's invoice entries (stored and new).
  const orderOfInvoice = new Map<string, string>(
    [...stored, ...entries].flatMap((entry) => (entry.kind === 'invoice' && entry.orderId ? [[entry.reference, entry.orderId] as [string, string]] : [])),
  );
  const openChange = accountFigures(account).openInvoices - accountFigures(before).openInvoices;
  // Entries sort by time: one never goes before the last, even with the shop's clock set back.
  const start = Math.max(now, (stored.at(-1)?.at ?? 0) + 1);
  return {
    account,
    write: () => {
      entries.forEach(({ description, orderId, ...facts }, index) => {
        const at = start + index;
        transaction.create(company.ref.collection('ledger').doc(`${String(at).padStart(15, '0')}-${index}-${facts.reference}`), {
          kind: facts.kind,
          reference: facts.reference,
          description,
          amount: facts.amount,
          balance: before.balance + entries.slice(0, index + 1).reduce((sum, entry) => sum + entry.amount, 0),
          at: Timestamp.fromMillis(at),
          orderId: orderId ?? null,
          invoiceNumber: facts.invoiceNumber ?? null,
          allocations: facts.allocations ?? null,
        });
      });
      const changedOrders = new Set<string>();
      invoices.forEach((invoice, index) => {
        const number = changed[index]!;
        const orderId = orderOfInvoice.get(number) ?? (invoice.exists ? storedText(invoice.get('orderId')) : '');
        if (orderId) {
          orderOfInvoice.set(number, orderId);
          changedOrders.add(orderId);
        }
        if (!invoice.exists) return;
        const figures = invoiceFigures(account.invoices.get(number)!);
        const status = invoiceStatus({ ...figures, dueAt: millisOf(invoice.get('dueAt')) }, now);
        transaction.update(invoice.ref, { ...options.invoiceFields?.[invoice.id], amountPaid: figures.amountPaid, amountCredited: figures.amountCredited, status, updatedAt: FieldValue.serverTimestamp() });
      });
      // New invoices change their orders too.
      for (const number of issued) if (orderOfInvoice.has(number)) changedOrders.add(orderOfInvoice.get(number)!);
      // An order is paid as all its invoices (one per shipment) together are.
      for (const orderId of changedOrders) {
        const figures = [...orderOfInvoice].filter(([, order]) => order === orderId).flatMap(([number]) => (account.invoices.has(number) ? [invoiceFigures(account.invoices.get(number)!)] : []));
        const paid = orderPaymentFields(sumInvoiceFigures(figures));
        transaction.update(db.doc(`orders/${orderId}`), { ...paid, updatedAt: FieldValue.serverTimestamp() });
        queueWebhookEvent(transaction, 'order.updated', { orderId, companyId: company.id, ...paid });
      }
      const { unallocatedCredit, ledgerBalance } = accountFigures(account);
      updateIfUnchanged(transaction, company, {
        ledgerBalance,
        unallocatedCredit,
        openBalance: FieldValue.increment(openChange + (options.openBalanceChange ?? 0)),
        updatedAt: FieldValue.serverTimestamp(),
      });
    },
  };
}
