import { describe, expect, it } from 'vitest';
import { accountActivity, chosenStatementPeriod, dayStart, statementPeriodProblem } from './accountActivity';
import type { LedgerEntry, LedgerEntryKind } from './receivables';

const DAY = 24 * 60 * 60 * 1000;
const at = (day: string, time = '12:00:00.000') => Date.parse(`${day}T${time}Z`);

/** Ledger entries as the callables write them: in order, each with the running balance after it. */
function ledger(...entries: [kind: LedgerEntryKind, reference: string, amount: number, at: number][]): LedgerEntry[] {
  let balance = 0;
  return entries.map(([kind, reference, amount, when], index) => {
    balance += amount;
    return { id: `e${index}`, kind, reference, description: `${kind} ${reference}`, amount, balance, at: when, orderId: null, invoiceNumber: null, allocations: null };
  });
}

const FIRST_QUARTER = { from: '2026-01-01', to: '2026-03-31' };

describe('accountActivity', () => {
  it('takes an entry at the first and at the last millisecond of the period, and leaves the ones just outside to the balances', () => {
    const entries = ledger(
      ['invoice', 'INV-000001', 10_000, at('2025-12-31', '23:59:59.999')],
      ['payment', 'PAY-A', -4_000, at('2026-01-01', '00:00:00.000')],
      ['invoice', 'INV-000002', 2_500, at('2026-03-31', '23:59:59.999')],
      ['payment', 'PAY-B', -1_000, at('2026-04-01', '00:00:00.000')],
    );
    const activity = accountActivity(entries, FIRST_QUARTER);
    expect(activity.openingBalance).toBe(10_000);
    expect(activity.lines.map((line) => [line.reference, line.amount, line.balance])).toEqual([
      ['PAY-A', -4_000, 6_000],
      ['INV-000002', 2_500, 8_500],
    ]);
    expect(activity.closingBalance).toBe(8_500);
    expect(activity.totals).toEqual({ invoiced: 2_500, credited: 0, paid: 4_000, reversed: 0 });
  });

  it('a period without entries opens and closes at the balance before it', () => {
    const entries = ledger(['invoice', 'INV-000001', 10_000, at('2025-11-02')], ['payment', 'PAY-A', -3_000, at('2025-11-20')], ['invoice', 'INV-000002', 500, at('2026-05-01')]);
    expect(accountActivity(entries, FIRST_QUARTER)).toEqual({
      period: FIRST_QUARTER,
      openingBalance: 7_000,
      lines: [],
      closingBalance: 7_000,
      totals: { invoiced: 0, credited: 0, paid: 0, reversed: 0 },
    });
  });

  it('a company with no ledger yet owes nothing', () => {
    expect(accountActivity([], FIRST_QUARTER)).toMatchObject({ openingBalance: 0, lines: [], closingBalance: 0 });
  });

  it('the reversal of a payment made before the period is in the period, the payment in the opening balance', () => {
    const entries = ledger(
      ['invoice', 'INV-000001', 10_000, at('2025-12-01')],
      ['payment', 'PAY-A', -10_000, at('2025-12-15')],
      ['payment-reversal', 'PAY-A', 10_000, at('2026-01-10')],
      ['payment', 'PAY-B', -10_000, at('2026-02-01')],
    );
    const activity = accountActivity(entries, FIRST_QUARTER);
    expect(activity.openingBalance).toBe(0);
    expect(activity.lines.map((line) => [line.kind, line.reference, line.balance])).toEqual([
      ['payment-reversal', 'PAY-A', 10_000],
      ['payment', 'PAY-B', 0],
    ]);
    expect(activity.totals).toEqual({ invoiced: 0, credited: 0, paid: 10_000, reversed: 10_000 });
    expect(activity.closingBalance).toBe(0);
  });

  it('lists invoices, payments, credit notes and reversals, not credit on account applied to an invoice, and closes at the sum', () => {
    const entries = ledger(
      ['payment', 'PAY-A', -5_000, at('2026-01-05')],
      ['invoice', 'INV-000003', 12_000, at('2026-01-06')],
      ['credit-applied', 'PAY-C', 0, at('2026-01-07')],
      ['credit-note', 'CN-000001', -2_000, at('2026-02-01')],
    );
    const activity = accountActivity(entries, FIRST_QUARTER);
    expect(activity.lines.map((line) => line.kind)).toEqual(['payment', 'invoice', 'credit-note']);
    expect(activity.totals).toEqual({ invoiced: 12_000, credited: 2_000, paid: 5_000, reversed: 0 });
    expect(activity.closingBalance).toBe(activity.openingBalance + 12_000 - 2_000 - 5_000);
  });

  it('a balance in the company’s favour opens and closes negative', () => {
    const entries = ledger(['payment', 'PAY-A', -5_000, at('2025-12-20')], ['invoice', 'INV-000001', 2_000, at('2026-01-02')]);
    expect(accountActivity(entries, FIRST_QUARTER)).toMatchObject({ openingBalance: -5_000, closingBalance: -3_000 });
  });

  it('reads the same from the whole ledger as from the period’s entries after the last one before it', () => {
    const entries = ledger(
      ['invoice', 'INV-000001', 10_000, at('2025-10-01')],
      ['payment', 'PAY-A', -2_000, at('2025-11-01')],
      ['invoice', 'INV-000002', 3_000, at('2025-12-31')],
      ['payment', 'PAY-B', -8_000, at('2026-01-15')],
      ['invoice', 'INV-000003', 4_000, at('2026-03-01')],
    );
    expect(accountActivity(entries.slice(2), FIRST_QUARTER)).toEqual(accountActivity(entries, FIRST_QUARTER));
  });
});

describe('statement periods', () => {
  it('is the last 90 days, today included, when none is chosen', () => {
    const period = chosenStatementPeriod({}, at('2026-03-31', '23:30:00.000'));
    expect(period).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect((dayStart(period.to) - dayStart(period.from)) / DAY + 1).toBe(90);
    expect(chosenStatementPeriod({ to: '2025-12-31' }, at('2026-03-31'))).toEqual({ from: '2025-10-03', to: '2025-12-31' });
    expect(chosenStatementPeriod({ from: '2026-02-01' }, at('2026-03-31'))).toEqual({ from: '2026-02-01', to: '2026-03-31' });
  });

  it('says what is wrong with a period', () => {
    expect(statementPeriodProblem(FIRST_QUARTER)).toBeNull();
    expect(statementPeriodProblem({ from: '2026-03-31', to: '2026-03-31' })).toBeNull();
    expect(statementPeriodProblem({ from: '2026-02-30', to: '2026-03-31' })).toBe('Give the first day of the statement as a date (YYYY-MM-DD).');
    expect(statementPeriodProblem({ from: '2026-01-01', to: '31/03/2026' })).toBe('Give the last day of the statement as a date (YYYY-MM-DD).');
    expect(statementPeriodProblem({ from: '2026-04-01', to: '2026-03-31' })).toBe('The first day of the statement must not be after its last day.');
    expect(statementPeriodProblem({ from: '2024-01-01', to: '2026-01-01' })).toBe('A statement covers at most two years: choose a shorter period.');
    expect(statementPeriodProblem({ from: '2024-01-02', to: '2026-01-01' })).toBeNull();
  });
});
