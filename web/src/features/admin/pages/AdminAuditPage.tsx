import { useId, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AUDIT_ACTIONS } from '@harbor/domain';
import { failureMessage } from '../../../components/LoadError';
import { readPagePosition } from '../../../lib/pagination';
import { toast } from '../../../lib/toast';
import { auditActionLabel, auditCsv } from '../auditCsv';
import { AdminFrame } from '../components/AdminFrame';
import { AdminListBody } from '../components/AdminListBody';
import { AuditEntries } from '../components/AuditEntries';
import { Pager } from '../components/Pager';
import { downloadText } from '../ordersCsv';
import { AUDIT_EXPORT_LIMIT, useGetAuditLogQuery, useGetStaffQuery, useLazyExportAuditLogQuery, useStaffNames, type AuditFilter } from '../staffApi';
import { useListParams } from '../useListParams';

const FILTER_NAMES = ['actor', 'action', 'target', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filter the URL holds; a date that is not yyyy-mm-dd is left out. */
function readFilter(params: URLSearchParams): AuditFilter {
  const value = (name: (typeof FILTER_NAMES)[number]) => (params.get(name) ?? '').trim();
  return { actor: value('actor'), action: value('action'), target: value('target'), from: DAY.test(value('from')) ? value('from') : '', to: DAY.test(value('to')) ? value('to') : '' };
}

/** Every staff change, newest first, filtered by person, action, target and date, with pages and a CSV export (admins only). */
export default function AdminAuditPage() {
  const formId = useId();
  const { params, goToPage } = useListParams();
  const [, setParams] = useSearchParams();
  const filter = readFilter(params);
  const position = readPagePosition(params, 'timestamp');
  const log = useGetAuditLogQuery({ filter, position });
  const staff = useGetStaffQuery();
  const [exportLog, { isFetching: exporting }] = useLazyExportAuditLogQuery();
  const nameOf = useStaffNames();

  /** The whole filter in one navigation, from the first page. */
  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FILTER_NAMES) {
      const value = String(form.get(name) ?? '').trim();
      if (value) next.set(name, value);
    }
    setParams(next);
  }

  async function exportCsv() {
    const result = await exportLog(filter, false);
    if (!result.data) return toast.error(failureMessage(result.error, 'The audit log could not be exported.'));
    const { entries, truncated } = result.data;
    downloadText(auditCsv(entries, nameOf), `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
    if (truncated) toast.warning(`Exported the newest ${entries.length} entries; narrow the filter for the rest (limit ${AUDIT_EXPORT_LIMIT}).`);
    else toast.success(`Exported ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}.`);
  }

  return (
    <AdminFrame
      title="Audit log"
      actions={
        <button type="button" className="button secondary" onClick={exportCsv} disabled={exporting}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
      }
    >
      <form className="card admin-toolbar audit-filters" aria-label="Audit log filters" onSubmit={apply} key={params.toString()}>
        <div className="field">
          <label htmlFor={`${formId}-actor`}>Person</label>
          <select id={`${formId}-actor`} name="actor" defaultValue={filter.actor}>
            <option value="">Anyone</option>
            {(staff.data ?? []).map((member) => (
              <option key={member.uid} value={member.uid}>
                {member.name || member.email}
              </option>
            ))}
            {filter.actor && !staff.data?.some((member) => member.uid === filter.actor) ? <option value={filter.actor}>{filter.actor}</option> : null}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${formId}-action`}>Action</label>
          <select id={`${formId}-action`} name="action" defaultValue={filter.action}>
            <option value="">Any action</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {auditActionLabel(action)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${formId}-target`}>Target</label>
          <input id={`${formId}-target`} name="target" defaultValue={filter.target} placeholder="products/bev-1001" />
        </div>
        <div className="field">
          <label htmlFor={`${formId}-from`}>From</label>
          <input id={`${formId}-from`} name="from" type="date" defaultValue={filter.from} />
        </div>
        <div className="field">
          <label htmlFor={`${formId}-to`}>To</label>
          <input id={`${formId}-to`} name="to" type="date" defaultValue={filter.to} />
        </div>
        <button type="submit" className="button small">
          Apply
        </button>
      </form>

      <AdminListBody query={log} noun="entries" empty={() => <p>No staff change matches this filter.</p>}>
        {(page) => (
          <div className={`card table-card ${log.isFetching ? 'is-fetching' : ''}`}>
            <AuditEntries entries={page.rows} label="Audit log" nameOf={nameOf} />
            <Pager position={position} page={page} busy={log.isFetching} onGo={goToPage} />
          </div>
        )}
      </AdminListBody>
    </AdminFrame>
  );
}
