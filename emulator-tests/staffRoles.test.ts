/**
 * Back-office roles (domain/src/staff.ts): every staff callable (each one the functions export,
 * ./staffCallables.ts) is allowed exactly to the roles the permission table gives it, each allowed
 * write leaves exactly one audit entry, and a read or a refused call none; the
 * rules let each role read exactly its part of the back office; roles are given by admins only,
 * never to oneself, and the last admin keeps the role.
 */
import { randomUUID } from 'node:crypto';
import { collection, doc, getDoc, getDocs, query, setDoc, where } from 'firebase/firestore';
import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PERMISSIONS, staffMay, type AuditAction, type StaffPermission, type StaffRole } from '@harbor/domain';
import { orderItem, productInput, storedOrder, storedProduct } from './adminFixtures';
import { adminDb, approvedCompanyFields, callError, clearFirestore, webClient, type TestClient } from './harness';
import { storeInvoice } from './receivablesFixtures';
import { staffCallables } from './staffCallables';

type Actor = StaffRole | 'customer';
const ACTORS: Actor[] = ['admin', 'sales', 'warehouse', 'finance', 'customer'];
const clients = {} as Record<Actor, TestClient>;
let sequence = 0;
const next = (prefix: string) => `${prefix}-${sequence++}`;

beforeAll(async () => {
  await clearFirestore();
  for (const actor of ACTORS) {
    clients[actor] = await webClient(`${actor}-${Date.now()}@harbor.test`);
    await adminDb.doc(`users/${clients[actor].uid}`).set({ name: `Test ${actor}`, email: `${actor}@harbor.test`, ...(actor === 'customer' ? { companyId: 'assigned' } : { role: actor }) });
  }
  await adminDb.doc('companies/assigned').set({ ...approvedCompanyFields, name: 'Assigned Co', members: { [clients.customer.uid]: 'owner' }, salesRepUid: clients.sales.uid });
  await adminDb.doc('companies/assigned/private/pricing').set({ discountBasisPoints: 100, fixedPrices: {} });
  await adminDb.doc('companies/other').set({ ...approvedCompanyFields, name: 'Other Co', members: {}, salesRepUid: '' });
  await adminDb.doc('companies/other/private/pricing').set({ discountBasisPoints: 0, fixedPrices: {} });
  await adminDb.doc('companies/spare').set({ ...approvedCompanyFields, name: 'Spare Co', members: {}, salesRepUid: '' });
  // Paid and credited by the tests: no payment kept on its account.
  await adminDb.doc('companies/invoiced').set({ ...approvedCompanyFields, name: 'Invoiced Co', members: {}, salesRepUid: '' });
  await storedProduct('quoted', { sku: 'QUOTED-1', price: 10_000, stock: 1_000 });
  await adminDb.doc('companies/other/history/h1').set({ at: new Date(), by: 'x', field: 'status', to: 'approved' });
  await adminDb.doc('auditLog/seeded').set({ action: 'product.update', target: 'products/p', summary: 'seeded' });
}, 60_000);

afterAll(async () => {
  await Promise.all(Object.values(clients).map((client) => client.close()));
});

async function auditCount(): Promise<number> {
  return (await adminDb.collection('auditLog').count().get()).data().count;
}

/** An order of a company, pending and unpaid, placed by the customer. */
async function orderOf(companyId: string, status: 'pending' | 'processing' = 'pending'): Promise<string> {
  const id = next('order');
  await storedOrder(id, { userId: clients.customer.uid, status, items: [orderItem('p1', 1)] });
  await adminDb.doc(`orders/${id}`).update({ companyId, paymentStatus: 'unpaid' });
  return id;
}

/** Days ahead as the quote callables take a validity day. */
const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const QUOTED_LINES = [{ productId: 'quoted', quantity: 10, unitPrice: 9_000 }];

/** A quote the customer asked for (no audit entry), answered by an admin when `answered`. */
async function quoteOfAssigned(answered = false): Promise<string> {
  const { quoteId } = await clients.customer.call<{ quoteId: string }>('requestQuote', { requestId: randomUUID(), lines: [{ productId: 'quoted', quantity: 10 }], note: 'A price, please' });
  if (answered) await clients.admin.call('respondToQuote', { quoteId, version: 1, lines: QUOTED_LINES, validUntil: inDays(10), message: 'Our price' });
  return quoteId;
}

let invoiceSequence = 0;
/** An order of the company `invoiced` that has shipped: its invoice is open. */
async function invoicedOrder(): Promise<string> {
  const orderId = await orderOf('invoiced', 'processing');
  await storeInvoice(orderId, ++invoiceSequence);
  return orderId;
}

/** A return the customer asked for on a shipped order of its company (assigned), approved by an admin when `approved`. */
async function returnOfAssigned(approved = false): Promise<string> {
  const orderId = await orderOf('assigned', 'processing');
  // The invoice numbers that invoicedOrder stored directly are taken: the shipment's invoice comes after them.
  await adminDb.doc('counters/invoices').set({ next: ++invoiceSequence });
  await clients.admin.call('createShipment', { orderId, requestId: randomUUID(), lines: [{ productId: 'p1', quantity: 1 }], carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
  const { returnId } = await clients.customer.call<{ returnId: string }>('requestReturn', { orderId, requestId: randomUUID(), lines: [{ productId: 'p1', quantity: 1, reason: 'damaged' }] });
  if (approved) await clients.admin.call('decideReturn', { returnId, decision: 'approve' });
  return returnId;
}

/** An enabled webhook endpoint (on a local port nothing answers), as createWebhookEndpoint leaves it. */
async function webhookEndpoint(): Promise<string> {
  const ref = adminDb.collection('webhookEndpoints').doc();
  await ref.set({ url: 'http://127.0.0.1:9/hook', events: ['order.created'], enabled: true, disabledReason: '', failingSince: null, createdAt: new Date(), updatedAt: new Date() });
  await adminDb.doc(`${ref.path}/private/secret`).set({ secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' });
  return ref.id;
}

/** An import job of one row, as startProductImport leaves it (or as a finished one). */
async function storedImportJob(status: 'uploading' | 'done'): Promise<string> {
  const jobId = next('job');
  await adminDb.doc(`productImports/${jobId}`).set({ status, fileName: 'products.csv', totalRows: 1, uploadedRows: status === 'done' ? 1 : 0, doneRows: status === 'done' ? 1 : 0, runs: status === 'done' ? 1 : 0, createdAt: new Date(), updatedAt: new Date() });
  return jobId;
}

interface StaffCall {
  name: string;
  /** The callable, as functions/src/index.ts exports it. */
  callable: string;
  /** What the permission table asks of the caller (each of them, for a list). */
  permission: StaffPermission | readonly StaffPermission[];
  /** On a company not assigned to the caller: a role that reads only its assigned companies is refused too. */
  unassigned?: true;
  /** The audit action an allowed call records; none for a read. */
  audit?: AuditAction;
  /** The callable is the customer's too (its own order's document, a message on its quote): its call succeeds, unaudited. */
  customerToo?: true;
  /** What the call needs that another call makes (a payment, an answered quote), before the audit log is counted. */
  arrange?: () => Promise<string>;
  /** The call as `client` makes it, on what `arrange` made. */
  call(client: TestClient, arranged: string): Promise<unknown>;
}

const STAFF_CALLS: StaffCall[] = [
  { name: 'saveProduct (a new product)', callable: 'saveProduct', permission: 'products.edit', audit: 'product.create', call: (client) => client.call('saveProduct', productInput({ sku: next('SKU').toUpperCase() })) },
  {
    name: 'deleteProduct',
    callable: 'deleteProduct',
    permission: 'products.edit',
    audit: 'product.delete',
    call: async (client) => {
      const id = next('gone');
      await storedProduct(id);
      return client.call('deleteProduct', { id });
    },
  },
  { name: 'importProducts (one new product)', callable: 'importProducts', permission: 'products.edit', audit: 'product.create', call: (client) => client.call('importProducts', { products: [productInput({ sku: next('IMP').toUpperCase() })], apply: true }) },
  { name: 'startProductImport', callable: 'startProductImport', permission: 'products.edit', call: (client) => client.call('startProductImport', { fileName: 'products.csv', totalRows: 1 }) },
  {
    name: 'uploadProductImportChunk',
    callable: 'uploadProductImportChunk',
    permission: 'products.edit',
    arrange: () => storedImportJob('uploading'),
    call: (client, jobId) => client.call('uploadProductImportChunk', { jobId, chunk: 0, rows: [{ line: 2, product: productInput({ sku: next('JOB').toUpperCase() }) }] }),
  },
  { name: 'runProductImport (a finished job)', callable: 'runProductImport', permission: 'products.edit', arrange: () => storedImportJob('done'), call: (client, jobId) => client.call('runProductImport', { jobId }) },
  { name: 'importProducts (a preview)', callable: 'importProducts', permission: 'products.edit', call: (client) => client.call('importProducts', { products: [productInput({ sku: next('IMP').toUpperCase() })], apply: false }) },
  {
    name: 'adjustStock',
    callable: 'adjustStock',
    permission: 'stock.adjust',
    audit: 'stock.adjust',
    call: async (client) => {
      const productId = next('stocked');
      await storedProduct(productId, { stock: 10 });
      return client.call('adjustStock', { productId, delta: -2, reason: 'Two cases damaged' });
    },
  },
  { name: 'updateOrderStatus to processing', callable: 'updateOrderStatus', permission: 'orders.fulfil', audit: 'order.status', call: async (client) => client.call('updateOrderStatus', { orderId: await orderOf('other'), status: 'processing' }) },
  { name: 'updateOrderStatus to cancelled', callable: 'updateOrderStatus', permission: 'orders.cancel', audit: 'order.status', call: async (client) => client.call('updateOrderStatus', { orderId: await orderOf('other'), status: 'cancelled' }) },
  {
    name: 'createShipment',
    callable: 'createShipment',
    permission: 'orders.fulfil',
    audit: 'order.shipment',
    call: async (client) => client.call('createShipment', { orderId: await orderOf('other', 'processing'), requestId: randomUUID(), lines: [{ productId: 'p1', quantity: 1 }], carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }),
  },
  {
    name: 'cancelBackorder',
    callable: 'cancelBackorder',
    permission: 'orders.cancel',
    audit: 'order.cancelRest',
    call: async (client) => client.call('cancelBackorder', { orderId: await orderOf('other'), requestId: randomUUID(), reason: 'The customer called' }),
  },
  {
    name: 'recordPayment',
    callable: 'recordPayment',
    permission: 'payments.record',
    audit: 'payment.record',
    call: (client) => client.call('recordPayment', { companyId: 'other', requestId: next('payment-request'), amount: 100, receivedOn: '2026-11-20', method: 'check', keepCredit: true }),
  },
  {
    name: 'reversePayment',
    callable: 'reversePayment',
    permission: 'payments.record',
    audit: 'payment.reverse',
    arrange: async () =>
      (await clients.admin.call<{ paymentId: string }>('recordPayment', { companyId: 'other', requestId: next('payment-request'), amount: 100, receivedOn: '2026-11-20', method: 'check', keepCredit: true })).paymentId,
    call: (client, paymentId) => client.call('reversePayment', { paymentId, reason: 'The check bounced' }),
  },
  { name: 'markOrderPaid', callable: 'markOrderPaid', permission: 'payments.record', audit: 'payment.record', arrange: invoicedOrder, call: (client, orderId) => client.call('markOrderPaid', { orderId, requestId: randomUUID() }) },
  {
    name: 'issueCreditNote',
    callable: 'issueCreditNote',
    permission: 'payments.record',
    audit: 'creditNote.issue',
    arrange: invoicedOrder,
    call: (client, orderId) => client.call('issueCreditNote', { orderId, requestId: randomUUID(), amount: 100, reason: 'One case damaged' }),
  },
  { name: 'receivablesReport', callable: 'receivablesReport', permission: ['payments.record', 'companies.read'], call: (client) => client.call('receivablesReport', {}) },
  { name: 'exportAccounting', callable: 'exportAccounting', permission: 'accounting.export', call: (client) => client.call('exportAccounting', { format: 'xero', from: '2026-11-01', to: '2026-11-30' }) },
  {
    name: 'saveAccountingSettings',
    callable: 'saveAccountingSettings',
    permission: 'integrations.manage',
    audit: 'accounting.settings',
    call: (client) => client.call('saveAccountingSettings', { salesItem: next('Sales'), incomeAccount: '4000', taxCode: 'TAX', exemptTaxCode: 'NON', depositAccount: 'Checking', customerName: 'name' }),
  },
  { name: 'getStatement of an unassigned company', callable: 'getStatement', permission: 'companies.read', call: (client) => client.call('getStatement', { companyId: 'other' }) },
  { name: 'updateCompany credit limit', callable: 'updateCompany', permission: 'companies.credit', audit: 'company.update', call: (client) => client.call('updateCompany', { companyId: 'assigned', creditLimit: 1_000_000 + sequence++ }) },
  {
    name: 'updateCompany ship complete',
    callable: 'updateCompany',
    permission: 'companies.credit',
    audit: 'company.update',
    call: async (client) => client.call('updateCompany', { companyId: 'assigned', shipComplete: (await adminDb.doc('companies/assigned').get()).get('shipComplete') !== true }),
  },
  {
    name: 'updateCompany status',
    callable: 'updateCompany',
    permission: 'companies.decide',
    audit: 'company.update',
    call: async (client) => client.call('updateCompany', { companyId: 'other', status: (await adminDb.doc('companies/other').get()).get('status') === 'approved' ? 'on-hold' : 'approved' }),
  },
  {
    name: 'updateCompany contract prices',
    callable: 'updateCompany',
    permission: 'companies.pricing',
    audit: 'company.update',
    call: async (client) => client.call('updateCompany', { companyId: 'assigned', discountBasisPoints: Number((await adminDb.doc('companies/assigned/private/pricing').get()).get('discountBasisPoints')) + 1 }),
  },
  { name: 'updateCompany note of an assigned company', callable: 'updateCompany', permission: 'companies.note', audit: 'company.update', call: (client) => client.call('updateCompany', { companyId: 'assigned', note: next('Called them') }) },
  {
    name: 'updateCompany sales rep',
    callable: 'updateCompany',
    permission: 'companies.assign',
    audit: 'company.update',
    call: async (client) => client.call('updateCompany', { companyId: 'spare', salesRepUid: (await adminDb.doc('companies/spare').get()).get('salesRepUid') ? '' : clients.sales.uid }),
  },
  {
    name: 'setStaffRole',
    callable: 'setStaffRole',
    permission: 'staff.manage',
    audit: 'staff.role',
    call: async (client) => {
      const user = next('recruit');
      await adminDb.doc(`users/${user}`).set({ name: 'New Hire', email: `${user}@harbor.test` });
      return client.call('setStaffRole', { uid: user, role: 'warehouse' });
    },
  },
  { name: 'getPickList', callable: 'getPickList', permission: 'documents.packingSlip', call: async (client) => client.call('getPickList', { orderIds: [await orderOf('other')] }) },
  { name: 'getOrderDocument packing slip', callable: 'getOrderDocument', permission: 'documents.packingSlip', customerToo: true, call: async (client) => client.call('getOrderDocument', { orderId: await orderOf('other'), kind: 'packingSlip' }) },
  // The order confirmation is read under the invoice's permission, and exists before the order ships.
  {
    name: 'getOrderDocument confirmation of an unassigned company',
    callable: 'getOrderDocument',
    permission: 'documents.invoice',
    unassigned: true,
    customerToo: true,
    call: async (client) => client.call('getOrderDocument', { orderId: await orderOf('other'), kind: 'confirmation' }),
  },
  { name: 'createQuote for an assigned company', callable: 'createQuote', permission: 'quotes.respond', audit: 'quote.create', call: (client) => client.call('createQuote', { companyId: 'assigned', lines: QUOTED_LINES, validUntil: inDays(10), message: 'A price for you' }) },
  {
    name: 'respondToQuote of an assigned company',
    callable: 'respondToQuote',
    permission: 'quotes.respond',
    audit: 'quote.respond',
    arrange: () => quoteOfAssigned(),
    call: (client, quoteId) => client.call('respondToQuote', { quoteId, version: 1, lines: QUOTED_LINES, validUntil: inDays(10), message: 'Our price' }),
  },
  { name: 'quoteAction reject', callable: 'quoteAction', permission: 'quotes.respond', audit: 'quote.reject', arrange: () => quoteOfAssigned(true), call: (client, quoteId) => client.call('quoteAction', { quoteId, action: 'reject', message: 'Out of stock' }) },
  { name: 'addQuoteMessage', callable: 'addQuoteMessage', permission: 'quotes.respond', audit: 'quote.message', customerToo: true, arrange: () => quoteOfAssigned(), call: (client, quoteId) => client.call('addQuoteMessage', { quoteId, text: 'Delivery on Monday?' }) },
  { name: 'decideReturn approve', callable: 'decideReturn', permission: 'returns.decide', audit: 'return.approve', arrange: () => returnOfAssigned(), call: (client, returnId) => client.call('decideReturn', { returnId, decision: 'approve' }) },
  {
    name: 'receiveReturn',
    callable: 'receiveReturn',
    permission: 'returns.receive',
    audit: 'return.receive',
    arrange: () => returnOfAssigned(true),
    call: (client, returnId) => client.call('receiveReturn', { returnId, requestId: randomUUID(), lines: [{ productId: 'p1', quantity: 1, condition: 'resellable' }] }),
  },
  { name: 'closeReturn', callable: 'closeReturn', permission: 'returns.decide', audit: 'return.close', arrange: () => returnOfAssigned(), call: (client, returnId) => client.call('closeReturn', { returnId, reason: 'Never sent back' }) },
  { name: 'createApiKey', callable: 'createApiKey', permission: 'integrations.manage', audit: 'apiKey.create', call: (client) => client.call('createApiKey', { name: next('ERP'), scopes: ['orders:read'] }) },
  {
    name: 'revokeApiKey',
    callable: 'revokeApiKey',
    permission: 'integrations.manage',
    audit: 'apiKey.revoke',
    arrange: async () => (await clients.admin.call<{ keyId: string }>('createApiKey', { name: next('Warehouse'), scopes: ['inventory:write'] })).keyId,
    call: (client, keyId) => client.call('revokeApiKey', { keyId }),
  },
  { name: 'createWebhookEndpoint', callable: 'createWebhookEndpoint', permission: 'integrations.manage', audit: 'webhook.create', call: (client) => client.call('createWebhookEndpoint', { url: `http://127.0.0.1:9/${next('hook')}`, events: ['order.created'] }) },
  { name: 'updateWebhookEndpoint', callable: 'updateWebhookEndpoint', permission: 'integrations.manage', audit: 'webhook.update', arrange: webhookEndpoint, call: (client, endpointId) => client.call('updateWebhookEndpoint', { endpointId, enabled: false }) },
  { name: 'deleteWebhookEndpoint', callable: 'deleteWebhookEndpoint', permission: 'integrations.manage', audit: 'webhook.delete', arrange: webhookEndpoint, call: (client, endpointId) => client.call('deleteWebhookEndpoint', { endpointId }) },
  {
    name: 'resendWebhookDelivery',
    callable: 'resendWebhookDelivery',
    permission: 'integrations.manage',
    arrange: async () => {
      const endpointId = await webhookEndpoint();
      await adminDb.doc(`webhookEndpoints/${endpointId}/deliveries/msg_1`).set({ type: 'order.created', payload: {}, status: 'delivered', attempts: 1, responseCode: 200, error: '', createdAt: new Date(), retryingSince: new Date() });
      return endpointId;
    },
    call: (client, endpointId) => client.call('resendWebhookDelivery', { endpointId, deliveryId: 'msg_1' }),
  },
  { name: 'getQuoteDocument', callable: 'getQuoteDocument', permission: 'quotes.respond', customerToo: true, arrange: () => quoteOfAssigned(true), call: (client, quoteId) => client.call('getQuoteDocument', { quoteId }) },
];

/** Whether the permission table lets `actor` make the call: staff only, with each permission it asks, on every company for an unassigned one. */
function allowedTo(actor: Actor, staffCall: StaffCall): boolean {
  if (actor === 'customer') return false;
  const needed = [staffCall.permission].flat();
  return needed.every((permission) => staffMay(actor, permission)) && (!staffCall.unassigned || staffMay(actor, 'companies.read'));
}

/** Permissions no callable asks for: the rules' reads of the back office, tested by role below. */
const READ_ONLY_PERMISSIONS: StaffPermission[] = ['orders.read', 'orders.readAssigned', 'companies.readAssigned', 'audit.read'];

describe('staff callables by role', () => {
  it('the table holds every staff callable the functions export, and every permission of the table of roles', () => {
    expect([...new Set(STAFF_CALLS.map((staffCall) => staffCall.callable))].sort()).toEqual(staffCallables());
    const asked = new Set(STAFF_CALLS.flatMap((staffCall) => [staffCall.permission].flat()));
    expect(STAFF_PERMISSIONS.filter((permission) => !asked.has(permission))).toEqual(READ_ONLY_PERMISSIONS);
  });

  for (const staffCall of STAFF_CALLS) {
    const allowed = ACTORS.filter((actor) => allowedTo(actor, staffCall));
    it(`${staffCall.name}: allowed to ${allowed.join(', ')} only, with ${staffCall.audit ? 'one audit entry' : 'no audit entry'} each`, async () => {
      for (const actor of ACTORS) {
        const arranged = (await staffCall.arrange?.()) ?? '';
        const before = await auditCount();
        if (allowed.includes(actor) || (actor === 'customer' && staffCall.customerToo)) {
          await staffCall.call(clients[actor], arranged);
          const audited = actor === 'customer' ? undefined : staffCall.audit;
          expect(await auditCount(), `${actor} ${staffCall.name}`).toBe(before + (audited ? 1 : 0));
          if (audited) {
            const entries = await adminDb.collection('auditLog').where('actor.uid', '==', clients[actor].uid).where('action', '==', audited).get();
            expect(entries.docs.some((entry) => entry.get('actor.role') === actor && String(entry.get('summary')).length > 0)).toBe(true);
          }
        } else {
          // Refused as the caller may not, or as if there were nothing there: either way nothing written.
          const error = await callError(staffCall.call(clients[actor], arranged));
          expect([error.code, actor]).toEqual([expect.stringMatching(/^(permission-denied|not-found)$/), actor]);
          expect(await auditCount(), `${actor} ${staffCall.name}`).toBe(before);
        }
      }
    }, 120_000);
  }
});

describe('what an audit entry says', () => {
  it('a price change records who, the field from and to, and the request; a refused one changes nothing', async () => {
    await storedProduct('audited', { sku: 'AUD-1', price: 1450 });
    await adminDb.doc('skus/AUD-1').set({ productId: 'audited' });
    const stored = (await adminDb.doc('products/audited').get()).data()!;
    await clients.admin.call('saveProduct', { ...productInput({ sku: 'AUD-1', price: 1500, stock: stored.stock as number }), id: 'audited' });
    const [entry] = (await adminDb.collection('auditLog').where('target', '==', 'products/audited').get()).docs;
    expect(entry!.data()).toMatchObject({ action: 'product.update', actor: { uid: clients.admin.uid, name: 'Test admin', role: 'admin' }, targetKind: 'products' });
    expect(entry!.get('changes')).toContainEqual({ field: 'price', from: 1450, to: 1500 });
    expect(entry!.get('requestId')).toEqual(expect.any(String));

    const error = await callError(clients.warehouse.call('saveProduct', { ...productInput({ sku: 'AUD-1', price: 1 }), id: 'audited' }));
    expect(error).toEqual({ code: 'permission-denied', message: 'Your back-office role (Warehouse) cannot do this. Ask an administrator to do it, or to give you a role that can.' });
    expect((await adminDb.doc('products/audited').get()).get('price')).toBe(1500);
  });

  it('the warehouse cannot take more stock than there is, and a sales rep sees an unassigned company as missing; neither is audited', async () => {
    await storedProduct('few', { stock: 3 });
    const before = await auditCount();
    expect(await callError(clients.warehouse.call('adjustStock', { productId: 'few', delta: -5, reason: 'Recount' }))).toEqual({
      code: 'failed-precondition',
      message: 'Only 3 units are in stock: at most 3 can be removed.',
    });
    expect(await callError(clients.sales.call('updateCompany', { companyId: 'other', note: 'Mine now' }))).toEqual({ code: 'not-found', message: 'There is no company other.' });
    expect(await callError(clients.sales.call('getOrderDocument', { orderId: await orderOf('other'), kind: 'confirmation' }))).toMatchObject({ code: 'not-found' });
    await clients.sales.call('getOrderDocument', { orderId: await orderOf('assigned'), kind: 'confirmation' });
    expect(await auditCount()).toBe(before);
  });
});

describe('setStaffRole', () => {
  it('refuses a change of one’s own role, gives and takes roles, and no one but an admin gives any', async () => {
    expect(await callError(clients.admin.call('setStaffRole', { uid: clients.admin.uid, role: null }))).toEqual({
      code: 'failed-precondition',
      message: 'You cannot change your own role. Ask another administrator.',
    });
    const hire = await webClient(`hire-${Date.now()}@harbor.test`);
    await adminDb.doc(`users/${hire.uid}`).set({ name: 'New Hire', email: 'hire@harbor.test' });
    await clients.admin.call('setStaffRole', { uid: hire.uid, role: 'warehouse' });
    expect((await adminDb.doc(`users/${hire.uid}`).get()).get('role')).toBe('warehouse');
    await clients.admin.call('setStaffRole', { uid: hire.uid, role: null });
    expect((await adminDb.doc(`users/${hire.uid}`).get()).get('role')).toBeUndefined();
    for (const actor of ['finance', 'customer'] as const) {
      expect(await callError(clients[actor].call('setStaffRole', { uid: clients[actor].uid, role: 'admin' }))).toMatchObject({ code: 'permission-denied' });
    }
    await hire.close();
  });

  it('keeps an administrator when the last two take each other’s role at once', async () => {
    const [admins] = await Promise.all([adminDb.collection('users').where('role', '==', 'admin').get()]);
    expect(admins.size).toBe(1);
    const second = await webClient(`second-admin-${Date.now()}@harbor.test`);
    await adminDb.doc(`users/${second.uid}`).set({ name: 'Second Admin', email: 'second@harbor.test', role: 'admin' });
    const results = await Promise.allSettled([
      clients.admin.call('setStaffRole', { uid: second.uid, role: null }),
      second.call('setStaffRole', { uid: clients.admin.uid, role: null }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const left = await adminDb.collection('users').where('role', '==', 'admin').get();
    expect(left.size).toBe(1);
    await adminDb.doc(`users/${clients.admin.uid}`).update({ role: 'admin' });
    await adminDb.doc(`users/${second.uid}`).update({ role: FieldValue.delete() });
    await second.close();
  });
});

/** Whether a read by `actor` is allowed by the rules. */
async function mayRead(actor: Actor, read: (client: TestClient) => Promise<unknown>): Promise<boolean> {
  return read(clients[actor]).then(
    () => true,
    (error: { code?: string }) => {
      if (error.code !== 'permission-denied') throw error;
      return false;
    },
  );
}

describe('back-office reads by role (rules)', () => {
  let assignedOrder = '';
  let otherOrder = '';
  beforeAll(async () => {
    assignedOrder = await orderOf('assigned');
    otherOrder = await orderOf('other');
    await storedProduct('hidden', { active: false });
  });

  const READS: { name: string; allowed: Actor[]; read: (client: TestClient) => Promise<unknown> }[] = [
    { name: 'an order of an assigned company', allowed: ['admin', 'sales', 'warehouse', 'finance', 'customer'], read: (client) => getDoc(doc(client.db, `orders/${assignedOrder}`)) },
    { name: 'an order of an unassigned company', allowed: ['admin', 'warehouse', 'finance', 'customer'], read: (client) => getDoc(doc(client.db, `orders/${otherOrder}`)) },
    { name: "an assigned company's orders", allowed: ['admin', 'sales', 'warehouse', 'finance', 'customer'], read: (client) => getDocs(query(collection(client.db, 'orders'), where('companyId', '==', 'assigned'))) },
    { name: "an unassigned company's orders", allowed: ['admin', 'warehouse', 'finance'], read: (client) => getDocs(query(collection(client.db, 'orders'), where('companyId', '==', 'other'))) },
    { name: 'every order', allowed: ['admin', 'warehouse', 'finance'], read: (client) => getDocs(collection(client.db, 'orders')) },
    { name: 'an assigned company', allowed: ['admin', 'sales', 'finance', 'customer'], read: (client) => getDoc(doc(client.db, 'companies/assigned')) },
    { name: 'an unassigned company', allowed: ['admin', 'finance'], read: (client) => getDoc(doc(client.db, 'companies/other')) },
    { name: 'the companies assigned to the caller', allowed: ['admin', 'sales', 'finance'], read: (client) => getDocs(query(collection(client.db, 'companies'), where('salesRepUid', '==', clients.sales.uid))) },
    { name: 'every company', allowed: ['admin', 'finance'], read: (client) => getDocs(collection(client.db, 'companies')) },
    { name: "an assigned company's contract prices", allowed: ['admin', 'sales', 'finance', 'customer'], read: (client) => getDoc(doc(client.db, 'companies/assigned/private/pricing')) },
    { name: "an unassigned company's contract prices", allowed: ['admin', 'finance'], read: (client) => getDoc(doc(client.db, 'companies/other/private/pricing')) },
    { name: "an unassigned company's history", allowed: ['admin', 'finance'], read: (client) => getDocs(collection(client.db, 'companies/other/history')) },
    { name: 'an inactive product', allowed: ['admin', 'warehouse'], read: (client) => getDoc(doc(client.db, 'products/hidden')) },
    { name: 'the audit log', allowed: ['admin'], read: (client) => getDocs(collection(client.db, 'auditLog')) },
    {
      name: "a company's audit entries",
      allowed: ['admin', 'finance'],
      read: (client) => getDocs(query(collection(client.db, 'auditLog'), where('targetKind', '==', 'companies'), where('target', '==', 'companies/assigned'))),
    },
    {
      name: "a product's audit entries",
      allowed: ['admin'],
      read: (client) => getDocs(query(collection(client.db, 'auditLog'), where('targetKind', '==', 'products'), where('target', '==', 'products/audited'))),
    },
    { name: 'every user', allowed: ['admin'], read: (client) => getDocs(collection(client.db, 'users')) },
  ];

  for (const { name, allowed, read } of READS) {
    it(`${name}: ${allowed.join(', ')}`, async () => {
      const results = await Promise.all(ACTORS.map(async (actor) => [actor, await mayRead(actor, read)] as const));
      expect(Object.fromEntries(results)).toEqual(Object.fromEntries(ACTORS.map((actor) => [actor, allowed.includes(actor)])));
    });
  }

  it('no one writes the audit log, admins included, nor gives itself a role', async () => {
    for (const actor of ACTORS) {
      await expect(setDoc(doc(clients[actor].db, 'auditLog/forged'), { action: 'product.update' }), actor).rejects.toMatchObject({ code: 'permission-denied' });
      const otherRole = actor === 'admin' ? 'sales' : 'admin';
      await expect(setDoc(doc(clients[actor].db, `users/${clients[actor].uid}`), { name: 'Me', role: otherRole }, { merge: true }), actor).rejects.toMatchObject({ code: 'permission-denied' });
    }
  });
});
