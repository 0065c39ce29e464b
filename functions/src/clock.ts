import { db } from './admin';

/**
 * The shop's time. In production the system clock; on the emulators, tests move it with
 * `testing/clock.offsetMs` (rules deny clients that collection), so due dates, ageing and
 * reminders can be tested on any day.
 */
export async function shopNow(): Promise<number> {
  if (process.env.FUNCTIONS_EMULATOR !== 'true') return Date.now();
  const offset: unknown = (await db.doc('testing/clock').get()).get('offsetMs');
  return Date.now() + (typeof offset === 'number' && Number.isFinite(offset) ? offset : 0);
}
