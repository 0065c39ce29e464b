import { AUDIT_ACTION_LABELS, auditValueText, type AuditAction, type AuditEntry } from '@harbor/domain';
import { csvDocument } from './ordersCsv';

const HEADER = ['Time (UTC)', 'Person', 'Role', 'Action', 'Target', 'Summary', 'Changes', 'Request id'];

export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;

/** A change list as one line: `price $14.50 → $15.00; stock 40 → 38`. */
export function changesText(entry: AuditEntry): string {
  return entry.changes.map((change) => `${change.field} ${auditValueText(change.field, change.from)} → ${auditValueText(change.field, change.to)}`).join('; ');
}

/** The audit entries as a CSV document (CRLF line ends, times in ISO 8601 UTC). */
export function auditCsv(entries: readonly AuditEntry[]): string {
  return csvDocument(
    HEADER,
    entries.map((entry) => [entry.at ? new Date(entry.at).toISOString() : '', entry.actor.name || entry.actor.uid, entry.actor.role ?? '', auditActionLabel(entry.action), entry.target, entry.summary, changesText(entry), entry.requestId]),
  );
}
