import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, clearFirestore, webClient, type TestClient } from './harness';
import { fieldCases, wholePayloadCases, type HostileCase } from './hostileInput';

/** Every document of every collection, to prove a refused call changed nothing. */
async function snapshotDatabase(): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = {};
  for (const collection of await adminDb.listCollections()) {
    for (const document of (await collection.get()).docs) result[document.ref.path] = document.data();
  }
  return result;
}

const cartLine = { id: 'bev-1001', price: 1899, quantity: 2, name: 'Water', sku: 'BEV-1001', imageUrl: '/x.svg', unit: 'case', minOrderQty: 1, packSize: 1 };

/** The callable protocol's JSON body; NaN and Infinity are written as the bare tokens a hostile client could send. */
function callableBody(payload: unknown): string {
  const marked = JSON.stringify({ data: payload }, (_key, value: unknown) =>
    typeof value === 'number' && !Number.isFinite(value) ? `__number__${String(value)}` : value,
  );
  return marked.replace(/"__number__(NaN|-?Infinity)"/g, '$1');
}

interface CallableUnderAttack {
  name: string;
  valid: Record<string, unknown>;
  cases: HostileCase[];
}

const callables: CallableUnderAttack[] = [
  {
    name: 'mergeCart',
    valid: { guestItems: [cartLine] },
    cases: [
      ...wholePayloadCases({ guestItems: [cartLine] }),
      ...fieldCases({ guestItems: [cartLine] }),
      ...fieldCases(cartLine, []).map(({ label, payload }) => ({ label: `item ${label}`, payload: { guestItems: [payload] } })),
      { label: 'guestItems with 10,000 lines', payload: { guestItems: Array.from({ length: 10_000 }, (_, index) => ({ ...cartLine, id: `p${index}` })) } },
    ],
  },
];

let shopper: TestClient;

beforeAll(async () => {
  await clearFirestore();
  shopper = await webClient();
  await adminDb.doc(`carts/${shopper.uid}`).set({ items: [cartLine] });
  await adminDb.doc('products/bev-1001').set({ name: 'Water', sku: 'BEV-1001', price: 1899, stock: 50, active: true });
});

afterAll(async () => shopper.close());

for (const callable of callables) {
  describe(`${callable.name} under hostile input (${callable.cases.length} payloads)`, () => {
    it.each(callable.cases)('refuses $label with a readable HttpsError and changes nothing', async ({ payload }) => {
      const before = await snapshotDatabase();
      const body = callableBody(payload);
      const { status, error } = await shopper.rawCall(callable.name, body);
      expect(status).toBe(400);
      expect(await snapshotDatabase()).toEqual(before);
      // A bare NaN is not JSON: the platform refuses the body before any function code runs.
      if (/\bNaN\b/.test(body)) return;
      expect(error?.status).toBe('INVALID_ARGUMENT');
      expect(error?.message).toMatch(/^[A-Za-z][^\n]{5,300}$/);
      expect(error?.message).not.toMatch(/internal|stack|undefined|\[object/i);
    });
  });
}
