/**
 * Its own module, apart from ./search, which the shop's first page loads: only the back office
 * uses this, and a module goes whole into the chunk of the first page that needs any of it.
 */
import { MIN_PREFIX_LENGTH, type SearchPlan } from './search';

/**
 * Every token a search could be looked up by, each giving the same results once the other words
 * are checked (`matchesSearch`): the one `searchPlan` chose, and each word. A caller that can count
 * how many products hold each (the back office) looks the search up by the rarest.
 */
export function searchLookups(plan: SearchPlan): string[] {
  const words = [...plan.wholeWords, plan.lastWord];
  // A SKU-shaped search is looked up by its joined code, which no word is more selective than.
  if (!words.includes(plan.token)) return [plan.token];
  // The last word may be unfinished: as a token it finds the words it begins only from three
  // letters on (shorter ones are indexed whole), so "cups 12" is not looked up by "12".
  const lastWord = plan.lastWord.length >= MIN_PREFIX_LENGTH ? [plan.lastWord] : [];
  return [...new Set([plan.token, ...plan.wholeWords, ...lastWord])];
}
