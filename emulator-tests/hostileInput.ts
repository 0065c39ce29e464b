/**
 * Malformed payloads for the callables: the same generic attacks for every callable, plus
 * field-by-field variants of a valid payload (missing, null, wrong types, negative, fractional,
 * NaN, huge, very long, prototype keys, arrays where objects belong).
 */
type Payload = unknown;
export interface HostileCase {
  label: string;
  payload: Payload;
}

const LONG_TEXT = 'x'.repeat(100_000);

/** Values that are wrong for any field that expects something else. */
function wrongValues(valid: unknown): HostileCase[] {
  const cases: HostileCase[] = [
    { label: 'null', payload: null },
    { label: 'an array', payload: [valid] },
    { label: 'an object', payload: { value: valid } },
    { label: 'a prototype-polluting object', payload: JSON.parse('{"__proto__":{"isAdmin":true}}') },
  ];
  if (typeof valid === 'number') {
    cases.push(
      { label: 'a string number', payload: String(valid) },
      { label: 'negative', payload: -Math.abs(valid || 1) },
      { label: 'fractional', payload: valid + 0.5 },
      { label: 'NaN', payload: Number.NaN },
      { label: 'huge', payload: 1e308 },
      { label: 'beyond safe integers', payload: Number.MAX_SAFE_INTEGER + 2 },
    );
  } else if (typeof valid === 'string') {
    cases.push({ label: 'a number', payload: 12345 }, { label: 'very long', payload: LONG_TEXT }, { label: 'boolean', payload: true });
  } else if (typeof valid === 'boolean') {
    cases.push({ label: 'a string', payload: 'true' }, { label: 'a number', payload: 1 });
  } else {
    cases.push({ label: 'a string', payload: 'everything' }, { label: 'a number', payload: 7 });
  }
  return cases;
}

/** Generic attacks on the payload as a whole. */
export function wholePayloadCases(valid: Record<string, unknown>): HostileCase[] {
  return [
    { label: 'no payload', payload: undefined },
    { label: 'null payload', payload: null },
    { label: 'a number payload', payload: 42 },
    { label: 'a string payload', payload: 'DROP TABLE orders' },
    { label: 'an array payload', payload: [valid] },
    { label: 'an empty object', payload: {} },
    { label: 'an extra field', payload: { ...valid, isAdmin: true } },
    { label: 'a __proto__ key', payload: { ...JSON.parse('{"__proto__":{"role":"admin"}}'), ...valid, ...JSON.parse('{"__proto__":{"role":"admin"}}') } },
    { label: 'a constructor key', payload: { ...valid, constructor: { prototype: { role: 'admin' } } } },
    { label: 'a 1 MB payload', payload: { ...valid, padding: 'x'.repeat(1024 * 1024) } },
  ];
}

/** Each top-level field missing, then replaced by each wrong value. */
export function fieldCases(valid: Record<string, unknown>, optional: string[] = []): HostileCase[] {
  return Object.entries(valid).flatMap(([field, value]) => [
    ...(optional.includes(field) ? [] : [{ label: `${field} missing`, payload: Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field)) }]),
    ...wrongValues(value).map(({ label, payload }) => ({ label: `${field} ${label}`, payload: { ...valid, [field]: payload } })),
  ]);
}
