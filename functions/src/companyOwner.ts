/** What a company's owner manages through callables: invitations, buyers and shipping addresses. */
import { randomBytes } from 'node:crypto';
import { FieldPath, FieldValue, Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { HttpsError, onCall, type CallableRequest } from 'firebase-functions/v2/https';
import {
  acceptInvitationInputSchema,
  companyFromData,
  createInvitationInputSchema,
  limitsOf,
  memberTermsText,
  NO_LIMITS,
  removeBuyerInputSchema,
  saveCompanyAddressesInputSchema,
  updateBillingEmailInputSchema,
  updateMemberInputSchema,
  type Company,
  type SpendingLimits,
} from '@harbor/domain';
import { db } from './admin';
import { callableOptions, parseInput, requireUser } from './callable';
import { companyRef } from './companies';
import { queueMail } from './mail/outbox';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 24 random characters (about 140 bits): the code an owner shares with the colleague it invites. */
function invitationCode(): string {
  return [...randomBytes(24)].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

/** The caller's company when the caller owns it; anyone else is refused. */
async function ownedCompany(uid: string): Promise<Company> {
  const companyId = (await db.doc(`users/${uid}`).get()).get('companyId');
  const snapshot = typeof companyId === 'string' && companyId ? await companyRef(companyId).get() : null;
  const company = snapshot?.exists ? companyFromData(snapshot.id, snapshot.data()!) : null;
  if (!company || company.members[uid] !== 'owner') throw new HttpsError('permission-denied', "Only your company account's owner may manage its buyers.");
  return company;
}

const emailOf = (request: CallableRequest) => (typeof request.auth?.token.email === 'string' ? request.auth.token.email.toLowerCase() : '');

/** The owner invites a colleague by e-mail: an invitation code only that address can accept. */
export const createInvitation = onCall(callableOptions(), async (request) => {
  const uid = requireUser(request);
  const { email } = parseInput(createInvitationInputSchema, request.data);
  const company = await ownedCompany(uid);
  if (email === emailOf(request)) throw new HttpsError('invalid-argument', 'You are already a member of your company.');
  const code = invitationCode();
  // The invitation and its e-mail exist together or not at all.
  await db.runTransaction(async (transaction) => {
    transaction.create(db.doc(`invitations/${code}`), {
      companyId: company.id,
      companyName: company.name,
      email,
      invitedBy: uid,
      status: 'open',
      createdAt: Timestamp.now(),
    });
    queueMail(transaction, { id: `invitation-${code}`, to: [email], template: 'invitation', data: { code } });
  });
  return { code };
});

/**
 * The invited colleague joins the company as a buyer. Only a user signed in with the invited
 * address may accept, once. A user with no company, or whose own application is still pending with
 * no one else in it, may join (that application is withdrawn); members of another company may not.
 */
export const acceptInvitation = onCall(callableOptions(), async (request) => {
  const uid = requireUser(request);
  const { code } = parseInput(acceptInvitationInputSchema, request.data);
  const email = emailOf(request);
  return db.runTransaction(async (transaction) => {
    const invitationRef = db.doc(`invitations/${code}`);
    const userRef = db.doc(`users/${uid}`);
    const [invitation, user] = await transaction.getAll(invitationRef, userRef);
    // The same answer for a code that does not exist and one for another address: nothing is revealed.
    if (!invitation!.exists || invitation!.get('email') !== email) throw new HttpsError('not-found', 'There is no invitation with this code for your e-mail address.');
    const companyId = invitation!.get('companyId') as string;
    if (invitation!.get('status') === 'accepted' && invitation!.get('acceptedBy') === uid) return { companyId };
    if (invitation!.get('status') !== 'open') throw new HttpsError('failed-precondition', 'This invitation has already been used.');
    const currentId = user!.get('companyId');
    const current = typeof currentId === 'string' && currentId && currentId !== companyId ? await transaction.get(companyRef(currentId)) : null;
    if (current?.exists) {
      const own = companyFromData(current.id, current.data()!);
      const withdrawable = own.status === 'pending' && Object.keys(own.members).length === 1 && own.members[uid] === 'owner';
      if (!withdrawable) throw new HttpsError('failed-precondition', 'You already belong to another company. Please ask us to move your account.');
    }
    const company = await transaction.get(companyRef(companyId));
    if (!company.exists) throw new HttpsError('not-found', 'There is no invitation with this code for your e-mail address.');
    if (current?.exists) transaction.delete(current.ref);
    const who = { name: typeof user!.get('name') === 'string' ? user!.get('name') : '', email };
    transaction.update(company.ref, { [`members.${uid}`]: 'buyer', [`memberDetails.${uid}`]: who, updatedAt: FieldValue.serverTimestamp() });
    transaction.set(userRef, { companyId, company: company.get('name') ?? '', updatedAt: FieldValue.serverTimestamp() }, { merge: true });
    transaction.update(invitationRef, { status: 'accepted', acceptedBy: uid, acceptedAt: FieldValue.serverTimestamp() });
    return { companyId };
  });
});

/** The owner removes a buyer or approver: it leaves the company and can no longer order for it. */
export const removeBuyer = onCall(callableOptions(), async (request) => {
  const uid = requireUser(request);
  const { uid: buyerUid } = parseInput(removeBuyerInputSchema, request.data);
  const company = await ownedCompany(uid);
  const role = company.members[buyerUid];
  if (role !== 'buyer' && role !== 'approver') throw new HttpsError('not-found', 'That person is not a buyer or approver of your company.');
  const batch = db.batch();
  batch.update(
    companyRef(company.id),
    new FieldPath('members', buyerUid),
    FieldValue.delete(),
    new FieldPath('memberDetails', buyerUid),
    FieldValue.delete(),
    new FieldPath('memberLimits', buyerUid),
    FieldValue.delete(),
    'updatedAt',
    FieldValue.serverTimestamp(),
  );
  batch.set(db.doc(`users/${buyerUid}`), { companyId: '' }, { merge: true });
  await batch.commit();
  return { uid: buyerUid };
});

/** The owner keeps its company's shipping addresses; the first is the default at checkout. */
export const saveCompanyAddresses = onCall(callableOptions(), async (request) => {
  const uid = requireUser(request);
  const { addresses } = parseInput(saveCompanyAddressesInputSchema, request.data);
  const company = await ownedCompany(uid);
  await companyRef(company.id).update({ shippingAddresses: addresses, updatedAt: FieldValue.serverTimestamp() });
  return { companyId: company.id };
});

/**
 * The company `companyId`, read in `transaction`, when `uid` owns it. Someone outside the company
 * learns nothing of it (not found); a member who does not own it is told only the owner may `what`.
 */
async function companyOwnedBy(transaction: Transaction, companyId: string, uid: string, what: string): Promise<{ snapshot: DocumentSnapshot; company: Company }> {
  const snapshot = await transaction.get(companyRef(companyId));
  const company = snapshot.exists ? companyFromData(snapshot.id, snapshot.data()!) : null;
  if (!company?.members[uid]) throw new HttpsError('not-found', `There is no company ${companyId}.`);
  if (company.members[uid] !== 'owner') throw new HttpsError('permission-denied', `Only your company account's owner may ${what}.`);
  return { snapshot, company };
}

/**
 * The owner sets the company's accounts-payable address (`billingEmail`, '' for none), where the
 * shop's financial e-mail goes beside its owners. A change is recorded in the company's history; the
 * same address again writes nothing.
 */
export const updateBillingEmail = onCall(callableOptions(), async (request) => {
  const uid = requireUser(request);
  const { companyId, billingEmail } = parseInput(updateBillingEmailInputSchema, request.data);
  return db.runTransaction(async (transaction) => {
    const { snapshot, company } = await companyOwnedBy(transaction, companyId, uid, 'change its billing e-mail address');
    if (company.billingEmail === billingEmail) return { companyId, billingEmail };
    const now = Timestamp.now();
    transaction.update(snapshot.ref, { billingEmail, updatedAt: now });
    transaction.create(snapshot.ref.collection('history').doc(), { at: now, by: uid, field: 'billingEmail', from: company.billingEmail, to: billingEmail });
    return { companyId, billingEmail };
  });
});

/**
 * The owner changes a member's role (owner, approver or buyer) and a buyer's spending limits, in
 * cents or null for none; a role or limit left out stays. Owners and approvers have no limits, and
 * the company always keeps an owner. Each change is recorded in the company's history.
 */
export const updateMember = onCall(callableOptions(), async (request) => {
  const uid = requireUser(request);
  const input = parseInput(updateMemberInputSchema, request.data);
  return db.runTransaction(async (transaction) => {
    const { snapshot, company } = await companyOwnedBy(transaction, input.companyId, uid, "change its members' roles and limits");
    const current = company.members[input.uid];
    if (!current) throw new HttpsError('not-found', 'That person is not a member of your company.');
    const role = input.role ?? current;
    const owners = Object.values(company.members).filter((each) => each === 'owner').length;
    if (current === 'owner' && role !== 'owner' && owners === 1) {
      throw new HttpsError('failed-precondition', 'Your company must keep an owner: make another member an owner first.');
    }
    const before = limitsOf(company, input.uid);
    const limits: SpendingLimits =
      role === 'buyer' ? { orderLimit: input.orderLimit === undefined ? before.orderLimit : input.orderLimit, monthlyLimit: input.monthlyLimit === undefined ? before.monthlyLimit : input.monthlyLimit } : NO_LIMITS;
    const answer = { companyId: company.id, uid: input.uid, role, ...limits };
    const from = memberTermsText(current, before);
    const to = memberTermsText(role, limits);
    if (from === to) return answer;
    const now = Timestamp.now();
    // Field paths by segment: a uid is a key of members, whatever characters it holds.
    transaction.update(snapshot.ref, new FieldPath('members', input.uid), role, new FieldPath('memberLimits', input.uid), limits, 'updatedAt', now);
    transaction.create(snapshot.ref.collection('history').doc(), {
      at: now,
      by: uid,
      field: `member ${company.memberDetails[input.uid]?.name || company.memberDetails[input.uid]?.email || input.uid}`,
      member: input.uid,
      from,
      to,
    });
    return answer;
  });
});
