import { describe, expect, it } from 'vitest';
import { matchesSearch, MAX_TOKEN_LENGTH, productSearchTokens, productWords, searchPlan, searchWords, type Searchable } from './search';

const cocoa: Searchable = { name: 'Crème Brûlée Cocoa Mix', sku: 'BEV-1013', category: 'Beverages', brand: 'Harborline' };
const chocolate: Searchable = { name: 'Chocolate, Dark (70%)', sku: 'SNK-2040', category: 'Snacks', brand: "Keel & Co." };

/** What a query finds: the product stores the token the query is looked up by, and the full query matches. */
function finds(product: Searchable, query: string): boolean {
  const plan = searchPlan(query);
  return plan !== null && productSearchTokens(product).includes(plan.token) && matchesSearch(product, plan);
}

describe('searchWords', () => {
  it('lower-cases words', () => {
    expect(searchWords('Sparkling WATER')).toEqual(['sparkling', 'water']);
  });

  it('strips accents so "creme brulee" and "Crème Brûlée" are the same words', () => {
    expect(searchWords('Crème Brûlée Café')).toEqual(['creme', 'brulee', 'cafe']);
    expect(searchWords('ÅNGSTRÖM façade')).toEqual(['angstrom', 'facade']);
  });

  it('splits on punctuation and keeps letters and digits together', () => {
    expect(searchWords('Paper Towels, 2-Ply (12/case); A4 8.5x11')).toEqual(['paper', 'towels', '2', 'ply', '12', 'case', 'a4', '8', '5x11']);
    expect(searchWords("Keel & Co.'s")).toEqual(['keel', 'co', 's']);
  });

  it('yields no word for blank or punctuation-only text', () => {
    expect(searchWords('')).toEqual([]);
    expect(searchWords('  -- !! ,, ')).toEqual([]);
  });

  it('cuts words to the longest indexed prefix', () => {
    expect(searchWords('Pneumonoultramicroscopic')).toEqual(['pneumonoultramicrosc']);
    expect(searchWords('Pneumonoultramicroscopic')[0]).toHaveLength(MAX_TOKEN_LENGTH);
  });
});

describe('productSearchTokens', () => {
  it('indexes every prefix of name, brand and category words', () => {
    const tokens = productSearchTokens(cocoa);
    for (const token of ['c', 'co', 'coc', 'coco', 'cocoa', 'creme', 'brul', 'mix', 'harbor', 'harborline', 'bev', 'beverages']) expect(tokens).toContain(token);
  });

  it('indexes a SKU by its parts and written without the dash', () => {
    const tokens = productSearchTokens(cocoa);
    for (const token of ['bev', '1', '10', '1013', 'bev1', 'bev101', 'bev1013']) expect(tokens).toContain(token);
  });

  it('indexes word pairs: a whole word and every prefix of another, in both orders', () => {
    const tokens = productSearchTokens(chocolate);
    expect(tokens).toEqual(expect.arrayContaining(['dark c', 'dark choc', 'dark chocolate', 'chocolate d', 'chocolate dark', 'snk 2040', 'snk 20', 'keel co']));
  });

  it('never pairs a word with itself or indexes a word prefix as the whole word of a pair', () => {
    const tokens = productSearchTokens(chocolate);
    expect(tokens).not.toContain('dark dark');
    expect(tokens).not.toContain('dar choc');
  });

  it('holds no duplicates, upper case, accents or punctuation', () => {
    const tokens = productSearchTokens(cocoa);
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) expect(token).toMatch(/^[a-z0-9]+( [a-z0-9]+)?$/);
  });

  it('stays bounded for a very long product name', () => {
    const long: Searchable = {
      name: 'Alpha Bravo Charlie Delta Echo Foxtrot Golf Hotel India Juliett Kilo Lima Mike November Oscar Papa Quebec Romeo Sierra Tango Uniform Victor Whiskey Xray Yankee Zulu',
      sku: 'LONG-NAME-0001',
      category: 'Office',
      brand: 'Extraordinarily Longwinded Manufacturing',
    };
    const tokens = productSearchTokens(long);
    // Each composite index over searchTokens holds one entry per token; 8 of them must stay under 40,000.
    expect(tokens.length * 8).toBeLessThan(40_000);
    // Words beyond the pair limit are still found on their own.
    expect(tokens).toContain('zulu');
  });

  it('gives the demo SKU forms that buyers type', () => {
    expect(productWords({ name: 'Gloves', sku: 'SAF-12-XL', category: 'Safety' })).toEqual(['saf', '12', 'xl', 'saf12xl', 'gloves', 'safety']);
  });
});

describe('searchPlan', () => {
  it('looks a one-word query up by its word, case and accents ignored', () => {
    expect(searchPlan('  CHOC ')).toEqual({ token: 'choc', wholeWords: [], lastWord: 'choc' });
    expect(searchPlan('Crème')?.token).toBe('creme');
  });

  it('looks a two-word query up by the pair of the whole first word and the typed last word', () => {
    expect(searchPlan('Dark choc')).toEqual({ token: 'dark choc', wholeWords: ['dark'], lastWord: 'choc' });
  });

  it('looks a SKU up by its parts, with or without the dash', () => {
    expect(searchPlan('BEV-10')?.token).toBe('bev 10');
    expect(searchPlan('bev 1013')?.token).toBe('bev 1013');
    expect(searchPlan('BEV1013')?.token).toBe('bev1013');
  });

  it('uses the longest whole word for queries of three or more words and checks the rest on the page', () => {
    expect(searchPlan('dark chocolate 70')).toEqual({ token: 'chocolate 70', wholeWords: ['dark', 'chocolate'], lastWord: '70' });
  });

  it('counts a repeated word once', () => {
    expect(searchPlan('water lime water')).toEqual({ token: 'lime water', wholeWords: ['lime'], lastWord: 'water' });
    expect(searchPlan('water WATER')?.token).toBe('water');
  });

  it('has nothing to look up for a query without words', () => {
    expect(searchPlan('')).toBeNull();
    expect(searchPlan(' ,.- ')).toBeNull();
  });

  it('cuts a long last word to the indexed pair prefix and checks it in full', () => {
    const plan = searchPlan('dark chocolatiers');
    expect(plan?.token).toBe('dark chocolatie');
    expect(plan?.token).not.toBe('dark chocolatiers');
    expect(finds(chocolate, 'dark chocolatiers')).toBe(false);
  });
});

describe('what a query finds', () => {
  it('finds by a prefix of any name, brand, category or SKU word', () => {
    for (const query of ['choc', 'Chocolate', 'DARK', 'keel', 'snack', 'snk', '2040', 'SNK-2040', 'snk2040', 'SNK-20']) expect(finds(chocolate, query), query).toBe(true);
  });

  it('finds across accents and punctuation in either direction', () => {
    expect(finds(cocoa, 'creme brulee')).toBe(true);
    expect(finds(cocoa, 'Crème-Brûlée')).toBe(true);
    expect(finds(cocoa, 'brulee, creme')).toBe(true);
  });

  it('finds words in any order and across fields', () => {
    expect(finds(chocolate, 'chocolate dark')).toBe(true);
    expect(finds(chocolate, 'keel choc')).toBe(true);
    expect(finds(chocolate, 'dark chocolate 70')).toBe(true);
  });

  it('does not find a product lacking one of the words', () => {
    expect(finds(chocolate, 'milk choc')).toBe(false);
    expect(finds(chocolate, 'dark chocolate 85')).toBe(false);
    expect(finds(cocoa, 'cocoa snacks')).toBe(false);
    expect(finds(chocolate, 'BEV-20')).toBe(false);
  });

  it('treats only the last word as a prefix', () => {
    expect(finds(chocolate, 'dar choc')).toBe(false);
  });
});
