/** Admins, shoppers, products and orders arranged with the Admin SDK for the admin callable tests. */
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll } from 'vitest';
import { emptyAddress, productSearchTokens, type OrderItem, type OrderStatus, type ProductInput } from '@harbor/domain';
import { adminDb, clearFirestore, giveCompany, webClient, type TestClient } from './harness';

let sequence = 0;
const uniqueEmail = (role: string) => `${role}-${Date.now()}-${sequence++}@harbor.test`;

/** A signed-in client whose profile has role admin. */
export async function adminClient(): Promise<TestClient> {
  const client = await webClient(uniqueEmail('admin'));
  await adminDb.doc(`users/${client.uid}`).set({ name: 'Test Admin', email: '', role: 'admin' });
  return client;
}

/** A signed-in shopper with an ordinary profile, owner of an approved company on net-30. */
export async function shopperClient(): Promise<TestClient> {
  const client = await webClient(uniqueEmail('shopper'));
  await adminDb.doc(`users/${client.uid}`).set({ name: 'Test Shopper', email: '' });
  await giveCompany(client.uid);
  return client;
}

export interface Actors {
  admin: TestClient;
  shopper: TestClient;
  /** Not signed in. */
  guest: TestClient;
}

/** For a test file: an empty database, then an admin, a shopper and a guest, closed at the end. */
export function useActors(): Actors {
  const actors = {} as Actors;
  beforeAll(async () => {
    await clearFirestore();
    [actors.admin, actors.shopper, actors.guest] = await Promise.all([adminClient(), shopperClient(), webClient(null)]);
  });
  afterAll(async () => {
    await Promise.all(Object.values(actors).map((client) => client.close()));
  });
  return actors;
}

export function productInput(overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    name: 'Nitrile Gloves, Large',
    sku: `GLV-${sequence++}`,
    brand: 'Harborline',
    description: 'Powder-free gloves for food service.',
    category: 'Safety',
    price: 1450,
    unit: 'box of 100',
    packSize: 1,
    minOrderQty: 1,
    stock: 40,
    active: true,
    tiers: [{ minQty: 10, price: 1350 }],
    imageUrl: '',
    imagePath: '',
    ...overrides,
  };
}

/** Writes a product straight to Firestore, as the seed does (no SKU lock). */
export async function storedProduct(id: string, overrides: Partial<ProductInput> = {}): Promise<void> {
  const product = productInput(overrides);
  await adminDb.doc(`products/${id}`).set({ ...product, currency: 'USD', searchTokens: productSearchTokens(product), createdAt: FieldValue.serverTimestamp() });
}

export function orderItem(productId: string, quantity: number, unitPrice = 1000): OrderItem {
  return { productId, name: `Product ${productId}`, sku: productId.toUpperCase(), unit: 'case', imageUrl: '', unitPrice, quantity, lineTotal: unitPrice * quantity };
}

/** An order in the shape placeOrder writes, created directly with the Admin SDK. */
export async function storedOrder(id: string, { userId = 'shopper-1', status = 'pending' as OrderStatus, items = [orderItem('p1', 2)] } = {}): Promise<void> {
  const subtotal = items.reduce((sum, item) => sum + item.lineTotal, 0);
  const createdAt = Timestamp.now();
  await adminDb.doc(`orders/${id}`).set({
    userId,
    userEmail: 'shopper@harbor.test',
    items,
    subtotal,
    shipping: 0,
    tax: 0,
    total: subtotal,
    currency: 'USD',
    status,
    shippingAddress: { ...emptyAddress, line1: '1 Dock St', city: 'Portland', postalCode: '04101', country: 'United States' },
    company: 'Seaside Café Ltd',
    poNumber: '',
    notes: '',
    paymentMethod: 'invoice-net30',
    requestId: `request-${id}`,
    createdAt,
    updatedAt: createdAt,
    statusHistory: [{ status, at: createdAt.toMillis(), by: userId }],
  });
}

/** Every document of a collection, for before/after comparisons. */
export async function collectionSnapshot(name: string): Promise<Record<string, unknown>> {
  const snapshot = await adminDb.collection(name).get();
  return Object.fromEntries(snapshot.docs.map((doc) => [doc.id, doc.data()]));
}
