import { SHOP_RULES } from './config';

/**
 * How the shop's locale writes its currency (SHOP_RULES: USD in en-US, "-$1,234.56"), written out
 * rather than asked of Intl.NumberFormat: the first currency formatter a page creates loads the
 * locale's number data, 65 ms of main thread on the bench machine and 250 to 280 ms at
 * Lighthouse's phone speed (4× slower), in the first view of every page that shows a price.
 * money.test.ts holds it to Intl's output; change it with SHOP_RULES.currency or .locale.
 */
const SHOP_MONEY = { prefix: '$', suffix: '', groupSeparator: ',', decimalSeparator: '.' } as const;

/** Other currencies (an order recorded in one the shop no longer uses) are formatted by Intl. */
const otherFormatters = new Map<string, Intl.NumberFormat>();

function formatOtherCurrency(amount: number, currency: string): string {
  let formatter = otherFormatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat(SHOP_RULES.locale, { style: 'currency', currency });
    otherFormatters.set(currency, formatter);
  }
  return formatter.format(amount);
}

/** A count as the shop's locale writes it: 1234567 -> "1,234,567". */
export const formatCount = (value: number): string => value.toLocaleString(SHOP_RULES.locale);

/** Formats integer cents as a currency string, e.g. 123456 -> "$1,234.56". */
export function formatMoney(cents: number, currency: string = SHOP_RULES.currency): string {
  if (currency !== SHOP_RULES.currency || !Number.isFinite(cents)) return formatOtherCurrency(cents / 100, currency);
  // Half a cent rounds away from zero, as Intl does; an amount that rounds to nothing has no sign.
  const rounded = Math.round(Math.abs(cents));
  const whole = String(Math.floor(rounded / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, SHOP_MONEY.groupSeparator);
  const fraction = String(rounded % 100).padStart(2, '0');
  return `${cents < 0 && rounded > 0 ? '-' : ''}${SHOP_MONEY.prefix}${whole}${SHOP_MONEY.decimalSeparator}${fraction}${SHOP_MONEY.suffix}`;
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
