/**
 * The Firestore SDK (lite) and the app's database, for what only a signed-in user reads or writes
 * (the profile, the company, saved lists). A visitor's first page does without it (public reads go over ./firestoreRest):
 * reach it through loadFirestore(), never by importing this module.
 */
export { db } from './firebase';
export { collection, deleteDoc, doc, getDoc, getDocs, query, serverTimestamp, setDoc, updateDoc, where } from 'firebase/firestore/lite';
