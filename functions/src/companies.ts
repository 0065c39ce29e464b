import { FieldValue, Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import {
  auditFieldLabel,
  changedFields,
  COMPANY_FIELD_PERMISSIONS,
  companyFromData,
  contractFromData,
  companyMailRecipients,
  fixedPricesChange,
  fixedPricesChangeText,
  MAIL,
  registerCompanyInputSchema,
  staffNotesFromData,
  staffNotesPath,
  storedText,
  updateCompanyInputSchema,
  staffMay,
  usesCredit,
  type AuditChange,
  type Company,
  type CompanyMailKind,
  type ContractPricing,
  type PaymentMethodId,
  type StaffRole,
} from '@harbor/domain';
import { db } from './admin';
import { queueMail } from './mail/outbox';
import { appendAudit } from './audit';
import { callableOptions, parseInput, requireStaff, requireUser } from './callable';
import { CONTENDED_CALL_OPTIONS, readWithoutLock, runContendedTransaction, updateIfUnchanged } from './transactions';

export const companyRef = (companyId: string) => db.doc(`companies/${companyId}`);
/** Contract prices live apart from the company, readable by its members and admins only. */
export const pricingRef = (companyId: string) => db.doc(`companies/${companyId}/private/pricing`);
/** The staff's own notes on a company, which its members never read. */
export const staffNotesRef = (companyId: string) => db.doc(staffNotesPath(companyId));

/**
 * Who receives an e-mail of `kind` about the company as it is now (`companyMailRecipients`): the
 * buyer who placed the order it is about, and the company's payers; no payers for a missing company.
 */
export function mailRecipientsOf(kind: CompanyMailKind, company: DocumentSnapshot | null | undefined, buyerEmail?: unknown): string[] {
  return companyMailRecipients(kind, {
    company: company?.exists ? companyFromData(company.id, company.data()!) : null,
    buyerEmail: typeof buyerEmail === 'string' ? buyerEmail : '',
  });
}

/**
 * The shop's side of a company's quotes and returns: the order inbox and the sales rep the company is assigned
 * to now (its profile read without a lock). As in the rules (isSalesRepOf), a rep whose sales role
 * was taken no longer looks after the company.
 */
export async function shopAddresses(company: Pick<Company, 'salesRepUid'>): Promise<string[]> {
  if (!company.salesRepUid) return [MAIL.orderInbox];
  const [profile] = await readWithoutLock([db.doc(`users/${company.salesRepUid}`)]);
  const email = storedText(profile!.get('email'));
  return profile!.get('role') === ('sales' satisfies StaffRole) && email.includes('@') ? [MAIL.orderInbox, email] : [MAIL.orderInbox];
}

/** A buyer's company as placeOrder needs it: the company (read without a lock, written only if unchanged) and its prices. */
export interface BuyerAccount {
  company: Company;
  snapshot: DocumentSnapshot;
  contract: ContractPricing;
}

/**
 * Reads the company `companyId` and its contract prices without a lock, in one request with
 * `others` (the products of an order): the company document is where orders of one company meet
 * (its open balance), so it is written with updateIfUnchanged like a product.
 */
export async function readBuyerAccount(companyId: string, others: FirebaseFirestore.DocumentReference[]): Promise<{ account: BuyerAccount | null; others: DocumentSnapshot[] }> {
  const [company, pricing, ...rest] = await readWithoutLock([companyRef(companyId), pricingRef(companyId), ...others]);
  const account = company!.exists ? { company: companyFromData(company!.id, company!.data()!), snapshot: company!, contract: contractFromData(pricing!.data()) } : null;
  return { account, others: rest };
}

/**
 * Credit an order holds on its company's open balance: what of it is still to invoice, for an
 * invoice-terms order (`creditHeld`, kept by the order callables); 0 for bank transfer, cancelled
 * and rejected orders. An order from before `creditHeld` holds its total until invoiced or paid.
 */
export function creditHeldBy(order: DocumentSnapshot): number {
  if (['cancelled', 'rejected'].includes(order.get('status')) || !order.get('companyId')) return 0;
  const held: unknown = order.get('creditHeld');
  if (typeof held === 'number') return held;
  const total = order.get('total');
  if (order.get('paymentStatus') !== 'unpaid' || typeof order.get('invoiceNumber') === 'number' || typeof total !== 'number') return 0;
  return usesCredit(order.get('paymentMethod') as PaymentMethodId) ? total : 0;
}

/**
 * Moves the credit an order holds by `change` (negative: given back), in `transaction`: the
 * company is read without a lock and written only if unchanged, like placeOrder's. Call before any write.
 */
export async function adjustHeldCredit(transaction: Transaction, order: DocumentSnapshot, change: number): Promise<() => void> {
  if (!change || !order.get('companyId')) return () => undefined;
  const [company] = await readWithoutLock([companyRef(order.get('companyId') as string)]);
  if (!company!.exists) return () => undefined;
  return () => updateIfUnchanged(transaction, company!, { openBalance: FieldValue.increment(change) });
}

/**
 * The registering user's company application: a pending company with the caller as owner, on
 * prepaid terms without credit, linked from `users/{uid}.companyId`. A user with a company
 * gets that company back (a retried call creates nothing).
 */
export const registerCompany = onCall(callableOptions(), async (request) => {
  const uid = requireUser(request);
  const input = parseInput(registerCompanyInputSchema, request.data);
  const userRef = db.doc(`users/${uid}`);
  return db.runTransaction(async (transaction) => {
    const user = await transaction.get(userRef);
    const existing = user.get('companyId');
    if (typeof existing === 'string' && existing) return { companyId: existing };
    const ref = db.collection('companies').doc();
    const now = Timestamp.now();
    transaction.create(ref, {
      name: input.name,
      taxId: input.taxId,
      phone: input.phone,
      billingAddress: input.billingAddress,
      shippingAddresses: [input.shippingAddress],
      status: 'pending',
      paymentTerms: 'prepaid',
      creditLimit: 0,
      openBalance: 0,
      taxExempt: false,
      taxCertificateId: '',
      members: { [uid]: 'owner' },
      // Names the members can see of each other (profiles are private to their user).
      memberDetails: { [uid]: { name: storedText(user.get('name')), email: request.auth?.token.email ?? '' } },
      billingEmail: '',
      nameLower: input.name.toLowerCase(),
      createdAt: now,
      updatedAt: now,
    });
    transaction.create(ref.collection('history').doc(), { at: now, by: uid, change: 'Applied for an account', field: 'status', to: 'pending' });
    transaction.set(userRef, { companyId: ref.id, company: input.name, phone: input.phone, shippingAddress: input.shippingAddress, updatedAt: now }, { merge: true });
    return { companyId: ref.id };
  });
});

const AUDITED: ReadonlyArray<keyof Company> = ['status', 'paymentTerms', 'creditLimit', 'taxExempt', 'shipComplete', 'taxCertificateId', 'timeZone'];

/**
 * Staff change a company's status, terms, credit limit, tax exemption, contract prices, note or
 * sales rep, each field as its role may (COMPANY_FIELD_PERMISSIONS); a role that reads only its
 * assigned companies changes only those. The note is kept in the staff's own document
 * (`companies/{id}/staff/notes`), never on the company its members read. Every change is recorded
 * in the audit log, and all but the note in `companies/{id}/history`; a save that changes nothing
 * writes nothing.
 */
export const updateCompany = onCall(callableOptions(CONTENDED_CALL_OPTIONS), async (request) => {
  const input = parseInput(updateCompanyInputSchema, request.data);
  const given = (Object.keys(COMPANY_FIELD_PERMISSIONS) as (keyof typeof COMPANY_FIELD_PERMISSIONS)[]).filter((field) => input[field] !== undefined);
  const staff = await requireStaff(request, given.length ? given.map((field) => COMPANY_FIELD_PERMISSIONS[field]) : ['companies.note']);
  const uid = staff.uid;
  const { companyId, discountBasisPoints, fixedPrices, note, ...fields } = input;
  // A company is assigned only to a user with the sales role (checked when the rep changes).
  const salesRep = fields.salesRepUid ? await db.doc(`users/${fields.salesRepUid}`).get() : null;
  await runContendedTransaction(async (transaction) => {
    const snapshot = await transaction.get(companyRef(companyId));
    // A sales rep is told the same of a company it is not assigned as of one that does not exist.
    const assigned = staffMay(staff.role, 'companies.read') || snapshot.get('salesRepUid') === uid;
    if (!snapshot.exists || !assigned) throw new HttpsError('not-found', `There is no company ${companyId}.`);
    const company = companyFromData(companyId, snapshot.data()!);
    const pricing = discountBasisPoints !== undefined || fixedPrices !== undefined ? await transaction.get(pricingRef(companyId)) : null;
    const staffNotes = note !== undefined ? await transaction.get(staffNotesRef(companyId)) : null;
    if (fields.salesRepUid && fields.salesRepUid !== company.salesRepUid && salesRep?.get('role') !== 'sales') {
      throw new HttpsError('invalid-argument', 'A company can be assigned only to a member of staff with the sales role.');
    }
    const now = Timestamp.now();
    // Compared with the company, prices and note as the shop reads them, so a save that changes nothing writes nothing.
    const changes = changedFields(company, fields, Object.keys(fields));
    const contract = pricing ? contractFromData(pricing.data()) : null;
    const discountChanges = contract ? changedFields(contract, { discountBasisPoints }, ['discountBasisPoints']) : [];
    // Exactly the products added, changed or removed: `fixedPrices` replaces the whole map.
    const fixed = contract && fixedPrices ? fixedPricesChange(contract.fixedPrices, fixedPrices) : null;
    const priceChanges: AuditChange[] = [...discountChanges, ...(fixed ? [{ field: 'fixedPrices', ...fixed }] : [])];
    const noteChanges = staffNotes ? changedFields(staffNotesFromData(staffNotes.data()), { note }, ['note']) : [];
    for (const { field, from, to } of [...changes.filter(({ field }) => AUDITED.includes(field as keyof Company)), ...priceChanges]) {
      transaction.create(snapshot.ref.collection('history').doc(), { at: now, by: uid, field, from, to });
    }
    if (changes.length) transaction.update(snapshot.ref, { ...Object.fromEntries(changes.map(({ field, to }) => [field, to])), updatedAt: now });
    if (contract && priceChanges.length) {
      // The whole contract is written, so a fixed price left out of the map is gone.
      const next: ContractPricing = { discountBasisPoints: discountBasisPoints ?? contract.discountBasisPoints, fixedPrices: fixedPrices ?? contract.fixedPrices };
      transaction.set(pricingRef(companyId), { ...next, updatedAt: now });
    }
    if (noteChanges.length) transaction.set(staffNotesRef(companyId), { note, updatedAt: now }, { merge: true });
    const audited = [...changes, ...priceChanges, ...noteChanges];
    if (audited.length) {
      const named = audited.map((change) => (change.field === 'fixedPrices' && fixed ? `fixed prices (${fixedPricesChangeText(fixed)})` : auditFieldLabel(change.field).toLowerCase()));
      appendAudit(transaction, staff, { action: 'company.update', target: `companies/${companyId}`, summary: `${company.name}: changed ${named.join(', ')}`, changes: audited });
    }
    // The owner hears of an approval or a rejection, in the same transaction as the change.
    const decision = fields.status === 'approved' || fields.status === 'rejected' ? fields.status : null;
    const owner = Object.entries(company.members).find(([, role]) => role === 'owner')?.[0];
    const ownerEmail = owner ? company.memberDetails[owner]?.email : '';
    if (decision && company.status !== decision && ownerEmail) {
      const template = decision === 'approved' ? 'companyApproved' : 'companyRejected';
      queueMail(transaction, { id: `${companyId}-${decision}-${now.toMillis()}`, to: [ownerEmail], template, data: { companyId } });
    }
  }, 'This company is being changed right now. Please try again in a moment.');
  return { companyId };
});
