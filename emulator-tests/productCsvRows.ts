/**
 * Product CSV files of many new products, for the import tests and `npm run bench`, and the
 * importProducts call the admin page makes for each batch.
 */
import type { ImportProductsInput, ImportProductsResult } from '@harbor/domain';
import type { TestClient } from './harness';

export const PRODUCT_CSV_HEADER = 'id,name,sku,brand,description,category,price,unit,packSize,minOrderQty,stock,active,tiers,imageUrl';

/** The SKU of row `index` of newProductsCsv: BLK-00000, BLK-00001… */
export const newProductSku = (index: number) => `BLK-${String(index).padStart(5, '0')}`;

/** The price in cents of row `index` of newProductsCsv (written there as a decimal, e.g. 722.21). */
export const newProductPrice = (index: number) => ((index % 900) + 1) * 100 + (index % 100);

/** A CSV of `rows` products new to the shop, each with its own price and stock. */
export function newProductsCsv(rows: number): string {
  const lines = Array.from({ length: rows }, (_, index) => {
    const price = newProductPrice(index);
    return `,Bulk Item ${index},${newProductSku(index)},Harbor,,Packaging,${Math.floor(price / 100)}.${String(price % 100).padStart(2, '0')},case,1,1,${index},true,,`;
  });
  return [PRODUCT_CSV_HEADER, ...lines].join('\r\n');
}

/** One batch of an import as `client` sends it: to compare (apply false) or to write. */
export const importAs = (client: TestClient) => (input: ImportProductsInput) => client.call<ImportProductsResult>('importProducts', input);
