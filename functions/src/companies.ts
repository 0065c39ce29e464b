import { FieldValue, Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import {
  changedFields,
  COMPANY_FIELD_PERMISSIONS,
  companyFromData,
  contractFromData,
  financialRecipients,
  registerCompanyInputSchema,
  storedText,
  updateCompanyInputSchema,
  staffMay,
  usesCredit,
  type Company,
  type ContractPricing,
  type PaymentMethodId,
} from '@harbor/domain';
import { db } from './admin';
import { queueMail } from './mail/outbox';
import { appendAudit } from './audit';
import { callableOptions, parseInput, requireStaff, requireUser } from './callable';
import { CONTENDED_CALL_OPTIONS, readWithoutLock, runContendedTransaction, updateIfUnchanged } from './transactions';

export const companyRef = (companyId: string) => db.doc(`companies/${companyId}`);
/** Contract prices live apart from the company, readable by its members and admins only. */
export const pricingRef = (companyId: string) => db.doc(`companies/${companyId}/private/pricing`);

/** Who receives the company's financial e-mail as the company is now (`financialRecipients`); none for a missing company. */
export function financialRecipientsOf(company: DocumentSnapshot | null | undefined): string[] {
  if (!company?.exists) return [];
  const { members, memberDetails } = companyFromData(company.id, company.data()!);
  return financialRecipients({ members, memberDetails, billingEmail: storedText(company.get('billingEmail')) });
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

/** Credit an unpaid invoice order holds on its company's open balance; 0 for bank transfer, paid, cancelled, rejected or old orders. */
export function creditHeldBy(order: DocumentSnapshot): number {
  const total = order.get('total');
  if (order.get('paymentStatus') !== 'unpaid' || ['cancelled', 'rejected'].includes(order.get('status')) || typeof total !== 'number' || !order.get('companyId')) return 0;
  return usesCredit(order.get('paymentMethod') as PaymentMethodId) ? total : 0;
}

/**
 * Gives back the credit an order holds (cancelled, rejected or paid), in `transaction`: the company is read
 * without a lock and written only if unchanged, like placeOrder's. Call before any write.
 */
export async function releaseCredit(transaction: Transaction, order: DocumentSnapshot): Promise<() => void> {
  const amount = creditHeldBy(order);
  if (!amount) return () => undefined;
  const [company] = await readWithoutLock([companyRef(order.get('companyId') as string)]);
  if (!company!.exists) return () => undefined;
  return () => updateIfUnchanged(transaction, company!, { openBalance: FieldValue.increment(-amount) });
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
      ownerEmail: request.auth?.token.email ?? '',
      note: '',
      nameLower: input.name.toLowerCase(),
      createdAt: now,
      updatedAt: now,
    });
    transaction.create(ref.collection('history').doc(), { at: now, by: uid, change: 'Applied for an account', field: 'status', to: 'pending' });
    transaction.set(userRef, { companyId: ref.id, company: input.name, phone: input.phone, shippingAddress: input.shippingAddress, updatedAt: now }, { merge: true });
    return { companyId: ref.id };
  });
});

const AUDITED: ReadonlyArray<keyof Company> = ['status', 'paymentTerms', 'creditLimit', 'taxExempt', 'taxCertificateId', 'timeZone'];

/**
 * Staff change a company's status, terms, credit limit, tax exemption, contract prices, note or
 * sales rep, each field as its role may (COMPANY_FIELD_PERMISSIONS); a role that reads only its
 * assigned companies changes only those. Every change is recorded in `companies/{id}/history` and
 * in the audit log.
 */
export const updateCompany = onCall(callableOptions(CONTENDED_CALL_OPTIONS), async (request) => {
  const input = parseInput(updateCompanyInputSchema, request.data);
  const given = (Object.keys(COMPANY_FIELD_PERMISSIONS) as (keyof typeof COMPANY_FIELD_PERMISSIONS)[]).filter((field) => input[field] !== undefined);
  const staff = await requireStaff(request, given.length ? given.map((field) => COMPANY_FIELD_PERMISSIONS[field]) : ['companies.note']);
  const uid = staff.uid;
  const { companyId, discountBasisPoints, fixedPrices, ...fields } = input;
  // A company is assigned only to a user with the sales role (checked when the rep changes).
  const salesRep = fields.salesRepUid ? await db.doc(`users/${fields.salesRepUid}`).get() : null;
  await runContendedTransaction(async (transaction) => {
    const snapshot = await transaction.get(companyRef(companyId));
    // A sales rep is told the same of a company it is not assigned as of one that does not exist.
    const assigned = staffMay(staff.role, 'companies.read') || snapshot.get('salesRepUid') === uid;
    if (!snapshot.exists || !assigned) throw new HttpsError('not-found', `There is no company ${companyId}.`);
    const company = companyFromData(companyId, snapshot.data()!);
    const pricing = discountBasisPoints !== undefined || fixedPrices !== undefined ? await transaction.get(pricingRef(companyId)) : null;
    if (fields.salesRepUid && fields.salesRepUid !== company.salesRepUid && salesRep?.get('role') !== 'sales') {
      throw new HttpsError('invalid-argument', 'A company can be assigned only to a member of staff with the sales role.');
    }
    const now = Timestamp.now();
    // Compared with the company and prices as the shop reads them, so a save that changes nothing writes nothing.
    const changes = changedFields(company, fields, Object.keys(fields));
    for (const { field, from, to } of changes) {
      if (AUDITED.includes(field as keyof Company)) transaction.create(snapshot.ref.collection('history').doc(), { at: now, by: uid, field, from, to });
    }
    if (changes.length) transaction.update(snapshot.ref, { ...Object.fromEntries(changes.map(({ field, to }) => [field, to])), updatedAt: now });
    const prices = { ...(discountBasisPoints !== undefined ? { discountBasisPoints } : {}), ...(fixedPrices !== undefined ? { fixedPrices } : {}) };
    const priceChanges = pricing ? changedFields(contractFromData(pricing.data()), prices, Object.keys(prices)) : [];
    const audited = [...changes, ...priceChanges];
    if (audited.length) {
      appendAudit(transaction, staff, {
        action: 'company.update',
        target: `companies/${companyId}`,
        summary: `${company.name}: changed ${audited.map((change) => change.field).join(', ')}`,
        changes: audited,
      });
    }
    // The owner hears of an approval or a rejection, in the same transaction as the change.
    const decision = fields.status === 'approved' || fields.status === 'rejected' ? fields.status : null;
    const owner = Object.entries(company.members).find(([, role]) => role === 'owner')?.[0];
    const ownerEmail = owner ? company.memberDetails[owner]?.email : '';
    if (decision && company.status !== decision && ownerEmail) {
      const template = decision === 'approved' ? 'companyApproved' : 'companyRejected';
      queueMail(transaction, { id: `${companyId}-${decision}-${now.toMillis()}`, to: [ownerEmail], template, data: { companyId } });
    }
    if (priceChanges.length) {
      transaction.set(pricingRef(companyId), { ...prices, updatedAt: now }, { merge: true });
      transaction.create(snapshot.ref.collection('history').doc(), { at: now, by: uid, field: 'contractPrices', to: prices });
    }
  }, 'This company is being changed right now. Please try again in a moment.');
  return { companyId };
});
