import { describe, expect, it } from 'vitest';
import { readProductCsv } from './productImport';

const HEADER = 'id,name,sku,brand,description,category,price,unit,packSize,minOrderQty,stock,active,tiers,imageUrl';
const row = (sku: string, { description = '', price = '5.00' } = {}) => `,Item ${sku},${sku},Harbor,${description},Packaging,${price},case,1,1,10,true,,`;

describe('the rows a product file is reported by', () => {
  it('are numbered as a spreadsheet numbers them: a blank row counts, a description holding line breaks is one row', async () => {
    const file = [HEADER, row('LN-1'), '', row('LN-2', { description: '"Two\r\nlines"' }), '   ', ',,,,', row('LN-3', { price: '-1.00' }), row('LN-1')];
    for (const lineEnding of ['\r\n', '\n', '\r']) {
      const parsed = await readProductCsv(`\uFEFF${file.join(lineEnding)}`);
      expect(parsed.products.map(({ row: line, input }) => [line, input.sku])).toEqual([
        [2, 'LN-1'],
        [4, 'LN-2'],
      ]);
      expect(parsed.problems).toEqual([
        { row: 7, column: 'price', message: 'Price must not be negative.' },
        { row: 8, column: 'sku', message: 'SKU LN-1 is also on line 2.' },
      ]);
    }
  });

  it('are one per line after the header in a file with neither', async () => {
    const parsed = await readProductCsv([HEADER, row('LN-1'), row('LN-2'), row('LN-3', { price: 'free' })].join('\n'));
    expect(parsed.products.map(({ row: line }) => line)).toEqual([2, 3]);
    expect(parsed.problems.map(({ row: line, column }) => [line, column])).toEqual([[4, 'price']]);
  });

  it('name the row the parser cannot read', async () => {
    const parsed = await readProductCsv([HEADER, row('LN-1'), '', ',Short,LN-2'].join('\n'));
    expect(parsed.products).toEqual([]);
    expect(parsed.problems.map(({ row: line }) => line)).toEqual([4]);
  });

  it('say so of a file with no product row', async () => {
    expect((await readProductCsv([HEADER, '', ',,,'].join('\n'))).problems).toEqual([{ row: 2, column: '', message: 'The file has no product rows.' }]);
  });
});
