/**
 * The accounting export: a period's invoices, credit notes and payments as the rows of the CSV
 * files QuickBooks Online and Xero import. Pure: the callable (functions/src/integrations/accounting.ts)
 * reads the records and writes the CSV text.
 *
 * Layouts, as the systems document them:
 * - QuickBooks Online, Settings > Import data > Invoices: the column names it maps by itself
 *   (InvoiceNo, Customer, InvoiceDate, DueDate, Terms, Memo, Item(Product/Service), ItemDescription,
 *   ItemQuantity, ItemRate, ItemAmount, Taxable/tax code, TaxRate; one row per line, lines of one
 *   invoice share its number; dates as the US company writes them, MM/DD/YYYY). QuickBooks'
 *   community answer "Do we need to map fields every time when importing invoices"
 *   (quickbooks.intuit.com/learn-support, sales-and-invoicing) lists them. Credit memos and
 *   received payments follow the same naming (CreditMemoNo, PaymentDate, DepositToAccount…), as
 *   the QuickBooks Online import tools (Transaction Pro, SaasAnt) read them.
 * - Xero, Business > Invoices > Import: its sales invoice template (ContactName, EmailAddress,
 *   InvoiceNumber, Reference, InvoiceDate, DueDate, InventoryItemCode, Description, Quantity,
 *   UnitAmount, Discount, AccountCode, TaxType, TaxAmount, Currency; one row per line). The same
 *   import makes credit notes of negative quantities. Payments go in as a bank statement
 *   (Date, Amount, Payee, Description, Reference), which Xero then matches with the invoices.
 */
import type { AccountingFormat, AccountingSettings } from './integrations';
import { formatTaxRate } from './orderDocuments';
import { PAYMENT_RECORD_METHOD_LABELS, type CreditNote, type Invoice, type InvoiceLine, type Payment } from './receivables';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One CSV file's content: its name, its columns and its rows, cell by cell. */
export interface AccountingFile {
  name: string;
  columns: readonly string[];
  rows: (string | number)[][];
}

/** What the export reads of a period. */
export interface AccountingRecords {
  invoices: readonly Invoice[];
  creditNotes: readonly CreditNote[];
  /** Payments received in the period, and payments reversed in it (which count again, negative, on the reversal's day). */
  payments: readonly Payment[];
  /** Company names by id, for `customerName: 'name'`. */
  companyNames: Readonly<Record<string, string>>;
}

/** The period, as UTC days (milliseconds of midnight), both included. */
export interface AccountingPeriod {
  from: number;
  to: number;
}

/** Whether a moment falls on one of the period's days. */
export const inAccountingPeriod = (at: number, { from, to }: AccountingPeriod) => at >= from && at < to + DAY_MS;

/** Cents as the systems read amounts: "1250.00", "-3.50". */
const decimal = (cents: number) => (cents / 100).toFixed(2);
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);
/** MM/DD/YYYY, the US companies' date format both systems import (the shop sells in US dollars). */
const usDate = (at: number) => {
  const [year, month, day] = isoDay(at).split('-');
  return `${month}/${day}/${year}`;
};

interface ExportLine {
  item: string;
  description: string;
  quantity: number;
  /** Unit price and amount, before tax, in cents. */
  rate: number;
  amount: number;
  taxed: boolean;
  /** This line's share of the document's tax, in cents. */
  tax: number;
}

/** Shares `tax` over the taxed lines by amount, the last one taking the rounding, so the shares add up to it. */
function withTax(lines: Omit<ExportLine, 'tax'>[], tax: number): ExportLine[] {
  const taxed = lines.filter((line) => line.taxed);
  const base = taxed.reduce((sum, line) => sum + line.amount, 0);
  let left = tax;
  let seen = 0;
  return lines.map((line) => {
    if (!line.taxed || base === 0) return { ...line, tax: 0 };
    seen += 1;
    const share = seen === taxed.length ? left : Math.round((tax * line.amount) / base);
    left -= share;
    return { ...line, tax: share };
  });
}

const goodsLine = (line: InvoiceLine, item: string, taxed: boolean): Omit<ExportLine, 'tax'> => ({
  item,
  description: [line.sku, line.name, line.unit].filter(Boolean).join(' · '),
  quantity: line.quantity,
  rate: line.unitPrice,
  amount: line.lineTotal,
  taxed,
});

/** An invoice's lines: the goods, then shipping (untaxed), with the invoice's tax shared over the goods. */
function invoiceLines(invoice: Invoice, settings: AccountingSettings): ExportLine[] {
  const taxed = !invoice.taxExempt && invoice.tax > 0;
  const lines = invoice.lines.map((line) => goodsLine(line, settings.salesItem, taxed));
  if (invoice.shipping > 0) lines.push({ item: settings.salesItem, description: 'Shipping', quantity: 1, rate: invoice.shipping, amount: invoice.shipping, taxed: false });
  return withTax(lines, taxed ? invoice.tax : 0);
}

/**
 * A credit note's lines: the returned goods less any restocking fee, the rest of its amount being
 * their tax; an allowance (no goods) is one untaxed line of its amount.
 */
function creditNoteLines(note: CreditNote, settings: AccountingSettings): ExportLine[] {
  if (!note.lines.length) return [{ item: settings.salesItem, description: note.reason || `Credit on ${note.invoiceNumber}`, quantity: 1, rate: note.amount, amount: note.amount, taxed: false, tax: 0 }];
  const goods = note.lines.reduce((sum, line) => sum + line.lineTotal, 0) - note.restockingFee;
  const tax = Math.max(0, note.amount - goods);
  const lines = note.lines.map((line) => goodsLine(line, settings.salesItem, tax > 0));
  if (note.restockingFee > 0) lines.push({ item: settings.salesItem, description: 'Restocking fee', quantity: 1, rate: -note.restockingFee, amount: -note.restockingFee, taxed: tax > 0 });
  return withTax(lines, tax);
}

/** A payment as the export counts it: received (positive) or reversed (negative, on the reversal's day). */
interface PaymentMovement {
  payment: Payment;
  at: number;
  amount: number;
  memo: string;
}

function paymentMovements(payments: readonly Payment[], period: AccountingPeriod): PaymentMovement[] {
  return payments
    .flatMap((payment): PaymentMovement[] => [
      ...(inAccountingPeriod(payment.receivedOn, period) ? [{ payment, at: payment.receivedOn, amount: payment.amount, memo: payment.reference }] : []),
      ...(payment.reversal && inAccountingPeriod(payment.reversal.at, period)
        ? [{ payment, at: payment.reversal.at, amount: -payment.amount, memo: `Reversal of payment ${payment.id}: ${payment.reversal.reason}` }]
        : []),
    ])
    .sort((a, b) => a.at - b.at || a.payment.id.localeCompare(b.payment.id));
}

const paidInvoices = (payment: Payment) => payment.allocations.map((allocation) => allocation.invoiceNumber).join(' ');

/** The export's files for a period, in the chosen system's layouts: invoices, credit notes, payments. */
export function accountingFiles(format: AccountingFormat, records: AccountingRecords, settings: AccountingSettings, period: AccountingPeriod): [invoices: AccountingFile, creditNotes: AccountingFile, payments: AccountingFile] {
  const customer = (companyId: string, fallback: string) => (settings.customerName === 'id' && companyId ? companyId : records.companyNames[companyId] || fallback || companyId);
  const taxCode = (line: ExportLine) => (line.taxed ? settings.taxCode : settings.exemptTaxCode);
  const invoices = records.invoices.filter((invoice) => inAccountingPeriod(invoice.issuedAt, period)).sort((a, b) => a.sequence - b.sequence);
  const creditNotes = records.creditNotes.filter((note) => inAccountingPeriod(note.issuedAt, period)).sort((a, b) => a.sequence - b.sequence);
  const payments = paymentMovements(records.payments, period);
  const suffix = `${isoDay(period.from)}-to-${isoDay(period.to)}.csv`;

  if (format === 'quickbooks') {
    const quickbooksLine = (line: ExportLine) => [line.item, line.description, line.quantity, decimal(line.rate), decimal(line.amount), taxCode(line)];
    return [
      {
        name: `quickbooks-invoices-${suffix}`,
        columns: ['InvoiceNo', 'Customer', 'InvoiceDate', 'DueDate', 'Terms', 'Memo', 'Item(Product/Service)', 'ItemDescription', 'ItemQuantity', 'ItemRate', 'ItemAmount', 'ItemTaxCode', 'TaxRate', 'Currency'],
        rows: invoices.flatMap((invoice) =>
          invoiceLines(invoice, settings).map((line) => [
            invoice.number,
            customer(invoice.companyId, invoice.buyer.name),
            usDate(invoice.issuedAt),
            usDate(invoice.dueAt),
            invoice.paymentMethod.startsWith('invoice-net') ? `Net ${invoice.paymentMethod.slice('invoice-net'.length)}` : 'Due on receipt',
            [invoice.orderId && `Order ${invoice.orderId}`, invoice.poNumber && `PO ${invoice.poNumber}`].filter(Boolean).join(', '),
            ...quickbooksLine(line),
            line.taxed ? formatTaxRate(invoice.taxRateBasisPoints) : '',
            invoice.currency,
          ]),
        ),
      },
      {
        name: `quickbooks-credit-memos-${suffix}`,
        columns: ['CreditMemoNo', 'Customer', 'CreditMemoDate', 'Memo', 'Item(Product/Service)', 'ItemDescription', 'ItemQuantity', 'ItemRate', 'ItemAmount', 'ItemTaxCode', 'TaxAmount', 'Currency'],
        rows: creditNotes.flatMap((note) =>
          creditNoteLines(note, settings).map((line) => [
            note.number,
            customer(note.companyId, note.buyer.name),
            usDate(note.issuedAt),
            [`Credit on ${note.invoiceNumber}`, note.reason].filter(Boolean).join(': '),
            ...quickbooksLine(line),
            decimal(line.tax),
            note.currency,
          ]),
        ),
      },
      {
        name: `quickbooks-payments-${suffix}`,
        columns: ['PaymentDate', 'Customer', 'PaymentMethod', 'DepositToAccount', 'ReferenceNo', 'InvoiceNo', 'Amount', 'Memo'],
        rows: payments.map(({ payment, at, amount, memo }) => [
          usDate(at),
          customer(payment.companyId, ''),
          PAYMENT_RECORD_METHOD_LABELS[payment.method],
          settings.depositAccount,
          payment.id,
          paidInvoices(payment),
          decimal(amount),
          memo,
        ]),
      },
    ];
  }

  const xeroColumns = ['ContactName', 'EmailAddress', 'InvoiceNumber', 'Reference', 'InvoiceDate', 'DueDate', 'InventoryItemCode', 'Description', 'Quantity', 'UnitAmount', 'Discount', 'AccountCode', 'TaxType', 'TaxAmount', 'Currency'];
  const xeroLine = (line: ExportLine, sign: 1 | -1) => [
    line.item,
    line.description,
    sign * line.quantity,
    decimal(line.rate),
    '',
    settings.incomeAccount,
    taxCode(line),
    decimal(sign * line.tax),
  ];
  return [
    {
      name: `xero-invoices-${suffix}`,
      columns: xeroColumns,
      rows: invoices.flatMap((invoice) =>
        invoiceLines(invoice, settings).map((line) => [
          customer(invoice.companyId, invoice.buyer.name),
          invoice.buyer.email,
          invoice.number,
          invoice.poNumber || invoice.orderId,
          usDate(invoice.issuedAt),
          usDate(invoice.dueAt),
          ...xeroLine(line, 1),
          invoice.currency,
        ]),
      ),
    },
    {
      // Xero makes a credit note of an imported invoice whose quantities are negative.
      name: `xero-credit-notes-${suffix}`,
      columns: xeroColumns,
      rows: creditNotes.flatMap((note) =>
        creditNoteLines(note, settings).map((line) => [
          customer(note.companyId, note.buyer.name),
          note.buyer.email,
          note.number,
          note.invoiceNumber,
          usDate(note.issuedAt),
          usDate(note.issuedAt),
          ...xeroLine(line, -1),
          note.currency,
        ]),
      ),
    },
    {
      name: `xero-payments-${suffix}`,
      columns: ['Date', 'Amount', 'Payee', 'Description', 'Reference'],
      rows: payments.map(({ payment, at, amount, memo }) => [usDate(at), decimal(amount), customer(payment.companyId, ''), [paidInvoices(payment) && `Paid ${paidInvoices(payment)}`, memo].filter(Boolean).join('; '), payment.id]),
    },
  ];
}
