/**
 * The Firestore SDK (lite) and the app's database, for what only a signed-in user reads or writes
 * (the profile). A visitor's first page does without it (public reads go over ./firestoreRest):
 * reach it through loadFirestore(), never by importing this module.
 */
export { db } from './firebase';
export { doc, getDoc, serverTimestamp, setDoc, updateDoc } from 'firebase/firestore/lite';
