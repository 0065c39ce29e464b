import { describe, expect, it } from 'vitest';
import { searchLookups } from './searchLookups';
import { boundedSearch, matchesSearch, MAX_TOKEN_LENGTH, productSearchTokens, productWords, searchPlan, searchWords, type Searchable } from './search';

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
  it('indexes every prefix of three letters or more of name, brand and category words', () => {
    const tokens = productSearchTokens(cocoa);
    for (const token of ['coc', 'coco', 'cocoa', 'creme', 'brul', 'mix', 'harbor', 'harborline', 'bev', 'beverages']) expect(tokens).toContain(token);
    for (const token of ['c', 'co', 'br']) expect(tokens).not.toContain(token);
  });

  it('indexes words shorter than three letters whole', () => {
    expect(productSearchTokens(chocolate)).toEqual(expect.arrayContaining(['co', '70']));
  });

  it('indexes a SKU by its parts and written without the dash', () => {
    const tokens = productSearchTokens(cocoa);
    for (const token of ['bev', '101', '1013', 'bev1', 'bev101', 'bev1013']) expect(tokens).toContain(token);
  });

  it('indexes prefixes of single words only, so a product carries a few dozen tokens', () => {
    const tokens = productSearchTokens(chocolate);
    expect(tokens.some((token) => token.includes(' '))).toBe(false);
    expect(tokens.length).toBeLessThan(40);
  });

  it('indexes a code written with punctuation also joined, in any field', () => {
    const towels: Searchable = { name: 'Paper Towels, 2-Ply', sku: 'PAP-3001', category: 'Paper Goods' };
    expect(productSearchTokens(towels)).toEqual(expect.arrayContaining(['2pl', '2ply', 'pap3001']));
    // Words without a digit are not joined: "Paper Goods" stays two words.
    expect(productSearchTokens(towels)).not.toContain('papergoods');
  });

  it('holds no duplicates, upper case, accents or punctuation', () => {
    const tokens = productSearchTokens(cocoa);
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) expect(token).toMatch(/^[a-z0-9]+$/);
  });

  it('stays well inside Firestore\'s index entry limit for a very long product name', () => {
    const long: Searchable = {
      name: 'Alpha Bravo Charlie Delta Echo Foxtrot Golf Hotel India Juliett Kilo Lima Mike November Oscar Papa Quebec Romeo Sierra Tango Uniform Victor Whiskey Xray Yankee Zulu',
      sku: 'LONG-NAME-0001',
      category: 'Office',
      brand: 'Extraordinarily Longwinded Manufacturing',
    };
    const tokens = productSearchTokens(long);
    // Each composite index over searchTokens holds one entry per token; 8 of them must stay under 40,000.
    expect(tokens.length * 8).toBeLessThan(40_000);
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

  it('looks a longer query up by its longest word and checks the others on the page', () => {
    expect(searchPlan('dark chocolate 70')).toEqual({ token: 'chocolate', wholeWords: ['dark', 'chocolate'], lastWord: '70' });
    expect(searchPlan('Dark choco')).toEqual({ token: 'choco', wholeWords: ['dark'], lastWord: 'choco' });
  });

  it('looks up the last word typed when words are equally long', () => {
    expect(searchPlan('dark choc')?.token).toBe('choc');
  });

  it('looks a SKU up by its joined form, with or without the dash', () => {
    expect(searchPlan('BEV-10')?.token).toBe('bev10');
    expect(searchPlan(' SAF-12-XL ')?.token).toBe('saf12xl');
    expect(searchPlan('BEV1013')?.token).toBe('bev1013');
    expect(searchPlan('bev 1013')?.token).toBe('1013');
  });

  it('looks other punctuated queries up by a word, since the product may write them otherwise', () => {
    expect(searchPlan('dark,70')?.token).toBe('dark');
    expect(searchPlan('500-ml')?.token).toBe('500');
    expect(searchPlan('towels,2-ply')?.token).toBe('towels');
  });

  it('offers every word as a lookup that finds the same products, and a SKU only by its code', () => {
    const plan = searchPlan('dark chocolate 70 chocol')!;
    expect(searchLookups(plan)).toEqual(['chocolate', 'dark', '70', 'chocol']);
    // An unfinished last word under three letters finds only itself as a whole word: not a lookup.
    expect(searchLookups(searchPlan('paper cups 12')!)).toEqual(['paper', 'cups']);
    for (const token of searchLookups(plan)) {
      expect(productSearchTokens(chocolate)).toContain(token);
      expect(matchesSearch(chocolate, { ...plan, token })).toBe(true);
    }
    expect(searchLookups(searchPlan('choc')!)).toEqual(['choc']);
    expect(searchLookups(searchPlan('SNK-20')!)).toEqual(['snk20']);
  });

  it('counts a repeated word once', () => {
    expect(searchPlan('water lime water')).toEqual({ token: 'water', wholeWords: ['lime'], lastWord: 'water' });
    expect(searchPlan('water WATER')?.token).toBe('water');
  });

  it('has nothing to look up for a query without words', () => {
    expect(searchPlan('')).toBeNull();
    expect(searchPlan(' ,.- ')).toBeNull();
  });

  it('cuts a long word to the indexed length for both the lookup and the check', () => {
    const long: Searchable = { name: 'Pneumonoultramicroscopic Filter', sku: 'SAF-1', category: 'Safety' };
    expect(searchPlan('pneumonoultramicroscopics')?.token).toHaveLength(MAX_TOKEN_LENGTH);
    expect(finds(long, 'pneumonoultramicroscopic')).toBe(true);
    expect(finds(chocolate, 'dark chocolatiers')).toBe(false);
  });
});

describe('what a query finds', () => {
  it('finds by a prefix of any name, brand, category or SKU word', () => {
    for (const query of ['choc', 'Chocolate', 'DARK', 'keel', 'snack', 'snk', '2040', 'SNK-2040', 'snk2040', 'SNK-20']) expect(finds(chocolate, query), query).toBe(true);
  });

  it('finds a product however the query punctuates or spaces its words', () => {
    const water: Searchable = { name: 'Spring Water 500 ml', sku: 'BEV-1005', category: 'Beverages' };
    const towels: Searchable = { name: 'Kitchen Roll Towels, 2-Ply', sku: 'PAP-1002', category: 'Paper Goods' };
    expect(finds(chocolate, 'dark,70')).toBe(true);
    expect(finds(water, '500-ml')).toBe(true);
    expect(finds(water, '500 ml')).toBe(true);
    expect(finds(towels, 'towels,2-ply')).toBe(true);
    expect(finds(towels, '2-ply')).toBe(true);
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

  it('finds a query of one- or two-letter words only as whole words', () => {
    expect(finds(chocolate, 'co')).toBe(true);
    expect(finds(cocoa, 'co')).toBe(false);
    expect(finds(cocoa, 'coc')).toBe(true);
  });
});

describe('boundedSearch', () => {
  it('trims and keeps a search of up to 100 characters', () => {
    expect(boundedSearch('  paper towels ')).toEqual({ search: 'paper towels', shortened: false });
    expect(boundedSearch('x'.repeat(100))).toEqual({ search: 'x'.repeat(100), shortened: false });
  });

  it('cuts a longer search to 100 characters and says so', () => {
    expect(boundedSearch('coffee '.repeat(30))).toEqual({ search: 'coffee '.repeat(30).slice(0, 100).trim(), shortened: true });
  });
});
