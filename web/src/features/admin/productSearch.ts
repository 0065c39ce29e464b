import { getCount, query, where, type Firestore } from 'firebase/firestore/lite';
import { searchLookups, type SearchPlan } from '@harbor/domain';
import { productCollection } from '../../lib/converters/productConverter';
import type { ProductQueryDescription } from '../../lib/productList';

/**
 * The back office looks a several-word search up by its rarest word, counted first (one count
 * aggregation per word, at once): in a large catalog the longest word may be on most products
 * ("import" on 100,000 imported ones), and pages read by it would hold few or none of the products
 * searched for. The shop's catalog keeps the longest word: counting would add a round trip to every
 * visitor's search, and above the browser index's limit the catalog searches with the search
 * function instead.
 */
export function lookedUpByRarestWord(db: Firestore) {
  return async ({ filters, order, plan }: ProductQueryDescription & { plan: SearchPlan }): Promise<ProductQueryDescription> => {
    const lookups = searchLookups(plan);
    if (lookups.length < 2) return { filters, order, plan };
    const others = filters.filter((filter) => filter.op !== 'array-contains');
    const counts = await Promise.all(
      lookups.map(async (token) => (await getCount(query(productCollection(db), ...others.map(({ field, op, value }) => where(field, op, value)), where('searchTokens', 'array-contains', token)))).data().count),
    );
    const token = lookups[counts.indexOf(Math.min(...counts))]!;
    return { filters: [...others, { field: 'searchTokens', op: 'array-contains', value: token }], order, plan: { ...plan, token } };
  };
}
