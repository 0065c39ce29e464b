/**
 * What companies owe, by age: a company's statement of account, the back office's receivables
 * report, and the daily reminders of overdue invoices. All of it is computed from the open
 * invoices at the shop's time (clock.ts), so tests can age them.
 */
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import {
  accountActivity,
  ageing,
  billingContact,
  AGE_BUCKETS,
  chosenStatementPeriod,
  emptyAgeTotals,
  companyFromData,
  getStatementInputSchema,
  invoiceFromData,
  invoiceOpenAmount,
  isStaffRole,
  ledgerEntryFromData,
  maySeeCompanyDocument,
  periodBounds,
  receivablesReportInputSchema,
  staffMay,
  statementOf,
  statementPeriodProblem,
  storedNumber,
  storedText,
  type AccountActivity,
  type Invoice,
  type ReceivablesReport,
  type ReceivablesRow,
  type Statement,
  type StatementPeriod,
} from '@harbor/domain';
import { db } from './admin';
import { callableOptions, parseInput, requireStaff, requireUser } from './callable';
import { shopNow } from './clock';
import { companyRef, mailRecipientsOf } from './companies';
import { queueMail } from './mail/outbox';
import { statementPdf } from './orderDocuments';
import { OPEN_INVOICE_STATUSES, openInvoicesQuery } from './payments';
import { runContendedTransaction } from './transactions';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Reminders of an invoice that stays overdue go out this often. */
const REMINDER_EVERY_MS = 7 * DAY_MS;
const PAGE_SIZE = 200;

/**
 * The company's account activity in `period` (accountActivity): the period's ledger entries after
 * the last one before it, whose running balance opens the period.
 */
export async function loadAccountActivity(companyId: string, period: StatementPeriod): Promise<AccountActivity> {
  const { start, end } = periodBounds(period);
  const ledger = companyRef(companyId).collection('ledger');
  const [before, during] = await Promise.all([
    ledger.where('at', '<', Timestamp.fromMillis(start)).orderBy('at', 'desc').limit(1).get(),
    ledger.where('at', '>=', Timestamp.fromMillis(start)).where('at', '<', Timestamp.fromMillis(end)).orderBy('at').get(),
  ]);
  return accountActivity([...before.docs, ...during.docs].map((entry) => ledgerEntryFromData(entry.id, entry.data())), period);
}

/** The company's statement at `now`, from its open invoices. */
export async function loadStatement(companyId: string, now: number): Promise<Statement> {
  const [company, invoices] = await Promise.all([companyRef(companyId).get(), openInvoicesQuery(companyId).get()]);
  return statementOf(
    { id: companyId, name: storedText(company.get('name')), unallocatedCredit: storedNumber(company.get('unallocatedCredit')) },
    invoices.docs.map((snapshot) => invoiceFromData(snapshot.id, snapshot.data())),
    now,
  );
}

/**
 * A company's statement of account, with its PDF: the activity of a period (the days chosen, by
 * default the last 90 up to today) and the open invoices today, for the members who see all of
 * the company's documents (maySeeCompanyDocument: the owner and approvers) and the staff who read
 * the company (a sales rep, the companies assigned to it now). Anyone else is told the company
 * does not exist, as for a missing one.
 */
export const getStatement = onCall(callableOptions({ timeoutSeconds: 120 }), async (request) => {
  const uid = requireUser(request);
  const { companyId, from, to } = parseInput(getStatementInputSchema, request.data);
  // The shop's time with the company and the caller, rather than after them.
  const [[company, profile], now] = await Promise.all([db.getAll(companyRef(companyId), db.doc(`users/${uid}`)), shopNow()]);
  const role: unknown = profile!.get('role');
  const staffRole = isStaffRole(role) ? role : null;
  const mayRead =
    company!.exists &&
    (maySeeCompanyDocument(company!.get(`members.${uid}`), false) ||
      staffMay(staffRole, 'companies.read') ||
      (staffMay(staffRole, 'companies.readAssigned') && company!.get('salesRepUid') === uid));
  if (!mayRead) throw new HttpsError('not-found', `There is no company ${companyId} on your account.`);
  const period = chosenStatementPeriod({ from, to }, now);
  const problem = statementPeriodProblem(period);
  if (problem) throw new HttpsError('invalid-argument', problem);
  const [statement, activity] = await Promise.all([loadStatement(companyId, now), loadAccountActivity(companyId, period)]);
  const account = companyFromData(companyId, company!.data()!);
  const { fileName, pdf } = await statementPdf(statement, activity, { name: account.name, email: billingContact(account), billingAddress: account.billingAddress });
  return { statement, activity, fileName, pdf: Buffer.from(pdf).toString('base64') };
});

/** Open invoices of every company, in pages. */
async function allOpenInvoices(): Promise<Invoice[]> {
  const invoices: Invoice[] = [];
  for (let after: FirebaseFirestore.QueryDocumentSnapshot | undefined; ; ) {
    const query = db.collection('invoices').where('status', 'in', OPEN_INVOICE_STATUSES).orderBy('dueAt').limit(PAGE_SIZE);
    const page = await (after ? query.startAfter(after) : query).get();
    invoices.push(...page.docs.map((snapshot) => invoiceFromData(snapshot.id, snapshot.data())));
    if (page.size < PAGE_SIZE) return invoices;
    after = page.docs[page.size - 1];
  }
}

/** Companies with something open at `now`, most overdue first, with the shop's totals. */
export async function receivablesAt(now: number): Promise<ReceivablesReport> {
  const byCompany = new Map<string, Invoice[]>();
  for (const invoice of await allOpenInvoices()) {
    if (!invoice.companyId || invoiceOpenAmount(invoice) === 0) continue;
    const invoices = byCompany.get(invoice.companyId);
    if (invoices) invoices.push(invoice);
    else byCompany.set(invoice.companyId, [invoice]);
  }
  const companies = byCompany.size ? await db.getAll(...[...byCompany.keys()].map(companyRef)) : [];
  const rows: ReceivablesRow[] = companies.map((company) => {
    const invoices = byCompany.get(company.id)!;
    const aged = ageing(invoices, now);
    return {
      companyId: company.id,
      name: storedText(company.get('name')) || company.id,
      ...aged,
      unallocatedCredit: storedNumber(company.get('unallocatedCredit')),
      oldestDueAt: Math.min(...invoices.map((invoice) => invoice.dueAt)),
    };
  });
  rows.sort((a, b) => b.overdue - a.overdue || b.total - a.total || a.name.localeCompare(b.name));
  const totals = { ...emptyAgeTotals(), total: 0, overdue: 0 };
  for (const row of rows) {
    for (const bucket of AGE_BUCKETS) totals[bucket] += row.buckets[bucket];
    totals.total += row.total;
    totals.overdue += row.overdue;
  }
  return { asOf: now, rows, totals };
}

/** The back office's receivables report (finance and admin; the dashboard's overdue figure). */
export const receivablesReport = onCall(callableOptions({ timeoutSeconds: 120 }), async (request): Promise<ReceivablesReport> => {
  await requireStaff(request, ['payments.record', 'companies.read']);
  parseInput(receivablesReportInputSchema, request.data ?? {});
  return receivablesAt(await shopNow());
});

const dayOf = (millis: number) => new Date(millis).toISOString().slice(0, 10);

/**
 * Marks invoices overdue once their due date has passed at `now` and e-mails the company's payers
 * (its owners and accounts-payable address, `companyMailRecipients`):
 * when an invoice becomes overdue, then every 7 days while it stays so. Each invoice is its own
 * transaction and its reminder's id names the day, so runs on the same day (a retry, two at once)
 * send it once. Returns how many reminders were queued.
 */
export async function remindOverdueInvoices(now: number): Promise<number> {
  const due = await db.collection('invoices').where('status', 'in', OPEN_INVOICE_STATUSES).where('dueAt', '<', Timestamp.fromMillis(now)).orderBy('dueAt').get();
  const sent = await Promise.all(
    due.docs.map((snapshot) =>
      runContendedTransaction(async (transaction) => {
        const current = await transaction.get(snapshot.ref);
        const invoice = invoiceFromData(current.id, current.data() ?? {});
        if (invoiceOpenAmount(invoice) === 0 || invoice.dueAt >= now) return false;
        const last = current.get('lastReminderAt') as Timestamp | undefined;
        // Money on its way (an ACH debit) is not chased; the reminder waits for its outcome.
        const processing = Object.keys(invoice.paymentsProcessing).length > 0;
        const remind = !processing && (!last || now - last.toMillis() >= REMINDER_EVERY_MS);
        const company = invoice.companyId ? await transaction.get(companyRef(invoice.companyId)) : null;
        const to = mailRecipientsOf('reminder', company);
        const reminder = storedNumber(current.get('remindersSent')) + 1;
        transaction.update(current.ref, {
          status: 'overdue',
          ...(remind && to.length ? { lastReminderAt: Timestamp.fromMillis(now), remindersSent: reminder } : {}),
          updatedAt: FieldValue.serverTimestamp(),
        });
        if (!remind || !to.length) return false;
        queueMail(transaction, { id: `${invoice.number}-overdue-${dayOf(now)}`, to, template: 'invoiceOverdue', data: { invoiceNumber: invoice.number, reminder } });
        return true;
      }, 'The invoice is being changed right now.').catch((error: unknown) => {
        // One invoice that cannot be handled now is left for the next run, not the rest.
        console.error(`Overdue reminder of ${snapshot.id} failed`, error);
        return false;
      }),
    ),
  );
  return sent.filter(Boolean).length;
}

/** Every morning, the day's overdue invoices and their reminders. */
export const remindOverdueInvoicesDaily = onSchedule({ schedule: 'every day 07:00', timeZone: 'America/New_York', timeoutSeconds: 540 }, async () => {
  await remindOverdueInvoices(await shopNow());
});
