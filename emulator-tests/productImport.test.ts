import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_IMPORT_BATCH, PRODUCT_IMPORT_CHUNK, productFromData, productImportChunks } from '@harbor/domain';
import { productsCsv, readProductCsv, sendImportBatches, startImportJob, type ImportJobCalls } from '../web/src/features/admin/productImport';
import { collectionSnapshot, storedProduct, useActors } from './adminFixtures';
import { adminDb, callError, clearFirestore, documentWhen, switchOffTriggers, type TestClient } from './harness';
import { importAs, newProductPrice, newProductSku, newProductsCsv, PRODUCT_CSV_HEADER } from './productCsvRows';

// Hundreds of new products would set off as many search index events (that trigger has its own burst test).
beforeAll(switchOffTriggers);
afterAll(clearFirestore, 120_000);

const actors = useActors();

async function exportCsv(): Promise<string> {
  const snapshot = await adminDb.collection('products').orderBy('sku').get();
  return productsCsv(snapshot.docs.map((doc) => productFromData(doc.id, doc.data())));
}

/** Every product with its update time, so "nothing written" includes rewrites of equal data. */
async function productsWithTimes(): Promise<Record<string, string>> {
  const snapshot = await adminDb.collection('products').get();
  return Object.fromEntries(snapshot.docs.map((doc) => [doc.id, doc.updateTime.toDate().toISOString() + JSON.stringify(doc.data())]));
}

async function seedThree(): Promise<void> {
  await clearFirestore();
  await adminDb.doc(`users/${actors.admin.uid}`).set({ name: 'Test Admin', email: '', role: 'admin' });
  await storedProduct('bev-1001', { sku: 'BEV-1001', name: 'Sparkling Water, "Lime"', price: 1899, tiers: [{ minQty: 10, price: 1799 }, { minQty: 40, price: 1699 }], description: 'Crisp,\nlightly carbonated.' });
  await storedProduct('pkg-1001', { sku: 'PKG-1001', name: 'Shipping Boxes', price: 2400, packSize: 2, minOrderQty: 6, stock: 0, active: false });
  await storedProduct('kit-1001', { sku: 'KIT-1001', name: 'Chef Knife', price: 12000 });
}

describe('product CSV import', () => {
  it('re-imports an unchanged export without writing anything', async () => {
    await seedThree();
    const before = await productsWithTimes();
    const parsed = await readProductCsv(await exportCsv());
    expect(parsed.problems).toEqual([]);
    expect(parsed.products).toHaveLength(3);
    const run = await sendImportBatches(parsed.products, true, importAs(actors.admin));
    expect(run.failures).toEqual([]);
    expect(run.outcomes.map((outcome) => outcome.outcome)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect(await productsWithTimes()).toEqual(before);
  });

  it('previews then applies new products and changed fields, prices from decimals to exact cents', async () => {
    await seedThree();
    const csv = (await exportCsv()).replace(',120.00,', ',119.90,').concat('\r\n,Paper Cups,PAP-2001,Harbor,,Packaging,12.5,sleeve of 50,1,1,300,true,false,,10:11.25;50:10.10,\r\n');
    const parsed = await readProductCsv(csv);
    expect(parsed.problems).toEqual([]);
    const before = await productsWithTimes();
    const preview = await sendImportBatches(parsed.products, false, importAs(actors.admin));
    expect(preview.outcomes.filter((outcome) => outcome.outcome !== 'unchanged')).toEqual([
      { sku: 'KIT-1001', id: 'kit-1001', outcome: 'changed', fields: ['price'] },
      { sku: 'PAP-2001', id: 'pap-2001', outcome: 'new', fields: [] },
    ]);
    expect(await productsWithTimes()).toEqual(before);

    const applied = await sendImportBatches(parsed.products, true, importAs(actors.admin));
    expect(applied.failures).toEqual([]);
    expect((await adminDb.doc('products/kit-1001').get()).get('price')).toBe(11990);
    expect((await adminDb.doc('products/pap-2001').get()).data()).toMatchObject({ price: 1250, tiers: [{ minQty: 10, price: 1125 }, { minQty: 50, price: 1010 }], stock: 300, active: true });
    expect((await adminDb.doc('skus/PAP-2001').get()).get('productId')).toBe('pap-2001');
    expect((await adminDb.doc('products/bev-1001').get()).updateTime!.toDate().toISOString()).toBe(before['bev-1001']!.slice(0, 24));
  });

  it('exports and imports backorders and the restock date, never the units owed to open orders', async () => {
    await seedThree();
    await adminDb.doc('products/kit-1001').update({ backorderable: true, restockDate: '2026-12-09', stock: 0, backordered: 15 });
    const exported = await exportCsv();
    expect(exported.split('\r\n')[0]).toBe('id,name,sku,brand,description,category,price,unit,packSize,minOrderQty,stock,active,backorderable,restockDate,tiers,imageUrl');
    expect(exported).toContain(',0,true,true,2026-12-09,');
    expect(exported).not.toContain('backordered');

    // The knife's restock date moves; the boxes take backorders, with no date yet.
    const edited = exported.replace(',true,true,2026-12-09,', ',true,true,2027-01-12,').replace(/(pkg-1001,.*?,false,)false,,/, '$1true,,');
    const parsed = await readProductCsv(edited);
    expect(parsed.problems).toEqual([]);
    const preview = await sendImportBatches(parsed.products, false, importAs(actors.admin));
    expect(preview.outcomes.filter((outcome) => outcome.outcome !== 'unchanged')).toEqual([
      { sku: 'KIT-1001', id: 'kit-1001', outcome: 'changed', fields: ['restockDate'] },
      { sku: 'PKG-1001', id: 'pkg-1001', outcome: 'changed', fields: ['backorderable'] },
    ]);
    const applied = await sendImportBatches(parsed.products, true, importAs(actors.admin));
    expect(applied.failures).toEqual([]);
    expect((await adminDb.doc('products/kit-1001').get()).data()).toMatchObject({ backorderable: true, restockDate: '2027-01-12', stock: 0, backordered: 15 });
    expect((await adminDb.doc('products/pkg-1001').get()).data()).toMatchObject({ backorderable: true, restockDate: '' });

    // A file from before the columns existed takes them as off and empty, and says so before applying.
    const older = await readProductCsv([PRODUCT_CSV_HEADER, 'kit-1001,Chef Knife,KIT-1001,Harborline,Powder-free gloves for food service.,Safety,120.00,box of 100,1,1,0,true,10:13.50,'].join('\r\n'));
    expect(older.problems).toEqual([]);
    expect((await sendImportBatches(older.products, false, importAs(actors.admin))).outcomes).toEqual([
      { sku: 'KIT-1001', id: 'kit-1001', outcome: 'changed', fields: ['backorderable', 'restockDate'] },
    ]);
  });

  it('reports malformed rows by row and column and writes nothing', async () => {
    await seedThree();
    const csv = [
      PRODUCT_CSV_HEADER,
      ',No Sku,,Harbor,,Packaging,5.00,box,1,1,10,true,,',
      ',Cups A,PAP-3001,Harbor,,Packaging,5.00,box,1,1,10,true,,',
      ',Cups B,pap-3001,Harbor,,Packaging,5.00,box,1,1,10,true,,',
      ',Refund,PAP-3002,Harbor,,Packaging,-4.00,box,1,1,10,true,,',
      ',Lots,PAP-3003,Harbor,,Packaging,5.00,box,1,1,ten,true,,',
      ',Cheap,PAP-3004,Harbor,,Packaging,about 5,box,1,1,10,true,,',
    ].join('\n');
    const before = await collectionSnapshot('products');
    const parsed = await readProductCsv(csv);
    expect(parsed.problems).toEqual([
      { row: 2, column: 'sku', message: 'SKU is required.' },
      { row: 4, column: 'sku', message: 'SKU PAP-3001 is also on line 3.' },
      { row: 5, column: 'price', message: 'Price must not be negative.' },
      { row: 6, column: 'stock', message: 'Stock must be a whole number, not "ten".' },
      { row: 7, column: 'price', message: 'Price must be an amount such as 12.50, not "about 5".' },
    ]);
    // The page sends nothing while there are problems; the server refuses a bad batch as a whole.
    const clash = await readProductCsv([PRODUCT_CSV_HEADER, ',Knife copy,KIT-1001,Harbor,,Packaging,5.00,box,1,1,10,true,,', 'pap-9,Fine,PAP-9001,Harbor,,Packaging,5.00,box,1,1,10,true,,'].join('\n'));
    const withId = { ...clash.products[0]!, input: { ...clash.products[0]!.input, id: 'other-knife' } };
    const run = await sendImportBatches([withId, clash.products[1]!], true, importAs(actors.admin));
    expect(run.failures).toEqual([{ rows: [2, 3], message: 'Row 1 of the batch: SKU KIT-1001 is already used by product kit-1001.' }]);
    expect(await collectionSnapshot('products')).toEqual(before);
    expect(await callError(importAs(actors.shopper)({ products: clash.products.map((product) => product.input), apply: true }))).toMatchObject({ code: 'permission-denied' });
  });

  // The speed of a 5,000-row import is measured by `npm run bench` (bench/measure.ts).
  it('imports a file of several batches, every row', { timeout: 180_000 }, async () => {
    const rows = 2 * PRODUCT_IMPORT_BATCH + 1;
    await seedThree();
    const parsed = await readProductCsv(newProductsCsv(rows));
    expect(parsed.problems).toEqual([]);
    const preview = await sendImportBatches(parsed.products, false, importAs(actors.admin));
    expect(preview.outcomes.filter((outcome) => outcome.outcome === 'new')).toHaveLength(rows);
    const applied = await sendImportBatches(parsed.products, true, importAs(actors.admin));
    expect(applied.failures).toEqual([]);
    expect((await adminDb.collection('products').count().get()).data().count).toBe(rows + 3);
    // The last row is alone in the third batch.
    for (const index of [0, PRODUCT_IMPORT_BATCH, rows - 1]) {
      const id = newProductSku(index).toLowerCase();
      expect((await adminDb.doc(`products/${id}`).get()).data()).toMatchObject({ sku: newProductSku(index), price: newProductPrice(index), stock: index });
    }
  });
});

/** The callables the product list's import dialog calls, as `client`. */
const jobCallsOf = (client: TestClient): ImportJobCalls => ({
  start: (input) => client.call<{ jobId: string }>('startProductImport', input),
  upload: (input) => client.call('uploadProductImportChunk', input),
  run: (input) => client.call('runProductImport', input),
});

/** The job once it has finished or stopped. */
const settledJob = (jobId: string) => documentWhen(`productImports/${jobId}`, (job) => job.status === 'done' || job.status === 'failed', 150_000);

const refusedRows = async (jobId: string) => (await adminDb.collection(`productImports/${jobId}/refused`).orderBy('line').get()).docs.map((row) => row.data());

describe('product CSV import as a background job', () => {
  it('imports every good row in chunks, refuses bad rows by line, and records the file in one audit entry', { timeout: 180_000 }, async () => {
    await seedThree();
    const rows = 2 * PRODUCT_IMPORT_CHUNK + 1;
    const csv = [newProductsCsv(rows), ',Refund,PAP-3002,Harbor,,Packaging,-4.00,case,1,1,10,true,,', 'box-copy,Box copy,PKG-1001,Harbor,,Packaging,5.00,case,1,1,10,true,,'].join('\r\n');
    const parsed = await readProductCsv(csv);
    // The browser refuses the negative price; the SKU another product holds is the job's to refuse.
    expect(parsed.problems).toEqual([{ row: rows + 2, column: 'price', message: 'Price must not be negative.' }]);
    const progress: number[] = [];
    const jobId = await startImportJob('spring.csv', parsed, jobCallsOf(actors.admin), (done) => progress.push(done));
    expect(progress.at(-1)).toBe(rows + 2);

    const job = await settledJob(jobId);
    expect(job).toMatchObject({ status: 'done', fileName: 'spring.csv', totalRows: rows + 2, doneRows: rows + 2, added: rows, changed: 0, unchanged: 0, refusedRows: 2, error: '' });
    expect(job!.finishedAt.toMillis()).toBeGreaterThanOrEqual(job!.startedAt.toMillis());
    expect(await refusedRows(jobId)).toEqual([
      { line: rows + 2, column: 'price', message: 'Price must not be negative.' },
      { line: rows + 3, column: 'sku', message: 'SKU PKG-1001 is already used by product pkg-1001.' },
    ]);
    expect((await adminDb.collection('products').count().get()).data().count).toBe(rows + 3);
    expect((await adminDb.doc(`products/${newProductSku(rows - 1).toLowerCase()}`).get()).data()).toMatchObject({ sku: newProductSku(rows - 1), price: newProductPrice(rows - 1), stock: rows - 1 });
    expect((await adminDb.doc('products/pkg-1001').get()).get('name')).toBe('Shipping Boxes');

    const entries = (await adminDb.collection('auditLog').get()).docs.map((entry) => entry.data());
    expect(entries.map((entry) => [entry.action, entry.target, entry.summary])).toEqual([['product.import', `productImports/${jobId}`, `Imported spring.csv: 1,001 new, 0 changed, 0 unchanged, 2 refused.`]]);
    expect(entries[0]!.actor).toMatchObject({ uid: actors.admin.uid, role: 'admin' });

    // Run again (a double click, a retried call): nothing moves; the rows can no longer be changed.
    const before = await productsWithTimes();
    expect(await actors.admin.call('runProductImport', { jobId })).toEqual({ jobId, status: 'done' });
    expect(await callError(actors.admin.call('uploadProductImportChunk', { jobId, chunk: 0, rows: [{ line: 2, product: parsed.products[0]!.input }] }))).toMatchObject({
      code: 'failed-precondition',
      message: 'This import has started: its rows can no longer be changed.',
    });
    expect(await productsWithTimes()).toEqual(before);
  });

  it('stops at a chunk that fails, keeps what came before, and resumes from that chunk without applying another twice', { timeout: 180_000 }, async () => {
    await seedThree();
    const rows = 2 * PRODUCT_IMPORT_CHUNK + 200;
    const parsed = await readProductCsv(newProductsCsv(rows));
    const chunks = productImportChunks(parsed);
    expect(chunks).toHaveLength(3);
    const { jobId } = await actors.admin.call<{ jobId: string }>('startProductImport', { fileName: 'big.csv', totalRows: rows });
    await actors.admin.call('uploadProductImportChunk', { jobId, chunk: 0, ...chunks[0]! });
    expect(await callError(actors.admin.call('runProductImport', { jobId }))).toMatchObject({ code: 'failed-precondition', message: "Only 500 of the file's 1,200 rows have arrived. Upload the rest first." });
    await actors.admin.call('uploadProductImportChunk', { jobId, chunk: 1, ...chunks[1]! });
    await actors.admin.call('uploadProductImportChunk', { jobId, chunk: 2, ...chunks[2]! });
    // The second chunk's stored rows are damaged after the upload: the job must stop there.
    const second = adminDb.doc(`productImports/${jobId}/chunks/00001`);
    await second.update({ rows: 'damaged' });
    expect(await actors.admin.call('runProductImport', { jobId })).toEqual({ jobId, status: 'queued' });

    const failed = await settledJob(jobId);
    expect(failed).toMatchObject({ status: 'failed', doneRows: PRODUCT_IMPORT_CHUNK, added: PRODUCT_IMPORT_CHUNK });
    expect(failed!.error).toBe('Stopped at chunk 2: its stored rows could not be read. Every line before them was imported; resume to go on from there.');
    expect((await adminDb.collection('products').count().get()).data().count).toBe(PRODUCT_IMPORT_CHUNK + 3);
    const firstWritten = (await adminDb.doc(`products/${newProductSku(0).toLowerCase()}`).get()).updateTime?.toMillis();

    await second.update({ rows: chunks[1]!.rows });
    expect(await actors.admin.call('runProductImport', { jobId })).toEqual({ jobId, status: 'queued' });
    const done = await settledJob(jobId);
    expect(done).toMatchObject({ status: 'done', doneRows: rows, added: rows, refusedRows: 0, error: '' });
    expect((await adminDb.collection('products').count().get()).data().count).toBe(rows + 3);
    expect((await adminDb.doc(`products/${newProductSku(0).toLowerCase()}`).get()).updateTime?.toMillis()).toBe(firstWritten);
    expect((await adminDb.collection('auditLog').where('target', '==', `productImports/${jobId}`).count().get()).data().count).toBe(1);
  });

  it('is for whoever edits products: a customer can neither start a job nor read one', async () => {
    expect(await callError(actors.shopper.call('startProductImport', { fileName: 'x.csv', totalRows: 1 }))).toMatchObject({ code: 'permission-denied' });
    expect(await callError(actors.shopper.call('runProductImport', { jobId: 'nope' }))).toMatchObject({ code: 'permission-denied' });
    expect(await callError(actors.admin.call('runProductImport', { jobId: 'nope' }))).toMatchObject({ code: 'not-found', message: 'There is no product import nope.' });
  });
});
