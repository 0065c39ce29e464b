import { useId, useState, type FormEvent } from 'react';
import { ACCOUNTING_FORMAT_LABELS, ACCOUNTING_FORMATS, exportAccountingInputSchema, firstIssueMessage, type AccountingFormat, type ExportAccountingResult } from '@harbor/domain';
import { FieldShell, fieldError } from '../../../../components/FieldShell';
import { FormDialogActions } from '../../../../components/FormDialogActions';
import { Modal, MODAL_TOASTER } from '../../../../components/Modal';
import { Spinner } from '../../../../components/Spinner';
import { saveFile } from '../../../../lib/download';
import { todayKey } from '../../../../lib/dates';
import { toast } from '../../../../lib/toast';
import { useExportAccountingMutation } from '../../integrationsApi';

/** The first day of this month, as yyyy-mm-dd. */
const monthStart = () => `${todayKey().slice(0, 8)}01`;

/** Saves each file (no byte-order mark: the importers read the first column's name as written). */
function saveFiles(result: ExportAccountingResult) {
  for (const file of result.files) saveFile(new Blob([file.csv], { type: 'text/csv;charset=utf-8' }), file.name);
}

/** Finance picks a system and the days, and downloads that period's invoices, credit notes and payments as CSV files. */
export function AccountingExportDialog({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const [format, setFormat] = useState<AccountingFormat>('quickbooks');
  const [from, setFrom] = useState(monthStart);
  const [to, setTo] = useState(todayKey);
  const [problem, setProblem] = useState('');
  const [exportAccounting, { isLoading, data }] = useExportAccountingMutation();

  async function run(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = exportAccountingInputSchema.safeParse({ format, from, to });
    if (!checked.success) return setProblem(firstIssueMessage(checked.error));
    setProblem('');
    const result = await exportAccounting({ format, from, to });
    if (result.error) return setProblem(result.error.message ?? 'The export could not be made. Please try again.');
    saveFiles(result.data);
    toast.success(`${result.data.files.length} files downloaded for ${ACCOUNTING_FORMAT_LABELS[format]}.`, { toasterId: MODAL_TOASTER });
  }

  return (
    <Modal title="Export for accounting" onClose={onClose} locked={isLoading}>
      <form onSubmit={run} noValidate>
        <div className="dialog-body accounting-export">
          <fieldset className="choice-list">
            <legend>Accounting system</legend>
            {ACCOUNTING_FORMATS.map((each) => (
              <label key={each} className="checkbox-field">
                <input type="radio" name={`${formId}-format`} checked={format === each} onChange={() => setFormat(each)} />
                {ACCOUNTING_FORMAT_LABELS[each]}
              </label>
            ))}
          </fieldset>
          <div className="accounting-export-days">
            <FieldShell label="From">{(control) => <input {...control} type="date" value={from} onChange={(event) => setFrom(event.target.value)} required />}</FieldShell>
            <FieldShell label="To">{(control) => <input {...control} type="date" value={to} onChange={(event) => setTo(event.target.value)} required />}</FieldShell>
          </div>
          <p className="muted small">Invoices and credit notes issued, and payments received or reversed, on these days (UTC), as three CSV files in the system&apos;s import layout.</p>
          {isLoading && <Spinner label="Reading the period and writing the files…" />}
          {data && !isLoading && (
            <ul className="export-files" aria-label="Files downloaded">
              {data.files.map((file) => (
                <li key={file.name}>
                  <button type="button" className="link-button" onClick={() => saveFile(new Blob([file.csv], { type: 'text/csv;charset=utf-8' }), file.name)}>
                    {file.name}
                  </button>
                  <span className="muted small">
                    ({file.rows} {file.rows === 1 ? 'row' : 'rows'})
                  </span>
                </li>
              ))}
            </ul>
          )}
          {problem && (
            <p className="field-error" role="alert">
              {fieldError(problem)?.message}
            </p>
          )}
        </div>
        <FormDialogActions submitLabel={data ? 'Export again' : 'Export'} busyLabel="Exporting…" busy={isLoading} cancelLabel="Close" onCancel={onClose} />
      </form>
    </Modal>
  );
}
