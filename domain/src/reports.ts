import { ORDER_STATUSES, type OrderStatus } from './orders';

/** Orders that count as sales: everything but cancelled and rejected ones, and those still awaiting the company's approval. */
export const REVENUE_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((status) => status !== 'cancelled' && status !== 'rejected' && status !== 'awaiting-approval');

/** Orders that still need the shop's attention. */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'processing', 'partially-shipped', 'shipped'];

export interface DayWindow {
  /** Local midnight starting the day. */
  start: Date;
  /** Local midnight of the next day (exclusive). */
  end: Date;
  /** YYYY-MM-DD in local time. */
  key: string;
}

function localKey(day: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/**
 * The last `days` calendar days in local time, oldest first, the last one being today. Built
 * from calendar dates rather than 24-hour steps, so a daylight-saving change keeps whole days.
 */
export function lastDays(now: Date, days: number): DayWindow[] {
  return Array.from({ length: days }, (_, index) => {
    const offset = days - 1 - index;
    const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - offset);
    const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() - offset + 1);
    return { start, end, key: localKey(start) };
  });
}

export interface DayFigures {
  orders: number;
  /** Revenue in cents. */
  revenue: number;
}

/** Orders and revenue of the last `days` entries of a day-by-day series (oldest first). */
export function totalOfLastDays(daily: readonly DayFigures[], days: number): DayFigures {
  return daily.slice(-days).reduce((sum, day) => ({ orders: sum.orders + day.orders, revenue: sum.revenue + day.revenue }), { orders: 0, revenue: 0 });
}

/** A round axis maximum at or above `value`: 1, 2, 2.5 or 5 times a power of ten. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= value - 1e-9) ?? 10;
  return step * power;
}
