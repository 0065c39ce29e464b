import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_RULES, expectedOrder, orderLinesFromCart, priceOrder } from '@harbor/domain';
import { adminClient, productInput, shopperClient } from './adminFixtures';
import { adminDb, clearFirestore, switchOffTriggers, type TestClient } from './harness';
import { fieldCases, wholePayloadCases, type HostileCase } from './hostileInput';

/** Every document of every collection, to prove a refused call changed nothing. */
async function snapshotDatabase(): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = {};
  for (const collection of await adminDb.listCollections()) {
    for (const document of (await collection.get()).docs) result[document.ref.path] = document.data();
  }
  return result;
}

const cartLine = { id: 'bev-1001', price: 1899, quantity: 2, name: 'Water', sku: 'BEV-1001', imageUrl: '/x.svg', unit: 'case', minOrderQty: 1, packSize: 1 };

/** The callable protocol's JSON body; NaN and Infinity are written as the bare tokens a hostile client could send. */
function callableBody(payload: unknown): string {
  const marked = JSON.stringify({ data: payload }, (_key, value: unknown) =>
    typeof value === 'number' && !Number.isFinite(value) ? `__number__${String(value)}` : value,
  );
  return marked.replace(/"__number__(NaN|-?Infinity)"/g, '$1');
}

interface CallableUnderAttack {
  name: string;
  /** Who calls it: admin callables are attacked by an admin, so the input check itself is tested. */
  caller: 'shopper' | 'admin';
  cases: HostileCase[];
}

const orderAddress = { line1: '12 Harbor Way', line2: '', city: 'Portland', region: 'ME', postalCode: '04101', country: 'United States' };
/** What a checkout would show for the cart below: the order the buyer confirms. */
const confirmedOrder = expectedOrder(priceOrder(orderLinesFromCart([cartLine]), new Map([[cartLine.id, { ...cartLine, tiers: [], stock: 50, active: true }]])));
const [confirmedLine] = confirmedOrder.lines;
const validOrder = {
  requestId: 'hostile-request-0001',
  shippingAddress: orderAddress,
  company: 'Seaside Café',
  poNumber: 'PO-1',
  notes: '',
  paymentMethod: 'invoice-net30',
  saveToProfile: false,
  expected: confirmedOrder,
};
const withExpected = (expected: unknown) => ({ ...validOrder, expected });
const withLines = (lines: unknown[]) => withExpected({ ...confirmedOrder, lines });
const validProduct = productInput({ sku: 'HOSTILE-1' });
const applicationFields = { name: 'Seaside Café', taxId: '12-3456789', phone: '+1 207 555 0100', shippingAddress: orderAddress };
const application = { ...applicationFields, billingAddress: orderAddress };
const memberChange = { companyId: 'co-1', uid: 'someone', role: 'buyer', orderLimit: 50_000, monthlyLimit: null };
const billingEmailChange = { companyId: 'co-1', billingEmail: 'payables@seaside.example' };
const payment = { companyId: 'co-1', requestId: 'payment-0001', amount: 1000, receivedOn: '2026-11-20', method: 'check', reference: '1001', allocations: [{ invoiceNumber: 'INV-000001', amount: 1000 }], keepCredit: false };
const allowance = { orderId: 'order-1', requestId: 'credit-0001', amount: 500, reason: 'Damaged', restock: false };
const companyChange = { companyId: 'co-1', status: 'approved', creditLimit: 100_000 };
const invitationCode = 'A'.repeat(24);

const requestedLine = { productId: 'bev-1001', quantity: 10 };
const quotedLine = { ...requestedLine, unitPrice: 1500 };
const validQuoteRequest = { requestId: 'hostile-quote-0001', lines: [requestedLine], note: 'Weekly' };
const validQuoteAnswer = { quoteId: 'quote-1', version: 1, lines: [quotedLine], validUntil: '2099-12-31', message: 'Our price' };
const validStaffQuote = { companyId: 'co-1', lines: [quotedLine], validUntil: '2099-12-31', message: 'For you' };
const validQuoteAction = { quoteId: 'quote-1', action: 'decline', message: 'Too dear' };
const { company: _company, saveToProfile: _saveToProfile, ...acceptFields } = validOrder;
const validAccept = { ...acceptFields, quoteId: 'quote-1', version: 2 };

const badIds = ['', '   ', 'a/b', '../users/x', '.', '..', '__name__', 'x'.repeat(129)].map((id) => ({ label: `id ${JSON.stringify(id.slice(0, 12))}`, id }));

const validPaymentStart = { companyId: 'co-1', requestId: 'payment-request-1', invoiceNumbers: ['INV-000001'], amount: 5_000, method: 'card' };
const validAccountingSettings = { salesItem: 'Sales', incomeAccount: '4000', taxCode: 'TAX', exemptTaxCode: 'NON', depositAccount: 'Checking', customerName: 'name' };
const validAccountingExport = { format: 'quickbooks', from: '2026-11-01', to: '2026-11-30' };
const validReturnRequest = { orderId: 'order-1', requestId: 'return-request-1', lines: [{ productId: 'bev-1001', quantity: 1, reason: 'damaged' }], note: 'Crushed' };
const validReturnDecision = { returnId: 'return-1', decision: 'approve', message: 'Send it back', restockingFeeBasisPoints: 1_000 };
const validApiKey = { name: 'Warehouse system', scopes: ['inventory:write', 'fulfilment:write'] };
const validReceipt = { returnId: 'return-1', requestId: 'receipt-request-1', lines: [{ productId: 'bev-1001', quantity: 1, condition: 'resellable' }] };

const validEndpoint = { url: 'http://127.0.0.1:9/hooks', events: ['order.created'] };
const validEndpointChange = { endpointId: 'endpoint-1', url: 'http://127.0.0.1:9/hooks', events: ['order.created'], enabled: true };
const validResend = { endpointId: 'endpoint-1', deliveryId: 'msg_1' };

const validImportStart = { fileName: 'products.csv', totalRows: 10 };
const validImportChunk = { jobId: 'job-1', chunk: 0, rows: [{ line: 2, product: {} }], refused: [] };

const callables: CallableUnderAttack[] = [
  {
    name: 'startProductImport',
    caller: 'admin',
    cases: [
      ...wholePayloadCases(validImportStart),
      ...fieldCases(validImportStart),
      { label: 'no rows', payload: { ...validImportStart, totalRows: 0 } },
      { label: 'more rows than any file', payload: { ...validImportStart, totalRows: 200_001 } },
      { label: 'a blank file name', payload: { ...validImportStart, fileName: '   ' } },
    ],
  },
  {
    name: 'uploadProductImportChunk',
    caller: 'admin',
    cases: [
      ...wholePayloadCases(validImportChunk),
      ...fieldCases(validImportChunk, ['refused']),
      ...badIds.map(({ label, id }) => ({ label: `job ${label}`, payload: { ...validImportChunk, jobId: id } })),
      { label: 'the header line as a row', payload: { ...validImportChunk, rows: [{ line: 1, product: {} }] } },
      { label: 'a row without its line', payload: { ...validImportChunk, rows: [{ product: {} }] } },
      { label: 'an empty chunk', payload: { ...validImportChunk, rows: [], refused: [] } },
      { label: 'more rows than a chunk holds', payload: { ...validImportChunk, rows: Array.from({ length: 501 }, (_, index) => ({ line: index + 2, product: {} })) } },
      { label: 'a refused row without its reason', payload: { ...validImportChunk, refused: [{ line: 3, column: 'price', message: '' }] } },
    ],
  },
  { name: 'runProductImport', caller: 'admin', cases: [...wholePayloadCases({ jobId: 'job-1' }), ...fieldCases({ jobId: 'job-1' }), ...badIds.map(({ label, id }) => ({ label, payload: { jobId: id } }))] },
  {
    name: 'createWebhookEndpoint',
    caller: 'admin',
    cases: [
      ...wholePayloadCases(validEndpoint),
      ...fieldCases(validEndpoint),
      { label: 'a URL with a password', payload: { ...validEndpoint, url: 'https://user:secret@hooks.example.com/' } },
      { label: 'a file URL', payload: { ...validEndpoint, url: 'file:///etc/passwd' } },
      { label: 'a gopher URL', payload: { ...validEndpoint, url: 'gopher://127.0.0.1:25/' } },
      { label: 'a private https URL', payload: { ...validEndpoint, url: 'https://10.0.0.1/hooks' } },
      { label: 'the metadata service', payload: { ...validEndpoint, url: 'https://169.254.169.254/latest/meta-data' } },
      { label: 'plain http elsewhere', payload: { ...validEndpoint, url: 'http://10.0.0.1/hooks' } },
      { label: 'an unknown event', payload: { ...validEndpoint, events: ['order.deleted'] } },
      { label: 'no events', payload: { ...validEndpoint, events: [] } },
      { label: 'an event twice', payload: { ...validEndpoint, events: ['order.created', 'order.created'] } },
    ],
  },
  {
    name: 'updateWebhookEndpoint',
    caller: 'admin',
    cases: [
      ...wholePayloadCases(validEndpointChange),
      ...fieldCases(validEndpointChange, ['url', 'events', 'enabled']),
      { label: 'a private https URL', payload: { ...validEndpointChange, url: 'https://192.168.1.1/' } },
      ...badIds.map(({ label, id }) => ({ label: `endpoint ${label}`, payload: { ...validEndpointChange, endpointId: id } })),
    ],
  },
  { name: 'deleteWebhookEndpoint', caller: 'admin', cases: [...wholePayloadCases({ endpointId: 'endpoint-1' }), ...fieldCases({ endpointId: 'endpoint-1' }), ...badIds.map(({ label, id }) => ({ label, payload: { endpointId: id } }))] },
  {
    name: 'resendWebhookDelivery',
    caller: 'admin',
    cases: [...wholePayloadCases(validResend), ...fieldCases(validResend), ...badIds.map(({ label, id }) => ({ label: `delivery ${label}`, payload: { ...validResend, deliveryId: id } }))],
  },
  {
    name: 'mergeCart',
    caller: 'shopper',
    cases: [
      ...wholePayloadCases({ guestItems: [cartLine] }),
      ...fieldCases({ guestItems: [cartLine] }),
      ...fieldCases(cartLine).map(({ label, payload }) => ({ label: `item ${label}`, payload: { guestItems: [payload] } })),
      ...badIds.map(({ label, id }) => ({ label: `item ${label}`, payload: { guestItems: [{ ...cartLine, id }] } })),
      { label: 'guestItems with 10,000 lines', payload: { guestItems: Array.from({ length: 10_000 }, (_, index) => ({ ...cartLine, id: `p${index}` })) } },
    ],
  },
  {
    name: 'placeOrder',
    caller: 'shopper',
    cases: [
      ...wholePayloadCases(validOrder),
      ...fieldCases(validOrder, ['poNumber', 'notes', 'saveToProfile']),
      ...fieldCases(orderAddress, ['line2', 'region']).map(({ label, payload }) => ({ label: `address ${label}`, payload: { ...validOrder, shippingAddress: payload } })),
      { label: 'an unknown payment method', payload: { ...validOrder, paymentMethod: 'card' } },
      { label: 'a request id with a slash', payload: { ...validOrder, requestId: 'abc/defgh/ij' } },
      { label: 'a too-short request id', payload: { ...validOrder, requestId: 'abc' } },
      { label: 'a blank street', payload: { ...validOrder, shippingAddress: { ...orderAddress, line1: '   ' } } },
      ...fieldCases(confirmedOrder).map(({ label, payload }) => ({ label: `expected ${label}`, payload: withExpected(payload) })),
      ...fieldCases({ ...confirmedLine }).map(({ label, payload }) => ({ label: `expected line ${label}`, payload: withLines([payload]) })),
      ...badIds.map(({ label, id }) => ({ label: `expected line ${label}`, payload: withLines([{ ...confirmedLine, productId: id }]) })),
      { label: 'an expected line with an unknown field', payload: withLines([{ ...confirmedLine, name: 'Water' }]) },
      { label: 'an expected line with quantity 0', payload: withLines([{ ...confirmedLine, quantity: 0 }]) },
      { label: 'an expected line above the line limit', payload: withLines([{ ...confirmedLine, quantity: SHOP_RULES.maxQuantityPerLine + 1 }]) },
      { label: 'an expected unit price above any price', payload: withLines([{ ...confirmedLine, unitPrice: 100_000_001 }]) },
      { label: 'a product on two expected lines', payload: withLines([confirmedLine, confirmedLine]) },
      { label: 'more expected lines than a cart holds', payload: withLines(Array.from({ length: SHOP_RULES.maxCartLines + 1 }, (_, index) => ({ ...confirmedLine, productId: `p${index}` }))) },
      { label: 'expected lines that are not objects', payload: withLines(['bev-1001']) },
      { label: 'an expected total as text', payload: withExpected({ ...confirmedOrder, total: '$20.00' }) },
    ],
  },
  {
    name: 'saveProduct',
    caller: 'admin',
    cases: [
      ...wholePayloadCases(validProduct),
      ...fieldCases(validProduct, ['id']),
      { label: 'an unknown category', payload: { ...validProduct, category: 'Weapons' } },
      { label: 'a SKU with spaces', payload: { ...validProduct, sku: 'BAD SKU' } },
      { label: 'a minimum that is not a multiple of the pack', payload: { ...validProduct, packSize: 6, minOrderQty: 4, tiers: [] } },
      { label: 'tiers out of order', payload: { ...validProduct, tiers: [{ minQty: 20, price: 1300 }, { minQty: 10, price: 1200 }] } },
      { label: 'a tier dearer than the base price', payload: { ...validProduct, tiers: [{ minQty: 10, price: 99_999 }] } },
      { label: 'eleven tiers', payload: { ...validProduct, tiers: Array.from({ length: 11 }, (_, index) => ({ minQty: 10 + index, price: 1400 - index })) } },
      { label: 'a javascript: image URL', payload: { ...validProduct, imageUrl: 'javascript:alert(1)' } },
      { label: 'an image path outside products/', payload: { ...validProduct, imagePath: 'users/secret.png' } },
      ...badIds.map(({ label, id }) => ({ label, payload: { ...validProduct, id } })),
    ],
  },
  {
    name: 'deleteProduct',
    caller: 'admin',
    cases: [...wholePayloadCases({ id: 'bev-1001' }), ...fieldCases({ id: 'bev-1001' }), ...badIds.map(({ label, id }) => ({ label, payload: { id } }))],
  },
  {
    name: 'updateOrderStatus',
    caller: 'admin',
    cases: [
      ...wholePayloadCases({ orderId: 'order-1', status: 'processing' }),
      ...fieldCases({ orderId: 'order-1', status: 'processing' }),
      { label: 'an unknown status', payload: { orderId: 'order-1', status: 'refunded' } },
      { label: 'a status in capitals', payload: { orderId: 'order-1', status: 'SHIPPED' } },
      { label: 'shipped without a carrier', payload: { orderId: 'order-1', status: 'shipped', trackingNumber: '1Z999AA10123456784' } },
      { label: 'shipped with an unknown carrier', payload: { orderId: 'order-1', status: 'shipped', carrier: '__proto__', trackingNumber: '1Z999AA10123456784' } },
      { label: 'a tracking number of 100,000 characters', payload: { orderId: 'order-1', status: 'shipped', carrier: 'UPS', trackingNumber: '1'.repeat(100_000) } },
      { label: 'a tracking number as a number', payload: { orderId: 'order-1', status: 'shipped', carrier: 'DHL', trackingNumber: 1234567890 } },
      ...badIds.map(({ label, id }) => ({ label: `order ${label}`, payload: { orderId: id, status: 'processing' } })),
    ],
  },
  {
    name: 'registerCompany',
    caller: 'shopper',
    cases: [
      ...wholePayloadCases(application),
      // The billing address may be blank; its wrong shapes are those of the shipping address.
      ...fieldCases(applicationFields, ['taxId']).map(({ label, payload }) => ({ label, payload: { ...(payload as object), billingAddress: orderAddress } })),
      ...fieldCases(orderAddress, ['line2', 'region']).map(({ label, payload }) => ({ label: `shipping address ${label}`, payload: { ...application, shippingAddress: payload } })),
      { label: 'a phone number with letters', payload: { ...application, phone: 'call me' } },
    ],
  },
  {
    name: 'updateCompany',
    caller: 'admin',
    cases: [
      ...wholePayloadCases(companyChange),
      ...fieldCases(companyChange, ['status', 'creditLimit']),
      { label: 'an unknown status', payload: { ...companyChange, status: 'vip' } },
      { label: 'unknown payment terms', payload: { ...companyChange, paymentTerms: 'net365' } },
      { label: 'a discount above 100%', payload: { ...companyChange, discountBasisPoints: 10_001 } },
      { label: 'a fixed price below zero', payload: { ...companyChange, fixedPrices: { 'bev-1001': -1 } } },
      { label: 'a fixed price for a bad product id', payload: { ...companyChange, fixedPrices: { 'a/b': 100 } } },
      ...badIds.map(({ label, id }) => ({ label: `company ${label}`, payload: { ...companyChange, companyId: id } })),
    ],
  },
  {
    name: 'markOrderPaid',
    caller: 'admin',
    cases: [
      ...wholePayloadCases({ orderId: 'order-1', requestId: 'click-1' }),
      ...fieldCases({ orderId: 'order-1', requestId: 'click-1' }),
      ...badIds.map(({ label, id }) => ({ label: `order ${label}`, payload: { orderId: id, requestId: 'click-1' } })),
    ],
  },
  {
    name: 'recordPayment',
    caller: 'admin',
    cases: [
      ...wholePayloadCases(payment),
      ...fieldCases(payment, ['reference', 'allocations', 'keepCredit']),
      { label: 'a negative amount', payload: { ...payment, amount: -100 } },
      { label: 'fractional cents', payload: { ...payment, amount: 10.5 } },
      { label: 'a day that does not exist', payload: { ...payment, receivedOn: '2026-02-31x' } },
      { label: 'an unknown method', payload: { ...payment, method: 'bitcoin' } },
      { label: 'an allocation to a credit note number', payload: { ...payment, allocations: [{ invoiceNumber: 'CN-000001', amount: 100 }] } },
      { label: 'a negative allocation', payload: { ...payment, allocations: [{ invoiceNumber: 'INV-000001', amount: -100 }] } },
      ...badIds.map(({ label, id }) => ({ label: `company ${label}`, payload: { ...payment, companyId: id } })),
    ],
  },
  {
    name: 'reversePayment',
    caller: 'admin',
    cases: [...wholePayloadCases({ paymentId: 'PAY-1', reason: 'Bounced' }), ...fieldCases({ paymentId: 'PAY-1', reason: 'Bounced' }), { label: 'a blank reason', payload: { paymentId: 'PAY-1', reason: '  ' } }],
  },
  {
    name: 'issueCreditNote',
    caller: 'admin',
    cases: [
      ...wholePayloadCases(allowance),
      ...fieldCases(allowance, ['amount', 'restock']),
      { label: 'both lines and an amount', payload: { ...allowance, lines: [{ productId: 'bev-1001', quantity: 1 }] } },
      { label: 'a zero quantity', payload: { ...allowance, amount: undefined, lines: [{ productId: 'bev-1001', quantity: 0 }] } },
      ...badIds.map(({ label, id }) => ({ label: `order ${label}`, payload: { ...allowance, orderId: id } })),
    ],
  },
  {
    name: 'getStatement',
    caller: 'shopper',
    cases: [
      ...wholePayloadCases({ companyId: 'co-1' }),
      ...fieldCases({ companyId: 'co-1', from: '2026-01-01', to: '2026-03-31' }, ['from', 'to']),
      ...badIds.map(({ label, id }) => ({ label: `company ${label}`, payload: { companyId: id } })),
      { label: 'a first day that is no date', payload: { companyId: 'co-1', from: '2026-02-30' } },
      { label: 'a last day in another format', payload: { companyId: 'co-1', to: '31/03/2026' } },
    ],
  },
  {
    name: 'createInvitation',
    caller: 'shopper',
    cases: [
      ...wholePayloadCases({ email: 'colleague@harbor.test' }),
      ...fieldCases({ email: 'colleague@harbor.test' }),
      { label: 'an address without @', payload: { email: 'colleague.harbor.test' } },
    ],
  },
  {
    name: 'acceptInvitation',
    caller: 'shopper',
    cases: [
      ...wholePayloadCases({ code: invitationCode }),
      ...fieldCases({ code: invitationCode }),
      { label: 'a code with a path', payload: { code: '../companies/x/abcdefgh' } },
      { label: 'a short code', payload: { code: 'abc' } },
    ],
  },
  {
    name: 'withdrawInvitation',
    caller: 'shopper',
    cases: [...wholePayloadCases({ code: invitationCode }), ...fieldCases({ code: invitationCode }), { label: 'a code with a path', payload: { code: '../companies/x/abcdefgh' } }],
  },
  {
    name: 'removeBuyer',
    caller: 'shopper',
    cases: [...wholePayloadCases({ uid: 'someone' }), ...fieldCases({ uid: 'someone' }), ...badIds.map(({ label, id }) => ({ label: `buyer ${label}`, payload: { uid: id } }))],
  },
  {
    name: 'updateMember',
    caller: 'shopper',
    cases: [
      ...wholePayloadCases(memberChange),
      // A limit may be null (none) or left out (unchanged): its other wrong values are tried below.
      ...fieldCases({ companyId: memberChange.companyId, uid: memberChange.uid, role: memberChange.role }, ['role']).map(({ label, payload }) => ({ label, payload: { ...(payload as object), orderLimit: null } })),
      { label: 'an unknown role', payload: { ...memberChange, role: 'admin' } },
      ...[
        ['negative', -1],
        ['fractional', 12.5],
        ['a string', '500'],
        ['huge', 1e308],
        ['an object', { cents: 1 }],
        ['boolean', true],
      ].map(([label, value]) => ({ label: `order limit ${String(label)}`, payload: { ...memberChange, orderLimit: value } })),
      { label: 'monthly limit fractional', payload: { ...memberChange, monthlyLimit: 0.5 } },
      ...badIds.map(({ label, id }) => ({ label: `company ${label}`, payload: { ...memberChange, companyId: id } })),
    ],
  },
  {
    name: 'updateBillingEmail',
    caller: 'shopper',
    cases: [
      ...wholePayloadCases(billingEmailChange),
      ...fieldCases(billingEmailChange),
      { label: 'not an address', payload: { ...billingEmailChange, billingEmail: 'accounts payable' } },
      ...badIds.map(({ label, id }) => ({ label: `company ${label}`, payload: { ...billingEmailChange, companyId: id } })),
    ],
  },
  {
    name: 'decideApproval',
    caller: 'shopper',
    cases: [
      ...wholePayloadCases({ orderId: 'order-1', decision: 'approve' }),
      ...fieldCases({ orderId: 'order-1', decision: 'approve' }),
      { label: 'a decision in capitals', payload: { orderId: 'order-1', decision: 'APPROVE' } },
      { label: 'a rejection without a reason', payload: { orderId: 'order-1', decision: 'reject' } },
      { label: 'a rejection with a blank reason', payload: { orderId: 'order-1', decision: 'reject', reason: '   ' } },
      { label: 'a reason of 100,000 characters', payload: { orderId: 'order-1', decision: 'reject', reason: 'x'.repeat(100_000) } },
      { label: 'a reason as a number', payload: { orderId: 'order-1', decision: 'reject', reason: 42 } },
      ...badIds.map(({ label, id }) => ({ label: `order ${label}`, payload: { orderId: id, decision: 'approve' } })),
    ],
  },
  {
    name: 'requestQuote',
    caller: 'shopper',
    cases: [
      ...wholePayloadCases(validQuoteRequest),
      ...fieldCases(validQuoteRequest, ['note']),
      ...fieldCases(requestedLine).map(({ label, payload }) => ({ label: `line ${label}`, payload: { ...validQuoteRequest, lines: [payload] } })),
      ...badIds.map(({ label, id }) => ({ label: `line ${label}`, payload: { ...validQuoteRequest, lines: [{ ...requestedLine, productId: id }] } })),
      { label: 'no lines', payload: { ...validQuoteRequest, lines: [] } },
      { label: 'a line with a price (the buyer sets none)', payload: { ...validQuoteRequest, lines: [{ ...requestedLine, unitPrice: 1 }] } },
      { label: 'a product on two lines', payload: { ...validQuoteRequest, lines: [requestedLine, requestedLine] } },
      { label: '201 lines', payload: { ...validQuoteRequest, lines: Array.from({ length: 201 }, (_, index) => ({ ...requestedLine, productId: `p${index}` })) } },
    ],
  },
  {
    name: 'respondToQuote',
    caller: 'admin',
    cases: [
      ...wholePayloadCases(validQuoteAnswer),
      ...fieldCases(validQuoteAnswer, ['message']),
      ...fieldCases(quotedLine).map(({ label, payload }) => ({ label: `line ${label}`, payload: { ...validQuoteAnswer, lines: [payload] } })),
      ...badIds.map(({ label, id }) => ({ label: `quote ${label}`, payload: { ...validQuoteAnswer, quoteId: id } })),
      { label: 'a day that is not a day', payload: { ...validQuoteAnswer, validUntil: '31/12/2030' } },
      { label: 'a day that has passed', payload: { ...validQuoteAnswer, validUntil: '2001-01-01' } },
      { label: 'version 0', payload: { ...validQuoteAnswer, version: 0 } },
      { label: 'a status set by the caller', payload: { ...validQuoteAnswer, status: 'accepted' } },
    ],
  },
  {
    name: 'createQuote',
    caller: 'admin',
    cases: [
      ...wholePayloadCases(validStaffQuote),
      ...fieldCases(validStaffQuote, ['message']),
      ...badIds.map(({ label, id }) => ({ label: `company ${label}`, payload: { ...validStaffQuote, companyId: id } })),
      { label: 'a negative price', payload: { ...validStaffQuote, lines: [{ ...quotedLine, unitPrice: -1 }] } },
      { label: 'a price in dollars', payload: { ...validStaffQuote, lines: [{ ...quotedLine, unitPrice: 12.5 }] } },
      { label: 'a short request id', payload: { ...validStaffQuote, requestId: 'abc' } },
    ],
  },
  {
    name: 'quoteAction',
    caller: 'shopper',
    cases: [
      ...wholePayloadCases(validQuoteAction),
      ...fieldCases(validQuoteAction, ['message']),
      { label: 'an unknown action', payload: { ...validQuoteAction, action: 'accept' } },
      { label: 'a rejection without a reason', payload: { ...validQuoteAction, action: 'reject', message: '' } },
      ...badIds.map(({ label, id }) => ({ label: `quote ${label}`, payload: { ...validQuoteAction, quoteId: id } })),
    ],
  },
  {
    name: 'addQuoteMessage',
    caller: 'shopper',
    cases: [
      ...wholePayloadCases({ quoteId: 'quote-1', text: 'Hello' }),
      ...fieldCases({ quoteId: 'quote-1', text: 'Hello' }),
      { label: 'a blank message', payload: { quoteId: 'quote-1', text: '   ' } },
    ],
  },
  {
    name: 'acceptQuote',
    caller: 'shopper',
    cases: [
      ...wholePayloadCases(validAccept),
      ...fieldCases(validAccept, ['poNumber', 'notes']),
      ...fieldCases(confirmedOrder).map(({ label, payload }) => ({ label: `expected ${label}`, payload: { ...validAccept, expected: payload } })),
      { label: 'saveToProfile (not taken)', payload: { ...validAccept, saveToProfile: true } },
      { label: 'an unknown payment method', payload: { ...validAccept, paymentMethod: 'card' } },
      ...badIds.map(({ label, id }) => ({ label: `quote ${label}`, payload: { ...validAccept, quoteId: id } })),
    ],
  },
  {
    name: 'requestReturn',
    caller: 'shopper',
    cases: [
      ...wholePayloadCases(validReturnRequest),
      ...fieldCases(validReturnRequest, ['note']),
      { label: 'no lines', payload: { ...validReturnRequest, lines: [] } },
      { label: 'an unknown reason', payload: { ...validReturnRequest, lines: [{ productId: 'bev-1001', quantity: 1, reason: 'bored' }] } },
      { label: 'a zero quantity', payload: { ...validReturnRequest, lines: [{ productId: 'bev-1001', quantity: 0, reason: 'damaged' }] } },
      { label: 'the same product twice', payload: { ...validReturnRequest, lines: [validReturnRequest.lines[0], validReturnRequest.lines[0]] } },
      ...badIds.map(({ label, id }) => ({ label: `order ${label}`, payload: { ...validReturnRequest, orderId: id } })),
    ],
  },
  {
    name: 'decideReturn',
    caller: 'admin',
    cases: [
      ...wholePayloadCases(validReturnDecision),
      ...fieldCases(validReturnDecision, ['message', 'restockingFeeBasisPoints']),
      { label: 'a rejection without a reason', payload: { returnId: 'return-1', decision: 'reject', message: ' ' } },
      { label: 'a fee over 50%', payload: { ...validReturnDecision, restockingFeeBasisPoints: 5_001 } },
      ...badIds.map(({ label, id }) => ({ label: `return ${label}`, payload: { ...validReturnDecision, returnId: id } })),
    ],
  },
  {
    name: 'receiveReturn',
    caller: 'admin',
    cases: [
      ...wholePayloadCases(validReceipt),
      ...fieldCases(validReceipt),
      { label: 'an unknown condition', payload: { ...validReceipt, lines: [{ productId: 'bev-1001', quantity: 1, condition: 'lost' }] } },
      { label: 'no lines', payload: { ...validReceipt, lines: [] } },
      ...badIds.map(({ label, id }) => ({ label: `return ${label}`, payload: { ...validReceipt, returnId: id } })),
    ],
  },
  {
    name: 'closeReturn',
    caller: 'admin',
    cases: [...wholePayloadCases({ returnId: 'return-1', reason: 'Never sent' }), ...fieldCases({ returnId: 'return-1', reason: 'Never sent' }), { label: 'a blank reason', payload: { returnId: 'return-1', reason: '  ' } }],
  },
  {
    name: 'startPayment',
    caller: 'shopper',
    cases: [
      ...wholePayloadCases(validPaymentStart),
      ...fieldCases(validPaymentStart, ['amount']),
      { label: 'both invoices and an order', payload: { ...validPaymentStart, orderId: 'order-1' } },
      { label: 'no invoices', payload: { ...validPaymentStart, invoiceNumbers: [] } },
      { label: 'the same invoice twice', payload: { ...validPaymentStart, invoiceNumbers: ['INV-000001', 'INV-000001'] } },
      { label: 'a zero amount', payload: { ...validPaymentStart, amount: 0 } },
      { label: 'an unknown method', payload: { ...validPaymentStart, method: 'bitcoin' } },
      ...badIds.map(({ label, id }) => ({ label: `company ${label}`, payload: { ...validPaymentStart, companyId: id } })),
    ],
  },
  {
    name: 'saveAccountingSettings',
    caller: 'admin',
    cases: [...wholePayloadCases(validAccountingSettings), ...fieldCases(validAccountingSettings), { label: 'a blank account', payload: { ...validAccountingSettings, incomeAccount: '  ' } }, { label: 'customers by e-mail', payload: { ...validAccountingSettings, customerName: 'email' } }],
  },
  {
    name: 'exportAccounting',
    caller: 'admin',
    cases: [
      ...wholePayloadCases(validAccountingExport),
      ...fieldCases(validAccountingExport),
      { label: 'an unknown format', payload: { ...validAccountingExport, format: 'sage' } },
      { label: 'a day that does not exist', payload: { ...validAccountingExport, to: '2026-02-30T00:00' } },
      { label: 'the last day before the first', payload: { ...validAccountingExport, from: '2026-12-01' } },
      { label: 'more than a year', payload: { ...validAccountingExport, from: '2025-01-01' } },
    ],
  },
  {
    name: 'getQuoteDocument',
    caller: 'shopper',
    cases: [...wholePayloadCases({ quoteId: 'quote-1' }), ...fieldCases({ quoteId: 'quote-1' }), ...badIds.map(({ label, id }) => ({ label, payload: { quoteId: id } }))],
  },
  {
    name: 'createApiKey',
    caller: 'admin',
    cases: [
      ...wholePayloadCases(validApiKey),
      ...fieldCases(validApiKey),
      { label: 'a blank name', payload: { ...validApiKey, scopes: ['orders:read'], name: '   ' } },
      { label: 'no scopes', payload: { ...validApiKey, scopes: [] } },
      { label: 'an unknown scope', payload: { ...validApiKey, scopes: ['orders:write'] } },
      { label: 'a scope twice', payload: { ...validApiKey, scopes: ['orders:read', 'orders:read'] } },
    ],
  },
  {
    name: 'revokeApiKey',
    caller: 'admin',
    cases: [...wholePayloadCases({ keyId: 'key-1' }), ...fieldCases({ keyId: 'key-1' }), ...badIds.map(({ label, id }) => ({ label: `key ${label}`, payload: { keyId: id } }))],
  },
];

let shopper: TestClient;
let admin: TestClient;
/** The database after the fixtures: every refused call must leave exactly this. */
let fixtures: Record<string, unknown>;

beforeAll(async () => {
  // "Changes nothing" is about the callables: a trigger set off by these fixtures (the search
  // index after the product write) or by an earlier file must not write in between.
  await switchOffTriggers();
  await clearFirestore();
  [shopper, admin] = await Promise.all([shopperClient(), adminClient()]);
  await adminDb.doc(`carts/${shopper.uid}`).set({ items: [cartLine] });
  await adminDb.doc('products/bev-1001').set({ name: 'Water', sku: 'BEV-1001', price: 1899, stock: 50, active: true });
  await adminDb.doc('orders/order-1').set({ userId: shopper.uid, status: 'pending', items: [], total: 0 });
  fixtures = await snapshotDatabase();
});

afterAll(async () => {
  await Promise.all([shopper.close(), admin.close()]);
});

// The callables are attacked side by side (up to the config's maxConcurrency), each one payload at a
// time: the functions emulator starts a worker process for every simultaneous call of a function,
// so one at a time keeps one worker per callable. Every refused call changes nothing, so the whole
// database, read after each callable's last payload, still holds only the fixtures, whatever else
// runs beside it. (Read after every payload, the 2,146 reads of it were most of the file's time.)
for (const callable of callables) {
  describe(`${callable.name} under hostile input (${callable.cases.length} payloads)`, { concurrent: true }, () => {
    it.sequential.each(callable.cases)('refuses $label with a readable HttpsError', async ({ payload }) => {
      const body = callableBody(payload);
      const { status, error } = await (callable.caller === 'admin' ? admin : shopper).rawCall(callable.name, body);
      expect(status).toBe(400);
      // A bare NaN is not JSON: the platform refuses the body before any function code runs.
      if (/\bNaN\b/.test(body)) return;
      expect(error?.status).toBe('INVALID_ARGUMENT');
      expect(error?.message).toMatch(/^[A-Za-z][^\n]{5,300}$/);
      expect(error?.message).not.toMatch(/internal|stack|undefined|\[object/i);
    });
    it.sequential(`changes nothing, refusing all ${callable.cases.length} payloads`, async () => {
      expect(await snapshotDatabase()).toEqual(fixtures);
    });
  });
}
