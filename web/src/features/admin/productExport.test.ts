import { describe, expect, it } from 'vitest';
import type { Product } from '@harbor/domain';
import { PRODUCT_EXPORT_PAGE, productsCsv, streamProductsCsv } from './productImport';

const product = (index: number): Product => ({
  id: `p${index}`,
  sku: `SKU-${String(index).padStart(6, '0')}`,
  name: `Product ${index}, "special"`,
  unit: 'case',
  imageUrl: '',
  imagePath: '',
  price: 1250 + index,
  tiers: [],
  minOrderQty: 1,
  packSize: 1,
  stock: index % 7,
  active: true,
  backorderable: false,
  restockDate: '',
  backordered: 0,
  brand: 'Harborline',
  description: 'Line one\nline two',
  category: 'Snacks',
  currency: 'USD',
  searchTokens: [],
});

/** A catalog read as the export reads it: by SKU, after a SKU, a page at a time. */
function catalogReader(products: Product[]) {
  const cursors: Array<string | null> = [];
  const read = async (afterSku: string | null, pageSize: number) => {
    cursors.push(afterSku);
    const start = afterSku === null ? 0 : products.findIndex((each) => each.sku === afterSku) + 1;
    return products.slice(start, start + pageSize);
  };
  return { read, cursors };
}

/** The parts are strings: the file's text after its byte-order mark. */
const text = (parts: BlobPart[]) => (parts as string[]).slice(1).join('');

describe('streamProductsCsv', () => {
  it('reads the catalog a page at a time from the last SKU and writes the same file as the one-read export', async () => {
    const products = Array.from({ length: PRODUCT_EXPORT_PAGE * 2 + 500 }, (_, index) => product(index));
    const { read, cursors } = catalogReader(products);
    const progress: number[] = [];
    const parts = await streamProductsCsv(read, (done) => progress.push(done), new AbortController().signal);

    expect(cursors).toEqual([null, products[PRODUCT_EXPORT_PAGE - 1]!.sku, products[PRODUCT_EXPORT_PAGE * 2 - 1]!.sku]);
    expect(progress).toEqual([PRODUCT_EXPORT_PAGE, PRODUCT_EXPORT_PAGE * 2, products.length]);
    expect(parts![0]).toBe('\uFEFF');
    expect(text(parts!)).toBe(`${productsCsv(products)}\r\n`);
  });

  it('writes the header alone for an empty catalog and asks once more only after a full page', async () => {
    const empty = catalogReader([]);
    expect(text((await streamProductsCsv(empty.read, () => undefined, new AbortController().signal))!)).toBe(`${productsCsv([])}\r\n`);
    expect(empty.cursors).toEqual([null]);

    const exact = catalogReader(Array.from({ length: PRODUCT_EXPORT_PAGE }, (_, index) => product(index)));
    await streamProductsCsv(exact.read, () => undefined, new AbortController().signal);
    expect(exact.cursors).toHaveLength(2);
  });

  it('stops reading once cancelled and gives no file', async () => {
    const run = new AbortController();
    const { read, cursors } = catalogReader(Array.from({ length: PRODUCT_EXPORT_PAGE * 3 }, (_, index) => product(index)));
    const parts = await streamProductsCsv(read, () => run.abort(), run.signal);
    expect(parts).toBeNull();
    expect(cursors).toHaveLength(2);
  });
});
