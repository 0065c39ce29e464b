import { AGE_BUCKET_LABELS, AGE_BUCKETS, type ReceivablesReport } from '@harbor/domain';
import { csvDocument, decimalAmount } from './ordersCsv';

const HEADER = ['Company id', 'Company', ...AGE_BUCKETS.map((bucket) => AGE_BUCKET_LABELS[bucket]), 'Total', 'Overdue', 'Unallocated credit', 'Oldest due (UTC)'];

/** The receivables report as a CSV document: a row per company, then the totals (amounts as decimals). */
export function receivablesCsv(report: ReceivablesReport): string {
  const rows = report.rows.map((row) => [
    row.companyId,
    row.name,
    ...AGE_BUCKETS.map((bucket) => decimalAmount(row.buckets[bucket])),
    decimalAmount(row.total),
    decimalAmount(row.overdue),
    decimalAmount(row.unallocatedCredit),
    row.oldestDueAt ? new Date(row.oldestDueAt).toISOString().slice(0, 10) : '',
  ]);
  const totals = ['', 'Total', ...AGE_BUCKETS.map((bucket) => decimalAmount(report.totals[bucket])), decimalAmount(report.totals.total), decimalAmount(report.totals.overdue), '', ''];
  return csvDocument(HEADER, [...rows, totals]);
}
