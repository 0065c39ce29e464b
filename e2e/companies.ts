import type { Firestore } from 'firebase-admin/firestore';

/**
 * Makes a test's new buyer the owner of an approved company on net 30 with ample credit, as an
 * administrator would leave it (accounts created through the Admin SDK have none).
 */
export async function giveApprovedCompany(db: Firestore, uid: string, name: string, fields: Record<string, unknown> = {}): Promise<string> {
  const companyId = `co-${uid}`;
  await db.doc(`companies/${companyId}`).set({
    name,
    nameLower: name.toLowerCase(),
    status: 'approved',
    paymentTerms: 'net30',
    creditLimit: 10_000_000,
    openBalance: 0,
    taxExempt: false,
    members: { [uid]: 'owner' },
    ...fields,
  });
  await db.doc(`users/${uid}`).set({ companyId }, { merge: true });
  return companyId;
}
