import { describe, expect, it } from 'vitest';
import type { AgeTotals, ReceivablesReport } from '@harbor/domain';
import { receivablesCsv } from './receivablesCsv';

const buckets = (current: number, late: number): AgeTotals => ({ current, '1-30': late, '31-60': 0, '61-90': 0, 'over-90': 0 });

describe('receivablesCsv', () => {
  it('has a row per company with its ages as decimals, then the totals', () => {
    const report: ReceivablesReport = {
      asOf: Date.UTC(2026, 10, 26),
      rows: [
        { companyId: 'co-2', name: '=Harbor, "Deli"', buckets: buckets(0, 12_550), total: 12_550, overdue: 12_550, unallocatedCredit: 0, oldestDueAt: Date.UTC(2026, 9, 31) },
        { companyId: 'co-1', name: 'Seaside Café Ltd', buckets: buckets(50_000, 0), total: 50_000, overdue: 0, unallocatedCredit: 2_500, oldestDueAt: null },
      ],
      totals: { ...buckets(50_000, 12_550), total: 62_550, overdue: 12_550 },
    };
    expect(receivablesCsv(report).split('\r\n')).toEqual([
      'Company id,Company,Current,1–30 days,31–60 days,61–90 days,Over 90 days,Total,Overdue,Unallocated credit,Oldest due (UTC)',
      `co-2,"'=Harbor, ""Deli""",0.00,125.50,0.00,0.00,0.00,125.50,125.50,0.00,2026-10-31`,
      'co-1,Seaside Café Ltd,500.00,0.00,0.00,0.00,0.00,500.00,0.00,25.00,',
      ',Total,500.00,125.50,0.00,0.00,0.00,625.50,125.50,,',
      '',
    ]);
  });
});
