import { describe, expect, it } from 'vitest';
import { accountingFiles, type AccountingRecords } from './accountingExport';
import { creditNoteFromData, invoiceFromData, paymentFromData } from './receivablesData';
import { DEFAULT_ACCOUNTING_SETTINGS, type AccountingSettings } from './integrations';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const period = { from: day('2026-11-01'), to: day('2026-11-30') };
const line = (sku: string, quantity: number, unitPrice: number) => ({ productId: sku, sku, name: `Item ${sku}`, unit: 'case', quantity, unitPrice, lineTotal: quantity * unitPrice });

const invoice = invoiceFromData('INV-000007', {
  sequence: 7,
  orderId: 'HW-1',
  companyId: 'acme',
  buyer: { name: 'Acme (as invoiced)', email: 'ap@acme.test' },
  poNumber: 'PO-9',
  paymentMethod: 'invoice-net30',
  currency: 'USD',
  lines: [line('A', 2, 1000), line('B', 1, 500)],
  subtotal: 2500,
  shipping: 900,
  tax: 207,
  taxRateBasisPoints: 825,
  total: 3607,
  issuedAt: day('2026-11-03') + 3_600_000,
  dueAt: day('2026-12-03'),
});
const creditNote = creditNoteFromData('CN-000002', {
  sequence: 2,
  invoiceNumber: 'INV-000007',
  companyId: 'acme',
  buyer: { name: 'Acme', email: 'ap@acme.test' },
  currency: 'USD',
  lines: [line('B', 1, 500)],
  amount: 541,
  reason: 'Damaged',
  issuedAt: day('2026-11-10'),
});
const allowance = creditNoteFromData('CN-000003', { sequence: 3, invoiceNumber: 'INV-000007', companyId: 'acme', amount: 1000, reason: 'Late delivery', issuedAt: day('2026-11-11') });
const payment = paymentFromData('pay-1', { companyId: 'acme', amount: 3066, receivedOn: day('2026-11-20'), method: 'check', reference: 'Check 123', allocations: [{ invoiceNumber: 'INV-000007', amount: 3066 }] });
const reversedLater = paymentFromData('pay-0', {
  companyId: 'acme',
  amount: 1200,
  receivedOn: day('2026-10-20'),
  method: 'ach',
  allocations: [],
  reversed: true,
  reversal: { reason: 'Returned by the bank', by: 'finance', at: day('2026-11-25') + 60_000 },
});
const outside = invoiceFromData('INV-000008', { ...{ sequence: 8, companyId: 'acme', lines: [line('A', 1, 1000)], total: 1000 }, issuedAt: day('2026-12-01') });

const records: AccountingRecords = { invoices: [invoice, outside], creditNotes: [creditNote, allowance], payments: [payment, reversedLater], companyNames: { acme: 'Acme Supply' } };
const settings: AccountingSettings = { ...DEFAULT_ACCOUNTING_SETTINGS, salesItem: 'Wholesale goods', incomeAccount: '4100', taxCode: 'TAX', exemptTaxCode: 'NON', depositAccount: 'Checking' };

/** A file's rows as objects by column, to read. */
const table = (file: { columns: readonly string[]; rows: (string | number)[][] }) => file.rows.map((row) => Object.fromEntries(file.columns.map((column, index) => [column, row[index]])));

describe('accountingFiles, QuickBooks Online', () => {
  const [invoices, memos, payments] = accountingFiles('quickbooks', records, settings, period);

  it('names the files by system, kind and period', () => {
    expect([invoices.name, memos.name, payments.name]).toEqual([
      'quickbooks-invoices-2026-11-01-to-2026-11-30.csv',
      'quickbooks-credit-memos-2026-11-01-to-2026-11-30.csv',
      'quickbooks-payments-2026-11-01-to-2026-11-30.csv',
    ]);
  });

  it('writes an invoice line per row with the mapped item and tax codes, decimals and US dates, and leaves out invoices of other days', () => {
    expect(table(invoices)).toEqual([
      expect.objectContaining({ InvoiceNo: 'INV-000007', Customer: 'Acme Supply', InvoiceDate: '11/03/2026', DueDate: '12/03/2026', Terms: 'Net 30', 'Item(Product/Service)': 'Wholesale goods', ItemQuantity: 2, ItemRate: '10.00', ItemAmount: '20.00', ItemTaxCode: 'TAX', TaxRate: '8.25%' }),
      expect.objectContaining({ InvoiceNo: 'INV-000007', ItemDescription: 'B · Item B · case', ItemAmount: '5.00', ItemTaxCode: 'TAX' }),
      expect.objectContaining({ InvoiceNo: 'INV-000007', ItemDescription: 'Shipping', ItemAmount: '9.00', ItemTaxCode: 'NON', TaxRate: '' }),
    ]);
  });

  it('writes credit memos with their tax, and an allowance as one untaxed line', () => {
    expect(table(memos)).toEqual([
      expect.objectContaining({ CreditMemoNo: 'CN-000002', Customer: 'Acme Supply', CreditMemoDate: '11/10/2026', ItemAmount: '5.00', ItemTaxCode: 'TAX', TaxAmount: '0.41' }),
      expect.objectContaining({ CreditMemoNo: 'CN-000003', ItemDescription: 'Late delivery', ItemAmount: '10.00', ItemTaxCode: 'NON', TaxAmount: '0.00' }),
    ]);
  });

  it('writes payments received, and a reversal in the period as a negative payment on its day', () => {
    expect(table(payments)).toEqual([
      { PaymentDate: '11/20/2026', Customer: 'Acme Supply', PaymentMethod: 'Check', DepositToAccount: 'Checking', ReferenceNo: 'pay-1', InvoiceNo: 'INV-000007', Amount: '30.66', Memo: 'Check 123' },
      { PaymentDate: '11/25/2026', Customer: 'Acme Supply', PaymentMethod: 'ACH debit', DepositToAccount: 'Checking', ReferenceNo: 'pay-0', InvoiceNo: '', Amount: '-12.00', Memo: 'Reversal of payment pay-0: Returned by the bank' },
    ]);
  });
});

describe('accountingFiles, Xero', () => {
  const [invoices, credits, payments] = accountingFiles('xero', records, { ...settings, customerName: 'id' }, period);

  it('writes the sales invoice template with the account code and the tax shared over the taxed lines', () => {
    const rows = table(invoices);
    expect(rows.map((row) => row.TaxAmount)).toEqual(['1.66', '0.41', '0.00']);
    expect(rows[0]).toEqual(
      expect.objectContaining({ ContactName: 'acme', EmailAddress: 'ap@acme.test', InvoiceNumber: 'INV-000007', Reference: 'PO-9', InvoiceDate: '11/03/2026', Quantity: 2, UnitAmount: '10.00', AccountCode: '4100', TaxType: 'TAX', Currency: 'USD' }),
    );
  });

  it('writes credit notes as invoices of negative quantities, referring to their invoice', () => {
    expect(table(credits)).toEqual([
      expect.objectContaining({ InvoiceNumber: 'CN-000002', Reference: 'INV-000007', Quantity: -1, UnitAmount: '5.00', TaxAmount: '-0.41' }),
      expect.objectContaining({ InvoiceNumber: 'CN-000003', Quantity: -1, UnitAmount: '10.00', TaxType: 'NON' }),
    ]);
  });

  it('writes payments as bank statement lines, reversals negative', () => {
    expect(table(payments)).toEqual([
      { Date: '11/20/2026', Amount: '30.66', Payee: 'acme', Description: 'Paid INV-000007; Check 123', Reference: 'pay-1' },
      { Date: '11/25/2026', Amount: '-12.00', Payee: 'acme', Description: 'Reversal of payment pay-0: Returned by the bank', Reference: 'pay-0' },
    ]);
  });
});
