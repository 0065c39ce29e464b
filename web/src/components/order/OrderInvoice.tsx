import { useState, type ReactNode } from 'react';
import { formatInvoiceNumber, formatMoney, invoiceOpenAmount, invoiceStatus, processingText, type Invoice, type Order } from '@harbor/domain';
import { formatDay } from '../../lib/dates';
import { useGetInvoiceQuery, useGetOrderCreditNotesQuery } from '../../lib/receivables/receivablesApi';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import { OrderDocumentButton } from './OrderDocumentButton';
import './order.css';

interface OrderInvoiceProps {
  order: Pick<Order, 'id' | 'companyId' | 'userId' | 'currency'>;
  /** One of the order's invoice numbers (its sequence, as the order keeps it). */
  invoiceNumber: number;
  /** Where a failed download's toast appears (a modal has its own toaster). */
  toasterId?: string;
  /** What the back office adds once the invoice is read (issuing a credit note). */
  actions?: (invoice: Invoice) => ReactNode;
}

/**
 * One of an order's invoices, as the buyer and the back office see it: its number, status and
 * amount open, its PDF, and the credit notes against it with theirs. The PDF stays offered when the
 * invoice itself cannot be read.
 */
export function OrderInvoice({ order, invoiceNumber, toasterId, actions }: OrderInvoiceProps) {
  const number = formatInvoiceNumber(invoiceNumber);
  const invoice = useGetInvoiceQuery(number);
  const creditNotes = useGetOrderCreditNotesQuery({ companyId: order.companyId, orderId: order.id, userId: order.userId }, { skip: !order.companyId });
  const data = invoice.data;
  // The order's credit notes are read once for all its invoices; each shows its own.
  const notes = creditNotes.data?.filter((note) => note.invoiceNumber === number) ?? [];
  // Overdue as of when the order was opened.
  const [now] = useState(() => Date.now());
  return (
    <div className="order-invoice">
      <p className="invoice-status">
        Invoice <span className="mono">{number}</span>{' '}
        {data ? (
          <>
            <InvoiceStatusBadge status={invoiceStatus(data, now)} /> <span>{formatMoney(invoiceOpenAmount(data), order.currency)} open</span>
            <span className="muted small"> · due {formatDay(data.dueAt)}</span>
            {processingText(data) && <span className="muted small"> · {processingText(data)}</span>}
          </>
        ) : (
          invoice.isError && <span className="muted small">(its status could not be loaded)</span>
        )}
      </p>
      <div className="document-actions">
        <OrderDocumentButton orderId={order.id} kind="invoice" invoiceNumber={number} label={`Invoice ${number} (PDF)`} className="button secondary small" toasterId={toasterId} />
        {data && actions?.(data)}
      </div>
      {notes.length > 0 && (
        <ul className="plain-list credit-notes" aria-label="Credit notes">
          {notes.map((note) => (
            <li key={note.number}>
              <span>
                <span className="mono">{note.number}</span> · {formatMoney(note.amount, note.currency)} · {formatDay(note.issuedAt)}
                {note.reason && <span className="muted small"> · {note.reason}</span>}
              </span>{' '}
              <OrderDocumentButton orderId={order.id} kind="creditNote" creditNoteNumber={note.number} label={`Credit note ${note.number} (PDF)`} className="link-button small" toasterId={toasterId} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
