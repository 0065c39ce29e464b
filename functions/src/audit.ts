/**
 * The audit log: every write a staff member makes through a callable appends one `auditLog/{id}`
 * entry in the same transaction as the write, so a change and its entry exist together or not at
 * all. No client writes, edits or deletes an entry (firestore.rules); admins read them.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { AuditChange } from '@harbor/domain';
import { db } from './admin';
import type { Staff } from './callable';

export interface AuditEntry {
  /** What was done, as `<target kind>.<verb>`: `product.save`, `order.status`, `staff.role`… */
  action: string;
  /** The document changed: `products/{id}`, `orders/{id}`, `companies/{id}`, `users/{uid}`. */
  target: string;
  /** One line a person reads in the log. */
  summary: string;
  /** The fields that changed, from → to (amounts in cents). */
  changes?: AuditChange[];
}

export function appendAudit(transaction: Transaction, staff: Staff, entry: AuditEntry): void {
  transaction.create(db.collection('auditLog').doc(), {
    at: Timestamp.now(),
    actor: { uid: staff.uid, name: staff.name, role: staff.role },
    action: entry.action,
    target: entry.target,
    targetKind: entry.target.split('/')[0],
    summary: entry.summary,
    changes: entry.changes ?? [],
    requestId: staff.requestId,
  });
}
