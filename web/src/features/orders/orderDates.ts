import { SHOP_RULES } from '@harbor/domain';

const day = new Intl.DateTimeFormat(SHOP_RULES.locale, { dateStyle: 'medium' });
const moment = new Intl.DateTimeFormat(SHOP_RULES.locale, { dateStyle: 'long', timeStyle: 'short' });

/** "Mar 4, 2026": for lists. */
export function formatOrderDay(millis: number): string {
  return day.format(millis);
}

/** "March 4, 2026 at 2:05 PM": for one order. */
export function formatOrderMoment(millis: number): string {
  return moment.format(millis);
}
