import { collection, type Firestore } from 'firebase/firestore/lite';
import { invitationFromData, type Invitation } from '@harbor/domain';
import { readerConverter } from './readerConverter';

const invitationConverter = readerConverter<Invitation>(invitationFromData);

/** `invitations/{code}`, read through invitationFromData (the rules let the company's owner list them). */
export function invitationCollection(db: Firestore) {
  return collection(db, 'invitations').withConverter(invitationConverter);
}
