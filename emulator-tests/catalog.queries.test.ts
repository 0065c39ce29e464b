/**
 * The catalog's real queries (the web module the shop runs, over the REST API) against a seeded catalog of 1,200
 * products, as an anonymous shopper under the security rules: right products, right order,
 * every product on exactly one page, and never more than a page plus one document read.
 */
import { deleteApp, initializeApp } from 'firebase/app';
import { collection, connectFirestoreEmulator, getDocs, getFirestore, limit, query, type Firestore } from 'firebase/firestore/lite';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_PAGE_SIZE, formatMoney, PRODUCT_CATEGORIES, productSearchTokens, type Product, type ProductCategory } from '@harbor/domain';
import type { CatalogParams } from '../web/src/features/catalog/catalogParams';
import { fetchCatalogPage, fetchProduct } from '../web/src/features/catalog/catalogQueries';
import { builtShopUrl, shopUrl } from '../scripts/emulators';
import { FIRST_PAGE, type Page } from '../web/src/lib/pagination';
import type { StorefrontSort } from '../web/src/lib/sorts';
import { fetchProductsById } from '../web/src/lib/cart/productDocuments';
import { fetchProductsBySku } from '../web/src/lib/cart/productQueries';
import { runQuery } from '../web/src/lib/firestoreRest';
import { adminDb, clearFirestore, firestoreHost, PROJECT_ID, publicDb, switchOffTriggers } from './harness';

const PRODUCT_COUNT = 1_200;
const MAX_READS = CATALOG_PAGE_SIZE + 1;

const NOUNS: Record<ProductCategory, string[]> = {
  Beverages: ['Hot Chocolate', 'Green Tea', 'Cold Brew', 'Sparkling Water', 'Orange Juice', 'Oat Milk'],
  Snacks: ['Chocolate Bar', 'Sea Salt Crackers', 'Pretzels', 'Trail Mix', 'Granola Bars', 'Cookies'],
  Cleaning: ['Degreaser', 'Glass Cleaner', 'Floor Soap', 'Disinfectant Wipes', 'Sponges', 'Bleach'],
  'Paper Goods': ['Paper Towels', 'Napkins', 'Toilet Tissue', 'Copy Paper', 'Paper Plates', 'Tissues'],
  Packaging: ['Shipping Boxes', 'Bubble Wrap', 'Packing Tape', 'Stretch Film', 'Mailers', 'Labels'],
  Office: ['Ballpoint Pens', 'Sticky Notes', 'Binders', 'Staples', 'File Folders', 'Markers'],
  'Personal Care': ['Hand Soap', 'Hand Sanitizer', 'Lotion', 'Shampoo', 'Razors', 'Cotton Swabs'],
  Kitchen: ['Foil Pans', 'Cling Wrap', 'Coffee Filters', 'Stir Sticks', 'Cups', 'Straws'],
  Pantry: ['Olive Oil', 'Basmati Rice', 'Sugar Packets', 'Ketchup', 'Pasta', 'Flour'],
  Safety: ['Nitrile Gloves', 'Safety Glasses', 'Ear Plugs', 'First Aid Kit', 'Hi-Vis Vests', 'Dust Masks'],
};
const ADJECTIVES = ['Classic', 'Premium', 'Organic', 'Dark', 'Everyday', 'Heavy-Duty', 'Compact', 'Deluxe', 'Natural', 'Value'];
const SIZES = ['Small', 'Large'];
const BRANDS = ['Bayside', 'Keel & Co.', 'Harborline', 'Tidewater', 'Pier Nine', 'Lantern Bay', 'Mooring Mills'];
const SKU_PREFIX: Record<ProductCategory, string> = {
  Beverages: 'BEV',
  Snacks: 'SNK',
  Cleaning: 'CLN',
  'Paper Goods': 'PAP',
  Packaging: 'PKG',
  Office: 'OFF',
  'Personal Care': 'PER',
  Kitchen: 'KIT',
  Pantry: 'PAN',
  Safety: 'SAF',
};

interface TestProduct {
  id: string;
  name: string;
  sku: string;
  brand: string;
  category: ProductCategory;
  price: number;
  active: boolean;
  createdAt: Timestamp;
}

/**
 * A deterministic catalog with the awkward cases built in: every name twice (ties broken by
 * id), 50 distinct prices (many ties), timestamps shared by pairs and apart by half a
 * millisecond, and one product in eleven inactive, spread over all categories.
 */
function generateCatalog(): TestProduct[] {
  return Array.from({ length: PRODUCT_COUNT }, (_, index) => {
    const category = PRODUCT_CATEGORIES[index % PRODUCT_CATEGORIES.length]!;
    const nouns = NOUNS[category];
    const noun = nouns[Math.floor(index / 10) % nouns.length]!;
    const adjective = ADJECTIVES[Math.floor(index / 60) % ADJECTIVES.length]!;
    const size = SIZES[Math.floor(index / 600) % SIZES.length]!;
    return {
      id: `gen-${String(index).padStart(4, '0')}`,
      name: `${adjective} ${noun}, ${size === 'Small' ? 'Case' : 'Bulk Case'}`,
      sku: `${SKU_PREFIX[category]}-${2000 + index}`,
      brand: BRANDS[index % BRANDS.length]!,
      category,
      price: 100 + ((index * 37) % 50) * 125,
      active: index % 11 !== 5,
      createdAt: new Timestamp(1_767_600_000 + Math.floor(index / 2), index % 2 === 0 ? 0 : 500_000),
    };
  });
}

const catalog = generateCatalog();
const active = catalog.filter((product) => product.active);

function compareIds(a: TestProduct, b: TestProduct): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const ORDER: Record<StorefrontSort, (a: TestProduct, b: TestProduct) => number> = {
  name: (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : compareIds(a, b)),
  'price-asc': (a, b) => a.price - b.price || compareIds(a, b),
  'price-desc': (a, b) => b.price - a.price || compareIds(b, a),
  newest: (a, b) => b.createdAt.seconds - a.createdAt.seconds || b.createdAt.nanoseconds - a.createdAt.nanoseconds || compareIds(b, a),
};

function expectedIds(sort: StorefrontSort, matches: (product: TestProduct) => boolean = () => true): string[] {
  return active.filter(matches).sort(ORDER[sort]).map((product) => product.id);
}

/** Name words, whole, lower case (what a buyer sees), for stating expectations independently of the token index. */
function nameWords(product: TestProduct): string[] {
  return product.name.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

let app: ReturnType<typeof initializeApp>;
let db: Firestore;

function view(params: Partial<CatalogParams>): CatalogParams {
  return { search: '', category: null, sort: 'name', ...FIRST_PAGE, ...params };
}

/** Reads one page and checks what it cost. */
async function readPage(params: CatalogParams): Promise<Page<Product>> {
  const page = await fetchCatalogPage(publicDb, params);
  expect(page.documentsRead).toBeLessThanOrEqual(MAX_READS);
  expect(page.rows.length).toBeLessThanOrEqual(CATALOG_PAGE_SIZE);
  expect(page.rows.every((product) => product.active)).toBe(true);
  return page;
}

/** Follows "Next" from the first page to the last; returns every product id in order and the pages. */
async function walkForward(params: Partial<CatalogParams>): Promise<{ ids: string[]; pages: Page<Product>[] }> {
  const pages: Page<Product>[] = [];
  let current = view(params);
  for (;;) {
    const page = await readPage(current);
    pages.push(page);
    if (!page.next) break;
    current = { ...current, cursor: page.next, direction: 'after', page: current.page + 1 };
  }
  return { ids: pages.flatMap((page) => page.rows.map((product) => product.id)), pages };
}

beforeAll(async () => {
  // Only reads are tested here: 1,200 product writes would queue as many search index updates
  // ahead of the next files' triggers (testFileOrder.ts runs this file among the load tests).
  await switchOffTriggers();
  await clearFirestore();
  for (let start = 0; start < catalog.length; start += 400) {
    const batch = adminDb.batch();
    for (const product of catalog.slice(start, start + 400)) {
      const { id, ...fields } = product;
      batch.set(adminDb.doc(`products/${id}`), {
        ...fields,
        description: `${product.name} for testing.`,
        currency: 'USD',
        unit: 'case',
        packSize: 1,
        minOrderQty: 1,
        stock: 100,
        tiers: [],
        imageUrl: '',
        imagePath: '',
        searchTokens: productSearchTokens(product),
        updatedAt: product.createdAt,
      });
    }
    await batch.commit();
  }
  // An anonymous shopper, through the Firestore lite SDK the shop uses.
  app = initializeApp({ apiKey: 'demo-api-key', projectId: PROJECT_ID }, 'catalog-shopper');
  db = getFirestore(app);
  connectFirestoreEmulator(db, firestoreHost.host, firestoreHost.port);
}, 180_000);

afterAll(async () => {
  await deleteApp(app);
});

describe('browsing', () => {
  it('has a seeded catalog of at least 1,000 products', () => {
    expect(catalog.length).toBeGreaterThanOrEqual(1_000);
    expect(catalog.length - active.length).toBeGreaterThan(100);
  });

  it('shows the first 24 active products by name on the first page, reading 25 documents', async () => {
    const page = await readPage(view({}));
    expect(page.rows.map((product) => product.id)).toEqual(expectedIds('name').slice(0, CATALOG_PAGE_SIZE));
    expect(page.documentsRead).toBe(MAX_READS);
    expect(page.previous).toBeNull();
    expect(page.next).not.toBeNull();
  });

  it('pages through the whole catalog by name: every active product exactly once, in order', async () => {
    const { ids, pages } = await walkForward({});
    expect(ids).toEqual(expectedIds('name'));
    expect(pages).toHaveLength(Math.ceil(active.length / CATALOG_PAGE_SIZE));
    expect(pages.at(-1)!.next).toBeNull();
  });

  it.each(['price-asc', 'price-desc', 'newest'] as const)('pages through the whole catalog sorted %s, ties included', async (sort) => {
    const { ids } = await walkForward({ sort });
    expect(ids).toEqual(expectedIds(sort));
  });

  it('goes back page by page with the "before" cursor to the same pages', async () => {
    const forward = await walkForward({ sort: 'price-desc' });
    const lastPage = forward.pages.at(-1)!;
    const backIds: string[][] = [lastPage.rows.map((product) => product.id)];
    let cursor = lastPage.previous;
    let pageNumber = forward.pages.length - 1;
    while (cursor) {
      const page = await readPage(view({ sort: 'price-desc', cursor, direction: 'before', page: pageNumber }));
      backIds.unshift(page.rows.map((product) => product.id));
      cursor = page.previous;
      pageNumber -= 1;
    }
    expect(backIds).toEqual(forward.pages.map((page) => page.rows.map((product) => product.id)));
  });
});

describe('category filter', () => {
  it.each(['name', 'price-asc', 'price-desc', 'newest'] as const)('shows only active products of the category, sorted %s, page by page', async (sort) => {
    const { ids } = await walkForward({ category: 'Snacks', sort });
    expect(ids).toEqual(expectedIds(sort, (product) => product.category === 'Snacks'));
    expect(ids.length).toBeGreaterThan(CATALOG_PAGE_SIZE * 4);
  });
});

// The emulator scans for array-contains (no real index), so a search query takes it a few seconds.
describe('search', { timeout: 120_000 }, () => {
  it('finds a word by its prefix, case-insensitively, over several pages', async () => {
    const { ids, pages } = await walkForward({ search: 'CHOC' });
    expect(ids).toEqual(expectedIds('name', (product) => nameWords(product).some((word) => word.startsWith('choc'))));
    expect(pages.length).toBeGreaterThan(1);
  });

  it('finds products by a SKU prefix, with or without the dash', async () => {
    const expected = expectedIds('name', (product) => product.sku.startsWith('BEV-21'));
    expect(expected.length).toBeGreaterThan(5);
    expect((await walkForward({ search: 'BEV-21' })).ids).toEqual(expected);
    expect((await walkForward({ search: 'bev21' })).ids).toEqual(expected);
  });

  it('finds an exact SKU', async () => {
    const page = await readPage(view({ search: 'snk-2191' }));
    expect(page.rows.map((product) => product.sku)).toEqual(['SNK-2191']);
    expect(page.documentsRead).toBe(1);
  });

  it('finds by brand and by category words', async () => {
    const brand = await readPage(view({ search: 'keel', sort: 'price-asc' }));
    expect(brand.rows.map((product) => product.id)).toEqual(expectedIds('price-asc', (product) => product.brand === 'Keel & Co.').slice(0, CATALOG_PAGE_SIZE));
    const category = await readPage(view({ search: 'personal care', sort: 'newest' }));
    expect(category.rows.map((product) => product.id)).toEqual(expectedIds('newest', (product) => product.category === 'Personal Care').slice(0, CATALOG_PAGE_SIZE));
  });

  it('answers a query of several words from its longest word, checking the others page by page', async () => {
    const expected = expectedIds('name', (product) => nameWords(product).includes('dark') && nameWords(product).some((word) => word.startsWith('choc')));
    expect(expected.length).toBeGreaterThan(0);
    for (const search of ['dark choc', 'chocolate dark']) {
      const { ids, pages } = await walkForward({ search });
      expect(ids, search).toEqual(expected);
      // Pages read what the looked-up word finds and show only the products holding every word.
      expect(pages.some((page) => page.rows.length < Math.min(page.documentsRead, CATALOG_PAGE_SIZE)), search).toBe(true);
    }
  });

  it('checks every further word of a longer query', async () => {
    const { ids } = await walkForward({ search: 'dark chocolate bar' });
    expect(ids).toEqual(expectedIds('name', (product) => product.name.startsWith('Dark Chocolate Bar')));
    expect(ids.length).toBeGreaterThan(0);
  });

  it('combines search, category and sort', async () => {
    const { ids } = await walkForward({ search: 'choc', category: 'Beverages', sort: 'price-desc' });
    expect(ids).toEqual(expectedIds('price-desc', (product) => product.category === 'Beverages' && product.name.includes('Chocolate')));
    expect(ids.length).toBeGreaterThan(0);
  });

  it('reads nothing when nothing matches, and nothing for a query without words', async () => {
    const none = await readPage(view({ search: 'zzyzx' }));
    expect(none).toMatchObject({ rows: [], next: null, previous: null, documentsRead: 0 });
    expect(await readPage(view({ search: '?!' }))).toMatchObject({ rows: [], documentsRead: 0 });
  });
});

/** What `read` returned and how many HTTP requests it sent. */
async function countingRequests<T>(read: () => Promise<T>): Promise<{ result: T; count: number }> {
  const original = globalThis.fetch;
  let count = 0;
  globalThis.fetch = (...args: Parameters<typeof fetch>) => {
    count += 1;
    return original(...args);
  };
  try {
    return { result: await read(), count };
  } finally {
    globalThis.fetch = original;
  }
}

describe('product and SKU reads', () => {
  it('reads an active product by id, and treats inactive and unknown ids as not found', async () => {
    expect(await fetchProduct(publicDb, 'gen-0000')).toMatchObject({ id: 'gen-0000', sku: 'BEV-2000', active: true });
    const inactive = catalog.find((product) => !product.active)!;
    expect(await fetchProduct(publicDb, inactive.id)).toBeNull();
    expect(await fetchProduct(publicDb, 'no-such-product')).toBeNull();
  });

  it('renders a product page on the server with its name, price and structured data, and answers 404 for any other id', async () => {
    const product = (await fetchProduct(publicDb, 'gen-0000'))!;
    const response = await fetch(`${shopUrl}/product/gen-0000`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    // Kept by the CDN a minute (and served a minute longer while it renders again), not by browsers.
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
    const html = await response.text();
    expect(html).toContain(`<h1>${product.name}</h1>`);
    expect(html).toContain(`<title>${product.name} (${product.sku}) | Harbor Wholesale</title>`);
    expect(html).toContain(formatMoney(product.price));
    const structured = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(structured ?? 'null')).toMatchObject({ '@type': 'Product', name: product.name, sku: product.sku, offers: { '@type': 'Offer', price: (product.price / 100).toFixed(2), priceCurrency: 'USD' } });
    expect(html).toContain(`<link rel="canonical" href="${builtShopUrl}/product/gen-0000">`);
    expect((await fetch(`${shopUrl}/product/gen-0000`, { method: 'POST' })).status).toBe(405);

    // Inactive, unknown and malformed ids all look the same: the not-found page, and nothing else said.
    const inactive = catalog.find((candidate) => !candidate.active)!;
    for (const id of [inactive.id, 'no-such-product', '__name__', 'products/gen-0000', 'x'.repeat(2_000), '€'.repeat(600)]) {
      const missing = await fetch(`${shopUrl}/product/${encodeURIComponent(id)}`);
      expect(missing.status, id.slice(0, 20)).toBe(404);
      const page = await missing.text();
      expect(page).toContain('<h1>Product not found</h1>');
      expect(page).toContain('<meta name="robots" content="noindex">');
    }
    expect(inactive.name && (await (await fetch(`${shopUrl}/product/${inactive.id}`)).text()).includes(inactive.name)).toBe(false);
  });

  it('looks up pasted SKUs in chunks of 30, reading only the active products named', async () => {
    const wanted = catalog.slice(100, 145);
    const skus = [...wanted.map((product) => product.sku), 'NOPE-1', 'NOPE-2'];
    const { products, documentsRead } = await fetchProductsBySku(publicDb, skus);
    const expected = wanted.filter((product) => product.active).map((product) => product.sku).sort();
    expect(products.map((product) => product.sku).sort()).toEqual(expected);
    expect(documentsRead).toBe(expected.length);
  });

  it('reads a search page of 24 products by id in one request, in the order asked', async () => {
    const wanted = catalog.filter((product) => product.active).slice(0, 24).reverse();
    const requests = await countingRequests(() => fetchProductsById(publicDb, wanted.map((product) => product.id)));
    expect(requests.result.products.map((product) => product.id)).toEqual(wanted.map((product) => product.id));
    expect(requests.result.documentsRead).toBe(24);
    // Not a request the rules refuse and then 24 reads of one document each.
    expect(requests.count).toBe(1);
  });

  it('still reads the active products among ids where one is unknown or inactive', async () => {
    const inactive = catalog.find((product) => !product.active)!;
    const active = catalog.filter((product) => product.active).slice(30, 35);
    const { products } = await fetchProductsById(publicDb, [inactive.id, ...active.map((product) => product.id), 'no-such-product']);
    expect(products.map((product) => product.id)).toEqual(active.map((product) => product.id));
  });

  it('refuses a shopper a product query that does not filter active products', async () => {
    await expect(getDocs(query(collection(db, 'products'), limit(5)))).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(runQuery(publicDb, { collection: 'products', filters: [], orderBy: [], limit: 5 })).rejects.toMatchObject({ code: 'permission-denied' });
  });
});
