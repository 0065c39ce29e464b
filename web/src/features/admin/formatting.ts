const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

export const formatDateTime = (millis: number) => (millis ? dateTime.format(millis) : '—');
export const formatDay = (date: Date) => dateOnly.format(date);

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const compactMoney = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 });
/** Cents as a short axis label, e.g. 250000 -> "$2.5K". */
export const formatCompactMoney = (cents: number) => compactMoney.format(cents / 100);

/** The local date of a YYYY-MM-DD key. */
export function dateOfKey(key: string): Date {
  const [year = 1970, month = 1, day = 1] = key.split('-').map(Number);
  return new Date(year, month - 1, day);
}
