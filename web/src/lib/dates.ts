/**
 * Every date the shop shows, in the shop's locale. Times are milliseconds, as the domain's
 * readers give them; a document without a time reads as 0 and shows as a dash.
 */
import { SHOP_RULES } from '@harbor/domain';

/**
 * A formatter made on its first use, not when this module loads: each costs 30 to 40 ms of main
 * thread at Lighthouse's phone speed, and a page that shows no date should not pay for five.
 */
function lazyFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat(SHOP_RULES.locale, options));
}

const formats = {
  day: lazyFormat({ dateStyle: 'medium' }),
  dayAndTime: lazyFormat({ dateStyle: 'medium', timeStyle: 'short' }),
  moment: lazyFormat({ dateStyle: 'long', timeStyle: 'short' }),
  monthDay: lazyFormat({ month: 'short', day: 'numeric' }),
  utcDay: lazyFormat({ dateStyle: 'medium', timeZone: 'UTC' }),
};

const shown = (format: () => Intl.DateTimeFormat) => (millis: number) => (millis ? format().format(millis) : '—');

/** "Mar 4, 2026": a date in a list. */
export const formatDay = shown(formats.day);

/** "Mar 4, 2026" for a day kept in UTC (the day a payment was received, the last day a quote is valid), wherever the reader is. */
export const formatUtcDay = shown(formats.utcDay);

/** "Mar 4, 2026, 2:05 PM": a time in a table. */
export const formatDateTime = shown(formats.dayAndTime);

/** "March 4, 2026 at 2:05 PM": the time of one order, in a sentence. */
export const formatMoment = shown(formats.moment);

/** "Mar 4" for a local day key "2026-03-04" (see lastDays in the domain): a chart axis. */
export function formatDayKey(key: string): string {
  const [year = 1970, month = 1, day = 1] = key.split('-').map(Number);
  return formats.monthDay().format(new Date(year, month - 1, day));
}

/** Today in the reader's time zone as "2026-03-04", the value of a date input. */
export function todayKey(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
