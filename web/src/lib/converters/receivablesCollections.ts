import { collection, type Firestore } from 'firebase/firestore/lite';
import { creditNoteFromData, invoiceFromData, ledgerEntryFromData, paymentFromData, type CreditNote, type Invoice, type LedgerEntry, type Payment } from '@harbor/domain';
import { readerConverter } from './readerConverter';

const invoiceConverter = readerConverter<Invoice>(invoiceFromData);
const creditNoteConverter = readerConverter<CreditNote>(creditNoteFromData);
const paymentConverter = readerConverter<Payment>(paymentFromData);
const ledgerEntryConverter = readerConverter<LedgerEntry>(ledgerEntryFromData);

/** `invoices/{number}` ("INV-000042"), read through invoiceFromData. */
export function invoiceCollection(db: Firestore) {
  return collection(db, 'invoices').withConverter(invoiceConverter);
}

/** `creditNotes/{number}` ("CN-000007"), read through creditNoteFromData. */
export function creditNoteCollection(db: Firestore) {
  return collection(db, 'creditNotes').withConverter(creditNoteConverter);
}

/** `payments/{id}`, read through paymentFromData. */
export function paymentCollection(db: Firestore) {
  return collection(db, 'payments').withConverter(paymentConverter);
}

/** `companies/{id}/ledger`: the company's account entry by entry. */
export function ledgerCollection(db: Firestore, companyId: string) {
  return collection(db, 'companies', companyId, 'ledger').withConverter(ledgerEntryConverter);
}
