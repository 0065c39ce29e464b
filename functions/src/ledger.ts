import { Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
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
 * Appends `entries` to `companies/{id}/ledger` after a balance of `balance`, each with the running
 * balance after it, and returns the balance after the last. Entries are never changed afterwards.
 */
export function appendLedger(transaction: Transaction, company: DocumentReference, balance: number, at: number, entries: LedgerWrite[]): number {
  let running = balance;
  entries.forEach((entry, index) => {
    running += entry.amount;
    // Ids sort in the order written, also within one transaction.
    const id = `${String(at).padStart(15, '0')}-${index}-${entry.reference}`;
    transaction.create(company.collection('ledger').doc(id), { ...entry, orderId: entry.orderId ?? null, balance: running, at: Timestamp.fromMillis(at + index) });
  });
  return running;
}
