/**
 * Brings every company's stored receivables figures in line with its ledger, once after deploying
 * the ledger fold (domain/src/ledger.ts), since the code before it kept the figures by hand:
 *   npm run reconcile:ledgers              (writes, and reports what it changed)
 *   npm run reconcile:ledgers -- --dry-run (reports only)
 * Payments' ledger entries written before entries named their invoices get the allocations their
 * payment documents recorded; then the ledger is folded and what it implies is written: each
 * invoice's paid and credited amounts and status, its order's payment status with what is paid and
 * open of the invoice, and the company's credit on account, running balance and open balance
 * (moved by what its invoices' open amounts move). One transaction per company. A company whose
 * ledger does not fold is reported and left as it is. Running it again changes nothing.
 * Credentials and project as for migrate:staff-notes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore, type DocumentSnapshot, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import {
  accountFigures,
  accountFromLedger,
  formatMoney,
  invoiceFigures,
  invoiceFromData,
  invoiceOpenAmount,
  invoiceStatus,
  ledgerEntryFromData,
  orderPaymentFields,
  paymentFromData,
  storedNumber,
} from '../domain/src/index';
import { documentPages } from './documentPages';
import { ROOT } from './emulators';

const PAGE_SIZE = 100;
const dryRun = process.argv.includes('--dry-run');
const projectId = process.env.GCLOUD_PROJECT ?? (JSON.parse(readFileSync(join(ROOT, '.firebaserc'), 'utf8')) as { projects: { default: string } }).projects.default;
const db = getFirestore(initializeApp({ projectId }));

/** Reconciles one company; returns the sentences that say what it changed (none when it agreed with its ledger). */
async function reconcile(companyId: string): Promise<string[]> {
  return db.runTransaction(async (transaction) => {
    const company = await transaction.get(db.doc(`companies/${companyId}`));
    const stored = await transaction.get(company.ref.collection('ledger').orderBy('at'));
    // Payments recorded before ledger entries named their invoices: where the money went, as the payment recorded it.
    const unnamed = stored.docs.filter((entry) => entry.get('kind') === 'payment' && !Array.isArray(entry.get('allocations')));
    const payments = unnamed.length ? await transaction.getAll(...unnamed.map((entry) => db.doc(`payments/${String(entry.get('reference'))}`))) : [];
    const named = new Map(unnamed.map((entry, index) => [entry.id, payments[index]!.exists ? paymentFromData(payments[index]!.id, payments[index]!.data()!).allocations : null]));
    const entries = stored.docs.map((entry) => ({ ...ledgerEntryFromData(entry.id, entry.data()), ...(named.get(entry.id) ? { allocations: named.get(entry.id)! } : {}) }));
    const account = accountFromLedger(entries, formatMoney);
    const numbers = [...account.invoices.keys()];
    const invoices: DocumentSnapshot[] = numbers.length ? await transaction.getAll(...numbers.map((number) => db.doc(`invoices/${number}`))) : [];
    const orderIds = invoices.map((snapshot) => (snapshot.exists ? invoiceFromData(snapshot.id, snapshot.data()!).orderId : ''));
    const orders = new Map((await Promise.all(orderIds.filter(Boolean).map((orderId) => transaction.get(db.doc(`orders/${orderId}`))))).map((order) => [order.id, order]));
    const changes: string[] = [];
    let openChange = 0;
    let ordersShown = 0;
    const now = Date.now();
    invoices.forEach((snapshot, index) => {
      if (!snapshot.exists) return;
      const before = invoiceFromData(snapshot.id, snapshot.data()!);
      const figures = invoiceFigures(account.invoices.get(numbers[index]!)!);
      // Its order shows what is paid and open (orders invoiced before they kept those amounts get them here).
      const order = orders.get(before.orderId);
      const payment = orderPaymentFields(figures);
      if (order?.exists && Object.entries(payment).some(([field, value]) => order.get(field) !== value)) {
        ordersShown += 1;
        if (!dryRun) transaction.update(order.ref, { ...payment, updatedAt: FieldValue.serverTimestamp() });
      }
      if (before.amountPaid === figures.amountPaid && before.amountCredited === figures.amountCredited) return;
      openChange += invoiceOpenAmount(figures) - invoiceOpenAmount(before);
      changes.push(`${snapshot.id}: paid ${formatMoney(before.amountPaid)} → ${formatMoney(figures.amountPaid)}, credited ${formatMoney(before.amountCredited)} → ${formatMoney(figures.amountCredited)}`);
      if (dryRun) return;
      transaction.update(snapshot.ref, { amountPaid: figures.amountPaid, amountCredited: figures.amountCredited, status: invoiceStatus({ ...figures, dueAt: before.dueAt }, now), updatedAt: FieldValue.serverTimestamp() });
    });
    if (ordersShown) changes.push(`${ordersShown} ${ordersShown === 1 ? 'order shows' : 'orders show'} what is paid and open of its invoice`);
    const { unallocatedCredit, ledgerBalance } = accountFigures(account);
    const [creditBefore, balanceBefore] = [storedNumber(company.get('unallocatedCredit')), storedNumber(company.get('ledgerBalance'))];
    if (creditBefore !== unallocatedCredit) changes.push(`credit on account ${formatMoney(creditBefore)} → ${formatMoney(unallocatedCredit)}`);
    if (balanceBefore !== ledgerBalance) changes.push(`balance ${formatMoney(balanceBefore)} → ${formatMoney(ledgerBalance)}`);
    const toName = unnamed.filter((entry) => named.get(entry.id));
    if (toName.length) changes.push(`${toName.length} payment entries name the invoices their payments paid`);
    if (dryRun || !changes.length) return changes;
    for (const entry of toName) transaction.update(entry.ref, { allocations: named.get(entry.id) });
    transaction.update(company.ref, { unallocatedCredit, ledgerBalance, openBalance: FieldValue.increment(openChange), updatedAt: FieldValue.serverTimestamp() });
    return changes;
  });
}

const counts = { companies: 0, changed: 0, broken: 0 };
for await (const page of documentPages(db.collection('companies'), PAGE_SIZE)) {
  for (const company of page as QueryDocumentSnapshot[]) {
    counts.companies += 1;
    try {
      const changes = await reconcile(company.id);
      if (!changes.length) continue;
      counts.changed += 1;
      console.log(`${company.id} (${String(company.get('name') ?? '')}): ${changes.join('; ')}`);
    } catch (error) {
      counts.broken += 1;
      console.error(`${company.id}: left as it is: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
console.log(`${dryRun ? 'Would reconcile' : 'Reconciled'} ${counts.changed} of ${counts.companies} companies of ${projectId} with their ledgers; ${counts.broken} could not be folded (above).`);
if (counts.broken) process.exit(1);
