import { PRODUCT_IMPORT_STATUS_LABELS, type ProductImportStatus } from '@harbor/domain';
import '../../../components/order/order.css';

const TONES: Record<ProductImportStatus, string> = { uploading: 'pending', queued: 'pending', running: 'processing', done: 'delivered', failed: 'cancelled' };

/** An import job's status as a badge, in the order badges' colours. */
export function ImportStatusBadge({ status }: { status: ProductImportStatus }) {
  return <span className={`status-badge status-${TONES[status]}`}>{PRODUCT_IMPORT_STATUS_LABELS[status]}</span>;
}
