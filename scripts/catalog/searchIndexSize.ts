/**
 * What the embedded search index weighs for a catalog of a given size: the stored text, gzipped as
 * a browser downloads it, and how long the browser takes to build its search from it. Used by the
 * bench and `npx tsx scripts/catalog/searchIndexSize.ts [counts...]`.
 */
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { createProductSearch, encodeSearchRecords, searchRecordOf, type Product } from '../../domain/src/index';
import { bulkProducts } from './bulkProducts';

export interface IndexSize {
  products: number;
  bytes: number;
  gzipBytes: number;
  /** Building the MiniSearch index from the decoded records, milliseconds. */
  buildMs: number;
  /** One typo-tolerant query on it, milliseconds. */
  queryMs: number;
}

export function measureSearchIndex(count: number): IndexSize {
  const products: Product[] = bulkProducts(count).map((product) => ({ ...product, currency: 'USD', imagePath: '', searchTokens: [] }));
  const records = products.flatMap((product, index) => searchRecordOf(product, 1_700_000_000_000 + index * 60_000) ?? []);
  const text = encodeSearchRecords(records);
  const started = performance.now();
  const search = createProductSearch(records);
  const built = performance.now();
  search.search('chocolte');
  const queried = performance.now();
  return {
    products: count,
    bytes: Buffer.byteLength(text),
    gzipBytes: gzipSync(text).length,
    buildMs: Math.round(built - started),
    queryMs: Math.round((queried - built) * 10) / 10,
  };
}

if (process.argv[1]?.endsWith('searchIndexSize.ts')) {
  const counts = process.argv.slice(2).map(Number).filter((count) => count > 0);
  for (const count of counts.length > 0 ? counts : [5_000, 50_000]) {
    const size = measureSearchIndex(count);
    console.log(
      `${size.products} products: ${(size.bytes / 1024).toFixed(0)} KB, ${(size.gzipBytes / 1024).toFixed(0)} KB gzip, built in ${size.buildMs} ms, a typo query in ${size.queryMs} ms`,
    );
  }
}
