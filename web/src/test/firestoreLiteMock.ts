import type * as FirestoreLite from 'firebase/firestore/lite';

type Converter = { fromFirestore: (snapshot: { id: string; data: () => Record<string, unknown> }) => unknown };

/**
 * `firebase/firestore/lite` for a component test, as `vi.mock`'s factory: every collection reads
 * the documents `documents()` holds under its path (each with its `id` field as its id), through
 * the collection's converter; query constraints are ignored.
 */
export async function firestoreLiteMock(importOriginal: () => Promise<typeof FirestoreLite>, documents: () => Record<string, Record<string, unknown>[]>) {
  return {
    ...(await importOriginal()),
    collection: (_db: unknown, ...path: string[]) => ({ path: path.join('/'), withConverter: (converter: Converter) => ({ path: path.join('/'), converter }) }),
    orderBy: () => ({}),
    limit: () => ({}),
    query: (base: object) => base,
    getDocs: async ({ path, converter }: { path: string; converter: Converter }) => ({
      docs: (documents()[path] ?? []).map((data, index) => ({ data: () => converter.fromFirestore({ id: String(data.id ?? index), data: () => data }) })),
    }),
  };
}
