import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeDocument, DocumentId, getDocument, parseTimestamp, runQuery, structuredQuery, type RestDatabase } from './firestoreRest';

const db: RestDatabase = { origin: 'http://127.0.0.1:8080', projectId: 'demo-harbor' };

function answer(status: number, body: unknown) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Firestore REST reads', () => {
  it('decodes every kind of stored value, timestamps to the nanosecond', () => {
    const document = decodeDocument({
      name: 'projects/demo-harbor/databases/(default)/documents/products/bev-1001',
      fields: {
        name: { stringValue: 'Cold Brew' },
        price: { integerValue: '1299' },
        weight: { doubleValue: 1.5 },
        active: { booleanValue: true },
        note: { nullValue: null },
        createdAt: { timestampValue: '2026-01-05T10:00:00.000500Z' },
        tiers: { arrayValue: { values: [{ mapValue: { fields: { minQty: { integerValue: '10' }, price: { integerValue: '1199' } } } }] } },
        empty: { arrayValue: {} },
      },
    });
    expect(document).toEqual({
      id: 'bev-1001',
      data: {
        name: 'Cold Brew',
        price: 1299,
        weight: 1.5,
        active: true,
        note: null,
        createdAt: { seconds: Date.parse('2026-01-05T10:00:00Z') / 1000, nanoseconds: 500_000 },
        tiers: [{ minQty: 10, price: 1199 }],
        empty: [],
      },
    });
    expect(parseTimestamp('2026-01-05T10:00:00Z')).toEqual({ seconds: Date.parse('2026-01-05T10:00:00Z') / 1000, nanoseconds: 0 });
    expect(() => parseTimestamp('yesterday')).toThrow();
  });

  it('sends filters, the order, a cursor (timestamp and document id exactly) and the limit', () => {
    const createdAt = { seconds: 1_767_607_200, nanoseconds: 500_000 };
    expect(
      structuredQuery(db, {
        collection: 'products',
        filters: [
          { field: 'active', op: '==', value: true },
          { field: '__name__', op: 'in', value: [new DocumentId('a'), new DocumentId('b')] },
        ],
        orderBy: [{ field: 'createdAt', direction: 'desc' }],
        startAfter: [createdAt, new DocumentId('gen-0001')],
        limit: 25,
      }),
    ).toEqual({
      from: [{ collectionId: 'products' }],
      where: {
        compositeFilter: {
          op: 'AND',
          filters: [
            { fieldFilter: { field: { fieldPath: 'active' }, op: 'EQUAL', value: { booleanValue: true } } },
            {
              fieldFilter: {
                field: { fieldPath: '__name__' },
                op: 'IN',
                value: {
                  arrayValue: {
                    values: [
                      { referenceValue: 'projects/demo-harbor/databases/(default)/documents/products/a' },
                      { referenceValue: 'projects/demo-harbor/databases/(default)/documents/products/b' },
                    ],
                  },
                },
              },
            },
          ],
        },
      },
      orderBy: [{ field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' }],
      startAt: {
        values: [{ timestampValue: '2026-01-05T10:00:00.000500000Z' }, { referenceValue: 'projects/demo-harbor/databases/(default)/documents/products/gen-0001' }],
        before: false,
      },
      limit: 25,
    });
  });

  it('posts a query as a simple request (text/plain, no custom header) and reads the documents of the answer', async () => {
    const fetch = answer(200, [{ document: { name: 'x/products/p1', fields: { name: { stringValue: 'A' } } } }, { readTime: '2026-01-05T10:00:00Z' }]);
    expect(await runQuery(db, { collection: 'products', filters: [], orderBy: [] })).toEqual([{ id: 'p1', data: { name: 'A' } }]);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://127.0.0.1:8080/v1/projects/demo-harbor/databases/(default)/documents:runQuery');
    expect(init).toMatchObject({ method: 'POST', headers: { 'Content-Type': 'text/plain' } });
  });

  it("sends the server renderer's reads with its OAuth token", async () => {
    const fetch = answer(200, [{ document: { name: 'x/products/p1', fields: {} } }]);
    await runQuery({ ...db, accessToken: async () => 'server-token' }, { collection: 'products', filters: [], orderBy: [] });
    expect(fetch.mock.calls[0]![1]).toMatchObject({ headers: { Authorization: 'Bearer server-token' } });
    await runQuery(db, { collection: 'products', filters: [], orderBy: [] });
    expect(fetch.mock.calls[1]![1]?.headers).not.toHaveProperty('Authorization');
  });

  it('gives a refused query the SDK error code, and a missing or refused document as null', async () => {
    answer(403, { error: { code: 403, status: 'PERMISSION_DENIED', message: 'Missing or insufficient permissions.' } });
    await expect(runQuery(db, { collection: 'products', filters: [], orderBy: [] })).rejects.toMatchObject({ code: 'permission-denied', message: 'Missing or insufficient permissions.' });
    expect(await getDocument(db, 'products', 'inactive')).toBeNull();
    answer(404, { error: { code: 404, status: 'NOT_FOUND', message: 'no such document' } });
    expect(await getDocument(db, 'products', 'missing')).toBeNull();
    answer(503, { error: { code: 503, status: 'UNAVAILABLE', message: 'try again' } });
    await expect(getDocument(db, 'products', 'p1')).rejects.toMatchObject({ code: 'unavailable' });
  });
});
