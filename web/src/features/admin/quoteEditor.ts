import { endOfUtcDay, lineQuantitySchema, MAX_QUOTE_LINES, parseMoney, quoteTotals, validUntilProblem, type OrderTotals, type Quote } from '@harbor/domain';
import { dollars } from './productForm';

/** One line of the quote editor as typed: quantity and unit price (dollars) as text. */
export interface EditorLine {
  productId: string;
  sku: string;
  name: string;
  unit: string;
  quantity: string;
  /** Null until staff type one: the line is then offered at the customer's price now (withPricesNow). */
  unitPrice: string | null;
}

export interface EditorValues {
  lines: EditorLine[];
  /** "YYYY-MM-DD", the last day (UTC) the quote holds. */
  validUntil: string;
  message: string;
}

/** What respondToQuote and createQuote take from the editor. */
export interface QuoteAnswer {
  lines: { productId: string; quantity: number; unitPrice: number }[];
  validUntil: string;
  message: string;
}

/** Why the editor's values cannot be sent: per line (by product id) and for the whole quote. */
export interface EditorProblems {
  lines: Record<string, { quantity?: string; unitPrice?: string }>;
  validUntil?: string;
  quote?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A new quote holds two weeks unless staff choose otherwise. */
export const DEFAULT_VALIDITY_DAYS = 14;

/** The UTC day "YYYY-MM-DD" of a time. */
export function utcDay(millis: number): string {
  return new Date(millis).toISOString().slice(0, 10);
}

/** The editor filled from a quote: its lines (prices in dollars, the customer's price now until quoted), its date or two weeks from now. */
export function editorValuesOf(quote: Pick<Quote, 'lines' | 'validUntil'> | null, now: number): EditorValues {
  return {
    lines: (quote?.lines ?? []).map((line) => ({
      productId: line.productId,
      sku: line.sku,
      name: line.name,
      unit: line.unit,
      quantity: String(line.quantity),
      unitPrice: line.unitPrice === null ? null : dollars(line.unitPrice),
    })),
    validUntil: utcDay(quote?.validUntil && quote.validUntil > now ? quote.validUntil : now + DEFAULT_VALIDITY_DAYS * DAY_MS),
    message: '',
  };
}

const quantityOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The line's quantity, null while it cannot be read. */
export function lineQuantity(line: Pick<EditorLine, 'quantity'>): number | null {
  const quantity = lineQuantitySchema.safeParse(quantityOf(line.quantity));
  return quantity.success ? quantity.data : null;
}

/** The line's quantity and unit price in cents, null where they cannot be read. */
function readLine(line: EditorLine): { quantity: number | null; unitPrice: number | null } {
  return { quantity: lineQuantity(line), unitPrice: parseMoney(line.unitPrice ?? '') };
}

/**
 * The lines as they stand: a unit price staff have not typed is the customer's price now for the
 * line's quantity (`priceNow`, in cents), blank while it is not known.
 */
export function withPricesNow(lines: readonly EditorLine[], priceNow: (line: EditorLine) => number | null): EditorLine[] {
  return lines.map((line) => {
    if (line.unitPrice !== null) return line;
    const cents = priceNow(line);
    return { ...line, unitPrice: cents === null ? '' : dollars(cents) };
  });
}

/** The totals the lines come to (lines not yet readable count as nothing), with the tax of the company's default address. */
export function editorTotals(lines: readonly EditorLine[], taxRateBasisPoints: number): OrderTotals {
  return quoteTotals(
    lines.map(readLine).map(({ quantity, unitPrice }) => ({ quantity: quantity ?? 0, unitPrice })),
    taxRateBasisPoints,
  );
}

/** Checks the editor as the callables will: every line priced with a valid quantity, a day in the future. */
export function checkEditor(values: EditorValues, now: number): { answer: QuoteAnswer } | { problems: EditorProblems } {
  const problems: EditorProblems = { lines: {} };
  const lines: QuoteAnswer['lines'] = [];
  for (const line of values.lines) {
    const { quantity, unitPrice } = readLine(line);
    const lineProblems: { quantity?: string; unitPrice?: string } = {};
    if (quantity === null) lineProblems.quantity = lineQuantitySchema.safeParse(quantityOf(line.quantity)).error?.issues[0]?.message ?? 'Enter a quantity.';
    if (unitPrice === null) lineProblems.unitPrice = (line.unitPrice ?? '').trim() === '' ? 'Enter a unit price.' : 'Enter a price in dollars, such as 12.50.';
    if (quantity !== null && unitPrice !== null) lines.push({ productId: line.productId, quantity, unitPrice });
    else problems.lines[line.productId] = lineProblems;
  }
  if (values.lines.length === 0) problems.quote = 'A quote needs at least one line.';
  else if (values.lines.length > MAX_QUOTE_LINES) problems.quote = `A quote holds at most ${MAX_QUOTE_LINES} lines.`;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(values.validUntil) ? Date.parse(`${values.validUntil}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(day)) problems.validUntil = 'Choose the day the quote is valid until.';
  else {
    const problem = validUntilProblem(endOfUtcDay(day), now);
    if (problem) problems.validUntil = problem;
  }
  const valid = Object.keys(problems.lines).length === 0 && !problems.validUntil && !problems.quote;
  return valid ? { answer: { lines, validUntil: values.validUntil, message: values.message } } : { problems };
}
