import { collection, type Firestore } from 'firebase/firestore/lite';
import { companyConverter } from './companyConverter';

/** The `companies` collection, read through companyConverter. */
export function companyCollection(db: Firestore) {
  return collection(db, 'companies').withConverter(companyConverter);
}
