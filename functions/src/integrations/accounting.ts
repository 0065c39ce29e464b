/**
 * The accounting export: admins say how Harbor's records are named in the accounting system
 * (`settings/accounting`), and finance downloads a period's invoices, credit notes and payments
 * as the CSV files QuickBooks Online or Xero import (the layouts: domain/src/accountingExport.ts).
 */
import { Timestamp, type Query } from 'firebase-admin/firestore';
import { onCall } from 'firebase-functions/v2/https';
import Papa from 'papaparse';
import {
  accountingFiles,
  accountingSettingsFromData,
  auditFieldLabel,
  changedFields,
  creditNoteFromData,
  exportAccountingInputSchema,
  invoiceFromData,
  paymentFromData,
  saveAccountingSettingsInputSchema,
  storedText,
  type ExportAccountingResult,
} from '@harbor/domain';
import { db } from '../admin';
import { appendAudit } from '../audit';
import { callableOptions, parseInput, requireStaff } from '../callable';

const DAY_MS = 24 * 60 * 60 * 1000;
const settingsRef = () => db.doc('settings/accounting');

/** Saves the export's names for items, accounts, tax codes and customers; a save that changes nothing writes nothing. */
export const saveAccountingSettings = onCall(callableOptions(), async (request) => {
  const staff = await requireStaff(request, 'integrations.manage');
  const input = parseInput(saveAccountingSettingsInputSchema, request.data);
  await db.runTransaction(async (transaction) => {
    const stored = await transaction.get(settingsRef());
    const changes = changedFields(accountingSettingsFromData(stored.data()), input, Object.keys(input));
    if (!changes.length) return;
    transaction.set(settingsRef(), { ...input, updatedAt: Timestamp.now(), updatedBy: staff.uid });
    appendAudit(transaction, staff, { action: 'accounting.settings', target: 'settings/accounting', summary: `Accounting export settings: changed ${changes.map(({ field }) => auditFieldLabel(field).toLowerCase()).join(', ')}`, changes });
  });
  return { saved: true };
});

/** A query's documents whose `field` falls on the period's days. */
const inPeriod = (query: Query, field: string, from: number, to: number) =>
  query.where(field, '>=', Timestamp.fromMillis(from)).where(field, '<', Timestamp.fromMillis(to + DAY_MS)).orderBy(field).get();

/**
 * Spreadsheets run a cell starting with =, +, - or @ as a formula; customer names are typed by
 * customers, so such text is defused. Negative amounts ("-12.00") are left as numbers.
 */
const FORMULA_START = /^(?:[=+@\t\r]|-(?!\d))/;

/** The invoices and credit notes issued, and the payments received or reversed, in the period, as the chosen system's CSV files. */
export const exportAccounting = onCall(callableOptions({ timeoutSeconds: 120, memory: '512MiB' }), async (request): Promise<ExportAccountingResult> => {
  await requireStaff(request, 'accounting.export');
  const { format, from, to } = parseInput(exportAccountingInputSchema, request.data);
  const [settings, invoices, creditNotes, received, reversed] = await Promise.all([
    settingsRef().get(),
    inPeriod(db.collection('invoices'), 'issuedAt', from, to),
    inPeriod(db.collection('creditNotes'), 'issuedAt', from, to),
    inPeriod(db.collection('payments'), 'receivedOn', from, to),
    inPeriod(db.collection('payments'), 'reversal.at', from, to),
  ]);
  const payments = new Map([...received.docs, ...reversed.docs].map((snapshot) => [snapshot.id, paymentFromData(snapshot.id, snapshot.data())]));
  const records = {
    invoices: invoices.docs.map((snapshot) => invoiceFromData(snapshot.id, snapshot.data())),
    creditNotes: creditNotes.docs.map((snapshot) => creditNoteFromData(snapshot.id, snapshot.data())),
    payments: [...payments.values()],
  };
  const companyIds = [...new Set([...records.invoices, ...records.creditNotes, ...records.payments].map((record) => record.companyId).filter(Boolean))];
  const companies = companyIds.length ? await db.getAll(...companyIds.map((id) => db.doc(`companies/${id}`))) : [];
  const companyNames = Object.fromEntries(companies.map((company) => [company.id, storedText(company.get('name'))]));
  const files = accountingFiles(format, { ...records, companyNames }, accountingSettingsFromData(settings.data()), { from, to });
  return {
    files: files.map(({ name, columns, rows }) => ({
      name,
      csv: Papa.unparse({ fields: [...columns], data: rows }, { newline: '\r\n', escapeFormulae: FORMULA_START }),
      rows: rows.length,
    })),
  };
});
