import { describe, expect, it } from 'vitest';
import { lastDays, niceCeiling, OPEN_ORDER_STATUSES, REVENUE_STATUSES, totalOfLastDays } from './reports';

describe('lastDays', () => {
  it('ends with today and starts each window at local midnight', () => {
    const days = lastDays(new Date(2026, 2, 10, 15, 30), 3);
    expect(days.map((day) => day.key)).toEqual(['2026-03-08', '2026-03-09', '2026-03-10']);
    expect(days[2]!.start).toEqual(new Date(2026, 2, 10));
    expect(days[2]!.end).toEqual(new Date(2026, 2, 11));
  });

  it('leaves no gap and no overlap between consecutive days', () => {
    const days = lastDays(new Date(2026, 0, 15), 30);
    for (let index = 1; index < days.length; index++) expect(days[index]!.start).toEqual(days[index - 1]!.end);
  });

  it('crosses month and year ends', () => {
    expect(lastDays(new Date(2026, 0, 1, 8), 2).map((day) => day.key)).toEqual(['2025-12-31', '2026-01-01']);
    expect(lastDays(new Date(2024, 2, 1), 2).map((day) => day.key)).toEqual(['2024-02-29', '2024-03-01']);
  });

  it('counts just after midnight as the new day', () => {
    const [today] = lastDays(new Date(2026, 4, 5, 0, 0, 1), 1);
    expect(today!.key).toBe('2026-05-05');
  });
});

describe('totalOfLastDays', () => {
  const daily = [
    { orders: 1, revenue: 100 },
    { orders: 2, revenue: 250 },
    { orders: 0, revenue: 0 },
    { orders: 3, revenue: 1000 },
  ];

  it('adds up the most recent days only', () => {
    expect(totalOfLastDays(daily, 1)).toEqual({ orders: 3, revenue: 1000 });
    expect(totalOfLastDays(daily, 3)).toEqual({ orders: 5, revenue: 1250 });
  });

  it('takes the whole series when it is shorter than asked', () => {
    expect(totalOfLastDays(daily, 30)).toEqual({ orders: 6, revenue: 1350 });
    expect(totalOfLastDays([], 7)).toEqual({ orders: 0, revenue: 0 });
  });
});

describe('niceCeiling', () => {
  it('rounds up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceCeiling(0.7)).toBe(1);
    expect(niceCeiling(1)).toBe(1);
    expect(niceCeiling(1.2)).toBe(2);
    expect(niceCeiling(2.2)).toBe(2.5);
    expect(niceCeiling(3)).toBe(5);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(123_456)).toBe(200_000);
    expect(niceCeiling(240_000)).toBe(250_000);
  });

  it('gives 1 for an empty chart', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(Number.NaN)).toBe(1);
  });
});

describe('order status groups', () => {
  it('counts every status but cancelled as revenue, and only unfinished orders as open', () => {
    expect(REVENUE_STATUSES).not.toContain('cancelled');
    expect(REVENUE_STATUSES).toContain('delivered');
    expect(OPEN_ORDER_STATUSES).toEqual(['pending', 'processing', 'partially-shipped', 'shipped']);
  });
});
