import { describe, expect, it } from 'vitest';
import type { Product } from './product';
import { facetCounts, matchesFacets, type FacetFilters } from './facets';
import { storedProduct } from './testCatalog';
import { buildProductSearch, createProductSearch, decodeSearchRecords, SEARCH_BUILD_SLICE, encodeSearchRecords, searchRecordOf, splitIndexText, type SearchRecord } from './searchIndex';

const product = (id: string, name: string, sku: string, extra: Partial<Product> = {}): Product => storedProduct(id, { name, sku, price: 1000, stock: 10, ...extra });

const catalog: Product[] = [
  product('snk-1009', 'Dark Chocolate Bar, 70% Cacao', 'SNK-1009', { brand: 'Lantern Bay' }),
  product('bev-1005', 'Hot Cocoa Mix, Milk Chocolate', 'BEV-1005', { category: 'Beverages' }),
  product('pap-1002', 'Multifold Paper Towels, White', 'PAP-1002', { category: 'Paper Goods', brand: 'Mooring Mills' }),
  product('pap-1003', 'Kitchen Roll Towels, 2-Ply', 'PAP-1003', { category: 'Paper Goods', brand: 'Mooring Mills' }),
  product('pap-1010', 'Copy Paper, Letter', 'PAP-1010', { category: 'Paper Goods' }),
  product('cln-1001', 'Glass Cleaner', 'CLN-1001', { category: 'Cleaning' }),
  // Its name holds another product's SKU: the exact SKU must still come first.
  product('snk-1010', 'Chocolate Pretzels (replaces SNK-1009)', 'SNK-1010'),
  product('snk-1099', 'Chocolate Truffles, Discontinued', 'SNK-1099', { active: false }),
];
const records = catalog.flatMap((entry) => searchRecordOf(entry) ?? []);
const search = createProductSearch(records);
const ids = (query: string) => search.search(query).map((record) => record.id);

describe('searchRecordOf', () => {
  it('keeps what a suggestion, a facet and a sort need, with the lowest tier price and the smallest quantity', () => {
    const record = searchRecordOf(product('a', 'Oat Milk', 'BEV-1', { packSize: 6, minOrderQty: 5, tiers: [{ minQty: 36, price: 800 }] }), 1234);
    expect(record).toEqual({
      id: 'a',
      name: 'Oat Milk',
      sku: 'BEV-1',
      brand: 'Harborline',
      category: 'Snacks',
      unit: 'case of 12',
      price: 1000,
      fromPrice: 800,
      inStock: true,
      minQuantity: 6,
      imageUrl: '/images/a.svg',
      createdAt: 1234,
      updatedAt: 0,
    });
  });

  it('is out of stock when the stock does not cover the smallest quantity', () => {
    expect(searchRecordOf(product('a', 'Oat Milk', 'BEV-1', { packSize: 6, minOrderQty: 6, stock: 5 }))?.inStock).toBe(false);
    expect(searchRecordOf(product('a', 'Oat Milk', 'BEV-1', { packSize: 6, minOrderQty: 6, stock: 6 }))?.inStock).toBe(true);
    // Units owed to backorders are not on the shelf for a new order; taking backorders is not being in stock.
    expect(searchRecordOf(product('a', 'Oat Milk', 'BEV-1', { packSize: 6, minOrderQty: 6, stock: 12, backordered: 8 }))?.inStock).toBe(false);
    expect(searchRecordOf(product('a', 'Oat Milk', 'BEV-1', { packSize: 6, minOrderQty: 6, stock: 0, backorderable: true }))?.inStock).toBe(false);
  });

  it('leaves inactive products out of the index', () => {
    expect(searchRecordOf(product('x', 'Gone', 'X-1', { active: false }))).toBeNull();
    expect(records.map((record) => record.id)).not.toContain('snk-1099');
  });
});

describe('stored index', () => {
  it('decodes what it encodes, and drops malformed rows', () => {
    expect(decodeSearchRecords(encodeSearchRecords(records))).toEqual(records);
    const text = JSON.stringify([['only', 'three', 'fields'], 5, null, JSON.parse(encodeSearchRecords(records.slice(0, 1)))[0]]);
    expect(decodeSearchRecords(text)).toEqual(records.slice(0, 1));
    expect(decodeSearchRecords('{"not":"a list"}')).toEqual([]);
  });

  it('splits into parts that join back to the text', () => {
    const text = encodeSearchRecords(records);
    const parts = splitIndexText(text, 100);
    expect(parts.length).toBe(Math.ceil(text.length / 100));
    expect(parts.every((part) => part.length <= 100)).toBe(true);
    expect(parts.join('')).toBe(text);
    expect(splitIndexText('')).toEqual(['']);
  });
});

describe('createProductSearch', () => {
  it('forgives typos: "chocolte" finds chocolate, "papr towl" finds paper towels', () => {
    expect(ids('chocolte')).toEqual(expect.arrayContaining(['snk-1009', 'bev-1005', 'snk-1010']));
    // Both towels are paper goods; the one named "Paper Towels" ranks first; the copy paper is not a towel.
    expect(ids('papr towl')).toEqual(['pap-1002', 'pap-1003']);
    expect(ids('kitchn towels')).toEqual(['pap-1003']);
  });

  it('answers an unfinished last word as a prefix ("choc", "mooring mi")', () => {
    expect(ids('choc')).toHaveLength(3);
    expect(ids('mooring mi')).toEqual(expect.arrayContaining(['pap-1002', 'pap-1003']));
  });

  it('ranks an exact SKU first, however it is written', () => {
    expect(ids('SNK-1009')[0]).toBe('snk-1009');
    expect(ids('snk1009')[0]).toBe('snk-1009');
    expect(ids(' pap-1003 ')[0]).toBe('pap-1003');
  });

  it('answers a SKU or its start with the products of those codes only, in SKU order', () => {
    expect(ids('pap-10')).toEqual(['pap-1002', 'pap-1003', 'pap-1010']);
    expect(ids('SNK-1009')).toEqual(['snk-1009']);
    expect(ids('pap1003')).toEqual(['pap-1003']);
    // No SKU begins so: the words are searched as usual.
    expect(ids('glass 1')).toEqual(['cln-1001']);
  });

  it('never finds an inactive product', () => {
    expect(ids('truffles')).toEqual([]);
    expect(ids('SNK-1099')).not.toContain('snk-1099');
  });

  it('forgives no typo in a word of fewer than four letters, and keeps "glass" whole (no plural)', () => {
    expect(ids('bsr')).toEqual([]);
    expect(ids('cln')).toEqual(['cln-1001']);
    expect(ids('glass')).toEqual(['cln-1001']);
  });

  it('finds nothing for a query of no word', () => {
    expect(ids('')).toEqual([]);
    expect(ids('  -- ')).toEqual([]);
  });

  it('is built the same a slice of records per task (buildProductSearch) as at once', async () => {
    // More records than two slices, so the build takes three tasks.
    const many = Array.from({ length: 2 * SEARCH_BUILD_SLICE + 7 }, (_, n) => records[n % records.length]!).map((record, n) => ({ ...record, id: `${record.id}-${n}` }));
    const atOnce = createProductSearch(many);
    // Other tasks run between the slices.
    let tasksBetween = 0;
    const otherTasks = setInterval(() => (tasksBetween += 1), 0);
    const sliced = await buildProductSearch(many);
    clearInterval(otherTasks);
    expect(tasksBetween).toBeGreaterThan(0);
    for (const query of ['chocolte', 'papr towl', 'SNK-1009', 'glass', 'choc']) {
      const found = sliced.search(query).map((record) => record.id);
      expect(found.length).toBeGreaterThan(0);
      expect(found).toEqual(atOnce.search(query).map((record) => record.id));
    }
    expect(sliced.records).toBe(many);
  });

  it('keeps every record for facets and sorts', () => {
    expect(search.records).toHaveLength(7);
    const empty: SearchRecord[] = createProductSearch([]).search('anything');
    expect(empty).toEqual([]);
  });
});

describe('facets', () => {
  const stocked: SearchRecord[] = [
    { ...records[0]!, brand: 'Lantern Bay', price: 2399, inStock: true },
    { ...records[1]!, brand: 'Harborline', price: 899, inStock: false },
    { ...records[2]!, brand: 'Mooring Mills', price: 3599, inStock: false },
    { ...records[3]!, brand: 'Mooring Mills', price: 4199, inStock: true },
  ];
  const none: FacetFilters = { category: null, brand: null, inStock: false, price: null };

  it('counts each value of every facet', () => {
    expect(facetCounts(stocked, none)).toEqual({
      category: { Snacks: 1, Beverages: 1, 'Paper Goods': 2 },
      brand: { 'Lantern Bay': 1, Harborline: 1, 'Mooring Mills': 2 },
      inStock: 2,
      price: { '10-25': 1, 'under-10': 1, '25-50': 2 },
    });
  });

  it('counts a facet with the other filters applied, not its own', () => {
    const counts = facetCounts(stocked, { ...none, brand: 'Mooring Mills', inStock: true });
    // Brands are counted among products in stock (the other filter), every brand still offered.
    expect(counts.brand).toEqual({ 'Lantern Bay': 1, 'Mooring Mills': 1 });
    expect(counts.inStock).toBe(1);
    expect(counts.category).toEqual({ 'Paper Goods': 1 });
    expect(counts.price).toEqual({ '25-50': 1 });
  });

  it('filters by category, brand, stock and price range, bounds included', () => {
    const ids = (filters: Partial<FacetFilters>) => stocked.filter((record) => matchesFacets(record, { ...none, ...filters })).map((record) => record.price);
    expect(ids({ price: '25-50' })).toEqual([3599, 4199]);
    expect(ids({ price: 'under-10' })).toEqual([899]);
    expect(ids({ inStock: true })).toEqual([2399, 4199]);
    expect(ids({ category: 'Paper Goods', brand: 'Mooring Mills', price: '25-50', inStock: true })).toEqual([4199]);
    expect(matchesFacets({ ...stocked[0]!, price: 2499 }, { ...none, price: '10-25' })).toBe(true);
    expect(matchesFacets({ ...stocked[0]!, price: 2500 }, { ...none, price: '10-25' })).toBe(false);
  });
});



describe('a search kept in step with the change log', () => {
  it('replaces and removes records one at a time, its SKU lookup and typo tolerance as when built whole', () => {
    const live = createProductSearch(records);
    const renamed = searchRecordOf(product('pap-1003', 'Bamboo Kitchen Towels', 'PAP-1003', { category: 'Paper Goods' }))!;
    live.put(renamed);
    live.remove('cln-1001');
    live.put(searchRecordOf(product('cln-1002', 'Floor Cleaner', 'CLN-1002', { category: 'Cleaning' }))!);
    const whole = createProductSearch([...records.filter((record) => record.id !== 'cln-1001').map((record) => (record.id === 'pap-1003' ? renamed : record)), live.get('cln-1002')!]);
    for (const query of ['bambo', 'kitchen roll', 'pap-10', 'CLN1002', 'glass', 'clener', 'chocolate']) {
      expect(live.search(query).map((record) => record.id)).toEqual(whole.search(query).map((record) => record.id));
    }
    expect(live.search('bambo').map((record) => record.id)).toEqual(['pap-1003']);
    expect(live.search('glass cleaner')).toEqual([]);
    expect(live.records.map((record) => record.id).sort()).toEqual(whole.records.map((record) => record.id).sort());
    expect(facetCounts(live.records, {} as FacetFilters)).toEqual(facetCounts(whole.records, {} as FacetFilters));
  });
});
