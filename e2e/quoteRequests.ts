/** Quote requests arranged for a journey through the Admin SDK, in the shape requestQuote writes them. */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { seedProducts } from '../scripts/catalog/products';

export interface QuoteRequestFixture {
  number: string;
  companyId: string;
  companyName: string;
  buyer: { uid: string; name: string; email: string };
  /** Lines as [index into the seeded catalog, quantity]. */
  lines: Array<[productIndex: number, quantity: number]>;
  note?: string;
}

/** Writes `quotes/{id}`, requested a minute ago and not yet priced, with the buyer's request as its first message. */
export async function writeQuoteRequest(db: Firestore, id: string, { number, companyId, companyName, buyer, lines, note = 'A price for our usual order, please.' }: QuoteRequestFixture): Promise<void> {
  const at = Timestamp.fromMillis(Date.now() - 60_000);
  await db.doc(`quotes/${id}`).set({
    number,
    companyId,
    companyName,
    requestedBy: buyer.uid,
    requestedByName: buyer.name,
    requestedByEmail: buyer.email,
    createdBy: 'buyer',
    requestId: `request-${id}`,
    status: 'requested',
    version: 1,
    note,
    lines: lines.map(([index, quantity]) => {
      const { id: productId, sku, name, unit, imageUrl } = seedProducts[index]!;
      return { productId, sku, name, unit, imageUrl, quantity, unitPrice: null, lineTotal: 0 };
    }),
    subtotal: 0,
    shipping: 0,
    tax: 0,
    taxRateBasisPoints: 0,
    total: 0,
    validUntil: null,
    lastMessage: note,
    quotedAt: null,
    orderId: null,
    createdAt: at,
    updatedAt: at,
    expiryReminderSentAt: null,
  });
  await db.doc(`quotes/${id}/messages/request`).set({ side: 'buyer', by: buyer.uid, byName: buyer.name, text: note, version: 1, kind: 'request', at });
}
