/** A return as stored (`returns/{id}`, functions/src/returns.ts), read field by field: anything missing or malformed reads as empty. */
import { storedShipmentLine } from './orderData';
import { RETURN_REASONS, RETURN_STATUSES, type ProductReturn } from './returns';
import { isRecord, millisOf, storedNumber, storedText, type StoredData } from './storedFields';

const oneOf = <Value extends string>(values: readonly Value[], value: unknown, fallback: Value): Value => (values.includes(value as Value) ? (value as Value) : fallback);

export function returnFromData(id: string, data: StoredData): ProductReturn {
  const lines = Array.isArray(data.lines) ? data.lines.filter(isRecord) : [];
  const history = Array.isArray(data.history) ? data.history.filter(isRecord) : [];
  return {
    id,
    number: storedText(data.number),
    sequence: storedNumber(data.sequence),
    orderId: storedText(data.orderId),
    companyId: storedText(data.companyId),
    userId: storedText(data.userId),
    userEmail: storedText(data.userEmail),
    company: storedText(data.company),
    requestedBy: storedText(data.requestedBy),
    requestedByName: storedText(data.requestedByName),
    requestedByEmail: storedText(data.requestedByEmail),
    status: oneOf(RETURN_STATUSES, data.status, 'requested'),
    lines: lines.map((line) => ({
      ...storedShipmentLine(line),
      reason: oneOf(RETURN_REASONS, line.reason, 'other'),
      parts: (Array.isArray(line.parts) ? line.parts.filter(isRecord) : []).map((part) => ({
        shipment: storedNumber(part.shipment),
        invoiceNumber: storedText(part.invoiceNumber),
        quantity: storedNumber(part.quantity),
        received: storedNumber(part.received),
      })),
      resellable: storedNumber(line.resellable),
      damaged: storedNumber(line.damaged),
    })),
    note: storedText(data.note),
    currency: storedText(data.currency) || 'USD',
    restockingFeeBasisPoints: storedNumber(data.restockingFeeBasisPoints),
    creditNotes: Array.isArray(data.creditNotes) ? data.creditNotes.filter((each): each is string => typeof each === 'string') : [],
    history: history.map((event) => ({
      status: oneOf(RETURN_STATUSES, event.status, 'requested'),
      at: millisOf(event.at),
      by: storedText(event.by),
      byName: storedText(event.byName),
      message: storedText(event.message),
    })),
    createdAt: millisOf(data.createdAt),
    updatedAt: millisOf(data.updatedAt),
  };
}

