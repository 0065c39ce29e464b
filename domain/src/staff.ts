/**
 * The seller's staff: who may do what in the back office. One table, read by the callables (which
 * enforce it), mirrored by firestore.rules for reads, and by the web to show each role only what
 * it may use.
 */
import type { OrderStatus } from './orders';
import { isRecord, millisOf, storedText, type StoredData } from './storedFields';

export const STAFF_ROLES = ['admin', 'sales', 'warehouse', 'finance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { admin: 'Administrator', sales: 'Sales', warehouse: 'Warehouse', finance: 'Finance' };

export function isStaffRole(value: unknown): value is StaffRole {
  return STAFF_ROLES.includes(value as StaffRole);
}

/** Everything a staff member may do, each named once. */
export const STAFF_PERMISSIONS = [
  /** Create, edit, delete and import products (prices included). */
  'products.edit',
  /** Adjust a product's stock count, with a reason. */
  'stock.adjust',
  /** Read every order. */
  'orders.read',
  /** Read the orders of the companies assigned to oneself (`salesRepUid`). */
  'orders.readAssigned',
  /** Move an order forward: pending → processing → shipped → delivered. */
  'orders.fulfil',
  /** Cancel an order. */
  'orders.cancel',
  /** Record that an order was paid. */
  'payments.record',
  /** Download packing slips. */
  'documents.packingSlip',
  /** Download invoices. */
  'documents.invoice',
  /** Read every company, its members, terms, credit and contract prices. */
  'companies.read',
  /** Read the companies assigned to oneself (`salesRepUid`), with their members. */
  'companies.readAssigned',
  /** Approve, reject or hold a company. */
  'companies.decide',
  /** Set payment terms, credit limit and tax exemption. */
  'companies.credit',
  /** Set contract prices. */
  'companies.pricing',
  /** Write a company's internal note. */
  'companies.note',
  /** Assign a company to a sales rep. */
  'companies.assign',
  /** Give and take staff roles. */
  'staff.manage',
  /** Read the audit log. */
  'audit.read',
  /** Answer, start and reject quotes: every company's for an admin, the assigned companies' for sales. */
  'quotes.respond',
  /** Approve, reject and close returns: every company's for an admin, the assigned companies' for sales. */
  'returns.decide',
  /** Record the goods of a return that arrived (restocked when resellable, credited in any case). */
  'returns.receive',
  /** Create and revoke API keys, manage webhook endpoints and the accounting export's settings. */
  'integrations.manage',
  /** Download the accounting export (invoices, credit notes, payments for QuickBooks or Xero). */
  'accounting.export',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const ROLE_PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  admin: STAFF_PERMISSIONS,
  sales: ['orders.readAssigned', 'companies.readAssigned', 'companies.note', 'documents.invoice', 'quotes.respond', 'returns.decide'],
  warehouse: ['orders.read', 'orders.fulfil', 'documents.packingSlip', 'stock.adjust', 'returns.receive'],
  finance: ['orders.read', 'payments.record', 'documents.invoice', 'companies.read', 'companies.decide', 'companies.credit', 'companies.note', 'accounting.export'],
};

/** Whether a role may do something; no role (a customer) may do nothing of the back office. */
export function staffMay(role: StaffRole | null | undefined, permission: StaffPermission): boolean {
  return role ? ROLE_PERMISSIONS[role].includes(permission) : false;
}

/**
 * Whether a role reads the audit entries about documents of a kind (`companies`, `orders`,
 * `products`, `users`): admins all of them (the whole log), finance those of the companies and
 * orders it manages, on their own pages.
 */
export function staffReadsAuditOf(role: StaffRole | null | undefined, targetKind: string): boolean {
  return staffMay(role, 'audit.read') || (role === 'finance' && (targetKind === 'companies' || targetKind === 'orders'));
}

/** The permission an order status change needs: cancelling is apart from moving an order forward. */
export function permissionForStatusChange(to: OrderStatus): StaffPermission {
  return to === 'cancelled' ? 'orders.cancel' : 'orders.fulfil';
}

/** What the customer page changes, by the permission each field needs. */
export const COMPANY_FIELD_PERMISSIONS = {
  status: 'companies.decide',
  paymentTerms: 'companies.credit',
  creditLimit: 'companies.credit',
  taxExempt: 'companies.credit',
  shipComplete: 'companies.credit',
  taxCertificateId: 'companies.credit',
  timeZone: 'companies.credit',
  discountBasisPoints: 'companies.pricing',
  fixedPrices: 'companies.pricing',
  note: 'companies.note',
  salesRepUid: 'companies.assign',
} as const satisfies Record<string, StaffPermission>;

/** One field of an audited change: what it was and what it became. */
export interface AuditChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** A value as JSON with the keys of every object sorted, so equal maps compare equal whatever their key order. */
function stableJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    isRecord(inner) && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b))) : inner,
  );
}

/** The fields whose value differs between `before` and `after` (fields `after` leaves undefined are unchanged). */
export function changedFields(before: object, after: object, fields: readonly string[]): AuditChange[] {
  const from = before as Record<string, unknown>;
  const to = after as Record<string, unknown>;
  return fields.filter((field) => to[field] !== undefined && stableJson(from[field]) !== stableJson(to[field])).map((field) => ({ field, from: from[field] ?? null, to: to[field] }));
}


/** One entry of `auditLog/{id}` as the back office reads it. */
export interface AuditEntry {
  id: string;
  /** Milliseconds since the epoch; 0 when missing. */
  at: number;
  actor: { uid: string; name: string; role: StaffRole | null };
  action: string;
  /** `products/{id}`, `orders/{id}`, `companies/{id}`, `users/{uid}` or `productImports/{jobId}`. */
  target: string;
  summary: string;
  changes: AuditChange[];
  requestId: string;
}

/** A stored audit entry; anything missing reads as blank. */
export function auditEntryFromData(id: string, data: StoredData): AuditEntry {
  const actor = isRecord(data.actor) ? data.actor : {};
  const changes = Array.isArray(data.changes) ? data.changes.filter(isRecord).map((change) => ({ field: storedText(change.field), from: change.from ?? null, to: change.to ?? null })) : [];
  return {
    id,
    at: millisOf(data.at),
    actor: { uid: storedText(actor.uid), name: storedText(actor.name), role: isStaffRole(actor.role) ? actor.role : null },
    action: storedText(data.action),
    target: storedText(data.target),
    summary: storedText(data.summary),
    changes,
    requestId: storedText(data.requestId),
  };
}
