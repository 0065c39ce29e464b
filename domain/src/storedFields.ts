/**
 * Readers for the fields of stored documents, which may be missing or of another type (written by
 * an older version of the shop, or by hand in the console): each gives a safe default instead.
 */
export type StoredData = Record<string, unknown>;

export function isRecord(value: unknown): value is StoredData {
  return typeof value === 'object' && value !== null;
}

/** A string field, or ''. */
export function storedText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A field that must be one of `values`, or the fallback. */
export function storedChoice<T extends string>(values: readonly T[], value: unknown, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/** A finite number field, or the fallback. */
export function storedNumber(value: unknown, fallback = 0): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** A list of strings, its other entries dropped; [] when it is not a list. */
export function storedTexts(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** Milliseconds from a Firestore Timestamp (anything with toMillis) or a number; 0 when absent. */
export function millisOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (isRecord(value) && typeof value.toMillis === 'function') return (value.toMillis as () => number)();
  return 0;
}
