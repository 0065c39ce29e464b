/**
 * The product CSV import as a background job (domain/src/productImportJob.ts). The back office
 * starts a job, uploads the file's rows in chunks and runs it; a task applies one chunk per
 * transaction (products, SKUs, webhook events, backorder fills, the chunk marked done and the job's
 * counts moved together), so a failure stops between chunks and a resume starts at the first chunk
 * not done. One audit entry records the whole file when the job ends.
 */
import { FieldPath, FieldValue, Timestamp, type DocumentReference, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/logger';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import {
  formatCount,
  isRecord,
  isStaffRole,
  productImportJobFromData,
  productImportJobInputSchema,
  productImportResumable,
  productImportSummary,
  productInputSchema,
  startProductImportInputSchema,
  storedNumber,
  storedText,
  uploadProductImportChunkInputSchema,
  type ImportedProduct,
  type ProductImportStatus,
  type RefusedImportRow,
  type StoredData,
  type ValidProduct,
} from '@harbor/domain';
import { db } from './admin';
import { appendAudit } from './audit';
import { callableOptions, parseInput, requireStaff, type Staff } from './callable';
import { importOutcome, importTarget, productIdsBySku, writeImportedRows, type ImportRow } from './importProducts';
import { enqueueTask } from './tasks';
import { runContendedTransaction } from './transactions';

const QUEUE = 'processProductImport';
/** How long one task applies chunks before it hands the rest to a new task (well inside its deadline). */
const WORK_MS = 120_000;
const TASK_DEADLINE_SECONDS = 300;

interface ImportTask {
  jobId: string;
}

const jobRef = (jobId: string) => db.doc(`productImports/${jobId}`);
/** Chunk ids sort as their numbers, so the first chunk not done is the first by id. */
const chunkRef = (job: DocumentReference, chunk: number) => job.collection('chunks').doc(String(chunk).padStart(5, '0'));
const refusedRef = (job: DocumentReference, line: number) => job.collection('refused').doc(String(line).padStart(7, '0'));

const NO_JOB = (jobId: string) => new HttpsError('not-found', `There is no product import ${jobId}.`);

/** An admin starts an import of a file of `totalRows` rows; its rows follow in chunks. */
export const startProductImport = onCall(callableOptions(), async (request): Promise<{ jobId: string }> => {
  const staff = await requireStaff(request, 'products.edit');
  const { fileName, totalRows } = parseInput(startProductImportInputSchema, request.data);
  const job = db.collection('productImports').doc();
  const now = Timestamp.now();
  await job.create({
    status: 'uploading' satisfies ProductImportStatus,
    fileName,
    totalRows,
    uploadedRows: 0,
    doneRows: 0,
    refusedRows: 0,
    added: 0,
    changed: 0,
    unchanged: 0,
    runs: 0,
    createdBy: { uid: staff.uid, name: staff.name, role: staff.role, requestId: staff.requestId },
    createdAt: now,
    updatedAt: now,
    startedAt: null,
    finishedAt: null,
    error: '',
  });
  return { jobId: job.id };
});

/** One chunk of the file's rows, stored as sent (again, to replace it, while the job is uploading). */
export const uploadProductImportChunk = onCall(callableOptions(), async (request): Promise<{ jobId: string; uploadedRows: number }> => {
  await requireStaff(request, 'products.edit');
  const { jobId, chunk, rows, refused } = parseInput(uploadProductImportChunkInputSchema, request.data);
  const job = jobRef(jobId);
  const uploadedRows = await db.runTransaction(async (transaction) => {
    const [jobSnapshot, chunkSnapshot] = await transaction.getAll(job, chunkRef(job, chunk));
    if (!jobSnapshot!.exists) throw NO_JOB(jobId);
    if (jobSnapshot!.get('status') !== 'uploading') throw new HttpsError('failed-precondition', 'This import has started: its rows can no longer be changed.');
    const rowCount = rows.length + refused.length;
    const uploaded = storedNumber(jobSnapshot!.get('uploadedRows')) - storedNumber(chunkSnapshot!.get('rowCount')) + rowCount;
    const total = storedNumber(jobSnapshot!.get('totalRows'));
    if (uploaded > total) throw new HttpsError('invalid-argument', `The chunks hold more rows than the file's ${formatCount(total)}.`);
    transaction.set(chunkSnapshot!.ref, { chunk, rows, refused, rowCount, done: false });
    transaction.update(job, { uploadedRows: uploaded, updatedAt: Timestamp.now() });
    return uploaded;
  });
  return { jobId, uploadedRows };
});

/**
 * Runs the job once every row has arrived, or resumes it after a failure (or a worker that stopped
 * answering). A job already queued is queued again under the same task id, so a retried call is
 * one task; a job running or done is left as it is.
 */
export const runProductImport = onCall(callableOptions(), async (request): Promise<{ jobId: string; status: ProductImportStatus }> => {
  await requireStaff(request, 'products.edit');
  const { jobId } = parseInput(productImportJobInputSchema, request.data);
  const job = jobRef(jobId);
  const { status, runs } = await db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(job);
    if (!snapshot.exists) throw NO_JOB(jobId);
    const stored = productImportJobFromData(jobId, snapshot.data()!);
    const runs = storedNumber(snapshot.get('runs'));
    if (stored.status === 'uploading' && stored.uploadedRows < stored.totalRows) {
      throw new HttpsError('failed-precondition', `Only ${formatCount(stored.uploadedRows)} of the file's ${formatCount(stored.totalRows)} rows have arrived. Upload the rest first.`);
    }
    if (stored.status !== 'uploading' && !productImportResumable(stored, Date.now())) return { status: stored.status, runs };
    transaction.update(job, { status: 'queued', runs: runs + 1, error: '', updatedAt: Timestamp.now() });
    return { status: 'queued' as const, runs: runs + 1 };
  });
  if (status === 'queued') await enqueueTask<ImportTask>(QUEUE, { jobId }, jobId, `run-${runs}`, TASK_DEADLINE_SECONDS);
  return { jobId, status };
});

/** A stored row's product, checked again; or why it is refused. */
function checkedRow(row: unknown): { line: number; product: ValidProduct } | RefusedImportRow {
  const line = isRecord(row) ? storedNumber(row.line) : 0;
  const parsed = productInputSchema.safeParse(isRecord(row) ? row.product : undefined);
  if (parsed.success) return { line, product: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { line, column: String(issue.path[0] ?? ''), message: issue.message };
}

/** What one chunk did, added to the job's counts. */
interface ChunkCounts {
  rows: number;
  added: number;
  changed: number;
  unchanged: number;
  refused: number;
}

/**
 * Applies one chunk in one transaction: its rows are checked again, each refused with its line when
 * it fails or clashes (a SKU another product holds, a SKU twice), the others written; the chunk is
 * marked done and the job's counts move with them. A chunk already done (a task delivered twice)
 * is left alone.
 */
async function applyChunk(job: DocumentReference, chunk: DocumentSnapshot): Promise<void> {
  const stored: unknown = chunk.get('rows');
  if (!Array.isArray(stored)) throw new Error('its stored rows could not be read');
  const checked = stored.map(checkedRow);
  const good = checked.filter((row): row is { line: number; product: ValidProduct } => 'product' in row);
  const bySku = await productIdsBySku([...new Set(good.map((row) => row.product.sku))]);

  await runContendedTransaction(async (transaction) => {
    // Read again inside: a second delivery of the task finds the chunk done here and writes nothing.
    const [chunkNow] = await transaction.getAll(chunk.ref);
    if (!chunkNow!.exists || chunkNow!.get('done') === true) return;
    const refused: RefusedImportRow[] = [...((chunkNow!.get('refused') as RefusedImportRow[] | undefined) ?? []), ...checked.filter((row): row is RefusedImportRow => 'message' in row)];
    const targets: { line: number; product: ValidProduct; id: string }[] = [];
    const lineOfSku = new Map<string, number>();
    const lineOfId = new Map<string, number>();
    for (const { line, product } of good) {
      const target = importTarget(product, bySku);
      const earlier = lineOfSku.get(product.sku);
      if ('problem' in target) refused.push({ line, column: 'sku', message: target.problem });
      else if (earlier !== undefined) refused.push({ line, column: 'sku', message: `SKU ${product.sku} is also on line ${earlier}.` });
      else if (lineOfId.has(target.id)) refused.push({ line, column: 'id', message: `Line ${lineOfId.get(target.id)} updates the same product.` });
      else {
        lineOfSku.set(product.sku, line);
        lineOfId.set(target.id, line);
        targets.push({ line, product, id: target.id });
      }
    }
    const products = targets.length ? ((await transaction.getAll(...targets.map((target) => db.doc(`products/${target.id}`)))) as DocumentSnapshot[]) : [];
    const rows: ImportRow[] = targets.map((target, index) => ({ product: target.product, id: target.id, stored: products[index]! }));
    const outcomes: ImportedProduct[] = rows.map(importOutcome);
    await writeImportedRows(transaction, rows, outcomes, null);
    for (const row of refused) transaction.set(refusedRef(job, row.line), { line: row.line, column: row.column, message: row.message });
    const counts: ChunkCounts = {
      rows: storedNumber(chunkNow!.get('rowCount')),
      added: outcomes.filter((outcome) => outcome.outcome === 'new').length,
      changed: outcomes.filter((outcome) => outcome.outcome === 'changed').length,
      unchanged: outcomes.filter((outcome) => outcome.outcome === 'unchanged').length,
      refused: refused.length,
    };
    transaction.update(chunk.ref, { done: true, doneAt: Timestamp.now(), counts });
    transaction.update(job, {
      doneRows: FieldValue.increment(counts.rows),
      added: FieldValue.increment(counts.added),
      changed: FieldValue.increment(counts.changed),
      unchanged: FieldValue.increment(counts.unchanged),
      refusedRows: FieldValue.increment(counts.refused),
      updatedAt: Timestamp.now(),
    });
  }, 'These products are being changed by orders right now.');
}

/** "lines 502 to 1,001" of a chunk, from the lines it holds. */
function linesOf(chunk: DocumentSnapshot): string {
  const entries = [chunk.get('rows'), chunk.get('refused')].flatMap((list: unknown) => (Array.isArray(list) ? list : []));
  const lines = entries.map((entry: unknown) => (isRecord(entry) ? storedNumber(entry.line) : 0)).filter((line) => line > 0);
  return lines.length ? `lines ${formatCount(Math.min(...lines))} to ${formatCount(Math.max(...lines))}` : `chunk ${Number(chunk.id) + 1}`;
}

const nextChunk = (job: DocumentReference) => job.collection('chunks').where('done', '==', false).orderBy(FieldPath.documentId()).limit(1);

/** The job is done when no chunk is left: its status, end time and the one audit entry for the file, once. */
async function finishJob(job: DocumentReference): Promise<void> {
  await db.runTransaction(async (transaction: Transaction) => {
    const [snapshot, left] = await Promise.all([transaction.get(job), transaction.get(nextChunk(job))]);
    if (!snapshot.exists || snapshot.get('status') !== 'running' || !left.empty) return;
    const stored = productImportJobFromData(job.id, snapshot.data()!);
    transaction.update(job, { status: 'done', finishedAt: Timestamp.now(), updatedAt: Timestamp.now() });
    const createdBy = (snapshot.get('createdBy') ?? {}) as StoredData;
    const staff: Staff = { uid: storedText(createdBy.uid), name: storedText(createdBy.name), role: isStaffRole(createdBy.role) ? createdBy.role : 'admin', requestId: storedText(createdBy.requestId) };
    appendAudit(transaction, staff, { action: 'product.import', target: `productImports/${job.id}`, summary: productImportSummary(stored) });
  });
}

/**
 * The job's worker: applies chunks in order until none is left or its time is up, then hands the
 * rest to a new task. A chunk that fails stops the job as `failed` with the reason; everything
 * before it stays applied, and runProductImport resumes from it. A worker that dies without a word
 * is tried again by the queue, from the same place.
 */
export const processProductImport = onTaskDispatched<ImportTask>(
  { retryConfig: { maxAttempts: 5, minBackoffSeconds: 10 }, rateLimits: { maxConcurrentDispatches: 2 }, timeoutSeconds: TASK_DEADLINE_SECONDS, memory: '1GiB' },
  async (request) => {
    const { jobId } = request.data ?? {};
    if (typeof jobId !== 'string' || !jobId || jobId.includes('/')) {
      logger.error('processProductImport: a task without a job id', { data: request.data });
      return;
    }
    const job = jobRef(jobId);
    const snapshot = await job.get();
    if (!snapshot.exists || !['queued', 'running'].includes(String(snapshot.get('status')))) return;
    await job.update({ status: 'running', startedAt: snapshot.get('startedAt') ?? Timestamp.now(), updatedAt: Timestamp.now() });
    const until = Date.now() + WORK_MS;
    for (;;) {
      const next = (await nextChunk(job).get()).docs[0];
      if (!next) return finishJob(job);
      if (Date.now() > until) {
        await enqueueTask<ImportTask>(QUEUE, { jobId }, jobId, `run-${storedNumber(snapshot.get('runs'))}-from-${next.id}`, TASK_DEADLINE_SECONDS);
        return;
      }
      try {
        await applyChunk(job, next);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        logger.error(`processProductImport: ${jobId} stopped at chunk ${next.id}`, error);
        await job.update({ status: 'failed', error: `Stopped at ${linesOf(next)}: ${reason}. Every line before them was imported; resume to go on from there.`, updatedAt: Timestamp.now() });
        return;
      }
    }
  },
);
