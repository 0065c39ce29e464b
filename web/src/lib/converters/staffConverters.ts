import { collection, type Firestore } from 'firebase/firestore/lite';
import { auditEntryFromData, profileFromData, type AuditEntry, type Profile } from '@harbor/domain';
import { readerConverter } from './readerConverter';

/** A user's profile with its uid, as the staff page lists users. */
export type UserRecord = Profile & { uid: string };

/** The `users` collection as the staff page reads it (admins only, by the rules). */
export function userCollection(db: Firestore) {
  return collection(db, 'users').withConverter(readerConverter<UserRecord>((uid, data) => ({ uid, ...profileFromData(data) })));
}

/** The audit log (`auditLog/{id}`, admins only). */
export function auditCollection(db: Firestore) {
  return collection(db, 'auditLog').withConverter(readerConverter<AuditEntry>(auditEntryFromData));
}
