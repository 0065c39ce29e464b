import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatDayKey, formatMoment } from './dates';

const spaced = (text: string) => text.replace(/\s/g, ' ');
const afternoon = new Date(2026, 2, 4, 14, 5).getTime();

describe('dates', () => {
  it('show a day, a day and time, and a moment in the shop\'s locale', () => {
    expect(formatDay(afternoon)).toBe('Mar 4, 2026');
    expect(spaced(formatDateTime(afternoon))).toBe('Mar 4, 2026, 2:05 PM');
    expect(spaced(formatMoment(afternoon))).toBe('March 4, 2026 at 2:05 PM');
  });

  it('show a missing time as a dash', () => {
    expect([formatDay(0), formatDateTime(0), formatMoment(0)]).toEqual(['—', '—', '—']);
  });

  it('show a local day key as month and day', () => {
    expect(formatDayKey('2026-03-04')).toBe('Mar 4');
    expect(formatDayKey('2026-12-31')).toBe('Dec 31');
  });
});
