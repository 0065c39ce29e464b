import { AUDIT_ACTION_LABELS, auditChangesText, STAFF_ROLE_LABELS, type AuditAction, type AuditEntry, type NameOf } from '@harbor/domain';
import { csvDocument } from './ordersCsv';

const HEADER = ['Time (UTC)', 'Person', 'Role', 'Action', 'Target', 'Summary', 'Changes', 'Request id'];

export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;

/** The audit entries as a CSV document (CRLF line ends, times in ISO 8601 UTC), the changes in sentences as the log page shows them. */
export function auditCsv(entries: readonly AuditEntry[], nameOf?: NameOf): string {
  return csvDocument(
    HEADER,
    entries.map((entry) => [
      entry.at ? new Date(entry.at).toISOString() : '',
      entry.actor.name || entry.actor.uid,
      entry.actor.role ? STAFF_ROLE_LABELS[entry.actor.role] : '',
      auditActionLabel(entry.action),
      entry.target,
      entry.summary,
      auditChangesText(entry, nameOf),
      entry.requestId,
    ]),
  );
}
