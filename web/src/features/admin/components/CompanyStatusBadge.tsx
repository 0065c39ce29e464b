import { COMPANY_STATUS_LABELS, type CompanyStatus } from '@harbor/domain';
import '../../../components/order/order.css';

const TONES: Record<CompanyStatus, string> = { pending: 'pending', approved: 'delivered', 'on-hold': 'processing', rejected: 'cancelled' };

/** A company's status as a badge, in the order badges' colours. */
export function CompanyStatusBadge({ status }: { status: CompanyStatus }) {
  return <span className={`status-badge status-${TONES[status]}`}>{COMPANY_STATUS_LABELS[status]}</span>;
}
