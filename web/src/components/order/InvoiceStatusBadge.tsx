import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@harbor/domain';
import './order.css';

const TONES: Record<InvoiceStatus, string> = { open: 'pending', 'partially-paid': 'processing', paid: 'delivered', overdue: 'cancelled' };

/** An invoice's status as a badge, in the order badges' colours. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <span className={`status-badge status-${TONES[status]}`}>{INVOICE_STATUS_LABELS[status]}</span>;
}
