import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Download, Upload } from 'lucide-react';
import { formatCount, type CsvProblem, type ImportedProduct, type ImportProductsInput, type ParsedImport } from '@harbor/domain';
import { failureMessage } from '../../../components/LoadError';
import { Modal } from '../../../components/Modal';
import { paths } from '../../../config';
import { saveFile } from '../../../lib/download';
import { toast } from '../../../lib/toast';
import { useImportProductsMutation, useLazyCountProductsQuery, useLazyExportProductsPageQuery } from '../api';
import type { ImportRun } from '../productImport';
import { RefusedRowsTable } from './RefusedRowsTable';
import { useRunProductImportMutation, useStartProductImportMutation, useUploadProductImportChunkMutation } from '../productImportsApi';

const loadImport = () => import('../productImport');
/** Rows listed in the review and the problem list; the counts cover every row. */
const LISTED = 200;
/** Files of up to this many good rows are compared with the catalog before the import (new, changed, unchanged); larger ones go straight to the job. */
export const COMPARED_ROWS = 1000;

type Step =
  | { kind: 'working'; label: string; done: number; total: number }
  | { kind: 'problems'; problems: CsvProblem[] }
  | { kind: 'review'; fileName: string; parsed: ParsedImport; compared: ImportRun | null }
  | { kind: 'failed'; message: string };

function Progress({ label, done, total, unit = 'rows' }: { label: string; done: number; total: number; unit?: string }) {
  return (
    <div className="import-progress">
      <label>
        {/* Until the count is known (the file read, the catalog counted), no "0 of 0". */}
        {total > 0 ? `${label} ${formatCount(done)} of ${formatCount(total)} ${unit}` : `${label}…`}
        <progress max={total || 1} value={total > 0 ? done : undefined} />
      </label>
    </div>
  );
}

/** Batches the comparison could not check; the job refuses those rows one by one, with why. */
function Failures({ failures }: { failures: ImportRun['failures'] }) {
  if (!failures.length) return null;
  return (
    <div role="alert">
      <p>
        <strong>{failures.length === 1 ? 'One batch' : `${failures.length} batches`} could not be compared</strong> (the import refuses the rows that clash and says why):
      </p>
      <ul className="small">
        {failures.map((failure) => (
          <li key={failure.rows[0]}>
            Rows {failure.rows[0]} to {failure.rows.at(-1)}: {failure.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The file's problems by line (its header is line 1). */
function ProblemsTable({ problems, caption }: { problems: CsvProblem[]; caption: string }) {
  return <RefusedRowsTable rows={problems.map(({ row, column, message }) => ({ line: row, column, message }))} caption={caption} shown={LISTED} />;
}

/** "Export CSV" and "Import CSV" of the product list, with the import's preview, progress and report. */
export function ProductCsv() {
  const navigate = useNavigate();
  const [countProducts] = useLazyCountProductsQuery();
  const [exportPage] = useLazyExportProductsPageQuery();
  const [importBatch] = useImportProductsMutation();
  const [startJob] = useStartProductImportMutation();
  const [uploadChunk] = useUploadProductImportChunkMutation();
  const [runJob] = useRunProductImportMutation();
  const [step, setStep] = useState<Step | null>(null);
  const [exported, setExported] = useState<{ done: number; total: number } | null>(null);
  const exportRun = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const call = (input: ImportProductsInput) => importBatch(input).unwrap();

  /** Reads the catalog a page at a time with progress, and offers the file once every page is in. */
  async function exportCsv() {
    const run = new AbortController();
    exportRun.current = run;
    setExported({ done: 0, total: 0 });
    try {
      const [total, { streamProductsCsv }] = await Promise.all([countProducts(undefined, false).unwrap(), loadImport()]);
      setExported({ done: 0, total });
      const parts = await streamProductsCsv(
        (afterSku, pageSize) => exportPage({ afterSku, pageSize }, false).unwrap(),
        (done) => setExported({ done, total: Math.max(total, done) }),
        run.signal,
      );
      if (!parts) return;
      saveFile(new Blob(parts, { type: 'text/csv;charset=utf-8' }), `products-${new Date().toISOString().slice(0, 10)}.csv`);
      toast.success('Products exported.');
    } catch (error) {
      if (!run.signal.aborted) toast.error(failureMessage(error, 'The products could not be exported. Please try again.'));
    } finally {
      if (exportRun.current === run) {
        exportRun.current = null;
        setExported(null);
      }
    }
  }

  const cancelExport = () => {
    exportRun.current?.abort();
    exportRun.current = null;
    setExported(null);
    toast.warning('The export was cancelled; no file was saved.');
  };

  async function readFile(file: File) {
    setStep({ kind: 'working', label: 'Checking', done: 0, total: 0 });
    try {
      const { readProductCsv, sendImportBatches } = await loadImport();
      const parsed = await readProductCsv(await file.text(), (done, total) => setStep({ kind: 'working', label: 'Checking', done, total }));
      // A malformed file or header, or no good row: nothing to import until the file is corrected.
      if (parsed.products.length === 0 || parsed.problems.some((problem) => problem.row === 1)) {
        setStep({ kind: 'problems', problems: parsed.problems });
        return;
      }
      const compared = parsed.products.length <= COMPARED_ROWS ? await sendImportBatches(parsed.products, false, call, (done, total) => setStep({ kind: 'working', label: 'Comparing', done, total })) : null;
      setStep({ kind: 'review', fileName: file.name, parsed, compared });
    } catch (error) {
      // The file gone or unreadable (moved, no longer allowed), or the import's code not loaded (offline).
      console.error('The product file could not be read.', error);
      setStep({ kind: 'failed', message: 'The file could not be read. Please check the connection and choose it again.' });
    }
  }

  /** Uploads the file to a new import job and opens the job's page, where it runs in the background. */
  async function startImport(fileName: string, parsed: ParsedImport) {
    const { startImportJob } = await loadImport();
    try {
      const jobId = await startImportJob(
        fileName,
        parsed,
        { start: (input) => startJob(input).unwrap(), upload: (input) => uploadChunk(input).unwrap(), run: (input) => runJob(input).unwrap() },
        (done, total) => setStep({ kind: 'working', label: 'Uploading', done, total }),
      );
      setStep(null);
      if (fileInput.current) fileInput.current.value = '';
      toast.success('The import is running; it goes on if you leave this page.');
      void navigate(paths.adminProductImport(jobId));
    } catch (error) {
      setStep({ kind: 'failed', message: failureMessage(error, 'The file could not be uploaded. Please try again.') });
    }
  }

  const close = () => {
    setStep(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <>
      <button type="button" className="button secondary" onClick={() => void exportCsv()} disabled={exported !== null}>
        <Download size={18} aria-hidden="true" /> {exported ? 'Exporting…' : 'Export CSV'}
      </button>
      {exported && (
        <Modal title="Export products" className="import-dialog" onClose={cancelExport}>
          <Progress label="Exported" done={exported.done} total={exported.total} unit="products" />
          <p className="small">The file downloads when every product has been read.</p>
          <button type="button" className="button secondary" onClick={cancelExport}>
            Cancel export
          </button>
        </Modal>
      )}
      <label className="button secondary file-button">
        <Upload size={18} aria-hidden="true" /> Import CSV
        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          className="visually-hidden"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void readFile(file);
          }}
        />
      </label>
      {step && (
        <Modal title="Import products" className="import-dialog" onClose={close} locked={step.kind === 'working'}>
          {step.kind === 'working' && <Progress label={step.label} done={step.done} total={step.total} />}
          {step.kind === 'problems' && (
            <>
              <p role="alert">
                <strong>
                  {step.problems.length} problem{step.problems.length === 1 ? '' : 's'} in the file.
                </strong>{' '}
                Nothing was imported; correct the file and import it again.
              </p>
              <ProblemsTable problems={step.problems} caption="Problems by row and column" />
              <button type="button" className="button" onClick={close}>
                Close
              </button>
            </>
          )}
          {step.kind === 'review' && <Review step={step} onImport={() => void startImport(step.fileName, step.parsed)} onCancel={close} />}
          {step.kind === 'failed' && (
            <>
              <p role="alert">{step.message}</p>
              <p className="small">Nothing was imported. Choose the file again to retry.</p>
              <button type="button" className="button" onClick={close}>
                Close
              </button>
            </>
          )}
        </Modal>
      )}
    </>
  );
}

/** What the file holds before it is imported: rows refused, and for a smaller file what each good row changes. */
function Review({ step, onImport, onCancel }: { step: Extract<Step, { kind: 'review' }>; onImport: () => void; onCancel: () => void }) {
  const { parsed, compared } = step;
  const refusedLines = new Set(parsed.problems.map((problem) => problem.row)).size;
  const outcomes: ImportedProduct[] = compared?.outcomes ?? [];
  const created = outcomes.filter((outcome) => outcome.outcome === 'new');
  const changed = outcomes.filter((outcome) => outcome.outcome === 'changed');
  const listed = [...created, ...changed].slice(0, LISTED);
  const rows = parsed.products.length;
  const nothingToDo = compared !== null && compared.failures.length === 0 && created.length + changed.length === 0 && refusedLines === 0;
  return (
    <>
      <p role="status">
        {compared
          ? `${created.length} new, ${changed.length} changed, ${outcomes.length - created.length - changed.length} unchanged.`
          : `${formatCount(rows)} rows to import: new and changed products are written, unchanged ones skipped.`}
        {refusedLines > 0 && ` ${formatCount(refusedLines)} row${refusedLines === 1 ? '' : 's'} refused (listed below).`} Nothing is written until you confirm.
      </p>
      {compared && <Failures failures={compared.failures} />}
      {refusedLines > 0 && <ProblemsTable problems={parsed.problems} caption="Refused rows by row and column" />}
      {listed.length > 0 && (
        <div className="table-scroll">
          <table className="admin-table compact import-changes">
            <caption className="visually-hidden">Products the import creates or changes</caption>
            <thead>
              <tr>
                <th scope="col">SKU</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {listed.map((outcome) => (
                <tr key={outcome.sku}>
                  <td>{outcome.sku}</td>
                  <td>{outcome.outcome === 'new' ? 'New product' : `Changes ${outcome.fields.join(', ')}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="status-actions">
        {nothingToDo ? (
          <p>The file matches the catalog: there is nothing to import.</p>
        ) : (
          <button type="button" className="button" onClick={onImport}>
            Import {formatCount(rows)} row{rows === 1 ? '' : 's'}
          </button>
        )}
        <button type="button" className="button secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <p className="small">The import runs in the background on the server: you can follow it, leave the page and come back.</p>
    </>
  );
}
