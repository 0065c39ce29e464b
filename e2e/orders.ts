/** Orders arranged for a journey through the Admin SDK, in the shape placeOrder writes them. */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { seedProducts } from '../scripts/catalog/products';

const DAY = 86_400_000;

export interface OrderFixture {
  buyer: { uid: string; email: string };
  status?: string;
  daysAgo?: number;
  /** Lines as [index into the seeded catalog, quantity]. */
  lines?: Array<[productIndex: number, quantity: number]>;
  company?: string;
  /** The buyer's company: the order is then an unpaid invoice of it. */
  companyId?: string;
  poNumber?: string;
  notes?: string;
  address?: { line1: string; city: string; region: string; postalCode: string };
}

/** Writes `orders/{id}` at list prices with 8% tax and the shop's shipping rule, placed `daysAgo` days ago (a minute ago by default). */
export async function writeOrder(db: Firestore, id: string, { buyer, status = 'pending', daysAgo = 0, lines = [[0, 4]], company = '', companyId, poNumber = '', notes = '', address }: OrderFixture): Promise<void> {
  const items = lines.map(([index, quantity]) => {
    const product = seedProducts[index]!;
    return { productId: product.id, name: product.name, sku: product.sku, unit: product.unit, imageUrl: product.imageUrl, unitPrice: product.price, quantity, lineTotal: product.price * quantity };
  });
  const subtotal = items.reduce((sum, item) => sum + item.lineTotal, 0);
  const tax = Math.round(subtotal * 0.08);
  const shipping = subtotal >= 50_000 ? 0 : 2_500;
  const placed = Timestamp.fromMillis(Date.now() - daysAgo * DAY - 60_000);
  await db.doc(`orders/${id}`).set({
    userId: buyer.uid,
    userEmail: buyer.email,
    ...(companyId ? { companyId, paymentStatus: 'unpaid' } : {}),
    items,
    subtotal,
    shipping,
    tax,
    total: subtotal + shipping + tax,
    currency: 'USD',
    status,
    shippingAddress: { line1: '12 Harbor Way', city: 'Portland', region: 'ME', postalCode: '04101', ...address, line2: '', country: 'United States' },
    company,
    poNumber,
    notes,
    paymentMethod: 'invoice-net30',
    requestId: `request-${id}`,
    createdAt: placed,
    updatedAt: placed,
    statusHistory: [{ status: 'pending', at: placed.toMillis(), by: buyer.uid }],
  });
}
