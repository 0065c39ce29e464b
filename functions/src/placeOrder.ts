import { FieldValue, Timestamp, type DocumentReference, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import {
  approvalDueAt,
  approvalNeeded,
  NO_COMPANY_MESSAGE,
  limitsOf,
  possibleSpendingMonths,
  mayDecideApproval,
  spendingMonth,
  storedNumber,
  BRAND,
  companyOrderingProblem,
  creditProblem,
  dueDateFor,
  PAYMENT_METHOD_LABELS,
  PAYMENT_TERMS_LABELS,
  paymentMethodsFor,
  storedText,
  taxRateFor,
  usesCredit,
  type PaymentMethod,
  cartItemsSchema,
  firstIssueMessage,
  orderableProduct,
  orderChangedMessage,
  orderChanges,
  orderLinesFromCart,
  placeOrderInputSchema,
  priceOrder,
  SHOP_RULES,
  type Orderable,
  type Order,
  type OrderChangedDetails,
  type OrderLineRequest,
  type PlaceOrderResult,
  type FulfilledItem,
  fulfilmentIndex,
  stockSplit,
} from '@harbor/domain';
import { db } from './admin';
import { requestDocumentId } from './requestIds';
import { queueApprovalRequestMail, queueAwaitingApprovalMail, queueOrderReceivedMail } from './mail/orderMail';
import { spendingRef } from './orderRelease';
import { callableOptions, parseInput, requireUser } from './callable';
import { readBuyerAccount, type BuyerAccount } from './companies';
import { CONTENDED_CALL_OPTIONS, readWithoutLock, runContendedTransaction, updateIfUnchanged } from './transactions';
import { queueWebhookEvent } from './integrations/webhooks';

/** The order as stored: dates are Firestore timestamps. */
type StoredOrder = Omit<Order, 'id' | 'createdAt' | 'updatedAt' | 'dueDate' | 'approval'> & ReturnType<typeof fulfilmentIndex> & {
  createdAt: Timestamp;
  updatedAt: Timestamp;
  dueDate: Timestamp;
  approval?: Omit<NonNullable<Order['approval']>, 'dueAt'> & { dueAt: Timestamp };
};

function cartLines(cart: DocumentSnapshot): OrderLineRequest[] {
  const parsed = cartItemsSchema.safeParse(cart.get('items') ?? []);
  if (!parsed.success) {
    throw new HttpsError('failed-precondition', `Your cart could not be read (${firstIssueMessage(parsed.error)}). Please review your cart and try again.`);
  }
  return orderLinesFromCart(parsed.data);
}

/** The products the lines name, as read (without a lock); missing or malformed ones are left out. */
interface ProductsRead {
  products: Map<string, Orderable>;
  snapshots: Map<string, DocumentSnapshot>;
}

/** The products the lines name, the buyer's company and the documents `alsoRead`, in one request without a lock. */
async function readProductsAndAccount(lines: OrderLineRequest[], companyId: string, alsoRead: DocumentReference[]): Promise<ProductsRead & { account: BuyerAccount | null; alsoRead: DocumentSnapshot[] }> {
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const read: ProductsRead = { products: new Map(), snapshots: new Map() };
  const { account, others } = await readBuyerAccount(companyId, [...productIds.map((id) => db.doc(`products/${id}`)), ...alsoRead]);
  for (const snapshot of others.slice(0, productIds.length)) {
    const product = snapshot.exists ? orderableProduct(snapshot.id, snapshot.data()) : null;
    if (!product) continue;
    read.products.set(product.id, product);
    read.snapshots.set(product.id, snapshot);
  }
  return { ...read, account, alsoRead: others.slice(productIds.length) };
}

/** The caller's company id from its profile; no company reads as none (and cannot order). */
export function companyIdOf(user: DocumentSnapshot): string {
  const companyId: unknown = user.get('companyId');
  if (typeof companyId !== 'string' || !companyId) throw new HttpsError('failed-precondition', NO_COMPANY_MESSAGE);
  return companyId;
}

/** Refuses an order the buyer's company may not place: not approved, a payment method its terms do not allow, over its credit. */
function checkAccount(account: BuyerAccount | null, uid: string, paymentMethod: PaymentMethod, total: number | null): void {
  const company = account?.company;
  if (!company?.members[uid]) throw new HttpsError('failed-precondition', NO_COMPANY_MESSAGE);
  const problem = companyOrderingProblem(company.status);
  if (problem) throw new HttpsError('failed-precondition', problem);
  if (!paymentMethodsFor(company.paymentTerms).includes(paymentMethod)) {
    throw new HttpsError('failed-precondition', `Your company's payment terms do not allow ${PAYMENT_METHOD_LABELS[paymentMethod].toLowerCase()}: they are ${PAYMENT_TERMS_LABELS[company.paymentTerms].toLowerCase()}. Please choose ${paymentMethodsFor(company.paymentTerms).map((method) => PAYMENT_METHOD_LABELS[method].toLowerCase()).join(' or ')}.`);
  }
  const overCredit = total !== null && usesCredit(paymentMethod) ? creditProblem(company, total) : null;
  if (overCredit) throw new HttpsError('failed-precondition', overCredit);
}

/** What an order is placed with: checkout's fields, as placeOrder and acceptQuote take them. */
export type OrderCheckout = Pick<ReturnType<typeof placeOrderInputSchema.parse>, 'requestId' | 'shippingAddress' | 'company' | 'poNumber' | 'notes' | 'paymentMethod' | 'expected' | 'shipComplete'>;

/** One order to create in a transaction: who places it, for which company, which lines, at whose prices. */
export interface OrderToPlace {
  ref: DocumentReference;
  uid: string;
  email: string;
  placedByName: string;
  companyId: string;
  lines: OrderLineRequest[];
  checkout: OrderCheckout;
  /** An accepted quote: its unit prices win over list, tier and contract prices, and the order records it. */
  quote?: { id: string; number: string; unitPrices: ReadonlyMap<string, number> };
}

/**
 * An order already made by this request: a retry answers with it, with the status it was placed
 * with, whatever happened to it since. Null when there is none; an id taken by another request is refused.
 */
export function retriedOrder(existing: DocumentSnapshot, uid: string, requestId: string): PlaceOrderResult | null {
  if (!existing.exists) return null;
  if (existing.get('userId') === uid && existing.get('requestId') === requestId) {
    const placedAs: unknown = existing.get('statusHistory')?.[0]?.status;
    return { orderId: existing.id, status: placedAs === 'awaiting-approval' ? 'awaiting-approval' : 'pending' };
  }
  throw new HttpsError('failed-precondition', 'This checkout could not be matched to your account. Please reload the page and try again.');
}

/**
 * Creates an order in `transaction`, after the caller's own locked reads and before any of its
 * writes: prices, rules and stock come from `products`, so the client's prices are never trusted,
 * and each product is written only if it is still as read, so two orders can never sell the same
 * unit: a concurrent order that changed a product makes the transaction run again on fresh data.
 * The order is created only at the lines and total the buyer confirmed (`expected`); any
 * difference is refused with the list of changes. An order over the buyer's spending limits
 * (approvals.ts in the domain) is created awaiting the approval of its company, priced,
 * stock-reserved and credit-counted all the same; the buyer's month total is written with a
 * precondition, like the credit, so concurrent orders of one buyer cannot all slip under its
 * monthly limit.
 */
export async function placeOrderInTransaction(transaction: Transaction, placing: OrderToPlace): Promise<PlaceOrderResult> {
  const { uid, companyId, checkout } = placing;
  // Products and the company last: they are the documents other orders write, so the time
  // between reading one and committing, in which another order's commit makes this one run
  // again, stays short. The buyer's total of the month comes with them: of each month the order
  // can count in, since the month is the company's (its time zone) and the company is read here.
  const now = Timestamp.now();
  const months = possibleSpendingMonths(now.toMillis());
  const { products, snapshots, account, alsoRead: monthTotals } = await readProductsAndAccount(
    placing.lines,
    companyId,
    months.map((month) => spendingRef(companyId, uid, month)),
  );
  checkAccount(account, uid, checkout.paymentMethod, null);
  const { company, contract } = account!;
  const taxRateBasisPoints = taxRateFor(checkout.shippingAddress.region, company.taxExempt);
  const priced = priceOrder(placing.lines, products, { contract, taxRateBasisPoints, ...(placing.quote ? { quotedUnitPrices: placing.quote.unitPrices } : {}) });
  // Changes first: a buyer who saw other prices or lines must see the new ones before any rule
  // is judged on them. Nothing has been written yet, so throwing leaves no trace.
  const changes = orderChanges(checkout.expected, priced);
  if (changes.length) {
    const details: OrderChangedDetails = { changes };
    throw new HttpsError('failed-precondition', orderChangedMessage(changes), details);
  }
  if (priced.problems.length) throw new HttpsError('failed-precondition', priced.problems.join(' '));
  // Credit last, on the open balance as read: a concurrent order of the same company changes the
  // company document, so this commit fails and runs again on the new balance.
  checkAccount(account, uid, checkout.paymentMethod, priced.total);
  // The buyer's month, in the company's time zone.
  const month = spendingMonth(now.toMillis(), company.timeZone);
  const spending = monthTotals[months.indexOf(month)]!;
  const spent = spending.exists ? storedNumber(spending.get('total')) : 0;
  const need = approvalNeeded(limitsOf(company, uid), priced.total, spent);
  const status = need ? 'awaiting-approval' : 'pending';

  // The shelf's units are reserved now; for a backorderable product the rest waits on backorder,
  // owed by the product until stock arrives (fillBackorders, oldest order first).
  const items: FulfilledItem[] = priced.items.map((item) => {
    const product = products.get(item.productId)!;
    const split = stockSplit(item.quantity, { stock: product.stock, backordered: product.backordered ?? 0 });
    updateIfUnchanged(transaction, snapshots.get(item.productId)!, {
      stock: product.stock - split.allocated,
      ...(split.backordered ? { backordered: (product.backordered ?? 0) + split.backordered } : {}),
    });
    return { ...item, ...split, shipped: 0, cancelled: 0 };
  });
  const shipComplete = checkout.shipComplete || company.shipComplete;
  // Every order holds the company as read, whatever it pays with: its status, members, terms and
  // limits decided this order, so one committed since (put on hold, a buyer removed, a limit
  // lowered) fails this commit and the order is judged again on the company as it is now. An
  // order that uses no credit writes the balance unchanged, only for the precondition.
  updateIfUnchanged(transaction, account!.snapshot, { openBalance: company.openBalance + (usesCredit(checkout.paymentMethod) ? priced.total : 0) });
  if (spending.exists) updateIfUnchanged(transaction, spending, { total: spent + priced.total, updatedAt: now });
  // A concurrent first order of the month creates it too: one commit fails and runs again.
  else transaction.create(spending.ref, { uid, month, total: priced.total, updatedAt: now });
  const order: StoredOrder = {
    userId: uid,
    userEmail: placing.email,
    placedByName: placing.placedByName,
    companyId,
    paymentStatus: 'unpaid',
    prepayment: null,
    dueDate: Timestamp.fromMillis(dueDateFor(checkout.paymentMethod, now.toMillis())),
    taxRateBasisPoints,
    items,
    shipComplete,
    unitsOnReturns: {},
    shipmentCount: 0,
    invoiceNumbers: [],
    creditHeld: usesCredit(checkout.paymentMethod) ? priced.total : 0,
    ...fulfilmentIndex(status, items, shipComplete),
    subtotal: priced.subtotal,
    shipping: priced.shipping,
    tax: priced.tax,
    total: priced.total,
    currency: SHOP_RULES.currency,
    status,
    shippingAddress: checkout.shippingAddress,
    company: checkout.company,
    poNumber: checkout.poNumber,
    notes: checkout.notes,
    paymentMethod: checkout.paymentMethod,
    requestId: checkout.requestId,
    createdAt: now,
    updatedAt: now,
    statusHistory: [{ status, at: now.toMillis(), by: uid }],
    spendingMonth: month,
    ...(placing.quote ? { quoteId: placing.quote.id, quoteNumber: placing.quote.number } : {}),
    ...(need
      ? {
          approval: {
            reason: need.reason,
            message: need.message,
            dueAt: Timestamp.fromMillis(approvalDueAt(now.toMillis())),
            decision: null,
            decidedBy: '',
            decidedByName: '',
            decidedAt: null,
            decisionReason: '',
          },
        }
      : {}),
  };
  transaction.create(placing.ref, order);
  queueWebhookEvent(transaction, 'order.created', { orderId: placing.ref.id, companyId, status, paymentMethod: checkout.paymentMethod, total: priced.total, currency: SHOP_RULES.currency });
  // An order awaiting approval goes to the company's deciders, and the buyer is told it waits and
  // why; the buyer's confirmation and the shop's notice follow its approval (decideApproval).
  if (need) {
    const deciders = Object.keys(company.members).filter((member) => mayDecideApproval(company, member, uid));
    queueApprovalRequestMail(transaction, placing.ref.id, deciders.map((member) => company.memberDetails[member]?.email ?? ''));
    queueAwaitingApprovalMail(transaction, placing.ref.id, order.userEmail);
  } else queueOrderReceivedMail(transaction, placing.ref.id, order.userEmail);
  return { orderId: placing.ref.id, status };
}

/** What a buyer is told when concurrent orders for the same products keep making its transaction run again. */
export const ORDERS_BUSY_MESSAGE = 'Many orders for these products are being placed right now. Please try again in a moment.';

/** Places the signed-in shopper's order from its server cart, in one transaction (placeOrderInTransaction), and empties the cart. */
export const placeOrder = onCall(callableOptions(CONTENDED_CALL_OPTIONS), async (request): Promise<PlaceOrderResult> => {
  const uid = requireUser(request);
  const input = parseInput(placeOrderInputSchema, request.data);
  // A retried request lands on the same order, which the transaction finds: a retry never creates a second one.
  const orderRef = db.doc(`orders/${requestDocumentId(BRAND.orderNumberPrefix, uid, input.requestId)}`);
  const cartRef = db.doc(`carts/${uid}`);
  const userRef = db.doc(`users/${uid}`);

  return runContendedTransaction(async (transaction): Promise<PlaceOrderResult> => {
    // All reads come before any write, as Firestore transactions require. Without a lock, like
    // the products: the same buyer's orders at once (a double submit, two tabs) each held a lock
    // on its cart, and each commit waited for the others' (the emulator gives up after 2 s, and
    // their retries met again). The cart is emptied only as read, and a retried request's order is
    // created only once (its id is the request's), so a commit after another's runs again.
    const [existing, cart, user] = (await readWithoutLock([orderRef, cartRef, userRef])) as [DocumentSnapshot, DocumentSnapshot, DocumentSnapshot];
    const retried = retriedOrder(existing, uid, input.requestId);
    if (retried) return retried;
    const result = await placeOrderInTransaction(transaction, {
      ref: orderRef,
      uid,
      email: request.auth?.token.email ?? '',
      placedByName: storedText(user.get('name')),
      companyId: companyIdOf(user),
      lines: cartLines(cart),
      checkout: input,
    });
    // Only the lines go: the ids of cart changes already applied stay, so a change retried after this is recognised.
    updateIfUnchanged(transaction, cart, { items: [], updatedAt: FieldValue.serverTimestamp() });
    if (input.saveToProfile) {
      transaction.set(userRef, { shippingAddress: input.shippingAddress, company: input.company, updatedAt: FieldValue.serverTimestamp() }, { merge: true });
    }
    return result;
  }, ORDERS_BUSY_MESSAGE);
});
