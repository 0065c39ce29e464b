import { describe, expect, it } from 'vitest';
import { productInputSchema, type ValidProduct } from './productSchema';
import {
  PRODUCT_IMPORT_CHUNK,
  PRODUCT_IMPORT_CHUNK_CHARS,
  PRODUCT_IMPORT_STALL_MS,
  productImportChunks,
  productImportJobFromData,
  productImportResumable,
  productImportSummary,
  refusedRowsCsvTable,
  uploadProductImportChunkInputSchema,
} from './productImportJob';

const product = (sku: string, description = ''): ValidProduct =>
  productInputSchema.parse({ name: `Product ${sku}`, sku, brand: 'Harbor', description, category: 'Packaging', price: 500, unit: 'box', packSize: 1, minOrderQty: 1, stock: 10, active: true, tiers: [], imageUrl: '', imagePath: '' });

describe('productImportChunks', () => {
  it('keeps the lines in order, refused rows among the good ones, one refused row per line naming every problem', () => {
    const chunks = productImportChunks({
      products: [
        { row: 2, input: product('A-1') },
        { row: 5, input: product('A-4') },
      ],
      problems: [
        { row: 4, column: 'price', message: 'Price must not be negative.' },
        { row: 3, column: 'sku', message: 'SKU is required.' },
        { row: 4, column: 'stock', message: 'Stock must be a whole number, not "ten".' },
      ],
    });
    expect(chunks).toEqual([
      {
        rows: [
          { line: 2, product: product('A-1') },
          { line: 5, product: product('A-4') },
        ],
        refused: [
          { line: 3, column: 'sku', message: 'SKU is required.' },
          { line: 4, column: 'price, stock', message: 'Price must not be negative. Stock must be a whole number, not "ten".' },
        ],
      },
    ]);
  });

  it('closes an upload at its row count, and earlier when long descriptions fill its characters', () => {
    const many = Array.from({ length: PRODUCT_IMPORT_CHUNK * 2 + 1 }, (_, index) => ({ row: index + 2, input: product(`B-${index}`) }));
    expect(productImportChunks({ products: many, problems: [] }).map((chunk) => chunk.rows.length)).toEqual([PRODUCT_IMPORT_CHUNK, PRODUCT_IMPORT_CHUNK, 1]);

    const long = Array.from({ length: 150 }, (_, index) => ({ row: index + 2, input: product(`C-${index}`, 'x'.repeat(3_900)) }));
    const chunks = productImportChunks({ products: long, problems: [] });
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.flatMap((chunk) => chunk.rows.map((row) => row.line))).toEqual(long.map((row) => row.row));
    for (const chunk of chunks) expect(JSON.stringify(chunk).length).toBeLessThanOrEqual(PRODUCT_IMPORT_CHUNK_CHARS + 200);
  });

  it('cuts a refused line naming very many problems to what an upload takes', () => {
    const problems = Array.from({ length: 40 }, (_, index) => ({ row: 2, column: `column${index}`, message: `Problem number ${index} of this line, told at some length.` }));
    const [chunk] = productImportChunks({ products: [], problems });
    const [refused] = chunk!.refused;
    expect(refused!.column).toHaveLength(100);
    expect(refused!.message).toHaveLength(500);
    expect(refused!.message.endsWith('…')).toBe(true);
    expect(uploadProductImportChunkInputSchema.safeParse({ jobId: 'job-1', chunk: 0, rows: [], refused: chunk!.refused }).success).toBe(true);
  });

  it('makes no upload of an empty file', () => {
    expect(productImportChunks({ products: [], problems: [] })).toEqual([]);
  });
});

describe('the upload schema', () => {
  const row = { line: 2, product: {} };
  it('takes good and refused rows up to one chunk in all, and not an empty chunk', () => {
    expect(uploadProductImportChunkInputSchema.safeParse({ jobId: 'j', chunk: 0, rows: [row] }).success).toBe(true);
    expect(uploadProductImportChunkInputSchema.safeParse({ jobId: 'j', chunk: 0, rows: [], refused: [] }).error?.issues[0]?.message).toBe('A chunk holds at least one row.');
    const half = PRODUCT_IMPORT_CHUNK / 2;
    const refused = Array.from({ length: half + 1 }, (_, index) => ({ line: index + 2, column: '', message: 'Bad' }));
    expect(uploadProductImportChunkInputSchema.safeParse({ jobId: 'j', chunk: 0, rows: Array(half).fill(row), refused }).error?.issues[0]?.message).toBe(`A chunk holds at most ${PRODUCT_IMPORT_CHUNK} rows.`);
    expect(uploadProductImportChunkInputSchema.safeParse({ jobId: 'a/b', chunk: 0, rows: [row] }).success).toBe(false);
    expect(uploadProductImportChunkInputSchema.safeParse({ jobId: 'j', chunk: -1, rows: [row] }).success).toBe(false);
    expect(uploadProductImportChunkInputSchema.safeParse({ jobId: 'j', chunk: 0, rows: [{ line: 1, product: {} }] }).success).toBe(false);
  });
});

describe('a job', () => {
  it('reads a stored job, missing fields as blanks and an unknown status as stopped', () => {
    expect(productImportJobFromData('j', { status: 'running', fileName: 'p.csv', totalRows: 10, doneRows: 4 })).toMatchObject({ id: 'j', status: 'running', totalRows: 10, doneRows: 4, refusedRows: 0, createdBy: '', startedAt: 0 });
    expect(productImportJobFromData('j', { status: 'exploded' }).status).toBe('failed');
  });

  it('may be resumed after a failure, or once it has made no progress for a while, never while it works or once done', () => {
    const now = 1_000_000_000;
    expect(productImportResumable({ status: 'failed', updatedAt: now }, now)).toBe(true);
    expect(productImportResumable({ status: 'running', updatedAt: now - PRODUCT_IMPORT_STALL_MS }, now)).toBe(false);
    expect(productImportResumable({ status: 'running', updatedAt: now - PRODUCT_IMPORT_STALL_MS - 1 }, now)).toBe(true);
    expect(productImportResumable({ status: 'done', updatedAt: 0 }, now)).toBe(false);
    expect(productImportResumable({ status: 'queued', updatedAt: 0 }, now)).toBe(false);
  });

  it('says what it did in one line, and lists its refused rows as CSV cells', () => {
    expect(productImportSummary({ fileName: 'spring.csv', added: 1200, changed: 3, unchanged: 98_795, refusedRows: 2 })).toBe('Imported spring.csv: 1,200 new, 3 changed, 98,795 unchanged, 2 refused.');
    expect(refusedRowsCsvTable([{ line: 7, column: 'price', message: 'Price must not be negative.' }])).toEqual([
      ['line', 'column', 'problem'],
      ['7', 'price', 'Price must not be negative.'],
    ]);
  });
});
