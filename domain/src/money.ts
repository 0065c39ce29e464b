import { SHOP_RULES } from './config';

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats integer cents as a currency string, e.g. 123456 -> "$1,234.56". */
export function formatMoney(cents: number, currency: string = SHOP_RULES.currency): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat(SHOP_RULES.locale, { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter.format(cents / 100);
}

/** Multiplies cents by a rate in basis points, rounding half away from zero to whole cents. */
export function applyBasisPoints(cents: number, basisPoints: number): number {
  return Math.round((cents * basisPoints) / 10_000);
}

/** Parses a user-typed amount such as "12.5" or "$1,234.56" into integer cents, or null. */
export function parseMoney(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
