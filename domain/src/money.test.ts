import { describe, expect, it } from 'vitest';
import { SHOP_RULES } from './config';
import { applyBasisPoints, formatCount, formatMoney, parseMoney } from './money';

describe('formatMoney', () => {
  const intl = new Intl.NumberFormat(SHOP_RULES.locale, { style: 'currency', currency: SHOP_RULES.currency });

  it("writes the shop's currency exactly as Intl does in the shop's locale", () => {
    const amounts = [0, 1, 5, 9, 10, 99, 100, 101, 999, 1_000, 99_999, 100_000, 123_456, 1_000_000, 12_345_678, 100_000_000_000, 2 ** 50];
    for (const cents of [...amounts, ...amounts.filter((cents) => cents > 0).map((cents) => -cents)]) {
      expect(formatMoney(cents)).toBe(intl.format(cents / 100));
    }
    expect(formatMoney(123_456)).toBe('$1,234.56');
    expect(formatMoney(-5)).toBe('-$0.05');
  });

  it('rounds a fraction of a cent half away from zero, as Intl does, and gives nothing rounded to zero a sign', () => {
    for (const cents of [12.5, -12.5, 0.4, 99.5, 199.49, -1.5, 0.5, 1_234_567.5]) expect(formatMoney(cents)).toBe(intl.format(cents / 100));
    expect(formatMoney(-0.4)).toBe('$0.00');
    expect(formatMoney(-0)).toBe('$0.00');
  });

  it('formats another currency, and what is not a number, with Intl', () => {
    expect(formatMoney(123_456, 'EUR')).toBe(new Intl.NumberFormat(SHOP_RULES.locale, { style: 'currency', currency: 'EUR' }).format(1234.56));
    expect(formatMoney(Number.NaN)).toBe(intl.format(Number.NaN));
  });
});

describe('applyBasisPoints', () => {
  it('rounds half away from zero to whole cents', () => {
    expect(applyBasisPoints(1_000, 550)).toBe(55);
    expect(applyBasisPoints(999, 550)).toBe(55);
    expect(applyBasisPoints(10, 500)).toBe(1);
  });
});

describe('parseMoney', () => {
  it('reads what a person types as dollars into cents, and refuses anything else', () => {
    expect(parseMoney('12.5')).toBe(1_250);
    expect(parseMoney('$1,234.56')).toBe(123_456);
    expect(parseMoney(' 7 ')).toBe(700);
    for (const text of ['', '1.234', '-5', 'abc', '1e3', '.5']) expect(parseMoney(text)).toBeNull();
  });
});

describe('formatCount', () => {
  it('groups thousands as the shop’s locale does', () => {
    expect([0, 999, 1000, 1234567].map(formatCount)).toEqual(['0', '999', '1,000', '1,234,567']);
  });
});
