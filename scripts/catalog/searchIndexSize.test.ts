import { describe, expect, it } from 'vitest';
import { measureSearchIndex } from './searchIndexSize';

describe('the embedded search index', () => {
  it('stays within 150 KB gzip for 5,000 products', () => {
    const size = measureSearchIndex(5_000);
    expect(size.gzipBytes).toBeLessThanOrEqual(150 * 1024);
    expect(size.bytes).toBeGreaterThan(size.gzipBytes);
  });
});
