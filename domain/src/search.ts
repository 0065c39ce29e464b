/** Longest prefix indexed per word; longer query words are cut to this length before lookup. */
export const MAX_TOKEN_LENGTH = 20;
const MIN_PREFIX_LENGTH = 1;

/** Lower-case words without accents; punctuation splits words. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function prefixes(word: string): string[] {
  const capped = word.slice(0, MAX_TOKEN_LENGTH);
  const result: string[] = [];
  for (let length = MIN_PREFIX_LENGTH; length <= capped.length; length++) result.push(capped.slice(0, length));
  return result;
}

/** A SKU such as "BEV-1001" is found as "bev", "1001", "bev-1001" and "bev1001". */
function skuForms(sku: string): string[] {
  const words = searchWords(sku);
  return words.length > 1 ? [...words, words.join('')] : words;
}

/** The token index a product is found by: every prefix of its name, brand, category and SKU words. */
export function productSearchTokens(product: { name: string; sku: string; category: string; brand?: string }): string[] {
  const words = [...searchWords(product.name), ...searchWords(product.brand ?? ''), ...searchWords(product.category), ...skuForms(product.sku)];
  return [...new Set(words.flatMap(prefixes))].sort();
}

/** The token a query is looked up by: its longest word (the most selective), as typed prefix. */
export function queryToken(query: string): string | null {
  const words = searchWords(query);
  const compactSku = words.length > 1 && /\d/.test(query) ? words.join('') : null;
  const longest = words.reduce<string | null>((best, word) => (best === null || word.length > best.length ? word : best), null);
  const token = compactSku ?? longest;
  return token ? token.slice(0, MAX_TOKEN_LENGTH) : null;
}
