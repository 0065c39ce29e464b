/**
 * The accounting export (functions/src/integrations/accounting.ts): a period's invoice, credit
 * note and payment come out in QuickBooks Online's and Xero's layouts with the columns mapped from
 * settings/accounting, records of other days stay out, and only finance and admins may export.
 */
import { Timestamp } from 'firebase-admin/firestore';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportAccountingResult } from '@harbor/domain';
import { adminDb, callError, clearFirestore, webClient, type TestClient } from './harness';

const at = (iso: string) => Timestamp.fromMillis(Date.parse(iso));
const line = { productId: 'p1', sku: 'SW-6', name: 'Sparkling Water', unit: 'case of 6', quantity: 3, unitPrice: 2_000, lineTotal: 6_000 };
const PERIOD = { from: '2026-11-01', to: '2026-11-30' };

let admin: TestClient;
let finance: TestClient;
let warehouse: TestClient;

/** An invoice, a credit note and a payment on `day`, numbered `n`. */
async function storeRecords(n: number, day: string) {
  const invoice = `INV-00000${n}`;
  await Promise.all([
    adminDb.doc(`invoices/${invoice}`).set({
      sequence: n,
      orderId: `HW-${n}`,
      companyId: 'acme',
      buyer: { name: 'Acme as invoiced', email: 'ap@acme.test' },
      poNumber: `PO-${n}`,
      paymentMethod: 'invoice-net30',
      currency: 'USD',
      lines: [line],
      subtotal: 6_000,
      shipping: 1_000,
      tax: 495,
      taxRateBasisPoints: 825,
      total: 7_495,
      issuedAt: at(`${day}T15:00:00Z`),
      dueAt: at(`${day}T15:00:00Z`),
      status: 'open',
    }),
    adminDb.doc(`creditNotes/CN-00000${n}`).set({ sequence: n, invoiceNumber: invoice, companyId: 'acme', buyer: { name: 'Acme' }, currency: 'USD', lines: [], amount: 1_500, reason: 'Late delivery', issuedAt: at(`${day}T16:00:00Z`) }),
    adminDb.doc(`payments/pay-${n}`).set({ companyId: 'acme', amount: 5_995, receivedOn: at(`${day}T00:00:00Z`), method: 'check', reference: `Check ${n}`, allocations: [{ invoiceNumber: invoice, amount: 5_995 }], reversed: false, reversal: null }),
  ]);
}

beforeAll(async () => {
  await clearFirestore();
  [admin, finance, warehouse] = await Promise.all([webClient(), webClient(), webClient()]);
  await Promise.all(
    (
      [
        [admin, 'admin'],
        [finance, 'finance'],
        [warehouse, 'warehouse'],
      ] as const
    ).map(([client, role]) => adminDb.doc(`users/${client.uid}`).set({ name: `Test ${role}`, email: `${role}@harbor.test`, role })),
  );
  await adminDb.doc('companies/acme').set({ name: 'Acme Supply' });
  await storeRecords(1, '2026-11-12');
  // The day before and the day after the period.
  await storeRecords(2, '2026-10-31');
  await storeRecords(3, '2026-12-01');
  // Received before the period, reversed in it: a negative payment on the reversal's day.
  await adminDb.doc('payments/pay-4').set({
    companyId: 'acme',
    amount: 2_500,
    receivedOn: at('2026-10-20T00:00:00Z'),
    method: 'ach',
    reference: '',
    allocations: [],
    reversed: true,
    reversal: { reason: 'Returned by the bank', by: 'x', at: at('2026-11-30T23:00:00Z') },
  });
}, 60_000);
afterAll(async () => Promise.all([admin, finance, warehouse].map((client) => client.close())));

/** A file's rows as objects by column, as the accounting system reads them. */
const rowsOf = (result: ExportAccountingResult, name: string) => {
  const file = result.files.find((each) => each.name.startsWith(name))!;
  const rows = Papa.parse<Record<string, string>>(file.csv, { header: true, skipEmptyLines: true }).data;
  expect(rows).toHaveLength(file.rows);
  return rows;
};

describe('exportAccounting', () => {
  it('writes the period in QuickBooks Online layouts with the settings admins saved', async () => {
    await admin.call('saveAccountingSettings', { salesItem: 'Wholesale goods', incomeAccount: '4100', taxCode: 'TAX', exemptTaxCode: 'NON', depositAccount: 'Checking', customerName: 'name' });
    const result = await finance.call<ExportAccountingResult>('exportAccounting', { format: 'quickbooks', ...PERIOD });

    expect(result.files.map((file) => file.name)).toEqual([
      'quickbooks-invoices-2026-11-01-to-2026-11-30.csv',
      'quickbooks-credit-memos-2026-11-01-to-2026-11-30.csv',
      'quickbooks-payments-2026-11-01-to-2026-11-30.csv',
    ]);
    expect(rowsOf(result, 'quickbooks-invoices')).toEqual([
      expect.objectContaining({ InvoiceNo: 'INV-000001', Customer: 'Acme Supply', InvoiceDate: '11/12/2026', 'Item(Product/Service)': 'Wholesale goods', ItemQuantity: '3', ItemRate: '20.00', ItemAmount: '60.00', ItemTaxCode: 'TAX', TaxRate: '8.25%' }),
      expect.objectContaining({ InvoiceNo: 'INV-000001', ItemDescription: 'Shipping', ItemAmount: '10.00', ItemTaxCode: 'NON' }),
    ]);
    expect(rowsOf(result, 'quickbooks-credit-memos')).toEqual([expect.objectContaining({ CreditMemoNo: 'CN-000001', CreditMemoDate: '11/12/2026', ItemAmount: '15.00', ItemTaxCode: 'NON' })]);
    expect(rowsOf(result, 'quickbooks-payments')).toEqual([
      expect.objectContaining({ PaymentDate: '11/12/2026', ReferenceNo: 'pay-1', InvoiceNo: 'INV-000001', Amount: '59.95', DepositToAccount: 'Checking' }),
      expect.objectContaining({ PaymentDate: '11/30/2026', ReferenceNo: 'pay-4', Amount: '-25.00' }),
    ]);

    const [entry] = (await adminDb.collection('auditLog').where('action', '==', 'accounting.settings').get()).docs;
    expect(entry!.get('changes')).toEqual(
      expect.arrayContaining([
        { field: 'salesItem', from: 'Sales', to: 'Wholesale goods' },
        { field: 'depositAccount', from: 'Undeposited Funds', to: 'Checking' },
      ]),
    );
  });

  it('writes the period in Xero layouts, credit notes as negative quantities', async () => {
    const result = await admin.call<ExportAccountingResult>('exportAccounting', { format: 'xero', ...PERIOD });

    expect(rowsOf(result, 'xero-invoices')[0]).toEqual(
      expect.objectContaining({ ContactName: 'Acme Supply', InvoiceNumber: 'INV-000001', Reference: 'PO-1', Quantity: '3', UnitAmount: '20.00', AccountCode: '4100', TaxType: 'TAX', TaxAmount: '4.95', Currency: 'USD' }),
    );
    expect(rowsOf(result, 'xero-credit-notes')).toEqual([expect.objectContaining({ InvoiceNumber: 'CN-000001', Reference: 'INV-000001', Quantity: '-1', UnitAmount: '15.00', AccountCode: '4100' })]);
    expect(rowsOf(result, 'xero-payments').map((row) => [row.Reference, row.Amount])).toEqual([
      ['pay-1', '59.95'],
      ['pay-4', '-25.00'],
    ]);
  });

  it('refuses the warehouse, and finance the settings', async () => {
    expect((await callError(warehouse.call('exportAccounting', { format: 'xero', ...PERIOD }))).code).toBe('permission-denied');
    expect((await callError(finance.call('saveAccountingSettings', { salesItem: 'Sales', incomeAccount: '4000', taxCode: 'TAX', exemptTaxCode: 'NON', depositAccount: 'Bank', customerName: 'id' }))).code).toBe(
      'permission-denied',
    );
  });
});
