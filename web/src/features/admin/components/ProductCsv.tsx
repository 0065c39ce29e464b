import { useRef, useState } from 'react';
import { Download, Upload } from 'lucide-react';
import type { CsvProblem, ImportedProduct, ImportProductsInput, ParsedImport } from '@harbor/domain';
import { failureMessage } from '../../../components/LoadError';
import { Modal } from '../../../components/Modal';
import { saveFile } from '../../../lib/download';
import { toast } from '../../../lib/toast';
import { useImportProductsMutation, useLazyCountProductsQuery, useLazyExportProductsPageQuery } from '../api';
import type { ImportRun } from '../productImport';

const loadImport = () => import('../productImport');
/** Rows listed in the preview and the problem list; the counts cover every row. */
const LISTED = 200;

type Step =
  | { kind: 'working'; label: string; done: number; total: number }
  | { kind: 'problems'; problems: CsvProblem[] }
  | { kind: 'preview'; parsed: ParsedImport; outcomes: ImportedProduct[]; failures: ImportRun['failures'] }
  | { kind: 'done'; run: ImportRun; unchanged: number };

function Progress({ label, done, total, unit = 'rows' }: { label: string; done: number; total: number; unit?: string }) {
  return (
    <div className="import-progress">
      <label>
        {label} {done.toLocaleString('en-US')} of {total.toLocaleString('en-US')} {unit}
        <progress max={total || 1} value={done} />
      </label>
    </div>
  );
}

function Failures({ failures }: { failures: ImportRun['failures'] }) {
  if (!failures.length) return null;
  return (
    <div role="alert">
      <p>
        <strong>{failures.length === 1 ? 'One batch was' : `${failures.length} batches were`} not imported</strong> (nothing of {failures.length === 1 ? 'it' : 'them'} was written):
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

/** "Export CSV" and "Import CSV" of the product list, with the import's preview, progress and report. */
export function ProductCsv() {
  const [countProducts] = useLazyCountProductsQuery();
  const [exportPage] = useLazyExportProductsPageQuery();
  const [importBatch] = useImportProductsMutation();
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
    const { readProductCsv, runProductImport } = await loadImport();
    const parsed = await readProductCsv(await file.text(), (done, total) => setStep({ kind: 'working', label: 'Checking', done, total }));
    if (parsed.problems.length) {
      setStep({ kind: 'problems', problems: parsed.problems });
      return;
    }
    const compared = await runProductImport(parsed.products, false, call, (done, total) => setStep({ kind: 'working', label: 'Comparing', done, total }));
    setStep({ kind: 'preview', parsed, outcomes: compared.outcomes, failures: compared.failures });
  }

  async function apply(parsed: ParsedImport, outcomes: ImportedProduct[]) {
    const { runProductImport } = await loadImport();
    const changing = new Set(outcomes.filter((outcome) => outcome.outcome !== 'unchanged').map((outcome) => outcome.sku));
    const products = parsed.products.filter((product) => changing.has(product.input.sku));
    const run = await runProductImport(products, true, call, (done, total) => setStep({ kind: 'working', label: 'Importing', done, total }));
    setStep({ kind: 'done', run, unchanged: parsed.products.length - products.length });
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
              <div className="table-scroll">
                <table className="admin-table compact">
                  <caption className="visually-hidden">Problems by row and column</caption>
                  <thead>
                    <tr>
                      <th scope="col">Row</th>
                      <th scope="col">Column</th>
                      <th scope="col">Problem</th>
                    </tr>
                  </thead>
                  <tbody>
                    {step.problems.slice(0, LISTED).map((problem, index) => (
                      <tr key={`${problem.row}-${problem.column}-${index}`}>
                        <td>{problem.row}</td>
                        <td>{problem.column}</td>
                        <td>{problem.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <button type="button" className="button" onClick={close}>
                Close
              </button>
            </>
          )}
          {step.kind === 'preview' && <Preview step={step} onApply={() => void apply(step.parsed, step.outcomes)} onCancel={close} />}
          {step.kind === 'done' && (
            <>
              <p role="status">
                Import finished: {step.run.outcomes.filter((outcome) => outcome.outcome === 'new').length} products created,{' '}
                {step.run.outcomes.filter((outcome) => outcome.outcome === 'changed').length} updated, {step.unchanged} unchanged.
              </p>
              <Failures failures={step.run.failures} />
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

function Preview({ step, onApply, onCancel }: { step: Extract<Step, { kind: 'preview' }>; onApply: () => void; onCancel: () => void }) {
  const created = step.outcomes.filter((outcome) => outcome.outcome === 'new');
  const changed = step.outcomes.filter((outcome) => outcome.outcome === 'changed');
  const listed = [...created, ...changed].slice(0, LISTED);
  const writes = created.length + changed.length;
  return (
    <>
      <p role="status">
        {created.length} new, {changed.length} changed, {step.outcomes.length - writes} unchanged. Nothing is written until you confirm.
      </p>
      <Failures failures={step.failures} />
      {listed.length > 0 && (
        <div className="table-scroll">
          <table className="admin-table compact">
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
        {writes > 0 ? (
          <button type="button" className="button" onClick={onApply} disabled={step.failures.length > 0}>
            Import {writes} product{writes === 1 ? '' : 's'}
          </button>
        ) : (
          <p>The file matches the catalog: there is nothing to import.</p>
        )}
        <button type="button" className="button secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}
