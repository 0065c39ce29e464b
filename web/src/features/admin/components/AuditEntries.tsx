import { auditChangeSentences, STAFF_ROLE_LABELS, type AuditEntry, type NameOf } from '@harbor/domain';
import { formatDateTime } from '../../../lib/dates';
import { auditActionLabel } from '../auditCsv';

/** Audit entries as a table (one entry a card where it is narrow: a phone, the order's dialog): when, who, what, and each field changed as a sentence. `nameOf` names the people changes mention (a sales rep). */
export function AuditEntries({ entries, label, nameOf }: { entries: readonly AuditEntry[]; label: string; nameOf?: NameOf }) {
  return (
    <div className="table-scroll audit-entries">
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
          {entries.map((entry) => {
            const changes = auditChangeSentences(entry, nameOf);
            return (
              <tr key={entry.id}>
                <td className="audit-when">{formatDateTime(entry.at)}</td>
                <td className="audit-who">
                  {entry.actor.name || entry.actor.uid}
                  {entry.actor.role && <span className="sku">{STAFF_ROLE_LABELS[entry.actor.role]}</span>}
                </td>
                <td>
                  {entry.summary}
                  <span className="sku">
                    {auditActionLabel(entry.action)} · {entry.target}
                  </span>
                </td>
                <td className="small">
                  {changes.length === 0 ? (
                    '—'
                  ) : (
                    <ul className="audit-changes">
                      {changes.map((change, index) => (
                        <li key={index}>{change}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
