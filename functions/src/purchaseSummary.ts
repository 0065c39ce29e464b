/**
 * "Buy again" without reading every order: each new order is counted into its buyer's
 * `purchaseSummaries/{uid}` in a transaction. The summary remembers the orders it counted, so a
 * retried event counts an order once. placeOrder stays as it is.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { purchaseSummaryFromData, withOrder, type OrderedLine } from '@harbor/domain';
import { db } from './admin';

function orderedLines(items: unknown): OrderedLine[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: unknown) => {
    const line = item as Partial<Record<keyof OrderedLine, unknown>> | null;
    if (!line || typeof line.productId !== 'string' || typeof line.quantity !== 'number') return [];
    return [{ productId: line.productId, name: String(line.name ?? ''), sku: String(line.sku ?? ''), quantity: line.quantity }];
  });
}

export const countPurchases = onDocumentCreated({ document: 'orders/{orderId}', retry: true }, async (event) => {
  const order = event.data?.data();
  const userId = order?.userId;
  if (typeof userId !== 'string' || userId === '') return;
  const createdAt = order?.createdAt;
  const orderedAt = createdAt instanceof Timestamp ? createdAt.toMillis() : Date.parse(event.time);
  const lines = orderedLines(order?.items);
  const ref = db.doc(`purchaseSummaries/${userId}`);
  await db.runTransaction(async (transaction) => {
    const summary = purchaseSummaryFromData((await transaction.get(ref)).data());
    const next = withOrder(summary, event.params.orderId, orderedAt, lines);
    if (next !== summary) transaction.set(ref, { userId, ...next, updatedAt: Timestamp.now() });
  });
});
