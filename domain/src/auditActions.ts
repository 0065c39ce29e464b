/**
 * The audit log's actions, apart from the staff table (./staff.ts) that every page loads: only
 * the back office's audit pages name them.
 */
/** The audit log's actions (functions/src/audit.ts callers), as the log page names them: each by a name of its own, so its filter lists each once. */
export const AUDIT_ACTION_LABELS = {
  'product.create': 'Product created',
  'product.update': 'Product changed',
  'product.delete': 'Product deleted',
  'product.import': 'Products imported',
  'stock.adjust': 'Stock adjusted',
  'order.status': 'Order status changed',
  'order.shipment': 'Order shipment sent',
  'order.cancelRest': 'Order units cancelled',
  // Written by the order's "mark paid" before payments were recorded against invoices.
  'order.paid': 'Order marked paid',
  'payment.record': 'Payment recorded',
  'payment.reverse': 'Payment reversed',
  'creditNote.issue': 'Credit note issued',
  'company.update': 'Customer changed',
  'staff.role': 'Staff role changed',
  'quote.create': 'Quote created',
  'quote.respond': 'Quote sent',
  'quote.reject': 'Quote rejected',
  'quote.message': 'Quote message sent',
  'return.approve': 'Return approved',
  'return.reject': 'Return rejected',
  'return.receive': 'Return received and credited',
  'return.close': 'Return closed',
  'apiKey.create': 'API key created',
  'apiKey.revoke': 'API key revoked',
  'webhook.create': 'Webhook endpoint added',
  'webhook.update': 'Webhook endpoint changed',
  'webhook.delete': 'Webhook endpoint deleted',
  'accounting.settings': 'Accounting export settings changed',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];
