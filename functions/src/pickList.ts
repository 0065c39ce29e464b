import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { getPickListInputSchema, orderFromData, pickListContent, type OrderDocumentFile } from '@harbor/domain';
import { db } from './admin';
import { callableOptions, parseInput, requireStaff } from './callable';
import { shopNow } from './clock';
import { documentPdf } from './orderDocuments';

/**
 * The pick list of the orders the warehouse selected (pickListContent), to the staff who read
 * packing slips. Every order must exist: a missing one is named, so the list is never short of it.
 */
export const getPickList = onCall(callableOptions({ timeoutSeconds: 120 }), async (request): Promise<OrderDocumentFile> => {
  await requireStaff(request, 'documents.packingSlip');
  const { orderIds } = parseInput(getPickListInputSchema, request.data);
  const ids = [...new Set(orderIds)];
  const snapshots = await db.getAll(...ids.map((id) => db.doc(`orders/${id}`)));
  const missing = snapshots.find((snapshot) => !snapshot.exists);
  if (missing) throw new HttpsError('not-found', `There is no order ${missing.id}.`);
  const orders = snapshots.map((snapshot) => orderFromData(snapshot.id, snapshot.data()!));
  const { fileName, pdf } = await documentPdf(pickListContent(orders, await shopNow()));
  return { fileName, pdf: Buffer.from(pdf).toString('base64') };
});
