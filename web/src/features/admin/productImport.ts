/**
 * Product CSV export and import in the browser: papaparse reads and writes the file, the domain
 * checks every row (productsFromCsv), the importProducts callable compares rows with the catalog in
 * batches, and an import job (startProductImport, its chunks, runProductImport) writes them in the
 * background. Loaded when an admin exports or imports, not with the page.
 */
import Papa from 'papaparse';
import {
  PRODUCT_IMPORT_BATCH,
  productImportChunks,
  productsCsvTable,
  productsFromCsv,
  refusedRowsCsvTable,
  type CsvProblem,
  type ImportedProduct,
  type ImportProductsInput,
  type ImportProductsResult,
  type ParsedImport,
  type Product,
  type ProductImportJobInput,
  type RefusedImportRow,
  type StartProductImportInput,
  type UploadProductImportChunkInput,
  type ValidProduct,
} from '@harbor/domain';

export function productsCsv(products: readonly Product[]): string {
  return Papa.unparse(productsCsvTable(products), { newline: '\r\n' });
}

/** Products the export reads per query, by SKU from the last one read. */
export const PRODUCT_EXPORT_PAGE = 1000;

/** One page of the export as CSV lines: the header only on the first, so the parts join into one file. */
export function productsCsvPart(products: readonly Product[], withHeader: boolean): string {
  const table = productsCsvTable(products);
  const rows = withHeader ? table : table.slice(1);
  return rows.length ? `${Papa.unparse(rows, { newline: '\r\n' })}\r\n` : '';
}

/**
 * Every product as CSV, read a page at a time ordered by SKU (each page after the last SKU read)
 * and kept as Blob parts, so no query reads the whole catalog and no one string holds the file.
 * Null when cancelled: what was read is dropped.
 */
export async function streamProductsCsv(
  readAfter: (sku: string | null, pageSize: number) => Promise<readonly Product[]>,
  onProgress: (done: number) => void,
  signal: AbortSignal,
): Promise<BlobPart[] | null> {
  // The byte-order mark makes spreadsheet programs read the file as UTF-8 (accents in names).
  const parts: BlobPart[] = ['\uFEFF'];
  let after: string | null = null;
  let done = 0;
  for (;;) {
    const page = await readAfter(after, PRODUCT_EXPORT_PAGE);
    if (signal.aborted) return null;
    parts.push(productsCsvPart(page, after === null));
    done += page.length;
    onProgress(done);
    const last = page.at(-1);
    if (!last || page.length < PRODUCT_EXPORT_PAGE) return parts;
    after = last.sku;
  }
}

/**
 * The file's rows checked with the product schema: products to send, or problems by the file's row,
 * numbered as a spreadsheet numbers them (the header is 1; a blank row counts, a description holding
 * line breaks is one row, whatever the line endings), and by column.
 */
export async function readProductCsv(text: string, onProgress?: (done: number, total: number) => void): Promise<ParsedImport> {
  const records: Record<string, string>[] = [];
  const lines: number[] = [];
  const problems: CsvProblem[] = [];
  // Every row comes to `step`, blank ones too, so each is counted; the blank ones are then skipped.
  let line = 1;
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: false,
    transformHeader: (header) => header.trim(),
    step: ({ data, errors }) => {
      line += 1;
      if (Object.values(data).every((value) => typeof value === 'string' && value.trim() === '')) return;
      for (const error of errors) problems.push({ row: line, column: '', message: error.message });
      records.push(data);
      lines.push(line);
    },
  });
  if (problems.length) return { products: [], problems };
  if (records.length === 0) return { products: [], problems: [{ row: 2, column: '', message: 'The file has no product rows.' }] };
  const total = records.length;
  return productsFromCsv(parsed.meta.fields ?? [], records, (done) => onProgress?.(done, total), lines);
}

export type ImportCall = (input: ImportProductsInput) => Promise<ImportProductsResult>;

export interface BatchFailure {
  /** Lines of the file the batch held. */
  rows: number[];
  message: string;
}

export interface ImportRun {
  outcomes: ImportedProduct[];
  failures: BatchFailure[];
}

/**
 * Sends the products in batches: to compare (apply false, nothing is written) or to write. A
 * failed batch wrote nothing; the others go on, and the run reports it with its rows.
 */
export async function sendImportBatches(
  products: readonly { row: number; input: ValidProduct }[],
  apply: boolean,
  call: ImportCall,
  onProgress?: (done: number, total: number) => void,
): Promise<ImportRun> {
  const run: ImportRun = { outcomes: [], failures: [] };
  const batches = Array.from({ length: Math.ceil(products.length / PRODUCT_IMPORT_BATCH) }, (_, index) => products.slice(index * PRODUCT_IMPORT_BATCH, (index + 1) * PRODUCT_IMPORT_BATCH));
  onProgress?.(0, products.length);
  let done = 0;
  for (const batch of batches) {
    try {
      const result = await call({ products: batch.map((product) => product.input), apply });
      run.outcomes.push(...result.products);
    } catch (error) {
      // A callable error (Error) or a failed mutation's CallableFailure: both carry a message.
      const text = (error as { message?: unknown } | null)?.message;
      const message = typeof text === 'string' && text ? text.replace(/\s*\[\d{3}\]$/, '') : 'The batch could not be imported. Please try again.';
      run.failures.push({ rows: batch.map((product) => product.row), message });
    }
    done += batch.length;
    onProgress?.(done, products.length);
  }
  return run;
}

export interface ImportJobCalls {
  start: (input: StartProductImportInput) => Promise<{ jobId: string }>;
  upload: (input: UploadProductImportChunkInput) => Promise<unknown>;
  run: (input: ProductImportJobInput) => Promise<unknown>;
}

/** Tries of one upload before the import gives up (an upload is stored again whole, so a retry is safe). */
const UPLOAD_TRIES = 3;

async function withRetries<Result>(send: () => Promise<Result>): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= UPLOAD_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

/**
 * Starts an import job for the checked file: its good rows and its refused ones, uploaded in
 * chunks with progress, then run in the background. The job's id.
 */
export async function startImportJob(fileName: string, parsed: ParsedImport, calls: ImportJobCalls, onProgress?: (done: number, total: number) => void): Promise<string> {
  const chunks = productImportChunks(parsed);
  const totalRows = chunks.reduce((sum, chunk) => sum + chunk.rows.length + chunk.refused.length, 0);
  const { jobId } = await calls.start({ fileName, totalRows });
  let done = 0;
  onProgress?.(0, totalRows);
  for (const [index, chunk] of chunks.entries()) {
    await withRetries(() => calls.upload({ jobId, chunk: index, rows: chunk.rows, refused: chunk.refused }));
    done += chunk.rows.length + chunk.refused.length;
    onProgress?.(done, totalRows);
  }
  await withRetries(() => calls.run({ jobId }));
  return jobId;
}

/** A job's refused rows as a CSV file's text: line, column, problem. */
export function refusedRowsCsv(rows: readonly RefusedImportRow[]): string {
  return `\uFEFF${Papa.unparse(refusedRowsCsvTable(rows), { newline: '\r\n' })}\r\n`;
}
