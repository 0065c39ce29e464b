/**
 * Its own module, apart from ./search, which the shop's first page loads: only the back office
 * uses this, and a module goes whole into the chunk of the first page that needs any of it.
 */
import type { SearchPlan } from './search';

/**
 * Every token a search could be looked up by, each giving the same results once the other words
 * are checked (`matchesSearch`): the one `searchPlan` chose, and each word. A caller that can count
 * how many products hold each (the back office) looks the search up by the rarest.
 */
export function searchLookups(plan: SearchPlan): string[] {
  const words = [...plan.wholeWords, plan.lastWord];
  // A SKU-shaped search is looked up by its joined code, which no word is more selective than.
  return words.includes(plan.token) ? [...new Set([plan.token, ...words])] : [plan.token];
}
