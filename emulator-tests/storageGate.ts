/**
 * Storage tests run only where the Storage emulator starts (its rules runtime JAR must be on the
 * machine; see scripts/emulators.ts). Elsewhere they report themselves skipped, with the reason.
 */
export const storageRuns = process.env.HARBOR_STORAGE === '1';

const skipReason = process.env.HARBOR_STORAGE_REASON ?? 'the Storage emulator is not running';

/** A suite title that carries the skip reason when the suite cannot run. */
export function storageSuite(name: string): string {
  if (storageRuns) return name;
  // The default reporter names no skipped test, so the reason is also printed.
  console.warn(`${name}: skipped, ${skipReason}.`);
  return `${name} (skipped: ${skipReason})`;
}
