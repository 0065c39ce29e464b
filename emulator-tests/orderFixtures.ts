/**
 * A company with an owner and a buyer, a stranger of another company, and one member of staff per
 * role, as the fulfilment and returns tests arrange them; and orders placed through placeOrder as
 * the checkout would show them (invoice, net 30, to Texas).
 */
import { randomUUID } from 'node:crypto';
import { doc, setDoc } from 'firebase/firestore';
import { cartItemFor, expectedOrder, orderLinesFromCart, priceOrder, taxRateFor, type CartItem, type Orderable } from '@harbor/domain';
import { adminClient } from './adminFixtures';
import { adminDb, approvedCompanyFields, webClient, type TestClient } from './harness';

/** Texas: 6.25% tax, so rounding is exercised. */
export const texas = { line1: '1 Main St', line2: '', city: 'Austin', region: 'TX', postalCode: '78701', country: 'United States' };
export const UPS = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } as const;

export interface CompanyPeople {
  owner: TestClient;
  buyer: TestClient;
  stranger: TestClient;
  admin: TestClient;
  warehouse: TestClient;
  sales: TestClient;
}

/** Signs in the company's people (the buyer with `buyerEmail`) and the staff. */
export async function signInCompanyPeople(buyerEmail: string): Promise<CompanyPeople> {
  const [owner, buyer, stranger, admin, warehouse, sales] = await Promise.all([webClient(), webClient(buyerEmail), webClient(), adminClient(), webClient(), webClient()]);
  return { owner: owner!, buyer: buyer!, stranger: stranger!, admin: admin!, warehouse: warehouse!, sales: sales! };
}

/** Stores `products`, the company `companyId` (owner and buyer), `co-other` (the stranger's) and the staff's profiles. */
export async function arrangeCompany(people: CompanyPeople, companyId: string, buyerEmail: string, products: readonly Orderable[], company: Record<string, unknown> = {}): Promise<void> {
  const { owner, buyer, stranger, admin, warehouse, sales } = people;
  const batch = adminDb.batch();
  for (const { id, ...fields } of products) batch.set(adminDb.doc(`products/${id}`), fields);
  batch.set(adminDb.doc(`companies/${companyId}`), {
    ...approvedCompanyFields,
    members: { [owner.uid]: 'owner', [buyer.uid]: 'buyer' },
    memberDetails: { [owner.uid]: { name: 'Olive Owner', email: `olive@${companyId}.test` }, [buyer.uid]: { name: 'Bo Buyer', email: buyerEmail } },
    ...company,
  });
  batch.set(adminDb.doc('companies/co-other'), { ...approvedCompanyFields, members: { [stranger.uid]: 'owner' } });
  batch.set(adminDb.doc(`users/${owner.uid}`), { name: 'Olive Owner', companyId });
  batch.set(adminDb.doc(`users/${buyer.uid}`), { name: 'Bo Buyer', email: buyerEmail, companyId });
  batch.set(adminDb.doc(`users/${stranger.uid}`), { name: 'Stan Stranger', companyId: 'co-other' });
  batch.set(adminDb.doc(`users/${admin.uid}`), { name: 'Test Admin', role: 'admin' });
  batch.set(adminDb.doc(`users/${warehouse.uid}`), { name: 'Wes Warehouse', role: 'warehouse' });
  batch.set(adminDb.doc(`users/${sales.uid}`), { name: 'Sal Sales', role: 'sales' });
  await batch.commit();
}

/** Places the client's order of `lines` (product, quantity) as its checkout would show it (invoice, net 30), at the products' stored stock. */
export async function placeInvoiceOrder(client: TestClient, lines: [Orderable, number][], extra: Record<string, unknown> = {}): Promise<string> {
  const catalog = new Map<string, Orderable>();
  for (const [product] of lines) catalog.set(product.id, { ...product, ...(await adminDb.doc(`products/${product.id}`).get()).data(), id: product.id } as Orderable);
  const cart: CartItem[] = lines.map(([product, quantity]) => cartItemFor(catalog.get(product.id)!, quantity));
  await setDoc(doc(client.db, 'carts', client.uid), { items: cart });
  const expected = expectedOrder(priceOrder(orderLinesFromCart(cart), catalog, { contract: null, taxRateBasisPoints: taxRateFor('TX') }));
  const { orderId } = await client.call<{ orderId: string }>('placeOrder', { requestId: randomUUID(), shippingAddress: texas, company: 'Fulfil Co', paymentMethod: 'invoice-net30', expected, ...extra });
  return orderId;
}

/** Places the client's order of `lines` (invoice, net 30) and ships all of it as one shipment; answers the order and its invoice. */
export async function shippedOrder(client: TestClient, warehouse: TestClient, lines: [Orderable, number][], extra: Record<string, unknown> = {}): Promise<{ orderId: string; invoiceNumber: string }> {
  const orderId = await placeInvoiceOrder(client, lines, extra);
  const { invoiceNumber } = await warehouse.call<{ invoiceNumber: string }>('createShipment', { orderId, requestId: randomUUID(), lines: lines.map(([product, quantity]) => ({ productId: product.id, quantity })), ...UPS });
  return { orderId, invoiceNumber };
}
