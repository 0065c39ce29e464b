/**
 * Search without a search engine: Firestore matches one array element per query
 * (`array-contains`), so every product stores the tokens a query may be looked up by: the
 * prefixes of each of its words, from three letters on.
 *
 * Query semantics are "prefix on the last word" (as in type-ahead search): the last word the
 * buyer typed may be unfinished ("choc" finds "Chocolate"), the words before it are whole words
 * ("dark choc" finds "Chocolate, Dark" but "dar choc" does not). A query of only one- or
 * two-letter words finds them as whole words ("co" finds "Keel & Co.", not "Cocoa").
 *
 * A one-word query is answered exactly by its token. A query of several words is looked up by its
 * longest word (usually the most selective one; the back office counts and takes the rarest,
 * `searchLookups.ts`) and the other words are checked on the page that was read (`matchesSearch`), so
 * every view still reads one page however large the catalog is; a page may then show fewer
 * products than it read, and the pager goes on from where it stopped.
 *
 * Why not index word pairs for exact multi-word lookups: with every "whole word + prefix of
 * another" a product carried about 460 tokens instead of about 30, and since Firestore's web SDK
 * cannot leave a field out of what it downloads, every catalog page grew from about 60 KB to over
 * 1 MB of uncompressed JSON: too slow on a phone for an exactness buyers rarely notice.
 */

/** Longest prefix indexed per word; longer query words are cut to this length before lookup. */
export const MAX_TOKEN_LENGTH = 20;

/** The longest search the shop takes, in the header and in a URL; longer text is cut to it, with this message. */
export const MAX_SEARCH_LENGTH = 100;
export const SEARCH_TOO_LONG_MESSAGE = `Searches are limited to ${MAX_SEARCH_LENGTH} characters.`;

/** A search as the shop uses it: trimmed and at most MAX_SEARCH_LENGTH characters. */
export function boundedSearch(text: string): { search: string; shortened: boolean } {
  const trimmed = text.trim();
  return trimmed.length > MAX_SEARCH_LENGTH ? { search: trimmed.slice(0, MAX_SEARCH_LENGTH).trim(), shortened: true } : { search: trimmed, shortened: false };
}

/**
 * Shortest prefix indexed: a one- or two-letter prefix matches much of a large catalog and only
 * adds tokens. Shorter words ("xl", "a4", "2") are indexed whole.
 */
export const MIN_PREFIX_LENGTH = 3;

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
  if (word.length <= MIN_PREFIX_LENGTH) return [word];
  return Array.from({ length: word.length - MIN_PREFIX_LENGTH + 1 }, (_, index) => word.slice(0, MIN_PREFIX_LENGTH + index));
}

/**
 * Codes written with punctuation, such as the SKU "BEV-1001" or "2-Ply", are also found written
 * together: a run of words between spaces that holds a digit is indexed joined ("bev1001", "2ply").
 */
function joinedCodes(text: string): string[] {
  return text.split(/\s+/).flatMap((run) => {
    const words = searchWords(run);
    return words.length > 1 && /\d/.test(run) ? [words.join('').slice(0, MAX_TOKEN_LENGTH)] : [];
  });
}

/**
 * A query that is one SKU-shaped code ("BEV-10", "saf-12-xl": letters, then a dash and digits) is
 * looked up by its joined form, which finds exactly the SKUs starting with it. Other punctuation
 * ("dark,70") may be written differently in the product, so such queries are looked up by a word.
 */
function skuQuery(query: string): string | null {
  const trimmed = query.trim();
  return /^\p{L}+-\d[\p{L}\p{N}-]*$/u.test(trimmed) ? (joinedCodes(trimmed)[0] ?? null) : null;
}

export interface Searchable {
  name: string;
  sku: string;
  category: string;
  brand?: string;
}

/** The distinct words a product is found by: its SKU, name, brand and category, and their joined codes. */
export function productWords(product: Searchable): string[] {
  const fields = [product.sku, product.name, product.brand ?? '', product.category];
  return [...new Set(fields.flatMap((field) => [...searchWords(field), ...joinedCodes(field)]))];
}

/** The token index stored as `searchTokens`: the prefixes of every word, sorted. */
export function productSearchTokens(product: Searchable): string[] {
  return [...new Set(productWords(product).flatMap(prefixes))].sort();
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
  // Otherwise the longest word is looked up (usually the most selective); the last word wins a tie.
  const token = skuQuery(query) ?? wholeWords.reduce((best, word) => (word.length > best.length ? word : best), lastWord);
  return { token, wholeWords, lastWord };
}

/**
 * Whether a product matches the whole query. The token lookup already guarantees it for a one-word
 * query; for longer queries this is the check of the words not looked up.
 */
export function matchesSearch(product: Searchable, plan: SearchPlan): boolean {
  const own = productWords(product);
  return plan.wholeWords.every((word) => own.includes(word)) && own.some((word) => word.startsWith(plan.lastWord));
}
