/**
 * Search without a search engine: Firestore matches one array element per query
 * (`array-contains`), so every product stores the tokens a query may be looked up by.
 *
 * Query semantics are "prefix on the last word" (as in type-ahead search): the last word the
 * buyer typed may be unfinished ("choc" finds "Chocolate"), the words before it are whole words
 * ("dark choc" finds "Chocolate, Dark" but "dar choc" does not).
 *
 * A one-word query is looked up by its word. A multi-word query must still read one page
 * however large the catalog is, so it cannot read the documents of one word and drop the ones
 * lacking the others (a page could then show nothing while matches hide further on). Instead
 * every product also indexes word pairs, "<whole word> <prefix of another word>", and a
 * two-word query is answered exactly by one pair token. A query of three or more words is
 * looked up by the pair of its longest whole word and its last word (already very selective),
 * and the remaining words are checked on the page that was read (`matchesSearch`): such a page
 * may show fewer than a full page of products, never more reads.
 */

/** Longest prefix indexed per word; longer query words are cut to this length before lookup. */
export const MAX_TOKEN_LENGTH = 20;

/** Lower-case words without accents; punctuation and spaces split words. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.slice(0, MAX_TOKEN_LENGTH));
}

function prefixes(word: string): string[] {
  return Array.from({ length: word.length }, (_, index) => word.slice(0, index + 1));
}

/** A SKU such as "BEV-1001" is found as "bev", "1001" and, written without its dash, "bev1001". */
function skuWords(sku: string): string[] {
  const words = searchWords(sku);
  return words.length > 1 ? [...words, words.join('').slice(0, MAX_TOKEN_LENGTH)] : words;
}

export interface Searchable {
  name: string;
  sku: string;
  category: string;
  brand?: string;
}

/** The distinct words a product is found by: its SKU, name, brand and category. */
export function productWords(product: Searchable): string[] {
  return [
    ...new Set([...skuWords(product.sku), ...searchWords(product.name), ...searchWords(product.brand ?? ''), ...searchWords(product.category)]),
  ];
}

/**
 * Pair tokens are bounded so a long product name cannot outgrow Firestore's 40,000 index entries
 * per document (each composite index over `searchTokens` holds one entry per token): at most 16
 * words take part (SKU words first, then name, brand, category), and the second word of a pair
 * is indexed up to 10 letters (a longer typed word is cut for the lookup and checked in full on
 * the page read). Worst case 16 x 15 x 10 pair tokens; the demo catalog averages about 460 tokens.
 */
const MAX_PAIR_WORDS = 16;
const PAIR_PREFIX_LENGTH = 10;

/**
 * The token index stored as `searchTokens`: every prefix of every word, and for every ordered
 * pair of distinct words the first word whole, a space, and every prefix of the second.
 */
export function productSearchTokens(product: Searchable): string[] {
  const words = productWords(product);
  const tokens = new Set(words.flatMap(prefixes));
  const pairWords = words.slice(0, MAX_PAIR_WORDS);
  for (const whole of pairWords) {
    for (const other of pairWords) {
      if (other !== whole) for (const prefix of prefixes(other.slice(0, PAIR_PREFIX_LENGTH))) tokens.add(`${whole} ${prefix}`);
    }
  }
  return [...tokens].sort();
}

export interface SearchPlan {
  /** The one token the Firestore query looks up with `array-contains`. */
  token: string;
  /** Whole words every result holds. */
  wholeWords: string[];
  /** The last word typed: every result holds a word starting with it. */
  lastWord: string;
}

/** How a typed query is looked up, or null when it holds no word. */
export function searchPlan(query: string): SearchPlan | null {
  // A repeated word counts once, where it was typed last.
  const wholeWords = [...new Set(searchWords(query).reverse())].reverse();
  const lastWord = wholeWords.pop();
  if (lastWord === undefined) return null;
  if (wholeWords.length === 0) return { token: lastWord, wholeWords, lastWord };
  const longest = wholeWords.reduce((best, word) => (word.length > best.length ? word : best));
  return { token: `${longest} ${lastWord.slice(0, PAIR_PREFIX_LENGTH)}`, wholeWords, lastWord };
}

/**
 * Whether a product matches the whole query. The token lookup already guarantees it for queries
 * of one or two short words; for longer queries this is the check of the words not looked up.
 */
export function matchesSearch(product: Searchable, plan: SearchPlan): boolean {
  const own = productWords(product);
  return plan.wholeWords.every((word) => own.includes(word)) && own.some((word) => word.startsWith(plan.lastWord));
}
