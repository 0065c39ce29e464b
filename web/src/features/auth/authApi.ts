import { doc, getDoc, serverTimestamp, setDoc, updateDoc } from 'firebase/firestore/lite';
import { emptyAddress, storedText, type ProfileInput } from '@harbor/domain';
import { db, hasStoredSession, loadAuth, onAuthLoaded, STORED_SESSION_PREFIX } from '../../app/firebase';
import type { Profile, SessionUser } from './authSlice';

export const emptyProfile: Profile = { name: '', email: '', company: '', phone: '', shippingAddress: emptyAddress };

/** Reads `users/{uid}`; a missing document is logged and treated as an empty profile. */
export async function loadProfile(uid: string): Promise<Profile> {
  const [snapshot, { shippingAddressSchema }] = await Promise.all([getDoc(doc(db, 'users', uid)), import('../../app/validation')]);
  if (!snapshot.exists()) {
    console.warn(`Profile document users/${uid} is missing; treating the profile as empty.`);
    return emptyProfile;
  }
  const data = snapshot.data();
  const address = shippingAddressSchema.safeParse({ ...emptyAddress, ...(data.shippingAddress ?? {}) });
  return {
    name: storedText(data.name),
    email: storedText(data.email),
    company: storedText(data.company),
    phone: storedText(data.phone),
    shippingAddress: address.success ? address.data : emptyAddress,
    ...(data.role === 'admin' ? { role: 'admin' as const } : {}),
  };
}

export interface Registration {
  name: string;
  company: string;
  email: string;
  password: string;
}

/** Creates the account and its profile document (never with a role); returns the new uid. */
export async function register({ name, company, email, password }: Registration): Promise<string> {
  const { auth, createUserWithEmailAndPassword, updateProfile } = await loadAuth();
  const { user } = await createUserWithEmailAndPassword(auth, email, password);
  await updateProfile(user, { displayName: name });
  await setDoc(doc(db, 'users', user.uid), {
    name,
    email,
    company,
    phone: '',
    shippingAddress: emptyAddress,
    createdAt: serverTimestamp(),
  });
  return user.uid;
}

export async function login(email: string, password: string): Promise<void> {
  const { auth, signInWithEmailAndPassword } = await loadAuth();
  await signInWithEmailAndPassword(auth, email, password);
}

export async function logout(): Promise<void> {
  const { auth, signOut } = await loadAuth();
  await signOut(auth);
}

export async function saveProfile(uid: string, email: string, input: ProfileInput): Promise<void> {
  const ref = doc(db, 'users', uid);
  const exists = (await getDoc(ref)).exists();
  if (exists) await updateDoc(ref, { ...input, updatedAt: serverTimestamp() });
  else await setDoc(ref, { ...input, email, createdAt: serverTimestamp() });
}

/**
 * Mirrors the session into `onChange`; returns the function that stops watching. Without a stored
 * session the visitor is signed out at once and Auth is not downloaded until a sign-in needs it
 * (or another tab signs in); from then on Auth reports every change.
 */
export function watchSession(onChange: (user: SessionUser | null) => void): () => void {
  let unsubscribe = () => {};
  const stopWaiting = onAuthLoaded(({ auth, onAuthStateChanged }) => {
    unsubscribe = onAuthStateChanged(auth, (user) =>
      onChange(user ? { uid: user.uid, email: user.email, displayName: user.displayName } : null),
    );
  });
  const restore = () => loadAuth().catch((error: unknown) => console.error('The sign-in could not be restored.', error));
  const signedInElsewhere = (event: StorageEvent) => {
    if (event.key?.startsWith(STORED_SESSION_PREFIX)) void restore();
  };
  window.addEventListener('storage', signedInElsewhere);
  if (hasStoredSession()) void restore();
  else onChange(null);
  return () => {
    stopWaiting();
    unsubscribe();
    window.removeEventListener('storage', signedInElsewhere);
  };
}
