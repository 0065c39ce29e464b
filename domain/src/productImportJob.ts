/**
 * A product CSV import as a background job (`productImports/{jobId}`): the browser checks the file,
 * uploads its good rows in chunks and names the rows it refused; a task applies the chunks one
 * transaction each, marking a chunk done with its writes, so after a failure the job resumes at the
 * first chunk not done and never applies one twice.
 */
import { z } from 'zod';
import { formatCount } from './money';
import type { ParsedImport } from './productCsv';
import type { ValidProduct } from './productSchema';
import { documentIdSchema } from './schemas';
import { millisOf, storedNumber, storedText, type StoredData } from './storedFields';

/** Rows one upload carries and one transaction of the job applies. */
export const PRODUCT_IMPORT_CHUNK = 500;
/** The most rows a file may hold. */
export const PRODUCT_IMPORT_MAX_ROWS = 200_000;
/** The last row number a file may have: blank rows count, so it can be well past its product rows. */
const PRODUCT_IMPORT_LAST_LINE = PRODUCT_IMPORT_MAX_ROWS * 10;
/** The most characters of JSON one upload carries (a callable takes 256 KB at most). */
export const PRODUCT_IMPORT_CHUNK_CHARS = 200_000;

export const PRODUCT_IMPORT_STATUSES = ['uploading', 'queued', 'running', 'done', 'failed'] as const;
export type ProductImportStatus = (typeof PRODUCT_IMPORT_STATUSES)[number];

export const PRODUCT_IMPORT_STATUS_LABELS: Record<ProductImportStatus, string> = {
  uploading: 'Uploading',
  queued: 'Waiting to start',
  running: 'Importing',
  done: 'Finished',
  failed: 'Stopped',
};

/** A row of the file that was not imported: its line in the file (the header is line 1) and why. */
export interface RefusedImportRow {
  line: number;
  column: string;
  message: string;
}

const lineSchema = z.number('line must be a number.').int('line must be a whole number.').min(2, 'line counts from 2 (the header is line 1).').max(PRODUCT_IMPORT_LAST_LINE, 'line is past the largest file.');

const REFUSED_COLUMN_LENGTH = 100;
const REFUSED_MESSAGE_LENGTH = 500;

/** Text cut to a stored field's length, with an ellipsis where it was cut. */
const withinLength = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

const refusedRowSchema = z.strictObject({
  line: lineSchema,
  column: z.string('column must be text.').max(REFUSED_COLUMN_LENGTH, 'column is too long.'),
  message: z.string('message must be text.').min(1, 'message is required.').max(REFUSED_MESSAGE_LENGTH, 'message is too long.'),
});

export const startProductImportInputSchema = z.strictObject({
  fileName: z.string('fileName must be text.').trim().min(1, 'fileName is required.').max(200, 'fileName is at most 200 characters.'),
  totalRows: z.number('totalRows must be a number.').int('totalRows must be a whole number.').min(1, 'The file has no product rows.').max(PRODUCT_IMPORT_MAX_ROWS, `A file holds at most ${formatCount(PRODUCT_IMPORT_MAX_ROWS)} rows.`),
});
export type StartProductImportInput = z.input<typeof startProductImportInputSchema>;

/**
 * One chunk of the file, in the order of its lines: the good rows, and the rows the browser
 * refused with why. Each product is checked again by the job (never trusted from the browser): one
 * that fails is refused with its line, the others are imported.
 */
export const uploadProductImportChunkInputSchema = z.strictObject({
  jobId: documentIdSchema('jobId'),
  chunk: z.number('chunk must be a number.').int('chunk must be a whole number.').min(0, 'chunk counts from 0.').max(Math.ceil(PRODUCT_IMPORT_MAX_ROWS / PRODUCT_IMPORT_CHUNK), 'chunk is past the largest file.'),
  rows: z
    .array(z.strictObject({ line: lineSchema, product: z.unknown() }))
    .max(PRODUCT_IMPORT_CHUNK, `A chunk holds at most ${PRODUCT_IMPORT_CHUNK} rows.`),
  refused: z.array(refusedRowSchema).max(PRODUCT_IMPORT_CHUNK, `A chunk holds at most ${PRODUCT_IMPORT_CHUNK} rows.`).default([]),
}).refine((input) => input.rows.length + input.refused.length > 0, 'A chunk holds at least one row.')
  .refine((input) => input.rows.length + input.refused.length <= PRODUCT_IMPORT_CHUNK, `A chunk holds at most ${PRODUCT_IMPORT_CHUNK} rows.`);
export type UploadProductImportChunkInput = z.input<typeof uploadProductImportChunkInputSchema>;

export const productImportJobInputSchema = z.strictObject({ jobId: documentIdSchema('jobId') });
export type ProductImportJobInput = z.input<typeof productImportJobInputSchema>;

export interface ProductImportJob {
  id: string;
  status: ProductImportStatus;
  fileName: string;
  totalRows: number;
  /** Rows uploaded, refused rows included. */
  uploadedRows: number;
  /** Rows the job has dealt with: imported, unchanged or refused. */
  doneRows: number;
  refusedRows: number;
  added: number;
  changed: number;
  unchanged: number;
  createdBy: string;
  /** Milliseconds since the epoch; 0 when not yet. */
  createdAt: number;
  startedAt: number;
  finishedAt: number;
  /** The last progress. */
  updatedAt: number;
  /** Why the job stopped, when it failed. */
  error: string;
}

export function productImportStatus(value: unknown): ProductImportStatus {
  return PRODUCT_IMPORT_STATUSES.includes(value as ProductImportStatus) ? (value as ProductImportStatus) : 'failed';
}

export function productImportJobFromData(id: string, data: StoredData): ProductImportJob {
  const createdBy = data.createdBy as StoredData | undefined;
  return {
    id,
    status: productImportStatus(data.status),
    fileName: storedText(data.fileName),
    totalRows: storedNumber(data.totalRows),
    uploadedRows: storedNumber(data.uploadedRows),
    doneRows: storedNumber(data.doneRows),
    refusedRows: storedNumber(data.refusedRows),
    added: storedNumber(data.added),
    changed: storedNumber(data.changed),
    unchanged: storedNumber(data.unchanged),
    createdBy: storedText(createdBy?.name),
    createdAt: millisOf(data.createdAt),
    startedAt: millisOf(data.startedAt),
    finishedAt: millisOf(data.finishedAt),
    updatedAt: millisOf(data.updatedAt),
    error: storedText(data.error),
  };
}

export function refusedImportRowFromData(data: StoredData): RefusedImportRow {
  return { line: storedNumber(data.line), column: storedText(data.column), message: storedText(data.message) };
}

/** How long a running job may go without progress before it counts as stopped and may be resumed (its worker died). */
export const PRODUCT_IMPORT_STALL_MS = 10 * 60_000;

/** Whether the job can be started again from its first chunk not done: after a failure or a stall, never twice at once. */
export function productImportResumable(job: Pick<ProductImportJob, 'status' | 'updatedAt'>, now: number): boolean {
  return job.status === 'failed' || (job.status === 'running' && now - job.updatedAt > PRODUCT_IMPORT_STALL_MS);
}

/** One line of what the job did, for its page and the audit log. */
export function productImportSummary(job: Pick<ProductImportJob, 'fileName' | 'added' | 'changed' | 'unchanged' | 'refusedRows'>): string {
  return `Imported ${job.fileName}: ${formatCount(job.added)} new, ${formatCount(job.changed)} changed, ${formatCount(job.unchanged)} unchanged, ${formatCount(job.refusedRows)} refused.`;
}

/** One upload: the good rows and the refused ones of a run of lines. */
export interface ProductImportChunk {
  rows: { line: number; product: ValidProduct }[];
  refused: RefusedImportRow[];
}

/**
 * The checked file in uploads, in the order of its lines: each at most PRODUCT_IMPORT_CHUNK rows
 * and PRODUCT_IMPORT_CHUNK_CHARS of JSON (long descriptions fill an upload before its row count
 * does). A line with several problems is one refused row naming them all.
 */
export function productImportChunks(parsed: ParsedImport): ProductImportChunk[] {
  const refusedByLine = new Map<number, RefusedImportRow>();
  for (const { row: line, column, message } of parsed.problems) {
    const earlier = refusedByLine.get(line);
    refusedByLine.set(
      line,
      earlier ? { line, column: withinLength(`${earlier.column}, ${column}`, REFUSED_COLUMN_LENGTH), message: withinLength(`${earlier.message} ${message}`, REFUSED_MESSAGE_LENGTH) } : { line, column, message },
    );
  }
  const lines: ({ line: number; product: ValidProduct } | RefusedImportRow)[] = [
    ...parsed.products.map((product) => ({ line: product.row, product: product.input })),
    ...refusedByLine.values(),
  ].sort((a, b) => a.line - b.line);
  const chunks: ProductImportChunk[] = [];
  let current: ProductImportChunk = { rows: [], refused: [] };
  let chars = 0;
  for (const entry of lines) {
    const size = JSON.stringify(entry).length + 1;
    if (current.rows.length + current.refused.length >= PRODUCT_IMPORT_CHUNK || (chars + size > PRODUCT_IMPORT_CHUNK_CHARS && chars > 0)) {
      chunks.push(current);
      current = { rows: [], refused: [] };
      chars = 0;
    }
    if ('product' in entry) current.rows.push(entry);
    else current.refused.push(entry);
    chars += size;
  }
  if (chars > 0) chunks.push(current);
  return chunks;
}

/** The refused rows as a table for a CSV file: the line, the column and the problem. */
export function refusedRowsCsvTable(rows: readonly RefusedImportRow[]): string[][] {
  return [['line', 'column', 'problem'], ...rows.map((row) => [String(row.line), row.column, row.message])];
}
