/** What a company's owner manages through callables: invitations, buyers and shipping addresses. */
import { randomBytes } from 'node:crypto';
import { FieldPath, FieldValue, Timestamp, type DocumentReference, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { HttpsError, onCall, type CallableRequest } from 'firebase-functions/v2/https';
import {
  acceptInvitationInputSchema,
  companyFromData,
  createInvitationInputSchema,
  invitationExpiresAt,
  invitationFromData,
  invitationLimitProblem,
  invitationNotWithdrawable,
  invitationRefusal,
  invitationsSentSince,
  limitsOf,
  memberTermsText,
  NO_LIMITS,
  removeBuyerInputSchema,
  saveCompanyAddressesInputSchema,
  storedText,
  updateBillingEmailInputSchema,
  updateMemberInputSchema,
  withdrawInvitationInputSchema,
  type Company,
  type InvitationStatus,
  type SpendingLimits,
} from '@harbor/domain';
import { db } from './admin';
import { callableOptions, parseInput, requireUser } from './callable';
import { shopNow } from './clock';
import { companyRef } from './companies';
import { queueMail } from './mail/outbox';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 24 random characters (about 140 bits): the code an owner shares with the colleague it invites. */
function invitationCode(): string {
  return [...randomBytes(24)].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

/** The caller's company when the caller owns it, read in `transaction` when given; anyone else is refused. */
async function ownedCompany(uid: string, transaction?: Transaction): Promise<Company> {
  const read = (ref: DocumentReference) => (transaction ? transaction.get(ref) : ref.get());
  const companyId = (await read(db.doc(`users/${uid}`))).get('companyId');
  const snapshot = typeof companyId === 'string' && companyId ? await read(companyRef(companyId)) : null;
  const company = snapshot?.exists ? companyFromData(snapshot.id, snapshot.data()!) : null;
  if (!company || company.members[uid] !== 'owner') throw new HttpsError('permission-denied', "Only your company account's owner may manage its buyers.");
  return company;
}

const emailOf = (request: CallableRequest) => (typeof request.auth?.token.email === 'string' ? request.auth.token.email.toLowerCase() : '');

const invitationRef = (code: string) => db.doc(`invitations/${code}`);
/** The company's invitations of the last 24 hours (`sentAt`, ms), which INVITATIONS_PER_DAY limits. */
const invitationCountRef = (companyId: string) => db.doc(`companies/${companyId}/counters/invitations`);

/** The company's open invitations to `email` (at most one, as a new one replaces the open one), read in `transaction`. */
async function openInvitationsTo(transaction: Transaction, companyId: string, email: string) {
  const open = db.collection('invitations').where('companyId', '==', companyId).where('email', '==', email).where('status', '==', 'open');
  return (await transaction.get(open)).docs;
}

/** Ends an open invitation: its code no longer works, and the reason is kept for whoever tries it. */
function endInvitation(transaction: Transaction, ref: DocumentReference, status: Exclude<InvitationStatus, 'open' | 'accepted'>, by: string, now: number): void {
  transaction.update(ref, { status, endedAt: Timestamp.fromMillis(now), endedBy: by });
}

/**
 * The owner invites a colleague by e-mail: an invitation code only that address can accept, for
 * INVITATION_DAYS. It replaces the company's open invitation to the same address; a company sends
 * at most INVITATIONS_PER_DAY in 24 hours.
 */
export const createInvitation = onCall(callableOptions(), async (request) => {
  const uid = requireUser(request);
  const { email } = parseInput(createInvitationInputSchema, request.data);
  if (email === emailOf(request)) throw new HttpsError('invalid-argument', 'You are already a member of your company.');
  const code = invitationCode();
  const now = await shopNow();
  // The invitation, the invitation it replaces, the company's count and the e-mail are written together or not at all.
  await db.runTransaction(async (transaction) => {
    const company = await ownedCompany(uid, transaction);
    const countRef = invitationCountRef(company.id);
    const sent = invitationsSentSince((await transaction.get(countRef)).get('sentAt'), now);
    const limitProblem = invitationLimitProblem(sent, now);
    if (limitProblem) throw new HttpsError('resource-exhausted', limitProblem);
    const replaced = await openInvitationsTo(transaction, company.id, email);
    for (const each of replaced) endInvitation(transaction, each.ref, 'replaced', uid, now);
    transaction.set(countRef, { sentAt: [...sent, now] });
    transaction.create(invitationRef(code), {
      companyId: company.id,
      companyName: company.name,
      email,
      invitedBy: uid,
      status: 'open',
      createdAt: Timestamp.fromMillis(now),
      expiresAt: Timestamp.fromMillis(invitationExpiresAt(now)),
    });
    queueMail(transaction, { id: `invitation-${code}`, to: [email], template: 'invitation', data: { code } });
  });
  return { code };
});

/** The same answer for a code that does not exist and one the caller may not use: nothing is revealed. */
const NO_SUCH_INVITATION = 'There is no invitation with this code for your e-mail address.';

/**
 * The invited colleague joins the company as a buyer. Only a user signed in with the invited
 * address may accept, once, while the invitation is open; an expired, withdrawn, replaced or
 * closed one is refused with what happened to it. A user with no company, or whose own application
 * is still pending with no one else in it, may join (that application is withdrawn); members of
 * another company may not.
 */
export const acceptInvitation = onCall(callableOptions(), async (request) => {
  const uid = requireUser(request);
  const { code } = parseInput(acceptInvitationInputSchema, request.data);
  const email = emailOf(request);
  const now = await shopNow();
  return db.runTransaction(async (transaction) => {
    const userRef = db.doc(`users/${uid}`);
    const [snapshot, user] = await transaction.getAll(invitationRef(code), userRef);
    const invitation = snapshot!.exists ? invitationFromData(code, snapshot!.data()!) : null;
    if (!invitation || invitation.email !== email) throw new HttpsError('not-found', NO_SUCH_INVITATION);
    const { companyId } = invitation;
    if (invitation.status === 'accepted' && snapshot!.get('acceptedBy') === uid) return { companyId };
    const refusal = invitationRefusal(invitation, now);
    if (refusal) throw new HttpsError('failed-precondition', refusal);
    const currentId = user!.get('companyId');
    const current = typeof currentId === 'string' && currentId && currentId !== companyId ? await transaction.get(companyRef(currentId)) : null;
    if (current?.exists) {
      const own = companyFromData(current.id, current.data()!);
      const withdrawable = own.status === 'pending' && Object.keys(own.members).length === 1 && own.members[uid] === 'owner';
      if (!withdrawable) throw new HttpsError('failed-precondition', 'You already belong to another company. Please ask us to move your account.');
    }
    const company = await transaction.get(companyRef(companyId));
    if (!company.exists) throw new HttpsError('not-found', NO_SUCH_INVITATION);
    if (current?.exists) transaction.delete(current.ref);
    const who = { name: typeof user!.get('name') === 'string' ? user!.get('name') : '', email };
    transaction.update(company.ref, { [`members.${uid}`]: 'buyer', [`memberDetails.${uid}`]: who, updatedAt: FieldValue.serverTimestamp() });
    transaction.set(userRef, { companyId, company: company.get('name') ?? '', updatedAt: FieldValue.serverTimestamp() }, { merge: true });
    transaction.update(snapshot!.ref, { status: 'accepted', acceptedBy: uid, acceptedAt: FieldValue.serverTimestamp() });
    return { companyId };
  });
});

/**
 * The owner withdraws an open invitation of its company: its code no longer works. Anyone else is
 * told, as for a code that does not exist, that there is no such invitation.
 */
export const withdrawInvitation = onCall(callableOptions(), async (request) => {
  const uid = requireUser(request);
  const { code } = parseInput(withdrawInvitationInputSchema, request.data);
  const now = await shopNow();
  return db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(invitationRef(code));
    const invitation = snapshot.exists ? invitationFromData(code, snapshot.data()!) : null;
    const company = invitation?.companyId ? await transaction.get(companyRef(invitation.companyId)) : null;
    const owns = company?.exists && companyFromData(company.id, company.data()!).members[uid] === 'owner';
    if (!invitation || !owns) throw new HttpsError('not-found', 'There is no invitation with this code in your company.');
    // Withdrawn already: a retry after a lost answer.
    if (invitation.status === 'withdrawn') return { code };
    if (invitation.status !== 'open') throw new HttpsError('failed-precondition', invitationNotWithdrawable(invitation.status));
    endInvitation(transaction, snapshot.ref, 'withdrawn', uid, now);
    return { code };
  });
});

/**
 * The owner removes a buyer or approver: it leaves the company and can no longer order for it, and
 * every open invitation of the company to its address is closed, so no older code lets it back in.
 * What is read, decided and written happens in one transaction.
 */
export const removeBuyer = onCall(callableOptions(), async (request) => {
  const uid = requireUser(request);
  const { uid: buyerUid } = parseInput(removeBuyerInputSchema, request.data);
  const now = await shopNow();
  return db.runTransaction(async (transaction) => {
    const company = await ownedCompany(uid, transaction);
    const role = company.members[buyerUid];
    if (role !== 'buyer' && role !== 'approver') throw new HttpsError('not-found', 'That person is not a buyer or approver of your company.');
    const memberRef = db.doc(`users/${buyerUid}`);
    const member = await transaction.get(memberRef);
    // The address it joined with, and its profile's if that differs.
    const addresses = new Set([company.memberDetails[buyerUid]?.email ?? '', storedText(member.get('email'))].map((each) => each.trim().toLowerCase()).filter(Boolean));
    const invitations = (await Promise.all([...addresses].map((address) => openInvitationsTo(transaction, company.id, address)))).flat();
    transaction.update(
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
    transaction.set(memberRef, { companyId: '' }, { merge: true });
    for (const each of invitations) endInvitation(transaction, each.ref, 'closed', uid, now);
    return { uid: buyerUid };
  });
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
