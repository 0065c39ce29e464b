import { STAFF_ROLE_LABELS, type AuditEntry } from '@harbor/domain';
import { formatDateTime } from '../../../lib/dates';
import { auditActionLabel, changesText } from '../auditCsv';

/** Audit entries as a table: when, who, what and the fields changed. */
export function AuditEntries({ entries, label }: { entries: readonly AuditEntry[]; label: string }) {
  return (
    <div className="table-scroll">
      <table className="admin-table audit-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Changes</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{formatDateTime(entry.at)}</td>
              <td>
                {entry.actor.name || entry.actor.uid}
                {entry.actor.role && <span className="sku">{STAFF_ROLE_LABELS[entry.actor.role]}</span>}
              </td>
              <td>
                {entry.summary}
                <span className="sku">
                  {auditActionLabel(entry.action)} · {entry.target}
                </span>
              </td>
              <td className="small">{changesText(entry) || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
