import { describe, expect, it } from 'vitest';
import { centsFromDecimal, changedProductFields, PRODUCT_CSV_COLUMNS, productsCsvTable, productsFromCsv } from './productCsv';
import { productFromData } from './product';
import { productInputSchema } from './productSchema';

const stored = productFromData('bev-1001', {
  name: 'Sparkling Water',
  sku: 'BEV-1001',
  brand: 'Harbor',
  description: 'Crisp.',
  category: 'Beverages',
  price: 1899,
  unit: 'case of 24',
  packSize: 1,
  minOrderQty: 1,
  stock: 640,
  active: true,
  tiers: [{ minQty: 10, price: 1799 }],
  imageUrl: '/images/products/bev-1001.svg',
  imagePath: '',
});

const records = (table: string[][]) => table.slice(1).map((row) => Object.fromEntries(table[0]!.map((key, index) => [key, row[index] ?? ''])));

describe('product CSV', () => {
  it('has one column per field of the product schema, but the stock baseline and the upload path', () => {
    expect(PRODUCT_CSV_COLUMNS.map((column) => column.key)).toEqual(Object.keys(productInputSchema.shape).filter((key) => key !== 'expectedStock' && key !== 'imagePath'));
  });

  it.each([
    ['12.50', 1250],
    ['12.5', 1250],
    ['0.07', 7],
    ['1,234.56', 123456],
    ['$3', 300],
    ['19.99', 1999],
    ['0.29', 29],
  ])('reads %s as exactly %i cents', (text, cents) => {
    expect(centsFromDecimal(text, 'Price')).toBe(cents);
  });

  it.each([
    ['-1.00', 'Price must not be negative.'],
    ['12.345', 'Price must be an amount such as 12.50, not "12.345".'],
    ['twelve', 'Price must be an amount such as 12.50, not "twelve".'],
    ['', 'Price must be an amount such as 12.50, not "".'],
  ])('refuses %s', (text, message) => {
    expect(centsFromDecimal(text, 'Price')).toBe(message);
  });

  it('reads back what it writes, unchanged', async () => {
    const table = productsCsvTable([stored]);
    expect(table[1]).toEqual(['bev-1001', 'Sparkling Water', 'BEV-1001', 'Harbor', 'Crisp.', 'Beverages', '18.99', 'case of 24', '1', '1', '640', 'true', 'false', '', '10:17.99', '/images/products/bev-1001.svg']);
    const parsed = await productsFromCsv(table[0]!, records(table));
    expect(parsed.problems).toEqual([]);
    expect(changedProductFields(stored, parsed.products[0]!.input)).toEqual([]);
  });

  it('names the fields an import changes', async () => {
    const table = productsCsvTable([stored]);
    table[1]![6] = '19.50';
    table[1]![10] = '12';
    const parsed = await productsFromCsv(table[0]!, records(table));
    expect(changedProductFields(stored, parsed.products[0]!.input)).toEqual(['price', 'stock']);
  });

  it('names the categories there are for a category the shop does not have, or none', async () => {
    const table = productsCsvTable([stored, { ...stored, sku: 'BEV-1002' }]);
    table[1]![5] = 'Furniture';
    table[2]![5] = '';
    const parsed = await productsFromCsv(table[0]!, records(table));
    expect(parsed.problems).toEqual([
      { row: 2, column: 'category', message: 'Category "Furniture" is not one of the shop\'s: Beverages, Snacks, Cleaning, Paper Goods, Packaging, Office, Personal Care, Kitchen, Pantry, Safety.' },
      { row: 3, column: 'category', message: expect.stringMatching(/^Category is required: one of Beverages, Snacks, /) },
    ]);
  });

  it('reports every problem of a row at once, its unreadable cells and what the schema finds in the others', async () => {
    const table = productsCsvTable([stored]);
    table[1]![1] = '';
    table[1]![5] = 'Furniture';
    table[1]![6] = '-1.00';
    table[1]![10] = 'lots';
    const parsed = await productsFromCsv(table[0]!, records(table));
    expect(parsed.problems.map((problem) => problem.column)).toEqual(['price', 'stock', 'name', 'category']);
    expect(parsed.products).toEqual([]);
  });

  it('reports missing and unknown columns before any row', async () => {
    const parsed = await productsFromCsv(['sku', 'name', 'colour'], []);
    expect(parsed.problems.map((problem) => problem.message)).toContain('The file has no "price" column.');
    expect(parsed.problems.map((problem) => problem.message)).toContain(
      '"colour" is not a product column (id, name, sku, brand, description, category, price, unit, packSize, minOrderQty, stock, active, backorderable, restockDate, tiers, imageUrl).',
    );
  });

  it('writes and reads a backorderable product with its restock date; the count owed to orders is no column', async () => {
    const backorderable = { ...stored, backorderable: true, restockDate: '2026-12-09', backordered: 15 };
    const table = productsCsvTable([backorderable]);
    expect(table[0]).not.toContain('backordered');
    expect(table[1]!.slice(11, 14)).toEqual(['true', 'true', '2026-12-09']);
    const parsed = await productsFromCsv(table[0]!, records(table));
    expect(parsed.products[0]!.input).toMatchObject({ backorderable: true, restockDate: '2026-12-09' });
    expect(parsed.products[0]!.input).not.toHaveProperty('backordered');
    expect(changedProductFields(backorderable, parsed.products[0]!.input)).toEqual([]);
  });

  it('names backorderable and restockDate when an import changes them, either way', async () => {
    const table = productsCsvTable([stored]);
    table[1]![12] = 'yes';
    table[1]![13] = '2027-01-15';
    const parsed = await productsFromCsv(table[0]!, records(table));
    expect(changedProductFields(stored, parsed.products[0]!.input)).toEqual(['backorderable', 'restockDate']);
    const plain = await productsFromCsv(productsCsvTable([stored])[0]!, records(productsCsvTable([stored])));
    expect(changedProductFields({ ...stored, backorderable: true, restockDate: '2027-01-15' }, plain.products[0]!.input)).toEqual(['backorderable', 'restockDate']);
  });

  it('reads a file without the backorder columns, or with empty cells, as not backorderable and no restock date', async () => {
    const table = productsCsvTable([stored]);
    const without = table.map((row) => row.filter((_, index) => index !== 12 && index !== 13));
    const older = await productsFromCsv(without[0]!, records(without));
    expect(older.problems).toEqual([]);
    expect(older.products[0]!.input).toMatchObject({ backorderable: false, restockDate: '' });
    const empty = await productsFromCsv(table[0]!, records(table.map((row, index) => (index === 0 ? row : row.map((cell, column) => (column === 12 ? '' : cell))))));
    expect(empty.problems).toEqual([]);
    expect(empty.products[0]!.input).toMatchObject({ backorderable: false, restockDate: '' });
  });

  it('says which row has a backorder cell it cannot read', async () => {
    const table = productsCsvTable([stored, { ...stored, id: 'b2', sku: 'BEV-1002' }, { ...stored, id: 'b3', sku: 'BEV-1003' }]);
    table[1]![12] = 'sometimes';
    table[2]![13] = '12/9/2026';
    table[3]![13] = '2026-02-30';
    const parsed = await productsFromCsv(table[0]!, records(table));
    expect(parsed.problems).toEqual([
      { row: 2, column: 'backorderable', message: 'Backorderable must be true or false.' },
      { row: 3, column: 'restockDate', message: 'Restock date must be a date such as 2026-12-09 (or empty).' },
      { row: 4, column: 'restockDate', message: 'Restock date must be a date such as 2026-12-09 (or empty).' },
    ]);
  });

  it('checks rows with the product schema: rules across fields and malformed tiers', async () => {
    const table = productsCsvTable([stored, { ...stored, id: 'b2', sku: 'BEV-1002' }, { ...stored, id: 'b3', sku: 'BEV-1003' }]);
    table[1]![8] = '4'; // pack size 4 with a minimum of 1
    table[1]![14] = '';
    table[2]![14] = '10-17.99';
    table[3]![11] = 'maybe';
    const parsed = await productsFromCsv(table[0]!, records(table));
    expect(parsed.problems).toEqual([
      { row: 2, column: 'minOrderQty', message: 'Minimum order quantity must be a multiple of the pack size (4).' },
      { row: 3, column: 'tiers', message: 'Tiers must read like "10:17.99;40:16.99" (quantity:price).' },
      { row: 4, column: 'active', message: 'Active must be true or false.' },
    ]);
    expect(parsed.products).toEqual([]);
  });
});
