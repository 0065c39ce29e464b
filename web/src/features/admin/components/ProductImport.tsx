import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Download, RotateCw } from 'lucide-react';
import { formatCount, productImportResumable, productImportSummary, type ProductImportJob, type RefusedImportRow } from '@harbor/domain';
import { failureMessage, LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';
import { paths } from '../../../config';
import { formatDateTime } from '../../../lib/dates';
import { saveFile } from '../../../lib/download';
import { toast } from '../../../lib/toast';
import { AdminFrame } from './AdminFrame';
import { ImportStatusBadge } from './ImportStatusBadge';
import { RefusedRowsTable } from './RefusedRowsTable';
import { useGetProductImportQuery, useGetRefusedImportRowsQuery, useLazyGetRefusedImportRowsQuery, useRunProductImportMutation } from '../productImportsApi';

/** Refused rows shown on the page; the download holds them all. */
const SHOWN_REFUSED = 100;
/** Refused rows the download reads per query. */
const DOWNLOAD_PAGE = 1000;

function JobProgress({ job }: { job: ProductImportJob }) {
  const uploading = job.status === 'uploading';
  const done = uploading ? job.uploadedRows : job.doneRows;
  return (
    <div className="import-progress">
      <label>
        {uploading ? 'Uploaded' : 'Done'} {formatCount(done)} of {formatCount(job.totalRows)} rows
        <progress max={job.totalRows || 1} value={done} />
      </label>
    </div>
  );
}

function JobFacts({ job }: { job: ProductImportJob }) {
  const seconds = job.finishedAt && job.startedAt ? Math.max(0.001, (job.finishedAt - job.startedAt) / 1000) : 0;
  return (
    <dl className="admin-return-facts">
      <dt>Started by</dt>
      <dd>
        {job.createdBy || 'Staff'}, {formatDateTime(job.createdAt)}
      </dd>
      {job.finishedAt > 0 && (
        <>
          <dt>Finished</dt>
          <dd>
            {formatDateTime(job.finishedAt)} ({formatCount(Math.round(job.totalRows / seconds))} rows a second)
          </dd>
        </>
      )}
      <dt>New products</dt>
      <dd>{formatCount(job.added)}</dd>
      <dt>Changed</dt>
      <dd>{formatCount(job.changed)}</dd>
      <dt>Unchanged</dt>
      <dd>{formatCount(job.unchanged)}</dd>
      <dt>Refused rows</dt>
      <dd>{formatCount(job.refusedRows)}</dd>
    </dl>
  );
}

/** The rows the job refused so far, by line, and the whole list as a CSV file. */
function RefusedRows({ job }: { job: ProductImportJob }) {
  const { data: rows, error, refetch } = useGetRefusedImportRowsQuery({ jobId: job.id, afterLine: 0, pageSize: SHOWN_REFUSED }, { skip: job.refusedRows === 0 });
  const [readPage] = useLazyGetRefusedImportRowsQuery();
  const [downloading, setDownloading] = useState(false);
  // The job refuses rows as it goes: read them again when its count moves.
  useEffect(() => {
    if (job.refusedRows > 0) void refetch();
  }, [job.refusedRows, refetch]);
  if (job.refusedRows === 0) return null;

  async function download() {
    setDownloading(true);
    try {
      const all: RefusedImportRow[] = [];
      for (;;) {
        const page = await readPage({ jobId: job.id, afterLine: all.at(-1)?.line ?? 0, pageSize: DOWNLOAD_PAGE }, false).unwrap();
        all.push(...page);
        if (page.length < DOWNLOAD_PAGE) break;
      }
      const { refusedRowsCsv } = await import('../productImport');
      saveFile(new Blob([refusedRowsCsv(all)], { type: 'text/csv;charset=utf-8' }), `${job.fileName.replace(/\.csv$/i, '')}-refused-rows.csv`);
    } catch (failure) {
      toast.error(failureMessage(failure, 'The refused rows could not be downloaded. Please try again.'));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className="card" aria-labelledby="refused-heading">
      <h2 id="refused-heading">Refused rows</h2>
      <p className="small">
        These lines of the file were not imported. The download lists every one and why: correct them and import a file of just those lines. Importing the whole file again would also set the products already imported back to its stock and prices.
      </p>
      <button type="button" className="button secondary" onClick={() => void download()} disabled={downloading}>
        <Download size={18} aria-hidden="true" /> {downloading ? 'Downloading…' : 'Download refused rows (CSV)'}
      </button>
      {error !== undefined && <LoadError error={error} fallback="The refused rows could not be loaded." onRetry={refetch} />}
      {rows && <RefusedRowsTable rows={rows} caption="Refused rows by line of the file" shown={SHOWN_REFUSED} total={job.refusedRows} />}
    </section>
  );
}

/** The time now, moved on every minute: a running job that stops making progress becomes resumable without a reload. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function ImportJob({ job }: { job: ProductImportJob }) {
  const [resume, { isLoading: resuming }] = useRunProductImportMutation();
  const resumable = productImportResumable(job, useMinuteClock());

  async function resumeJob() {
    const result = await resume({ jobId: job.id });
    if ('error' in result) toast.error(failureMessage(result.error, 'The import could not be resumed. Please try again.'));
    else toast.success('The import goes on from where it stopped.');
  }

  return (
    <AdminFrame title={`Import of ${job.fileName}`} actions={<ImportStatusBadge status={job.status} />}>
      <p className="small">
        <Link to={paths.adminProductImports}>All imports</Link> · <Link to={paths.adminProducts}>Products</Link>
      </p>
      <section className="card" aria-labelledby="import-heading">
        <h2 id="import-heading" className="visually-hidden">
          Progress
        </h2>
        {job.status === 'done' ? <p role="status">{productImportSummary(job)}</p> : <JobProgress job={job} />}
        {(job.status === 'queued' || job.status === 'running') && <p className="small">The import runs on the server: you may leave this page and come back.</p>}
        {job.status === 'uploading' && (
          <p className="small">The file is still being uploaded. If its upload was interrupted, nothing of it was imported: import the file again.</p>
        )}
        {job.error && (
          <p role="alert" className="form-error">
            {job.error}
          </p>
        )}
        {resumable && (
          <button type="button" className="button" onClick={() => void resumeJob()} disabled={resuming}>
            <RotateCw size={18} aria-hidden="true" /> {resuming ? 'Resuming…' : 'Resume import'}
          </button>
        )}
        <JobFacts job={job} />
      </section>
      <RefusedRows job={job} />
    </AdminFrame>
  );
}

/** One product import: its progress while it runs (live), what it did, its refused rows, and Resume after a failure. */
export function ProductImport({ jobId }: { jobId: string }) {
  const { data: job, error, isLoading, refetch } = useGetProductImportQuery(jobId);
  if (isLoading) return <Spinner label="Loading the import…" />;
  if (job) return <ImportJob job={job} />;
  return (
    <AdminFrame title="Product import">
      {job === null ? (
        <div className="card admin-empty">
          <p>There is no product import {jobId}.</p>
          <Link to={paths.adminProductImports}>All imports</Link>
        </div>
      ) : (
        <LoadError error={error} fallback="The import could not be loaded." onRetry={refetch} />
      )}
    </AdminFrame>
  );
}
