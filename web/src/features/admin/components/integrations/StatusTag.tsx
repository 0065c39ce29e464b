import type { ReactNode } from 'react';
import '../../../../components/order/order.css';

/** The shop's status badges' tones, as the integrations page uses them. */
const TONES = { good: 'status-delivered', waiting: 'status-pending', busy: 'status-processing', off: 'status-cancelled' } as const;

/** A key's, an endpoint's or a delivery's state, as a badge. */
export function StatusTag({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return <span className={`status-badge ${TONES[tone]}`}>{children}</span>;
}
