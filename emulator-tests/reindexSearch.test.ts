import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { productSearchTokens } from '@harbor/domain';
import { adminDb, clearFirestore } from './harness';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

/** `npm run reindex-search` against the emulators (the variables of the test run point it there). */
function reindex(...options: string[]) {
  return run('npm', ['run', '--silent', 'reindex-search', '--', ...options], { cwd: ROOT, env: process.env });
}

const water = { name: 'Sparkling Water, Lime', sku: 'BEV-1001', brand: 'Bayside', category: 'Beverages' };
const pretzels = { name: 'Pretzel Twists', sku: 'SNK-1001', brand: 'Keel & Co.', category: 'Snacks' };
const gloves = { name: 'Nitrile Gloves, 2-Pack', sku: 'SAF-1001', brand: 'Tidewater', category: 'Safety' };

describe('npm run reindex-search', () => {
  beforeAll(async () => {
    await clearFirestore();
    // Saved under earlier rules (word pairs), already current, and never indexed.
    await adminDb.doc('products/bev-1001').set({ ...water, active: true, searchTokens: ['sparkling w', 'sparkling water', 'water lime'] });
    await adminDb.doc('products/snk-1001').set({ ...pretzels, active: true, searchTokens: productSearchTokens(pretzels) });
    await adminDb.doc('products/saf-1001').set({ ...gloves, active: false });
  });

  it('rebuilds the search index from the active products', async () => {
    const { stdout } = await reindex();
    expect(stdout).toMatch(/Rebuilt the search index of [\w-]+: 2 active products, \d+ repaired, \d+ changes folded, in [\d.]+ s\./);
    expect((await adminDb.doc('searchIndex/state').get()).get('lastRebuild')).toMatchObject({ products: 2 });
  });

  it('with --tokens, rewrites the tokens that differ from the current rules and leaves the rest untouched', async () => {
    const untouched = (await adminDb.doc('products/snk-1001').get()).updateTime;
    const { stdout } = await reindex('--tokens');
    expect(stdout).toContain('Re-tokenized 2 of 3 products');
    expect((await adminDb.doc('products/bev-1001').get()).get('searchTokens')).toEqual(productSearchTokens(water));
    expect((await adminDb.doc('products/saf-1001').get()).get('searchTokens')).toEqual(productSearchTokens(gloves));
    const pretzelDoc = await adminDb.doc('products/snk-1001').get();
    expect(pretzelDoc.updateTime?.isEqual(untouched!)).toBe(true);
    expect(pretzelDoc.get('name')).toBe('Pretzel Twists');
  });

  it('changes nothing when run again', async () => {
    const { stdout } = await reindex('--tokens');
    expect(stdout).toContain('Re-tokenized 0 of 3 products');
  });
});
