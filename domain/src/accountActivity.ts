/**
 * The statement of a period, as an accountant reconciles it: the balance the company owed when the
 * period opened, every invoice, payment, credit note and payment reversal in it with its date and
 * reference, and the balance when it closed. Read from the company's ledger
 * (`companies/{id}/ledger`), whose entries carry the running balance after each.
 *
 * Days are the shop's calendar days in UTC, as the documents print their dates (`documentDate`)
 * and as a payment's day is kept: a period from "2026-01-01" to "2026-03-31" holds every entry
 * from midnight UTC of January 1 to the last millisecond of March 31.
 */
import { formatMoney } from './money';
import type { LedgerEntry, LedgerEntryKind } from './receivables';

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A statement without a chosen period covers the last 90 days, today included. */
export const STATEMENT_PERIOD_DAYS = 90;
/** The longest period one statement covers (two years). */
export const STATEMENT_MAX_DAYS = 731;

/** Whole days, both included, as "YYYY-MM-DD". */
export interface StatementPeriod {
  from: string;
  to: string;
}

/** The day of `millis` as "YYYY-MM-DD". */
export const dayKeyOf = (millis: number): string => new Date(millis).toISOString().slice(0, 10);

/** Midnight UTC starting the day "YYYY-MM-DD", or NaN when it is no such day ("2026-02-30"). */
export function dayStart(key: string): number {
  const [, year, month, day] = DAY_KEY.exec(key) ?? [];
  if (!year) return NaN;
  const start = Date.UTC(Number(year), Number(month) - 1, Number(day));
  return dayKeyOf(start) === key ? start : NaN;
}

/** The statement's period from the days chosen: the last day defaults to today, the first to 90 days up to the last. */
export function chosenStatementPeriod(chosen: Partial<StatementPeriod>, now: number): StatementPeriod {
  const to = chosen.to ?? dayKeyOf(now);
  return { from: chosen.from ?? dayKeyOf(dayStart(to) - (STATEMENT_PERIOD_DAYS - 1) * DAY_MS), to };
}

/** What to say of a day of the period that is not a date. */
export const statementDayProblem = (which: 'first' | 'last'): string => `Give the ${which} day of the statement as a date (YYYY-MM-DD).`;

/** Why a period cannot be a statement's, as a sentence; null when it can. */
export function statementPeriodProblem({ from, to }: StatementPeriod): string | null {
  const [start, end] = [dayStart(from), dayStart(to)];
  if (Number.isNaN(start)) return statementDayProblem('first');
  if (Number.isNaN(end)) return statementDayProblem('last');
  if (start > end) return 'The first day of the statement must not be after its last day.';
  if ((end - start) / DAY_MS + 1 > STATEMENT_MAX_DAYS) return 'A statement covers at most two years: choose a shorter period.';
  return null;
}

/** The moments a period covers: from its first millisecond to the one after its last. */
export function periodBounds({ from, to }: StatementPeriod): { start: number; end: number } {
  return { start: dayStart(from), end: dayStart(to) + DAY_MS };
}

/** A balance as a statement shows it: what the company owes, or what it has in credit. */
export const balanceText = (cents: number): string => (cents < 0 ? `${formatMoney(-cents)} in credit` : formatMoney(cents));

/** The entries that move the balance: a credit on account applied to an invoice moves money within the account, not its balance. */
const MOVES_BALANCE: ReadonlySet<LedgerEntryKind> = new Set(['invoice', 'payment', 'credit-note', 'payment-reversal']);

/** One entry of the period, with the balance after it. */
export interface ActivityLine {
  at: number;
  kind: LedgerEntryKind;
  /** INV-…, CN-… or the payment's id. */
  reference: string;
  description: string;
  /** What it adds to what the company owes: invoices and reversals positive, payments and credit notes negative. */
  amount: number;
  balance: number;
  orderId: string | null;
}

/** A period's statement. Balances are what the company owes (negative: it is in credit). */
export interface AccountActivity {
  period: StatementPeriod;
  openingBalance: number;
  lines: ActivityLine[];
  closingBalance: number;
  /** The period's entries added up by kind, each as a positive amount. */
  totals: { invoiced: number; credited: number; paid: number; reversed: number };
}

/**
 * The statement of `period` from the company's ledger entries, in the order written. The entries
 * may be the whole ledger or only the period's, after the last entry before it: that entry's
 * running balance opens the period (nothing before it: nothing was owed).
 */
export function accountActivity(entries: readonly Pick<LedgerEntry, 'at' | 'kind' | 'reference' | 'description' | 'amount' | 'balance' | 'orderId'>[], period: StatementPeriod): AccountActivity {
  const { start, end } = periodBounds(period);
  const openingBalance = entries.filter((entry) => entry.at < start).at(-1)?.balance ?? 0;
  const totals = { invoiced: 0, credited: 0, paid: 0, reversed: 0 };
  let balance = openingBalance;
  const lines: ActivityLine[] = [];
  for (const { at, kind, reference, description, amount, orderId } of entries) {
    if (at < start || at >= end || !MOVES_BALANCE.has(kind)) continue;
    balance += amount;
    lines.push({ at, kind, reference, description, amount, balance, orderId });
    if (kind === 'invoice') totals.invoiced += amount;
    else if (kind === 'credit-note') totals.credited -= amount;
    else if (kind === 'payment') totals.paid -= amount;
    else totals.reversed += amount;
  }
  return { period, openingBalance, lines, closingBalance: balance, totals };
}
