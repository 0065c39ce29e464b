/**
 * Quotes: a buyer asks for a price (requestQuote), the shop answers with one valid until a day
 * (respondToQuote, or createQuote on its own initiative), both sides talk and move the quote
 * (quoteAction, addQuoteMessage), and accepting it places exactly the quoted order
 * (acceptQuote, through placeOrder's own transaction). The daily schedule expires quotes past
 * their day and reminds the buyer two days before. Who may make which move is the domain's state
 * table (domain/src/quotes.ts); every move is one transaction that writes the quote, its message,
 * its e-mail and, for staff, the audit entry together.
 */
import { randomUUID } from 'node:crypto';
import { FieldValue, Timestamp, type DocumentReference, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { HttpsError, onCall, type CallableRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import {
  acceptQuoteInputSchema,
  addQuoteMessageInputSchema,
  BRAND,
  companyFromData,
  companyOrderingProblem,
  COMPANY_STATUS_LABELS,
  createQuoteInputSchema,
  formatMoney,
  documentDate,
  formatQuoteNumber,
  getQuoteDocumentInputSchema,
  isFinalQuoteStatus,
  isStaffRole,
  meetsMinimumOrder,
  minimumOrderMessage,
  orderableProduct,
  QUOTE_MOVE_RULES,
  QUOTE_REMINDER_MS,
  quoteActionInputSchema,
  quoteAddress,
  quoteExpired,
  quoteFromData,
  quoteLinesFor,
  quoteMoveProblem,
  quoteReminderDue,
  quoteTotals,
  requestQuoteInputSchema,
  respondToQuoteInputSchema,
  staffMay,
  storedCartLines,
  storedText,
  taxRateFor,
  validUntilProblem,
  withoutUnits,
  type AcceptQuoteResult,
  type Company,
  type Orderable,
  type OrderDocumentFile,
  type Quote,
  type QuoteLineRequest,
  type QuoteMessageKind,
  type QuoteMove,
  type QuoteStatus,
  type StaffPermission,
  type StaffRole,
} from '@harbor/domain';
import { db } from './admin';
import { appendAudit } from './audit';
import { callableOptions, parseInput, requireUser, staffFrom, staffProfileRef, type Staff } from './callable';
import { shopNow } from './clock';
import { companyRef, shopAddresses } from './companies';
import { nextInSequence } from './invoices';
import { queueMail } from './mail/outbox';
import type { MailData } from './mail/templates';
import { quotePdf } from './orderDocuments';
import { companyIdOf, ORDERS_BUSY_MESSAGE, placeOrderInTransaction, retriedOrder } from './placeOrder';
import { requestDocumentId } from './requestIds';
import { CONTENDED_CALL_OPTIONS, readWithoutLock, runContendedTransaction } from './transactions';

const quoteRef = (quoteId: string) => db.doc(`quotes/${quoteId}`);
const counterRef = () => db.doc('counters/quotes');
const BUSY = 'This quote is being changed right now. Please try again in a moment.';
/** Quotes the daily job reads at a time. */
const PAGE_SIZE = 200;

/** Who calls: a member of the quote's company, staff who may handle it, or both (a staff member who also buys). */
interface QuoteCaller {
  uid: string;
  name: string;
  role: StaffRole | null;
  /** Whether the caller is a member of the quote's company. */
  buyer: boolean;
  /** Whether the caller may answer the quote: an admin, or the sales rep the company is assigned to now. */
  staff: boolean;
}

/**
 * Whether a staff role may handle the quotes of `company`: all of them with quotes.respond and
 * every company, else those of the companies assigned to it now (`company` as read in the move's
 * transaction), as the rules decide from the company's current salesRepUid.
 */
function handlesQuotesOf(role: StaffRole | null, uid: string, company: Company): boolean {
  return staffMay(role, 'quotes.respond') && (staffMay(role, 'companies.read') || company.salesRepUid === uid);
}

/** The caller's name as the other side reads it: its profile name, else what its company knows of it. */
function callerName(profile: DocumentSnapshot, company: Company | null): string {
  return storedText(profile.get('name')) || (company ? storedText(company.memberDetails[profile.id]?.name) : '') || storedText(profile.get('email'));
}

/** What a move reads: the quote and its company (both in the transaction, so a reassignment of the company waits for the move or runs it again) and the caller. */
interface QuoteRead {
  snapshot: DocumentSnapshot;
  quote: Quote;
  company: Company;
  caller: QuoteCaller;
  /** The caller as staff, for a move only staff make (`staffPermission`). */
  staff: Staff | null;
}

const notFound = (quoteId: string) => new HttpsError('not-found', `There is no quote ${quoteId}.`);

/**
 * Reads the quote and who is asking, in `transaction`. Anyone who may not read the quote (another
 * company's member, a sales rep of other companies, warehouse or finance) is told it does not
 * exist, exactly as for a missing one, so the answer reveals nothing. A move only staff make
 * names its `staffPermission`: a caller whose role lacks it is refused first (staffFrom).
 */
async function readQuote(transaction: Transaction, quoteId: string, uid: string, staffPermission?: StaffPermission): Promise<QuoteRead> {
  const [snapshot, profile] = (await transaction.getAll(quoteRef(quoteId), db.doc(`users/${uid}`))) as [DocumentSnapshot, DocumentSnapshot];
  const staff = staffPermission ? staffFrom(profile, staffPermission) : null;
  if (!snapshot.exists) throw notFound(quoteId);
  const quote = quoteFromData(snapshot.id, snapshot.data()!);
  const companySnapshot = quote.companyId ? await transaction.get(companyRef(quote.companyId)) : null;
  if (!companySnapshot?.exists) throw notFound(quoteId);
  const company = companyFromData(companySnapshot.id, companySnapshot.data()!);
  const role: unknown = profile.get('role');
  const staffRole = isStaffRole(role) ? role : null;
  const caller: QuoteCaller = { uid, name: callerName(profile, company), role: staffRole, buyer: company.members[uid] !== undefined, staff: handlesQuotesOf(staffRole, uid, company) };
  if (!caller.buyer && !caller.staff) throw notFound(quoteId);
  return { snapshot, quote, company, caller, staff };
}

/** The side the caller makes `move` from: the move's own when the caller has it, else the one it has (and is refused). */
function sideFor(caller: QuoteCaller, move: QuoteMove): 'buyer' | 'staff' {
  const wanted = QUOTE_MOVE_RULES[move].side;
  if (wanted === 'buyer' && caller.buyer) return 'buyer';
  if (wanted === 'staff' && caller.staff) return 'staff';
  return caller.buyer ? 'buyer' : 'staff';
}

/** Refuses a move the state table does not allow: the wrong side with permission-denied, a wrong status with failed-precondition. */
function checkMove(quote: Quote, move: QuoteMove, side: 'buyer' | 'staff'): void {
  const problem = quoteMoveProblem(quote.status, move, side);
  if (problem) throw new HttpsError(problem.code, problem.message);
}

/** A quote changed since the caller saw it is refused: the caller must look at the current version first. */
function checkVersion(quote: Quote, version: number): void {
  if (quote.version !== version) {
    throw new HttpsError('failed-precondition', `Quote ${quote.number} has changed since you opened it (it is now version ${quote.version}). Please reload it and try again.`);
  }
}

/** Writes one message of the quote's conversation (every move with a message writes one). */
function addMessage(transaction: Transaction, quoteId: string, message: { side: 'buyer' | 'staff'; by: string; byName: string; text: string; version: number; kind: QuoteMessageKind; at: Timestamp }): string {
  const ref = quoteRef(quoteId).collection('messages').doc();
  transaction.create(ref, message);
  return ref.id;
}

/** The products the lines name, as read without a lock (orders write them); missing or malformed ones are left out. */
async function readProducts(lines: readonly { productId: string }[]): Promise<Map<string, Orderable>> {
  const snapshots = await readWithoutLock(lines.map((line) => db.doc(`products/${line.productId}`)));
  const products = new Map<string, Orderable>();
  for (const snapshot of snapshots) {
    const product = snapshot.exists ? orderableProduct(snapshot.id, snapshot.data()) : null;
    if (product) products.set(product.id, product);
  }
  return products;
}

/** Lines priced by the shop from `products` (readProducts), with the totals for the company's default address; refused when a product or quantity cannot be quoted. */
function pricedQuote(lines: readonly QuoteLineRequest[], products: Map<string, Orderable>, company: Company) {
  const { lines: quoted, problems } = quoteLinesFor(lines, products);
  if (problems.length) throw new HttpsError('failed-precondition', problems.join(' '));
  const taxRateBasisPoints = taxRateFor(quoteAddress(company).region, company.taxExempt);
  const totals = quoteTotals(quoted, taxRateBasisPoints);
  // A quote below the minimum order could never be accepted.
  if (!meetsMinimumOrder(totals.subtotal)) throw new HttpsError('failed-precondition', minimumOrderMessage(totals.subtotal));
  return { lines: quoted, taxRateBasisPoints, ...totals };
}

/** The validity day given, refused unless it is still to come at `now` (the shop's clock, read first: on the emulators it is a document). */
function futureValidUntil(validUntil: number, now: number): Timestamp {
  const problem = validUntilProblem(validUntil, now);
  if (problem) throw new HttpsError('invalid-argument', problem);
  return Timestamp.fromMillis(validUntil);
}

/** The company's owner: whom a quote the shop starts is addressed to. */
function ownerOf(company: Company): { name: string; email: string } {
  const owner = Object.entries(company.members).find(([, role]) => role === 'owner')?.[0];
  return owner ? (company.memberDetails[owner] ?? { name: '', email: '' }) : { name: '', email: '' };
}

/** A buyer's address on the quote; none sends nothing. */
const buyerAddress = (quote: Pick<Quote, 'requestedByEmail'>) => (quote.requestedByEmail.includes('@') ? [quote.requestedByEmail] : []);

/** The quote sent to the buyer, with its PDF; one message per version. */
function queueQuoteSent(transaction: Transaction, quoteId: string, version: number, email: string): void {
  if (email.includes('@')) queueMail(transaction, { id: `${quoteId}-v${version}-sent`, to: [email], template: 'quoteSent', data: { quoteId } });
}

/** The other side of a move hears of it: the shop (its inbox and the company's sales rep) of the buyer's moves, the buyer of the shop's; one e-mail per message of the conversation. */
async function queueQuoteUpdate(transaction: Transaction, quote: Quote, company: Company, side: 'buyer' | 'staff', messageId: string, kind: MailData<'quoteUpdate'>['kind']): Promise<void> {
  const to = side === 'staff' ? buyerAddress(quote) : await shopAddresses(company);
  if (to.length) queueMail(transaction, { id: `${quote.id}-${messageId}`, to, template: 'quoteUpdate', data: { quoteId: quote.id, kind, to: side === 'staff' ? 'buyer' : 'shop' } });
}

/** A quote already made by this request: a retry answers with it; an id taken by another request is refused. */
function retriedQuote(existing: DocumentSnapshot, uid: string, requestId: string | undefined): { quoteId: string; number: string } | null {
  if (!existing.exists) return null;
  if (existing.get('requestedBy') === uid && existing.get('requestId') === requestId) return { quoteId: existing.id, number: storedText(existing.get('number')) };
  throw new HttpsError('failed-precondition', 'This request could not be matched to your account. Please reload the page and try again.');
}

/**
 * Creates the quote `ref` of `company` with the next number of the quote sequence (the counter
 * read with a lock, so two quotes never share a number) and the fields of its kind of start.
 */
function createNumberedQuote(transaction: Transaction, ref: DocumentReference, counter: DocumentSnapshot, company: Company, now: Timestamp, fields: Record<string, unknown>): string {
  const sequence = nextInSequence(counter);
  const number = formatQuoteNumber(sequence);
  transaction.set(counterRef(), { next: sequence + 1, updatedAt: now });
  transaction.create(ref, { number, companyId: company.id, companyName: company.name, ...fields, orderId: null, createdAt: now, updatedAt: now, expiryReminderSentAt: null });
  return number;
}

/**
 * A member of an approved company asks for a price on lines of its cart or a saved list. The
 * quote's id is derived from the caller and its request id, so a retry finds the quote it made.
 * The shop's order inbox and the company's sales rep hear of it.
 */
export const requestQuote = onCall(callableOptions(), async (request) => {
  const uid = requireUser(request);
  const input = parseInput(requestQuoteInputSchema, request.data);
  const ref = quoteRef(requestDocumentId('Q', uid, input.requestId));
  return runContendedTransaction(async (transaction) => {
    const [existing, user, counter] = (await transaction.getAll(ref, db.doc(`users/${uid}`), counterRef())) as [DocumentSnapshot, DocumentSnapshot, DocumentSnapshot];
    const retried = retriedQuote(existing, uid, input.requestId);
    if (retried) return retried;
    const companyId = companyIdOf(user);
    const [companySnapshot] = await readWithoutLock([companyRef(companyId)]);
    const company = companySnapshot!.exists ? companyFromData(companyId, companySnapshot!.data()!) : null;
    if (!company?.members[uid]) throw new HttpsError('failed-precondition', companyOrderingProblem(null)!);
    const problem = companyOrderingProblem(company.status);
    if (problem) throw new HttpsError('failed-precondition', problem);
    const { lines, problems } = quoteLinesFor(input.lines, await readProducts(input.lines));
    if (problems.length) throw new HttpsError('failed-precondition', problems.join(' '));
    const now = Timestamp.now();
    const name = callerName(user, company);
    const number = createNumberedQuote(transaction, ref, counter, company, now, {
      requestedBy: uid,
      requestedByName: name,
      requestedByEmail: request.auth?.token.email ?? storedText(company.memberDetails[uid]?.email),
      createdBy: 'buyer',
      requestId: input.requestId,
      status: 'requested' satisfies QuoteStatus,
      version: 1,
      note: input.note,
      fromCart: input.fromCart,
      lines,
      subtotal: 0,
      shipping: 0,
      tax: 0,
      taxRateBasisPoints: 0,
      total: 0,
      validUntil: null,
      lastMessage: input.note,
      quotedAt: null,
    });
    addMessage(transaction, ref.id, { side: 'buyer', by: uid, byName: name, text: input.note, version: 1, kind: 'request', at: now });
    queueMail(transaction, { id: `${ref.id}-requested`, to: await shopAddresses(company), template: 'quoteRequested', data: { quoteId: ref.id } });
    return { quoteId: ref.id, number };
  }, BUSY);
});

/**
 * Staff answer a requested quote, or revise a quoted one: unit prices per line (quantities may
 * change, lines come and go), a validity day and a message. The quote becomes quoted at the next
 * version, and the buyer gets it with the PDF.
 */
export const respondToQuote = onCall(callableOptions(CONTENDED_CALL_OPTIONS), async (request) => {
  const { id: uid } = staffProfileRef(request);
  const input = parseInput(respondToQuoteInputSchema, request.data);
  const validUntil = futureValidUntil(input.validUntil, await shopNow());
  return runContendedTransaction(async (transaction) => {
    // The caller's role, the quote and its company, and the products priced, at once.
    const [{ snapshot, quote, company, caller, staff }, products] = await Promise.all([readQuote(transaction, input.quoteId, uid, 'quotes.respond'), readProducts(input.lines)]);
    checkMove(quote, 'respond', sideFor(caller, 'respond'));
    checkVersion(quote, input.version);
    const priced = pricedQuote(input.lines, products, company);
    const version = quote.version + 1;
    const now = Timestamp.now();
    transaction.update(snapshot.ref, {
      ...priced,
      status: 'quoted' satisfies QuoteStatus,
      version,
      validUntil,
      lastMessage: input.message,
      updatedAt: now,
      quotedAt: now,
      // A new validity is reminded of again.
      expiryReminderSentAt: null,
    });
    addMessage(transaction, quote.id, { side: 'staff', by: uid, byName: staff!.name, text: input.message, version, kind: 'quote', at: now });
    appendAudit(transaction, staff!, { action: 'quote.respond', target: `quotes/${quote.id}`, summary: `${quote.number} for ${company.name}: version ${version}, total ${formatMoney(priced.total)}` });
    queueQuoteSent(transaction, quote.id, version, quote.requestedByEmail);
    return { quoteId: quote.id, version };
  }, BUSY);
});

/**
 * Staff start a quote for a company themselves: quoted at once (version 1), addressed to the
 * company's owner. An optional request id makes a retry find the quote it made.
 */
export const createQuote = onCall(callableOptions(CONTENDED_CALL_OPTIONS), async (request) => {
  const profileRef = staffProfileRef(request);
  const input = parseInput(createQuoteInputSchema, request.data);
  const validUntil = futureValidUntil(input.validUntil, await shopNow());
  const ref = input.requestId ? quoteRef(requestDocumentId('Q', profileRef.id, input.requestId)) : db.collection('quotes').doc();
  return runContendedTransaction(async (transaction) => {
    // One round: the caller's role, a quote this request made, the counter and the company (in the
    // transaction: a company reassigned meanwhile is quoted by its new rep only), and the products priced.
    const [[profile, existing, counter, companySnapshot], products] = await Promise.all([
      transaction.getAll(profileRef, ref, counterRef(), companyRef(input.companyId)) as Promise<[DocumentSnapshot, DocumentSnapshot, DocumentSnapshot, DocumentSnapshot]>,
      readProducts(input.lines),
    ]);
    const staff = staffFrom(profile, 'quotes.respond');
    const retried = retriedQuote(existing, staff.uid, input.requestId);
    if (retried) return retried;
    const company = companySnapshot.exists ? companyFromData(input.companyId, companySnapshot.data()!) : null;
    // A sales rep is told the same of a company it is not assigned as of one that does not exist.
    if (!company || !handlesQuotesOf(staff.role, staff.uid, company)) throw new HttpsError('not-found', `There is no company ${input.companyId}.`);
    const problem = companyOrderingProblem(company.status);
    if (problem) throw new HttpsError('failed-precondition', `${company.name} cannot be sent a quote while its account is ${COMPANY_STATUS_LABELS[company.status].toLowerCase()}: approve the account on its customer page first.`);
    const priced = pricedQuote(input.lines, products, company);
    const owner = ownerOf(company);
    const now = Timestamp.now();
    const number = createNumberedQuote(transaction, ref, counter, company, now, {
      requestedBy: staff.uid,
      requestedByName: owner.name,
      // The buyer side's address: every e-mail of the quote to the buyer goes there.
      requestedByEmail: owner.email,
      createdBy: 'staff',
      requestId: input.requestId ?? '',
      status: 'quoted' satisfies QuoteStatus,
      version: 1,
      note: '',
      ...priced,
      validUntil,
      lastMessage: input.message,
      quotedAt: now,
    });
    addMessage(transaction, ref.id, { side: 'staff', by: staff.uid, byName: staff.name, text: input.message, version: 1, kind: 'quote', at: now });
    appendAudit(transaction, staff, { action: 'quote.create', target: `quotes/${ref.id}`, summary: `${number} for ${company.name}: total ${formatMoney(priced.total)}` });
    queueQuoteSent(transaction, ref.id, 1, owner.email);
    return { quoteId: ref.id, number };
  }, BUSY);
});

/** The staff member making a staff move outside requireStaff: for the audit entry. */
function staffOf(caller: QuoteCaller): Staff {
  return { uid: caller.uid, name: caller.name, role: caller.role!, requestId: randomUUID() };
}

/**
 * The buyer asks for changes (back to requested), declines, or withdraws its request; staff
 * reject with a reason. Each only from the statuses and by the side the state table says.
 */
export const quoteAction = onCall(callableOptions(), async (request) => {
  const uid = requireUser(request);
  const input = parseInput(quoteActionInputSchema, request.data);
  return runContendedTransaction(async (transaction) => {
    const { snapshot, quote, company, caller } = await readQuote(transaction, input.quoteId, uid);
    const side = sideFor(caller, input.action);
    checkMove(quote, input.action, side);
    const status = QUOTE_MOVE_RULES[input.action].to;
    const now = Timestamp.now();
    transaction.update(snapshot.ref, { status, lastMessage: input.message, updatedAt: now });
    const messageId = addMessage(transaction, quote.id, { side, by: uid, byName: caller.name, text: input.message, version: quote.version, kind: input.action, at: now });
    if (side === 'staff') appendAudit(transaction, staffOf(caller), { action: 'quote.reject', target: `quotes/${quote.id}`, summary: `${quote.number} for ${quote.companyName} rejected: ${input.message}` });
    // The other side hears of the move, once per move and version.
    await queueQuoteUpdate(transaction, quote, company, side, messageId, input.action);
    return { quoteId: quote.id, status };
  }, BUSY);
});

/** Either side adds a message to a quote's conversation, while the quote is still open; the other side is told, and a staff message is audited. */
export const addQuoteMessage = onCall(callableOptions(), async (request) => {
  const uid = requireUser(request);
  const input = parseInput(addQuoteMessageInputSchema, request.data);
  return runContendedTransaction(async (transaction) => {
    const { snapshot, quote, company, caller } = await readQuote(transaction, input.quoteId, uid);
    if (isFinalQuoteStatus(quote.status)) throw new HttpsError('failed-precondition', `Quote ${quote.number} is closed: no more messages can be added.`);
    const side = caller.buyer ? 'buyer' : 'staff';
    const now = Timestamp.now();
    transaction.update(snapshot.ref, { lastMessage: input.text, updatedAt: now });
    const messageId = addMessage(transaction, quote.id, { side, by: uid, byName: caller.name, text: input.text, version: quote.version, kind: 'message', at: now });
    if (side === 'staff') appendAudit(transaction, staffOf(caller), { action: 'quote.message', target: `quotes/${quote.id}`, summary: `${quote.number} for ${quote.companyName}: ${input.text}` });
    await queueQuoteUpdate(transaction, quote, company, side, messageId, 'message');
    return { messageId };
  }, BUSY);
});

/**
 * A member of the quote's company accepts it: in one transaction the quote must be quoted, of the
 * version the buyer saw and not past its day (by the shop's clock, never the schedule), and the
 * order is created through placeOrder's own path at the quoted unit prices, for the lines and
 * total the buyer confirmed, with stock, credit and approvals as for any order. A quote asked for
 * from a cart takes the quoted units out of the requester's cart in the same transaction, so they
 * are never ordered twice, whatever happens to the browser. The quote becomes accepted with the
 * order's id and what left the cart. A retry of the same request answers with its order; any
 * other second accept is refused and writes nothing.
 */
export const acceptQuote = onCall(callableOptions(CONTENDED_CALL_OPTIONS), async (request): Promise<AcceptQuoteResult> => {
  const uid = requireUser(request);
  const input = parseInput(acceptQuoteInputSchema, request.data);
  const orderRef = db.doc(`orders/${requestDocumentId(BRAND.orderNumberPrefix, uid, input.requestId)}`);
  const now = await shopNow();
  return runContendedTransaction(async (transaction): Promise<AcceptQuoteResult> => {
    const [existing, snapshot, user] = (await transaction.getAll(orderRef, quoteRef(input.quoteId), db.doc(`users/${uid}`))) as [DocumentSnapshot, DocumentSnapshot, DocumentSnapshot];
    const quote = snapshot.exists ? quoteFromData(snapshot.id, snapshot.data()!) : null;
    // Only the members of the quote's company learn anything of it (membership is checked again with the account below).
    if (!quote || storedText(user.get('companyId')) !== quote.companyId) throw notFound(input.quoteId);
    const retried = retriedOrder(existing, uid, input.requestId);
    if (retried) {
      if (existing.get('quoteId') !== quote.id) throw new HttpsError('failed-precondition', 'This checkout could not be matched to your account. Please reload the page and try again.');
      return { ...retried, takenFromCart: quote.takenFromCart };
    }
    checkMove(quote, 'accept', 'buyer');
    checkVersion(quote, input.version);
    if (quoteExpired(quote.validUntil, now)) throw new HttpsError('failed-precondition', `Quote ${quote.number} expired on ${documentDate(quote.validUntil ?? now)}, so it can no longer be accepted. Ask for changes on the quote to get a new one.`);
    // Read before placeOrderInTransaction writes: the cart the quote was asked from.
    const cartRef = db.doc(`carts/${quote.requestedBy}`);
    const cart = quote.fromCart ? await transaction.get(cartRef) : null;
    const unitPrices = new Map(quote.lines.map((line) => [line.productId, line.unitPrice ?? 0]));
    // The company (for its sales rep's address) is read beside the order's own reads.
    const [result, [companySnapshot]] = await Promise.all([
      placeOrderInTransaction(transaction, {
        ref: orderRef,
        uid,
        email: request.auth?.token.email ?? '',
        placedByName: storedText(user.get('name')),
        companyId: quote.companyId,
        lines: quote.lines.map((line) => ({ productId: line.productId, quantity: line.quantity, name: line.name })),
        checkout: { ...input, company: quote.companyName },
        quote: { id: quote.id, number: quote.number, unitPrices },
      }),
      readWithoutLock([companyRef(quote.companyId)]),
    ]);
    const left = cart ? withoutUnits(storedCartLines(cart.get('items')), quote.lines) : { items: [], taken: [] };
    // merge: the ids of the cart changes already applied stay, as placeOrder keeps them.
    if (left.taken.length) transaction.set(cartRef, { items: left.items, updatedAt: FieldValue.serverTimestamp() }, { merge: true });
    const at = Timestamp.now();
    transaction.update(snapshot.ref, { status: 'accepted' satisfies QuoteStatus, orderId: result.orderId, takenFromCart: left.taken, lastMessage: `Accepted: order ${result.orderId}`, updatedAt: at });
    const messageId = addMessage(transaction, quote.id, { side: 'buyer', by: uid, byName: callerName(user, null), text: `Accepted: order ${result.orderId}`, version: quote.version, kind: 'accept', at });
    await queueQuoteUpdate(transaction, quote, companyFromData(quote.companyId, companySnapshot!.data() ?? {}), 'buyer', messageId, 'accept');
    return { ...result, takenFromCart: left.taken };
  }, ORDERS_BUSY_MESSAGE);
});

/** The quote as a PDF: for its company's members and the staff who may handle it; anyone else is told it does not exist. */
export const getQuoteDocument = onCall(callableOptions({ timeoutSeconds: 120 }), async (request: CallableRequest): Promise<OrderDocumentFile> => {
  const uid = requireUser(request);
  const { quoteId } = parseInput(getQuoteDocumentInputSchema, request.data);
  const { quote } = await db.runTransaction((transaction) => readQuote(transaction, quoteId, uid), { readOnly: true });
  const { fileName, pdf } = await quotePdf(quote);
  return { fileName, pdf: Buffer.from(pdf).toString('base64') };
});

/**
 * Marks every quoted quote past its day `expired`, and reminds the buyer once of a quote that runs
 * out within two days, each in its own transaction that checks the quote again (a quote accepted
 * or revised meanwhile stays as it is). Returns how many it expired and reminded. Tests call it
 * with the moment they want.
 */
export async function expireQuotes(now: number): Promise<{ expired: number; reminded: number }> {
  const due = db.collection('quotes').where('status', '==', 'quoted').where('validUntil', '<=', Timestamp.fromMillis(now + QUOTE_REMINDER_MS)).orderBy('validUntil').limit(PAGE_SIZE);
  const counts = { expired: 0, reminded: 0 };
  let page = await due.get();
  for (;;) {
    for (const candidate of page.docs) {
      // One quote that cannot be changed now is left for the next run, not the rest.
      const outcome = await runContendedTransaction(async (transaction) => {
        const snapshot = await transaction.get(candidate.ref);
        const quote = quoteFromData(snapshot.id, snapshot.data() ?? {});
        if (!snapshot.exists || quote.status !== 'quoted') return null;
        if (quoteExpired(quote.validUntil, now)) {
          transaction.update(snapshot.ref, { status: 'expired' satisfies QuoteStatus, updatedAt: Timestamp.now() });
          return 'expired' as const;
        }
        if (!quoteReminderDue(quote, now)) return null;
        transaction.update(snapshot.ref, { expiryReminderSentAt: Timestamp.fromMillis(now) });
        const to = buyerAddress(quote);
        if (to.length) queueMail(transaction, { id: `${quote.id}-v${quote.version}-expiring`, to, template: 'quoteExpiring', data: { quoteId: quote.id } });
        return 'reminded' as const;
      }, BUSY).catch((error: unknown) => {
        console.error(`Quote ${candidate.id} could not be expired or reminded; the next run tries again.`, error);
        return null;
      });
      if (outcome) counts[outcome]++;
    }
    if (page.size < PAGE_SIZE) return counts;
    page = await due.startAfter(page.docs[page.size - 1]!).get();
  }
}

/** Every morning: quotes past their day expire, and buyers are reminded of those ending within two days. */
export const expireQuotesDaily = onSchedule({ schedule: 'every day 06:00', timeZone: 'America/New_York', timeoutSeconds: 540 }, async () => {
  const { expired, reminded } = await expireQuotes(await shopNow());
  if (expired || reminded) console.log(`Expired ${expired} quotes; reminded buyers of ${reminded}.`);
});
