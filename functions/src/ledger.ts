import { Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { storedNumber } from '@harbor/domain';
import type { LedgerEntryKind } from '@harbor/domain';

/** One entry of the company's ledger; the company's `ledgerBalance` is written with it by the caller. */
export interface LedgerWrite {
  kind: LedgerEntryKind;
  reference: string;
  description: string;
  /** What the entry adds to what the company owes (negative for payments and credit notes). */
  amount: number;
  orderId?: string | null;
}

/**
 * Appends `entries` to `companies/{id}/ledger` after the company's `ledgerBalance` as read, each
 * with the running balance after it, and returns the balance after the last for the caller to
 * write with its other company fields. Entries are never changed afterwards.
 */
export function appendLedger(transaction: Transaction, company: DocumentSnapshot, at: number, entries: LedgerWrite[]): number {
  let running = storedNumber(company.get('ledgerBalance'));
  entries.forEach((entry, index) => {
    running += entry.amount;
    // Ids sort in the order written, also within one transaction.
    const id = `${String(at).padStart(15, '0')}-${index}-${entry.reference}`;
    transaction.create(company.ref.collection('ledger').doc(id), { ...entry, orderId: entry.orderId ?? null, balance: running, at: Timestamp.fromMillis(at + index) });
  });
  return running;
}
