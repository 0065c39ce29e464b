import { emptyAddress, type ProfileInput, type RegisterCompanyInput } from '@harbor/domain';
import { callFunction } from '../../lib/callable';
import { api, queryResult } from '../../lib/api';
import { loadAuth } from '../../lib/authLoader';
import { loadFirestore } from '../../lib/firestoreLoader';

export interface Registration {
  name: string;
  company: string;
  email: string;
  password: string;
  /** The company application sent with the account. */
  application: RegisterCompanyInput;
}

/**
 * Creates the account, its profile document (never with a role or a company) and its company
 * application (pending until an administrator approves it); returns the new uid.
 */
export async function register({ name, company, email, password, application }: Registration): Promise<string> {
  const { auth, createUserWithEmailAndPassword, updateProfile } = await loadAuth();
  const { user } = await createUserWithEmailAndPassword(auth, email, password);
  await updateProfile(user, { displayName: name });
  const { db, doc, serverTimestamp, setDoc } = await loadFirestore();
  await setDoc(doc(db, 'users', user.uid), {
    name,
    email,
    company,
    phone: '',
    shippingAddress: emptyAddress,
    createdAt: serverTimestamp(),
  });
  await callFunction('registerCompany', application);
  return user.uid;
}

export async function login(email: string, password: string): Promise<void> {
  const { auth, signInWithEmailAndPassword } = await loadAuth();
  await signInWithEmailAndPassword(auth, email, password);
}

/**
 * Sends Firebase Auth's password-reset e-mail. An address without an account is answered the same
 * way as one with, so the form never tells who has an account.
 */
export async function sendPasswordReset(email: string): Promise<void> {
  const { auth, sendPasswordResetEmail } = await loadAuth();
  try {
    await sendPasswordResetEmail(auth, email);
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  }
}

/** Changes the signed-in user's password after checking the current one (Firebase asks for a recent sign-in). */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const { auth, EmailAuthProvider, reauthenticateWithCredential, updatePassword } = await loadAuth();
  const user = auth.currentUser;
  if (!user?.email) throw Object.assign(new Error('Not signed in.'), { code: 'auth/requires-recent-login' });
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword));
  await updatePassword(user, newPassword);
}

export async function logout(): Promise<void> {
  const { auth, signOut } = await loadAuth();
  await signOut(auth);
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Saves the fields a user may edit on its own profile (never `role`). */
    saveProfile: build.mutation<null, { uid: string; email: string; input: ProfileInput }>({
      queryFn: ({ uid, email, input }) =>
        queryResult(async () => {
          const { db, doc, getDoc, serverTimestamp, setDoc, updateDoc } = await loadFirestore();
          const ref = doc(db, 'users', uid);
          if ((await getDoc(ref)).exists()) await updateDoc(ref, { ...input, updatedAt: serverTimestamp() });
          else await setDoc(ref, { ...input, email, createdAt: serverTimestamp() });
          return null;
        }, 'Your profile could not be saved. Please try again.'),
      invalidatesTags: (_result, _error, { uid }) => [{ type: 'Profile', id: uid }],
    }),
  }),
});

export const { useSaveProfileMutation } = authApi;
